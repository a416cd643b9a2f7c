"""Does the database answer what a click needs? (The bot's readiness probe.)

A statement that changes nothing but needs what a move needs: on SQLite the write lock
(another program holding it past the busy timeout is what "busy" means there; reads go on
regardless, in WAL mode), on PostgreSQL a server that answers and takes writes (not a
standby left read-only after a fail-over).
"""

from __future__ import annotations

import asyncio

from .queries import Queries, Statements

# bot_secrets' name is its primary key, never NULL: the update matches no row.
_NOTHING = "UPDATE bot_secrets SET value = value WHERE name IS NULL"


async def answers(storage: Queries, budget: float) -> None:
    """Returns once the database took the statement; DatabaseBusy, DatabaseUnavailable,
    or TimeoutError past `budget` seconds."""
    if storage.backend == "postgresql":
        async def nothing(statements: Statements) -> None:
            await statements.write(_NOTHING)

        # The storage's own budget: a frozen server ends the call without leaving it behind.
        await storage.transaction(nothing, write=True, budget=budget)
        return
    # SQLite: on the connection every click writes through (one statement, autocommit).
    await asyncio.wait_for(storage.write(_NOTHING), budget)


async def active_games(storage: Queries) -> int:
    """Games in play in the whole database (every process's): the partial index of active
    games (H1's) answers it without reading the finished ones."""
    row = await storage.read_one("SELECT COUNT(*) AS active FROM games WHERE status = 'active'")
    return int(row["active"]) if row is not None else 0
