"""The SQLite backend: one file, three connections (bot.storage.sqlite_file has their settings).

Every move is saved by ONE statement, an insert into the `game_moves` view, whose trigger
(migrations/0001 and 0003) checks the game's version and status, writes the new state with
`UPDATE ... WHERE id = ? AND version = ?` and appends the action-log row: SQLite runs a
statement as one transaction under the file's write lock, so the state and its log can't
part, and a second process holding an older version of the game stores nothing.

Writes go through one connection (SQLite has a single writer anyway); being single
statements, they need no lock around them and queue up in that connection's thread. Reads
use a second connection, which in WAL mode sees committed data only. A third copies the
write-ahead log back into the database every few hundred writes (db.Checkpointer). A lock
that another program holds past the busy timeout becomes DatabaseBusy ("try again").
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, TypeVar

import aiosqlite

from bot.errors import DamagedGame, DatabaseReadOnly, DatabaseTooNew, DatabaseTooOld

from . import leaderboard
from . import sqlite_file as db
from .columns import GAME_COLUMNS
from .leaderboard import RankedWin
from .queries import Row, Statements, Values, marks
from . import COPY_ACTION_COLUMNS, COPY_GAME_COLUMNS, COPY_MARKER, Move, NewGame

T = TypeVar("T")

_SELECT_GAME = f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?"
# The ordinary slot only: a daily is reached through the daily calls below.
_SELECT_ACTIVE = (f"SELECT {GAME_COLUMNS} FROM games WHERE owner_id = ? AND status = 'active'"
                  " AND daily_day IS NULL")
# The active game if there is one (H1: at most one per slot), else the last one started: two
# index look-ups (games_one_active_per_owner_slot, then games_by_owner), in one statement.
_SELECT_LATEST = (f"SELECT {GAME_COLUMNS} FROM games WHERE id = COALESCE("
                  "(SELECT id FROM games WHERE owner_id = ? AND status = 'active'"
                  " AND daily_day IS NULL),"
                  " (SELECT MAX(id) FROM games WHERE owner_id = ? AND daily_day IS NULL))")
_INSERT_GAME = (
    "INSERT INTO games (owner_id, guild_id, channel_id, seed, options, edition, status, state,"
    " version, created_at, updated_at, turns, rule_set, daily_day)"
    " VALUES (?, ?, ?, ?, ?, ?, 'active', ?, 0, ?, ?, ?, ?, ?)")
_SELECT_ACTIVE_DAILY = (f"SELECT {GAME_COLUMNS} FROM games WHERE owner_id = ?"
                        " AND status = 'active' AND daily_day IS NOT NULL")
_SELECT_DAILY = f"SELECT {GAME_COLUMNS} FROM games WHERE owner_id = ? AND daily_day = ?"
# The day's board in its order (games_daily_board[_by_guild] give it): wins by score, then
# fewer turns; then losses by more turns survived.
_DAILY_BOARD = """
SELECT owner_id, status = 'won' AS won, score, turns, id FROM games
WHERE daily_day = ? AND status != 'active' {guild_filter}
ORDER BY status = 'won' DESC, score DESC, CASE WHEN status = 'won' THEN turns ELSE -turns END,
         finished_at, id
LIMIT ? OFFSET ?
"""
# The days whose daily the player finished (games_one_daily_per_owner_day).
_DAILY_DAYS = ("SELECT daily_day, status FROM games WHERE owner_id = ?"
               " AND daily_day IS NOT NULL AND status != 'active'")
_INSERT_MOVE = (
    "INSERT INTO game_moves (game_id, from_version, state, status, at, finished_at, outcome,"
    " score, turns, action, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_STALE = "stale version"  # the game_moves trigger's refusal
# One statement, so one snapshot: read apart, the row and the log could straddle an action
# committed in between, and a sound game being played would fail to verify. The game's row
# comes first (as seq 0), then its log in order (seq >= 1, the CHECK). A union's columns
# take the first part's names: each half has every column, the other half's NULL, so that
# each is read by its own name.
_SELECT_GAME_AND_LOG = (
    "SELECT 0 AS seq, NULL AS action, NULL AS events, seed, options, edition, version,"
    " state, status, outcome, score, turns, rule_set FROM games WHERE id = ?"
    " UNION ALL SELECT seq, action, events, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,"
    " NULL, NULL FROM actions WHERE game_id = ? ORDER BY 1")

# Standard wins best first (score, fewer turns, earlier), for the leaderboard's walk.
_WINS_IN_ORDER = """
SELECT owner_id, score, turns, id, finished_at FROM games
WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL {guild_filter}
ORDER BY score DESC, turns, finished_at, owner_id, id
LIMIT ? OFFSET ?
"""
# The player's newest finished games (games_finished_by_owner), for the record chart.
_FINISHED = ("SELECT id, status, score, turns, rule_set FROM games"
             " WHERE owner_id = ? AND status != 'active' ORDER BY finished_at DESC, id DESC"
             " LIMIT ?")
# Stats: every finished game counts in played/won/lost; the best score and fastest win are
# standard games' only, and house-rule games are also counted apart.
_STATS = """
SELECT COUNT(*) AS played, COALESCE(SUM(status = 'won'), 0) AS won,
       COALESCE(SUM(status = 'lost'), 0) AS lost,
       MAX(CASE WHEN status = 'won' AND rule_set = 'standard' THEN score END) AS best_score,
       MIN(CASE WHEN status = 'won' AND rule_set = 'standard' THEN turns END) AS fastest_win,
       COALESCE(SUM(rule_set = 'house'), 0) AS house_played,
       COALESCE(SUM(status = 'won' AND rule_set = 'house'), 0) AS house_won
FROM games WHERE owner_id = ? AND status != 'active' {guild_filter}
"""


async def open_connections(path: str | os.PathLike[str], busy_timeout_ms: int,
                           ) -> tuple[aiosqlite.Connection, aiosqlite.Connection,
                                      db.Checkpointer]:
    """The writer (the schema migrated, its writing checked), the reader, the checkpointer.
    DatabaseReadOnly if this process can't write the file, DatabaseTooNew if a newer bot
    upgraded it."""
    db.create_private(path)
    db.check_writable(path)
    writer = await db.connect_writer(path, busy_timeout_ms=busy_timeout_ms)
    opened: list[aiosqlite.Connection] = [writer]
    try:
        try:
            await db.migrate(writer)  # the write lock only when there is a migration to run
        except sqlite3.OperationalError as exc:
            if db.is_read_only(exc):
                raise DatabaseReadOnly(os.fspath(path)) from exc
            raise
        reader = await db.connect(path, busy_timeout_ms=busy_timeout_ms)
        opened.append(reader)
        checkpointer = await db.Checkpointer.start(path)
    except BaseException:
        for conn in opened:
            await conn.close()
        raise
    return writer, reader, checkpointer


class SqliteStorage:
    backend = "sqlite"
    call_budget: float | None = None  # each statement waits at most the busy timeout
    unavailable = False  # a file is always there (a lock held is DatabaseBusy)

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection,
                 checkpointer: db.Checkpointer | None) -> None:
        self._writer = writer
        self._reader = reader
        self._checkpointer = checkpointer

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *,
                   busy_timeout_ms: int = db.BUSY_TIMEOUT_MS,
                   read_only: bool = False) -> SqliteStorage:
        """Open (creating it and its folder, owner-only, if needed) and migrate the file.
        `read_only`: only read it (verify-db): no write access needed, nothing made or
        migrated; DatabaseTooOld if its schema is older than this release's."""
        if read_only:
            return await cls.open_read_only(path, busy_timeout_ms)
        return cls(*await open_connections(path, busy_timeout_ms))

    @classmethod
    async def open_read_only(cls, path: str | os.PathLike[str],
                             busy_timeout_ms: int) -> SqliteStorage:
        reader = await db.connect_read_only(path, busy_timeout_ms=busy_timeout_ms)
        try:
            version = await db.schema_version(reader)
            if version > db.SCHEMA_VERSION:
                raise DatabaseTooNew(version, db.SCHEMA_VERSION)
            if version < db.SCHEMA_VERSION:
                raise DatabaseTooOld(version, db.SCHEMA_VERSION)
        except BaseException:
            await reader.close()
            raise
        return cls(reader, reader, None)

    async def close(self) -> None:
        """Each connection is closed even if closing another failed."""
        try:
            if self._checkpointer is not None:
                await self._checkpointer.stop()
        finally:
            try:
                await self._reader.close()
            finally:
                if self._writer is not self._reader:
                    await self._writer.close()

    async def _read(self, sql: str, params: Iterable[object] = ()) -> list[Row]:
        try:
            return list(await self._reader.execute_fetchall(sql, params))
        except sqlite3.OperationalError as exc:
            raise db.busy_or(exc) from exc

    async def _one(self, sql: str, params: Iterable[object]) -> Row | None:
        rows = await self._read(sql, params)
        return rows[0] if rows else None

    async def _write(self, sql: str, params: Iterable[object]) -> aiosqlite.Cursor:
        try:
            cursor = await self._writer.execute(sql, params)
        except sqlite3.OperationalError as exc:
            raise db.busy_or(exc) from exc
        if self._checkpointer is not None:
            self._checkpointer.wrote()
        return cursor

    # ---- the SQL of the modules beside this one (bot.storage.queries.Queries) ----------
    async def read(self, sql: str, *args: object) -> list[Row]:
        return await self._read(sql, args)

    async def read_one(self, sql: str, *args: object) -> Row | None:
        return await self._one(sql, args)

    async def write(self, sql: str, *args: object) -> int:
        return (await self._write(sql, args)).rowcount

    async def transaction(self, work: Callable[[Statements], Awaitable[T]], *, write: bool,
                          budget: float | None = None) -> T:
        """On a connection of its own (sqlite_file.transaction), not the writer every click
        shares; the busy timeout bounds its waits, not `budget`."""
        main = await self._one("SELECT file FROM pragma_database_list WHERE name = 'main'", ())
        assert main is not None  # a connection always has its main database
        return await db.transaction(main["file"], work, write)

    # ---- games ------------------------------------------------------------------------
    async def insert_game(self, game: NewGame) -> int | None:
        try:
            cursor = await self._write(_INSERT_GAME, game.values())
        except sqlite3.IntegrityError:  # H1's partial unique index: the only one on insert
            return None
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def game_row(self, game_id: int) -> Row | None:
        return await self._one(_SELECT_GAME, (game_id,))

    async def active_game_row(self, owner_id: int) -> Row | None:
        return await self._one(_SELECT_ACTIVE, (owner_id,))

    async def latest_game_row(self, owner_id: int) -> Row | None:
        return await self._one(_SELECT_LATEST, (owner_id, owner_id))

    async def active_game_id(self, owner_id: int, daily: bool = False) -> int | None:
        row = await self._one("SELECT id FROM games WHERE owner_id = ? AND status = 'active'"
                              " AND (daily_day IS NULL) = ?", (owner_id, not daily))
        return None if row is None else int(row["id"])

    async def daily_secret(self, candidate: bytes | None) -> bytes:
        # Read first: a start must not need the write lock once the secret is made.
        row = await self._one("SELECT value FROM bot_secrets WHERE name = 'daily'", ())
        if row is None and candidate is not None:
            # INSERT OR IGNORE: two processes starting at once keep one secret.
            await self._write("INSERT OR IGNORE INTO bot_secrets (name, value)"
                              " VALUES ('daily', ?)", (candidate,))
            row = await self._one("SELECT value FROM bot_secrets WHERE name = 'daily'", ())
        return b"" if row is None else bytes(row["value"])

    async def active_daily_row(self, owner_id: int) -> Row | None:
        return await self._one(_SELECT_ACTIVE_DAILY, (owner_id,))

    async def daily_row(self, owner_id: int, day: int) -> Row | None:
        return await self._one(_SELECT_DAILY, (owner_id, day))

    async def daily_board(self, day: int, guild_id: int | None, limit: int,
                          offset: int) -> list[Row]:
        if guild_id is None:
            return await self._read(_DAILY_BOARD.format(guild_filter=""),
                                    (day, limit, offset))
        return await self._read(_DAILY_BOARD.format(guild_filter="AND guild_id = ?"),
                                (day, guild_id, limit, offset))

    async def daily_days(self, owner_id: int) -> list[Row]:
        return await self._read(_DAILY_DAYS, (owner_id,))

    async def owner_and_status(self, game_id: int) -> tuple[int, str] | None:
        row = await self._one("SELECT owner_id, status FROM games WHERE id = ?", (game_id,))
        return None if row is None else (row["owner_id"], row["status"])

    async def exists(self, game_id: int) -> bool:
        return await self._one("SELECT 1 FROM games WHERE id = ?", (game_id,)) is not None

    async def game_ids(self, after: int, limit: int) -> list[int]:
        rows = await self._read("SELECT id FROM games WHERE id > ? ORDER BY id LIMIT ?",
                                (after, limit))
        return [row["id"] for row in rows]

    # ---- writes -----------------------------------------------------------------------
    async def store_move(self, move: Move) -> bool:
        try:
            await self._write(_INSERT_MOVE, move.values())
        except sqlite3.IntegrityError as exc:
            if str(exc) == _STALE:
                return False
            if "actions." in str(exc):  # the log's key: it holds that entry already
                raise DamagedGame(move.game_id, f"its action log disagrees with its "
                                  f"version ({exc})") from exc
            raise
        return True

    async def abandon(self, game_id: int, now: float) -> bool:
        cursor = await self._write(
            "UPDATE games SET status = 'lost', outcome = 'lost:damaged', score = 0,"
            " finished_at = ?, updated_at = ? WHERE id = ? AND status = 'active'",
            (now, now, game_id))
        return cursor.rowcount == 1

    async def set_message(self, game_id: int, channel_id: int | None, message_id: int) -> bool:
        cursor = await self._write(
            "UPDATE games SET channel_id = COALESCE(?, channel_id), message_id = ?"
            " WHERE id = ?", (channel_id, message_id, game_id))
        return cursor.rowcount == 1

    # ---- reads ------------------------------------------------------------------------
    async def logged(self, game_id: int, seq: int) -> tuple[Any, Any] | None:
        row = await self._one("SELECT action, events FROM actions WHERE game_id = ? AND seq = ?",
                              (game_id, seq))
        return None if row is None else (row["action"], row["events"])

    async def history(self, game_id: int, before: int, limit: int) -> list[Row]:
        return await self._read(
            "SELECT seq, action, events, at FROM actions WHERE game_id = ? AND seq < ?"
            " ORDER BY seq DESC LIMIT ?", (game_id, before, limit))

    async def game_and_log(self, game_id: int) -> list[Row]:
        rows = await self._read(_SELECT_GAME_AND_LOG, (game_id, game_id))
        return rows if rows and rows[0]["seq"] == 0 else []

    async def leaderboard(self, guild_id: int | None, limit: int,
                          offset: int) -> list[RankedWin]:
        sql, params = _with_guild(_WINS_IN_ORDER, guild_id, ())

        async def read(count: int, skip: int) -> list[Row]:
            return await self._read(sql, (*params, count, skip))
        return await leaderboard.walk(read, limit, offset)

    async def stats(self, owner_id: int, guild_id: int | None) -> Row:
        sql, params = _with_guild(_STATS, guild_id, (owner_id,))
        row: Row = (await self._read(sql, params))[0]
        return row

    async def finished(self, owner_id: int, limit: int) -> list[Row]:
        return await self._read(_FINISHED, (owner_id, limit))

    # ---- copying a whole database (migrate-db) ----------------------------------------
    async def count_games(self) -> int:
        return int((await self._read("SELECT COUNT(*) AS games FROM games"))[0]["games"])

    async def export_games(self, after: int, limit: int) -> list[Row]:
        return await self._read(f"SELECT {COPY_GAME_COLUMNS} FROM games WHERE id > ?"
                                " ORDER BY id LIMIT ?", (after, limit))

    async def export_actions(self, first_id: int, last_id: int) -> list[Row]:
        return await self._read(f"SELECT {COPY_ACTION_COLUMNS} FROM actions"
                                " WHERE game_id BETWEEN ? AND ? ORDER BY game_id, seq",
                                (first_id, last_id))

    async def import_rows(self, games: Sequence[Values], actions: Sequence[Values]) -> None:
        await db.run(self._writer, "BEGIN IMMEDIATE")
        try:
            await self._writer.executemany(
                f"INSERT INTO games ({COPY_GAME_COLUMNS}) VALUES ({marks(COPY_GAME_COLUMNS)})",
                games)
            await self._writer.executemany(
                f"INSERT INTO actions ({COPY_ACTION_COLUMNS})"
                f" VALUES ({marks(COPY_ACTION_COLUMNS)})", actions)
            await db.run(self._writer, "COMMIT")
        except BaseException:
            if self._writer.in_transaction:
                await db.run(self._writer, "ROLLBACK")
            raise
        if self._checkpointer is not None:
            self._checkpointer.wrote()

    async def copy_marker(self) -> bytes | None:
        row = await self._one("SELECT value FROM bot_secrets WHERE name = ?", (COPY_MARKER,))
        return None if row is None else bytes(row["value"])

    async def set_copy_marker(self, value: bytes | None) -> None:
        if value is None:
            await self._write("DELETE FROM bot_secrets WHERE name = ?", (COPY_MARKER,))
        else:
            await self._write("INSERT OR REPLACE INTO bot_secrets (name, value) VALUES (?, ?)",
                              (COPY_MARKER, value))

    async def keep_ids_past(self, game_id: int) -> None:
        """Nothing to do: a new game's id is one past the highest row's, and a copy into
        SQLite (from PostgreSQL, whose values are all well-typed) skips no game."""

    async def last_game_id(self) -> int:
        rows = await self._read("SELECT MAX(id) AS last_id FROM games")
        return int(rows[0]["last_id"] or 0)

    async def export_secrets(self) -> list[Row]:
        return await self._read("SELECT name, value FROM bot_secrets WHERE name != ?"
                                " ORDER BY name", (COPY_MARKER,))

    async def import_secrets(self, secrets: Sequence[Row]) -> None:
        await self._writer.executemany(
            "INSERT INTO bot_secrets (name, value) VALUES (?, ?)"
            " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            [(secret["name"], secret["value"]) for secret in secrets])
        if self._checkpointer is not None:
            self._checkpointer.wrote()


def _with_guild(template: str, guild_id: int | None,
                params: tuple[object, ...]) -> tuple[str, tuple[object, ...]]:
    """The query for one server or, with None, for all (two texts, so each can use its
    index rather than an `? IS NULL OR` that defeats them)."""
    if guild_id is None:
        return template.format(guild_filter=""), params
    return template.format(guild_filter="AND guild_id = ?"), (*params, guild_id)
