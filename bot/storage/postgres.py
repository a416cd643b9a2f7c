"""The PostgreSQL backend (asyncpg): a pool of connections to one database that several bot
processes may share.

One writer per game holds across processes because the database gives it: a move is ONE
statement, an UPDATE of the game's row guarded by `version = $from AND status = 'active'`
whose RETURNING feeds the INSERT of the log row (a data-modifying CTE). PostgreSQL runs it as
one transaction; two processes moving the same game at once queue on the row's lock, and the
second one's guard, checked again on the row as the first left it, matches nothing: its move
stores nothing at all (no state, no log row) and the service answers it as a duplicate or a
stale click. Reads see committed data only; the verify/replay read takes one snapshot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

import asyncpg

from bot.errors import DamagedGame, DatabaseUnavailable

from . import (
    COPY_ACTION_COLUMNS, COPY_GAME_COLUMNS, COPY_MARKER, Move, NewGame, leaderboard, pg_schema,
)
from .columns import GAME_COLUMNS
from .leaderboard import RankedWin
from .pg_calls import (
    CALL_BUDGET, CONNECT_TIMEOUT, SERVICE_MARGIN, STATEMENT_TIMEOUT_MS, Calls, changed,
    describe,
)
from .pg_calls import Statements as ConnStatements
from .queries import Row, Statements, Values, marks, numbered

T = TypeVar("T")

POOL_SIZE = 10  # connections per process; PostgreSQL's default limit is 100 in all
# Opening: connecting, then the migrations (which may wait for another process's).
OPEN_BUDGET = 15.0
# migrate-db's batches of 500 games and their logs are no click: they may take longer.
COPY_BUDGET = 300.0

_SELECT_GAME = f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1"
_SELECT_ACTIVE = (f"SELECT {GAME_COLUMNS} FROM games WHERE owner_id = $1 AND status = 'active'"
                  " AND daily_day IS NULL")
_SELECT_LATEST = (f"SELECT {GAME_COLUMNS} FROM games WHERE id = COALESCE("
                  "(SELECT id FROM games WHERE owner_id = $1 AND status = 'active'"
                  " AND daily_day IS NULL),"
                  " (SELECT MAX(id) FROM games WHERE owner_id = $1 AND daily_day IS NULL))")
_INSERT_GAME = (
    "INSERT INTO games (owner_id, guild_id, channel_id, seed, options, edition, status, state,"
    " version, created_at, updated_at, turns, rule_set, daily_day)"
    " VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, 0, $8, $9, $10, $11, $12) RETURNING id")
_SELECT_ACTIVE_DAILY = (f"SELECT {GAME_COLUMNS} FROM games WHERE owner_id = $1"
                        " AND status = 'active' AND daily_day IS NOT NULL")
_SELECT_DAILY = f"SELECT {GAME_COLUMNS} FROM games WHERE owner_id = $1 AND daily_day = $2"
_DAILY_BOARD = """
SELECT owner_id, status = 'won' AS won, score, turns, id FROM games
WHERE daily_day = $1 AND status != 'active' {guild_filter}
ORDER BY (status = 'won') DESC, score DESC,
         (CASE WHEN status = 'won' THEN turns ELSE -turns END), finished_at, id
LIMIT $2 OFFSET $3
"""
_DAILY_DAYS = ("SELECT daily_day, status FROM games WHERE owner_id = $1"
               " AND daily_day IS NOT NULL AND status != 'active'")
_STORE_MOVE = """
WITH moved AS (
    UPDATE games
    SET state = $3, version = $2 + 1, status = $4, updated_at = $5, finished_at = $6,
        outcome = $7, score = $8, turns = $9
    WHERE id = $1 AND version = $2 AND status = 'active'
    RETURNING id
)
INSERT INTO actions (game_id, seq, action, events, at)
SELECT id, $2 + 1, $10, $11, $5 FROM moved"""
# H1 per slot, and one daily per player per day: the unique indexes an insert may meet.
_ONE_ACTIVE = ("games_one_active_per_owner_slot", "games_one_daily_per_owner_day")

# Standard wins best first, for the leaderboard's walk (bot.storage.leaderboard).
_WINS_IN_ORDER = """
SELECT owner_id, score, turns, id, finished_at FROM games
WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL {guild_filter}
ORDER BY score DESC, turns, finished_at, owner_id, id
LIMIT $1 OFFSET $2
"""
_STATS = """
SELECT COUNT(*) AS played, COUNT(*) FILTER (WHERE status = 'won') AS won,
       COUNT(*) FILTER (WHERE status = 'lost') AS lost,
       MAX(score) FILTER (WHERE status = 'won' AND rule_set = 'standard') AS best_score,
       MIN(turns) FILTER (WHERE status = 'won' AND rule_set = 'standard') AS fastest_win,
       COUNT(*) FILTER (WHERE rule_set = 'house') AS house_played,
       COUNT(*) FILTER (WHERE status = 'won' AND rule_set = 'house') AS house_won
FROM games WHERE owner_id = $1 AND status != 'active' {guild_filter}
"""
_FINISHED = ("SELECT id, status, score, turns, rule_set FROM games"
             " WHERE owner_id = $1 AND status != 'active' ORDER BY finished_at DESC, id DESC"
             " LIMIT $2")
_GAME_FOR_LOG = ("SELECT 0 AS seq, seed, options, edition, version, state, status, outcome, score,"
                 " turns, rule_set FROM games WHERE id = $1")
_LOG = ("SELECT seq, action, events, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL"
        " FROM actions WHERE game_id = $1 ORDER BY seq")


async def _keep_session(conn: asyncpg.Connection) -> None:
    """What a connection needs before going back to the pool: nothing. asyncpg's default
    sends a reset query (RESET ALL, UNLISTEN *...) on every release, a second round trip for
    every move; this code never changes a session (no SET, LISTEN or session lock, and its
    transactions always end in their `async with`)."""


class PostgresStorage:
    backend = "postgresql"

    def __init__(self, pool: asyncpg.Pool, budget: float = CALL_BUDGET) -> None:
        self._pool = pool
        self._calls = Calls(pool, budget)
        # A service call may wait for its game's turn too (one writer per game): a little
        # more than one storage call, and never much more however many clicks queue up.
        self.call_budget: float | None = budget + SERVICE_MARGIN

    @property
    def unavailable(self) -> bool:
        return self._calls.in_outage

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE, budget: float = CALL_BUDGET,
                   read_only: bool = False) -> PostgresStorage:
        """Connect to `url` and migrate its schema. DatabaseTooNew if a newer bot upgraded
        it; DatabaseUnavailable (what went wrong, never the password) if it can't be reached
        or doesn't answer within OPEN_BUDGET seconds. `read_only`: sessions that can't
        write, and no migration (DatabaseTooOld if one is needed): verify-db's."""
        try:
            pool = await asyncio.wait_for(_open_pool(url, pool_size, budget, read_only),
                                          OPEN_BUDGET)
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise DatabaseUnavailable(describe(exc)) from exc
        return cls(pool, budget)

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._pool.close(), CALL_BUDGET)
        except (TimeoutError, OSError, asyncpg.InterfaceError):  # a server gone: let go
            self._pool.terminate()

    async def _fetch(self, sql: str, *args: object) -> list[Row]:
        return list(await self._calls.run(lambda conn: conn.fetch(sql, *args)))

    async def _one(self, sql: str, *args: object) -> Row | None:
        rows = await self._fetch(sql, *args)
        return rows[0] if rows else None

    async def _execute(self, sql: str, *args: object) -> int:
        """The number of rows the statement changed."""
        status: str = await self._calls.run(lambda conn: conn.execute(sql, *args))
        return changed(status)

    # ---- the SQL of the modules beside this one (bot.storage.queries.Queries) ----------
    async def read(self, sql: str, *args: object) -> list[Row]:
        return await self._fetch(numbered(sql), *args)

    async def read_one(self, sql: str, *args: object) -> Row | None:
        return await self._one(numbered(sql), *args)

    async def write(self, sql: str, *args: object) -> int:
        return await self._execute(numbered(sql), *args)

    async def transaction(self, work: Callable[[Statements], Awaitable[T]], *, write: bool,
                          budget: float | None = None) -> T:
        async def on(conn: asyncpg.Connection) -> T:
            # A write's statements each lock the rows they change (read committed is
            # enough: a click waiting on a deleted game then finds none); a read is one
            # snapshot.
            isolation = "read_committed" if write else "repeatable_read"
            async with conn.transaction(isolation=isolation, readonly=not write):
                return await work(ConnStatements(conn))
        return await self._calls.run(on, budget)

    # ---- games ------------------------------------------------------------------------
    async def insert_game(self, game: NewGame) -> int | None:
        try:
            row = await self._one(_INSERT_GAME, *game.values())
        except asyncpg.exceptions.UniqueViolationError as exc:
            if exc.constraint_name in _ONE_ACTIVE:
                return None
            raise
        assert row is not None
        return int(row["id"])

    async def game_row(self, game_id: int) -> Row | None:
        return await self._one(_SELECT_GAME, game_id)

    async def active_game_row(self, owner_id: int) -> Row | None:
        return await self._one(_SELECT_ACTIVE, owner_id)

    async def latest_game_row(self, owner_id: int) -> Row | None:
        return await self._one(_SELECT_LATEST, owner_id)

    async def active_game_id(self, owner_id: int, daily: bool = False) -> int | None:
        row = await self._one("SELECT id FROM games WHERE owner_id = $1 AND status = 'active'"
                              " AND (daily_day IS NULL) = $2", owner_id, not daily)
        return None if row is None else int(row["id"])

    async def daily_secret(self, candidate: bytes | None) -> bytes:
        row = await self._one("SELECT value FROM bot_secrets WHERE name = 'daily'")
        if row is None and candidate is not None:
            # ON CONFLICT DO NOTHING: processes starting at once keep one secret.
            await self._execute("INSERT INTO bot_secrets (name, value) VALUES ('daily', $1)"
                                " ON CONFLICT (name) DO NOTHING", candidate)
            row = await self._one("SELECT value FROM bot_secrets WHERE name = 'daily'")
        return b"" if row is None else bytes(row["value"])

    async def active_daily_row(self, owner_id: int) -> Row | None:
        return await self._one(_SELECT_ACTIVE_DAILY, owner_id)

    async def daily_row(self, owner_id: int, day: int) -> Row | None:
        return await self._one(_SELECT_DAILY, owner_id, day)

    async def daily_board(self, day: int, guild_id: int | None, limit: int,
                          offset: int) -> list[Row]:
        if guild_id is None:
            return await self._fetch(_DAILY_BOARD.format(guild_filter=""), day, limit, offset)
        return await self._fetch(_DAILY_BOARD.format(guild_filter="AND guild_id = $4"),
                                 day, limit, offset, guild_id)

    async def daily_days(self, owner_id: int) -> list[Row]:
        return await self._fetch(_DAILY_DAYS, owner_id)

    async def owner_and_status(self, game_id: int) -> tuple[int, str] | None:
        row = await self._one("SELECT owner_id, status FROM games WHERE id = $1", game_id)
        return None if row is None else (row["owner_id"], row["status"])

    async def exists(self, game_id: int) -> bool:
        return await self._one("SELECT 1 FROM games WHERE id = $1", game_id) is not None

    async def game_ids(self, after: int, limit: int) -> list[int]:
        rows = await self._fetch("SELECT id FROM games WHERE id > $1 ORDER BY id LIMIT $2",
                                 after, limit)
        return [int(row["id"]) for row in rows]

    # ---- writes -----------------------------------------------------------------------
    async def store_move(self, move: Move) -> bool:
        try:
            return await self._execute(_STORE_MOVE, *move.values()) == 1
        except asyncpg.exceptions.UniqueViolationError as exc:  # the log's key
            raise DamagedGame(move.game_id, f"its action log disagrees with its version "
                              f"({exc})") from exc

    async def abandon(self, game_id: int, now: float) -> bool:
        return await self._execute(
            "UPDATE games SET status = 'lost', outcome = 'lost:damaged', score = 0,"
            " finished_at = $1, updated_at = $1 WHERE id = $2 AND status = 'active'",
            now, game_id) == 1

    async def set_message(self, game_id: int, channel_id: int | None, message_id: int) -> bool:
        return await self._execute(
            "UPDATE games SET channel_id = COALESCE($1, channel_id), message_id = $2"
            " WHERE id = $3", channel_id, message_id, game_id) == 1

    # ---- reads ------------------------------------------------------------------------
    async def logged(self, game_id: int, seq: int) -> tuple[Any, Any] | None:
        row = await self._one("SELECT action, events FROM actions WHERE game_id = $1"
                              " AND seq = $2", game_id, seq)
        return None if row is None else (row["action"], row["events"])

    async def history(self, game_id: int, before: int, limit: int) -> list[Row]:
        return await self._fetch(
            "SELECT seq, action, events, at FROM actions WHERE game_id = $1 AND seq < $2"
            " ORDER BY seq DESC LIMIT $3", game_id, min(before, 2**31 - 1), limit)

    async def game_and_log(self, game_id: int) -> list[Row]:
        async def snapshot(conn: asyncpg.Connection) -> list[Row]:
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                game = await conn.fetch(_GAME_FOR_LOG, game_id)
                if not game:
                    return []
                return [game[0], *await conn.fetch(_LOG, game_id)]
        return await self._calls.run(snapshot)

    async def leaderboard(self, guild_id: int | None, limit: int,
                          offset: int) -> list[RankedWin]:
        extra: tuple[int, ...] = () if guild_id is None else (guild_id,)
        sql = _WINS_IN_ORDER.format(guild_filter="" if guild_id is None else "AND guild_id = $3")

        async def read(count: int, skip: int) -> list[Row]:
            return await self._fetch(sql, count, skip, *extra)
        return await leaderboard.walk(read, limit, offset)

    async def stats(self, owner_id: int, guild_id: int | None) -> Row:
        if guild_id is None:
            row = await self._one(_STATS.format(guild_filter=""), owner_id)
        else:
            row = await self._one(_STATS.format(guild_filter="AND guild_id = $2"),
                                  owner_id, guild_id)
        assert row is not None  # an aggregate always has its one row
        return row

    async def finished(self, owner_id: int, limit: int) -> list[Row]:
        return await self._fetch(_FINISHED, owner_id, limit)

    # ---- copying a whole database (migrate-db) ----------------------------------------
    async def count_games(self) -> int:
        return int((await self._fetch("SELECT COUNT(*) AS games FROM games"))[0]["games"])

    async def export_games(self, after: int, limit: int) -> list[Row]:
        return await self._fetch(f"SELECT {COPY_GAME_COLUMNS} FROM games WHERE id > $1"
                                 " ORDER BY id LIMIT $2", after, limit)

    async def export_actions(self, first_id: int, last_id: int) -> list[Row]:
        return await self._fetch(f"SELECT {COPY_ACTION_COLUMNS} FROM actions"
                                 " WHERE game_id BETWEEN $1 AND $2 ORDER BY game_id, seq",
                                 first_id, last_id)

    async def import_rows(self, games: Sequence[Values], actions: Sequence[Values]) -> None:
        """Ids included; then the id sequence moves past them, so new games don't collide."""
        async def insert(tx: Statements) -> None:
            await tx.write_many(f"INSERT INTO games ({COPY_GAME_COLUMNS})"
                                f" VALUES ({marks(COPY_GAME_COLUMNS)})", games)
            await tx.write_many(f"INSERT INTO actions ({COPY_ACTION_COLUMNS})"
                                f" VALUES ({marks(COPY_ACTION_COLUMNS)})", actions)
            await tx.write("SELECT setval(pg_get_serial_sequence('games', 'id'),"
                           " GREATEST((SELECT MAX(id) FROM games), 1))")
        await self.transaction(insert, write=True, budget=COPY_BUDGET)

    async def copy_marker(self) -> bytes | None:
        row = await self._one("SELECT value FROM bot_secrets WHERE name = $1", COPY_MARKER)
        return None if row is None else bytes(row["value"])

    async def set_copy_marker(self, value: bytes | None) -> None:
        if value is None:
            await self._execute("DELETE FROM bot_secrets WHERE name = $1", COPY_MARKER)
        else:
            await self._execute("INSERT INTO bot_secrets (name, value) VALUES ($1, $2)"
                                " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                                COPY_MARKER, value)

    async def keep_ids_past(self, game_id: int) -> None:
        await self._execute("SELECT setval(pg_get_serial_sequence('games', 'id'),"
                            " GREATEST((SELECT MAX(id) FROM games), $1::bigint, 1))", game_id)

    async def last_game_id(self) -> int:
        rows = await self._fetch("SELECT MAX(id) AS last_id FROM games")
        return int(rows[0]["last_id"] or 0)

    async def export_secrets(self) -> list[Row]:
        return await self._fetch("SELECT name, value FROM bot_secrets WHERE name != $1"
                                 " ORDER BY name", COPY_MARKER)

    async def import_secrets(self, secrets: Sequence[Row]) -> None:
        await self._calls.run(lambda conn: conn.executemany(
            "INSERT INTO bot_secrets (name, value) VALUES ($1, $2)"
            " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            [(secret["name"], bytes(secret["value"])) for secret in secrets]))


async def _open_pool(url: str, pool_size: int, budget: float,
                     read_only: bool) -> asyncpg.Pool:
    """The pool, its schema migrated. Client-side timeouts too: the server's own
    statement_timeout can't fire when the server itself stops answering. No floor of open
    connections (min_size=0): asyncpg would try to restore it all through an outage, logging
    a traceback at every try; connections are opened as calls need them, and kept a while."""
    pool = await asyncpg.create_pool(
        url, min_size=0, max_size=pool_size, reset=_keep_session, timeout=CONNECT_TIMEOUT,
        command_timeout=budget,
        server_settings={"statement_timeout": str(STATEMENT_TIMEOUT_MS),
                         "application_name": "solo-monopoly",
                         # verify-db's sessions can't write; the bot's keep the database's
                         # own default (a standby stays read-only, and says so).
                         **({"default_transaction_read_only": "on"} if read_only else {})})
    try:
        async with pool.acquire() as conn:
            if read_only:
                await pg_schema.check_version(conn)
            else:
                await pg_schema.migrate(conn)
    except BaseException:
        pool.terminate()
        raise
    return pool

