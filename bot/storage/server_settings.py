"""What a server's admins keep in the database (migration 8): its settings, the
players its boards leave out, the log of every change, the seasons' boards and the
announcements of their winners; on both backends.

Kept apart from the backends' modules (which hold the games' own calls): this module speaks
to a backend through bot.storage.queries, its statements written once with `?`
placeholders, a few in each backend's own dialect (`_Dialect`). A change and its log entry
are one statement: an insert into SQLite's `setting_changes` view (its trigger logs, then
applies), a data-modifying CTE on PostgreSQL.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import leaderboard
from .leaderboard import RankedWin
from .queries import Queries, Row, Statements, Values, marks

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


@dataclass(frozen=True, slots=True)
class _Dialect:
    """The statements each backend spells its own way."""

    month: str  # MONTH_SQLITE or MONTH_POSTGRES
    change: str  # guild_id, name, value, actor_id, at, reason
    claim: str  # guild_id, season, at; changes 1 row for the first claim only
    keep_or_insert: str  # {table}, {columns}, {marks}: a row already there is kept
    # Run after copying settings_log's rows: new entries' ids go on past the copied ones.
    after_log_copy: str | None


_SQLITE = _Dialect(
    month=MONTH_SQLITE, change=_SQLITE_CHANGE, claim=_CLAIM_SQLITE,
    keep_or_insert="INSERT OR IGNORE INTO {table} ({columns}) VALUES ({marks})",
    after_log_copy=None)
# PostgreSQL's change uses its parameters more than once: its statements are numbered by
# hand (bot.storage.queries.numbered leaves them as they are).
_POSTGRES = _Dialect(
    month=MONTH_POSTGRES, change=_PG_CHANGE, claim=_CLAIM_PG,
    keep_or_insert="INSERT INTO {table} ({columns}) VALUES ({marks}) ON CONFLICT DO NOTHING",
    after_log_copy="SELECT setval(pg_get_serial_sequence('settings_log', 'id'),"
                   " GREATEST((SELECT MAX(id) FROM settings_log), 1))")


class ServerRows:
    """The calls; `ServerRows(storage)` for either backend."""

    def __init__(self, storage: Queries) -> None:
        self._db = storage
        self._dialect = _POSTGRES if storage.backend == "postgresql" else _SQLITE

    async def settings(self, guild_id: int) -> list[Row]:
        """(name, value) of every setting the server set, hidden players included."""
        return await self._db.read(_SETTINGS, guild_id)

    async def servers_with(self, name: str) -> list[Row]:
        """(guild_id, value) of the servers that set `name`."""
        return await self._db.read(_HAVING, name)

    async def change(self, guild_id: int, name: str, value: str | None, actor_id: int,
                     at: float, reason: str | None = None) -> None:
        """Set (None: unset) one setting and log it, with its old value, in one statement."""
        await self._db.write(self._dialect.change, guild_id, name, value, actor_id, at, reason)

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
            period_sql = _PERIODS[kind].format(month=self._dialect.month)
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
        """Store exported rows as they are (a row already there is kept), a table at a time,
        each in one transaction."""
        for table, (columns, _order) in COPIED.items():
            if tables.get(table):
                await self._import(table, columns, [tuple(row) for row in tables[table]])

    async def _import(self, table: str, columns: str, rows: list[Values]) -> None:
        sql = self._dialect.keep_or_insert.format(table=table, columns=columns,
                                                  marks=marks(columns))
        after = self._dialect.after_log_copy if table == "settings_log" else None

        async def insert(tx: Statements) -> None:
            await tx.write_many(sql, rows)
            if after is not None:
                await tx.write(after)
        await self._db.transaction(insert, write=True)

    async def claim_announcement(self, guild_id: int, season: str, at: float) -> bool:
        """True for the one caller that records the season's announcement first."""
        return await self._db.write(self._dialect.claim, guild_id, season, at) == 1
