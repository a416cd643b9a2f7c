"""What a server's admins keep in the database (issue 22, migration 8): its settings, the
players its boards leave out, the log of every change, the seasons' boards and the
announcements of their winners; on both backends.

Kept apart from the backends' modules (which hold the games' own calls): this module speaks
to a backend through its private statement helpers (`_read`/`_write` for SQLite,
`_fetch`/`_execute` for PostgreSQL), written once with `?` placeholders and numbered for
PostgreSQL. A change and its log entry are one statement: an insert into SQLite's
`setting_changes` view (its trigger logs, then applies), a data-modifying CTE on PostgreSQL.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from . import Row, Storage, leaderboard
from .leaderboard import RankedWin

# The month a game finished in (year * 12 + month - 1, UTC), word for word the expression
# of migration 8's indexes on each backend (so the planner matches them); a quarter is it / 3.
MONTH_SQLITE = """(CASE WHEN finished_at >= 0 AND finished_at < 253402300800
      THEN CAST(strftime('%Y', finished_at, 'unixepoch') AS INTEGER) * 12
           + CAST(strftime('%m', finished_at, 'unixepoch') AS INTEGER) - 1 END)"""
MONTH_POSTGRES = """(CASE WHEN finished_at >= 0 AND finished_at < 253402300800
      THEN (EXTRACT(YEAR FROM to_timestamp(finished_at) AT TIME ZONE 'UTC') * 12
            + EXTRACT(MONTH FROM to_timestamp(finished_at) AT TIME ZONE 'UTC') - 1)::integer
      END)"""
# The season's wins best first. `period` is the expression of the season's kind: the month
# or the quarter, each with its index (migration 8).
_SEASON_WINS = """
SELECT owner_id, score, turns, id, finished_at FROM games
WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL {guild_filter}
  AND {period} = ?
ORDER BY score DESC, turns, finished_at, owner_id, id
LIMIT ? OFFSET ?
"""
_PERIODS = {"month": "{month}", "quarter": "{month} / 3"}  # formatted with the backend's
# All time: migration 7's order and indexes (the backends' own leaderboard query), here for
# a server's board, which leaves its hidden players out.
_ALL_WINS = """
SELECT owner_id, score, turns, id, finished_at FROM games
WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL {guild_filter}
ORDER BY score DESC, turns, finished_at, owner_id, id
LIMIT ? OFFSET ?
"""
_SETTINGS = "SELECT name, value FROM server_settings WHERE guild_id = ? ORDER BY name"
_HAVING = "SELECT guild_id, value FROM server_settings WHERE name = ? ORDER BY guild_id"
_LOG = ("SELECT id, actor_id, at, name, old_value, new_value, reason FROM settings_log"
        " WHERE guild_id = ? ORDER BY id DESC LIMIT ?")
_SQLITE_CHANGE = ("INSERT INTO setting_changes (guild_id, name, value, actor_id, at, reason)"
                  " VALUES (?, ?, ?, ?, ?, ?)")
# All the CTE's parts see the table as it was before the statement: the old value logged is
# the one replaced.
_PG_CHANGE = """
WITH logged AS (
    INSERT INTO settings_log (guild_id, actor_id, at, name, old_value, new_value, reason)
    SELECT $1, $4, $5, $2,
           (SELECT value FROM server_settings WHERE guild_id = $1 AND name = $2), $3, $6
), unset AS (
    DELETE FROM server_settings WHERE guild_id = $1 AND name = $2 AND $3::text IS NULL
)
INSERT INTO server_settings (guild_id, name, value)
SELECT $1, $2, $3 WHERE $3::text IS NOT NULL
ON CONFLICT (guild_id, name) DO UPDATE SET value = excluded.value
"""
_CLAIM_SQLITE = ("INSERT OR IGNORE INTO season_announcements (guild_id, season, at)"
                 " VALUES (?, ?, ?)")
_CLAIM_PG = ("INSERT INTO season_announcements (guild_id, season, at) VALUES ($1, $2, $3)"
             " ON CONFLICT (guild_id, season) DO NOTHING")


# What migrate-db copies of these tables, whole rows, in a stable order.
COPIED = {"server_settings": ("guild_id, name, value", "guild_id, name"),
          "settings_log": ("id, guild_id, actor_id, at, name, old_value, new_value, reason",
                           "id"),
          "season_announcements": ("guild_id, season, at", "guild_id, season")}


class _Backend(Protocol):
    month: str  # MONTH_SQLITE or MONTH_POSTGRES

    async def read(self, sql: str, *args: Any) -> list[Row]: ...

    async def insert_many(self, table: str, columns: str, rows: list[Row]) -> None: ...

    async def change(self, guild_id: int, name: str, value: str | None, actor_id: int,
                     at: float, reason: str | None) -> None: ...

    async def claim(self, guild_id: int, season: str, at: float) -> bool: ...


class _Sqlite:
    month = MONTH_SQLITE

    def __init__(self, storage: Any) -> None:
        self._s = storage

    async def read(self, sql: str, *args: Any) -> list[Row]:
        return list(await self._s._read(sql, args))

    async def change(self, guild_id: int, name: str, value: str | None, actor_id: int,
                     at: float, reason: str | None) -> None:
        await self._s._write(_SQLITE_CHANGE, (guild_id, name, value, actor_id, at, reason))

    async def claim(self, guild_id: int, season: str, at: float) -> bool:
        cursor = await self._s._write(_CLAIM_SQLITE, (guild_id, season, at))
        return bool(cursor.rowcount == 1)

    async def insert_many(self, table: str, columns: str, rows: list[Row]) -> None:
        marks = ", ".join("?" for _ in columns.split(","))
        await self._s._writer.executemany(
            f"INSERT OR IGNORE INTO {table} ({columns}) VALUES ({marks})", rows)


class _Postgres:
    month = MONTH_POSTGRES

    def __init__(self, storage: Any) -> None:
        self._s = storage

    async def read(self, sql: str, *args: Any) -> list[Row]:
        return list(await self._s._fetch(numbered(sql), *args))

    async def change(self, guild_id: int, name: str, value: str | None, actor_id: int,
                     at: float, reason: str | None) -> None:
        await self._s._execute(_PG_CHANGE, guild_id, name, value, actor_id, at, reason)

    async def claim(self, guild_id: int, season: str, at: float) -> bool:
        return bool(await self._s._execute(_CLAIM_PG, guild_id, season, at) == 1)

    async def insert_many(self, table: str, columns: str, rows: list[Row]) -> None:
        marks = ", ".join(f"${n}" for n in range(1, len(columns.split(",")) + 1))
        sql = f"INSERT INTO {table} ({columns}) VALUES ({marks}) ON CONFLICT DO NOTHING"

        async def insert(conn: Any) -> None:
            async with conn.transaction():
                await conn.executemany(sql, rows)
                if table == "settings_log":  # new entries' ids go on past the copied ones
                    await conn.execute(
                        "SELECT setval(pg_get_serial_sequence('settings_log', 'id'),"
                        " GREATEST((SELECT MAX(id) FROM settings_log), 1))")
        await self._s._calls.run(insert)


def numbered(sql: str) -> str:
    """SQLite's `?` placeholders as PostgreSQL's $1, $2... in order."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _match: f"${next(count)}", sql)


class ServerRows:
    """The calls; `ServerRows(storage)` for either backend."""

    def __init__(self, storage: Storage) -> None:
        self._db: _Backend = (_Postgres(storage) if storage.backend == "postgresql"
                              else _Sqlite(storage))

    async def settings(self, guild_id: int) -> list[Row]:
        """(name, value) of every setting the server set, hidden players included."""
        return await self._db.read(_SETTINGS, guild_id)

    async def servers_with(self, name: str) -> list[Row]:
        """(guild_id, value) of the servers that set `name`."""
        return await self._db.read(_HAVING, name)

    async def change(self, guild_id: int, name: str, value: str | None, actor_id: int,
                     at: float, reason: str | None = None) -> None:
        """Set (None: unset) one setting and log it, with its old value, in one statement."""
        await self._db.change(guild_id, name, value, actor_id, at, reason)

    async def log(self, guild_id: int, limit: int) -> list[Row]:
        """(id, actor_id, at, name, old_value, new_value, reason), newest first."""
        return await self._db.read(_LOG, guild_id, limit)

    async def season_board(self, guild_id: int | None, kind: str, period: int | None,
                           hidden: frozenset[int], limit: int,
                           offset: int) -> list[RankedWin]:
        """The board (bot.storage.leaderboard.walk) of one season: `kind`
        "month" or "quarter", `period` its number (months since year 0, or that / 3); or "all"
        (period None), every win. The `hidden` players' wins are passed over."""
        guild_filter = "" if guild_id is None else "AND guild_id = ?"
        where: tuple[int, ...] = () if guild_id is None else (guild_id,)
        if kind == "all":
            sql, params = _ALL_WINS.format(guild_filter=guild_filter), where
        else:
            period_sql = _PERIODS[kind].format(month=self._db.month)
            sql = _SEASON_WINS.format(guild_filter=guild_filter, period=period_sql)
            params = (*where, period if period is not None else -1)

        async def read(count: int, skip: int) -> list[Row]:
            return await self._db.read(sql, *params, count, skip)
        return await leaderboard.walk(read, limit, offset, skip=hidden)

    async def export_all(self) -> dict[str, list[Row]]:
        """Every row of the servers' tables (COPIED), for migrate-db."""
        return {table: await self._db.read(f"SELECT {columns} FROM {table} ORDER BY {order}")
                for table, (columns, order) in COPIED.items()}

    async def import_all(self, tables: dict[str, list[Row]]) -> None:
        """Store exported rows as they are (a row already there is kept)."""
        for table, (columns, _order) in COPIED.items():
            if tables.get(table):
                await self._db.insert_many(table, columns, list(tables[table]))

    async def claim_announcement(self, guild_id: int, season: str, at: float) -> bool:
        """True for the one caller that records the season's announcement first."""
        return await self._db.claim(guild_id, season, at)
