"""Another program's hand on the database, under the service's feet: plain SQL on either
backend, as an admin (or a damaged disk) would change it. `?` placeholders for both."""

from __future__ import annotations

import itertools
import re
import sqlite3
from contextlib import closing
from typing import Any

import asyncpg

from bot.storage.targets import is_postgres_url


async def raw(database: str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Run one statement on `database` (a SQLite file or a postgresql:// URL) in its own
    transaction, committed; its rows."""
    if is_postgres_url(database):
        numbers = itertools.count(1)
        conn = await asyncpg.connect(database)
        try:
            rows = await conn.fetch(re.sub(r"\?", lambda _: f"${next(numbers)}", sql), *params)
        finally:
            await conn.close()
        return [tuple(row) for row in rows]
    with closing(sqlite3.connect(database)) as conn, conn:
        return list(conn.execute(sql, params).fetchall())
