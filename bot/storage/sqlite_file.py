"""The SQLite file: connection settings and the schema migrations.

Migrations are the numbered files in `bot/storage/migrations/` (`0001_initial.sql`, ...).
The number of the last one applied is kept in `PRAGMA user_version`; at start-up every newer file is
applied in order, each in its own transaction, and a database newer than the code knows is
refused (DatabaseTooNew) rather than written to by code that doesn't understand it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TypeVar

import aiosqlite

from bot.errors import DatabaseBusy, DatabaseReadOnly, DatabaseTooNew

from .queries import Row, Statements, Values

log = logging.getLogger(__name__)
T = TypeVar("T")

BUSY_TIMEOUT_MS = 5_000  # another process (the terminal client) may hold the write lock briefly
# The writer's own automatic checkpoint is only a safety net (Checkpointer does the work):
# 10,000 pages is about 40 MB of log.
WRITER_AUTOCHECKPOINT_PAGES = 10_000
CHECKPOINT_EVERY_WRITES = 200  # a few hundred pages of log at most
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str
    sql: str


def load_migrations() -> list[Migration]:
    """The migration files shipped with the bot, in order; numbered 1, 2, 3... without gaps."""
    return parse_migrations(resources.files("bot.storage.migrations"))


def parse_migrations(folder: Traversable) -> list[Migration]:
    """The `NNNN_what.sql` files of `folder`, in order; numbered 1, 2, 3... without gaps.
    (The PostgreSQL twins live in a folder of their own: bot.storage.pg_schema.)"""
    found: list[Migration] = []
    for entry in folder.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name,
                                   entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.number)
    numbers = [m.number for m in found]
    if numbers != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migration files must be numbered 1, 2, 3... without gaps: {numbers}")
    return found


MIGRATIONS = load_migrations()
SCHEMA_VERSION = MIGRATIONS[-1].number


def split_statements(script: str) -> list[str]:
    """The statements of an SQL script, one string each.

    `executescript` would do, but it commits first and can't run inside our own
    BEGIN IMMEDIATE, which a migration needs to re-read the version under the write lock.
    `sqlite3.complete_statement` knows about strings, comments and trigger bodies.
    """
    statements: list[str] = []
    buffer = ""
    for piece in script.split(";"):
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    # What follows the last ';' (the split adds a spurious one) is whitespace or comments.
    return [s for s in statements if _has_code(s)]


def _has_code(statement: str) -> bool:
    lines = (line.split("--", 1)[0].strip() for line in statement.splitlines())
    return any(line and line != ";" for line in lines)


async def run(conn: aiosqlite.Connection, sql: str) -> None:
    """Execute `sql` and close its cursor at once.

    A statement that returns a row (most PRAGMAs do) stays "in progress" until its cursor is
    closed; left to the garbage collector, it can make the next COMMIT fail with "SQL
    statements in progress" (seen when an event loop keeps the finished future alive).
    """
    async with conn.execute(sql):
        pass


class Undecodable(bytes):
    """A TEXT value that is not valid UTF-8 (a damaged row), kept as its bytes."""


def decode_text(raw: bytes) -> str | Undecodable:
    """The connections' text factory. sqlite3's own fails the whole fetch on one bad byte,
    so that no row of the result could be read; this lets the reader of the row refuse that
    one game (DamagedGame) and go on with the others."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return Undecodable(raw)


def _hand_out_named_rows(conn: aiosqlite.Connection) -> None:
    """Rows read by column name (bot.storage.queries.Row), their text decoded leniently."""
    conn.text_factory = decode_text
    conn.row_factory = sqlite3.Row


def create_private(path: str | os.PathLike[str]) -> None:
    """Create the database's folder (0700) and file (0600) if they don't exist: they hold
    user, server and channel ids and every game. SQLite gives the -wal and -shm files the
    database file's permissions. Existing ones are left as the admin set them."""
    file = Path(path)
    if not file.parent.exists():
        file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        os.close(os.open(file, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        pass


def is_busy(exc: sqlite3.Error) -> bool:
    """SQLITE_BUSY or SQLITE_LOCKED: another connection held the lock past the timeout."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def is_read_only(exc: sqlite3.Error) -> bool:
    return getattr(exc, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_READONLY


def busy_or(exc: sqlite3.OperationalError) -> Exception:
    """The service's DatabaseBusy for a lock timeout; any other error as it is."""
    return DatabaseBusy() if is_busy(exc) else exc


async def connect_read_only(path: str | os.PathLike[str], *,
                            busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> aiosqlite.Connection:
    """A connection that can't write (verify-db's): it needs no write access to the file and
    never the write lock, and it makes nothing (no folder, no file, no migration)."""
    uri = f"{Path(path).resolve().as_uri()}?mode=ro"
    conn = await aiosqlite.connect(uri, uri=True, isolation_level=None)
    _hand_out_named_rows(conn)
    try:
        await run(conn, f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        await run(conn, "PRAGMA query_only = ON")
    except BaseException:
        await conn.close()
        raise
    return conn


async def connect(path: str | os.PathLike[str], *,
                  busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> aiosqlite.Connection:
    """A connection in autocommit mode: each statement is its own transaction unless a
    caller writes BEGIN (the migrations do)."""
    create_private(path)
    conn = await aiosqlite.connect(os.fspath(path), isolation_level=None)
    _hand_out_named_rows(conn)
    try:
        await run(conn, f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        await _use_wal(conn)
        # In WAL mode NORMAL loses no committed transaction when the process dies (only,
        # perhaps, the last ones on a power cut) and saves an fsync per commit.
        await run(conn, "PRAGMA synchronous = NORMAL")
        await run(conn, "PRAGMA foreign_keys = ON")
    except BaseException:
        await conn.close()
        raise
    return conn


def check_writable(path: str | os.PathLike[str]) -> None:
    """DatabaseReadOnly unless this process may write the file: SQLite opens a file it may
    not write read-only without a word, and every click would then fail. Asked of the file
    system, not of SQLite: a test write would need the write lock, and another program
    holding it (a long `sqlite3` session) must not stop the bot from starting."""
    file = Path(path)
    # The -wal and -shm files beside it are made by whoever opens it first: the folder
    # must let them be made, or they must be there and writable.
    companions = [Path(f"{file}-wal"), Path(f"{file}-shm")]
    needs = [file, *(c for c in companions if c.exists())]
    if not all(c.exists() for c in companions):
        needs.append(file.parent)
    if any(not os.access(p, os.W_OK) for p in needs) or _read_only_mount(file):
        raise DatabaseReadOnly(os.fspath(path))


def _read_only_mount(file: Path) -> bool:
    try:
        return bool(os.statvfs(file).f_flag & os.ST_RDONLY)
    except OSError:
        return False


async def _use_wal(conn: aiosqlite.Connection) -> None:
    """WAL mode (kept in the file once set): readers never wait for the writer.

    Switching a new file to WAL needs it to itself, and SQLite answers "database is locked"
    at once, without the busy timeout, when another connection opens it at that moment:
    try again for as long as the busy timeout would have waited.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            await run(conn, "PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
        await asyncio.sleep(0.01)


async def connect_writer(path: str | os.PathLike[str], *,
                         busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> aiosqlite.Connection:
    conn = await connect(path, busy_timeout_ms=busy_timeout_ms)
    await run(conn, f"PRAGMA wal_autocheckpoint = {WRITER_AUTOCHECKPOINT_PAGES}")
    return conn


class _Statements:
    """A transaction's statements (bot.storage.queries.Statements) on its connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def read(self, sql: str, *args: object) -> list[Row]:
        return list(await self._conn.execute_fetchall(sql, args))

    async def write(self, sql: str, *args: object) -> int:
        async with self._conn.execute(sql, args) as cursor:
            return cursor.rowcount

    async def write_many(self, sql: str, rows: Iterable[Values]) -> None:
        async with self._conn.executemany(sql, rows):
            pass

    async def has_table(self, name: str) -> bool:
        return bool(await self.read("SELECT 1 FROM sqlite_master WHERE type = 'table'"
                                    " AND name = ?", name))


async def transaction(path: str | os.PathLike[str], work: Callable[[Statements], Awaitable[T]],
                      write: bool) -> T:
    """`work` in one transaction on a connection of its own, opened for it and closed after
    (a transaction on a connection another caller shares would take that caller's
    statements in): with `write`, it waits for the file's write lock like any other writer;
    else it reads one snapshot and can't write. DatabaseBusy past the busy timeout."""
    conn = await (connect(path) if write else connect_read_only(path))
    try:
        await run(conn, "BEGIN IMMEDIATE" if write else "BEGIN")
        try:
            result = await work(_Statements(conn))
            await run(conn, "COMMIT")
        except BaseException:
            if conn.in_transaction:
                await run(conn, "ROLLBACK")
            raise
    except sqlite3.OperationalError as exc:
        raise busy_or(exc) from exc
    finally:
        await conn.close()
    return result


class Checkpointer:
    """Copies the write-ahead log back into the database file, from its own connection.

    SQLite's automatic checkpoint runs inside the commit that fills the log, and with its
    fsync it holds that commit (and every write queued behind it) for tens of milliseconds.
    A passive checkpoint from another connection does the same work without holding anyone:
    WAL writers go on appending while it copies.

    It runs on demand, once every `every` writes (the service calls `wrote()`), never on a
    timer: an idle bot does no work, and a test harness that waits for the bot to be idle
    (simcord) sees it settle.
    """

    def __init__(self, conn: aiosqlite.Connection, every: int) -> None:
        self._conn = conn
        self._every = every
        self._writes = 0
        self._task: asyncio.Task[None] | None = None
        self._stopped = False

    @classmethod
    async def start(cls, path: str | os.PathLike[str],
                    every: int = CHECKPOINT_EVERY_WRITES) -> Checkpointer:
        return cls(await connect(path), every)

    def wrote(self) -> None:
        """Count one committed write; start a checkpoint when enough have piled up. Once
        stopped, nothing: a write still in flight while the service closes must not start a
        checkpoint on a closed connection."""
        self._writes += 1
        if self._stopped:
            return
        if self._writes >= self._every and (self._task is None or self._task.done()):
            self._writes = 0
            self._task = asyncio.create_task(self._checkpoint(), name="sqlite-checkpoint")

    async def _checkpoint(self) -> None:
        try:
            await run(self._conn, "PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error as exc:  # a checkpoint can wait for the next round
            log.warning("WAL checkpoint failed: %s", exc)

    async def stop(self) -> None:
        self._stopped = True
        if self._task is not None:
            await self._task  # a few milliseconds at most; never fails (see _checkpoint)
        await self._conn.close()


async def schema_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row["user_version"]) if row else 0


async def migrate(conn: aiosqlite.Connection, migrations: list[Migration] | None = None,
                  *, target: int | None = None) -> int:
    """Bring the schema up to `target` (default: the newest migration); returns the version.

    DatabaseTooNew if the file is already past every migration this code knows.
    """
    migrations = MIGRATIONS if migrations is None else migrations
    known = migrations[-1].number if migrations else 0
    target = known if target is None else target
    current = await schema_version(conn)
    if current > known:
        raise DatabaseTooNew(current, known)
    for migration in migrations:
        if migration.number <= current or migration.number > target:
            continue
        # The write lock first, then the version again: two processes starting at once
        # must not both apply the same file.
        await run(conn, "BEGIN IMMEDIATE")
        try:
            current = await schema_version(conn)
            if current > known:
                raise DatabaseTooNew(current, known)
            if migration.number > current:
                for statement in split_statements(migration.sql):
                    await run(conn, statement)
                await run(conn, f"PRAGMA user_version = {migration.number}")
                current = migration.number
            await run(conn, "COMMIT")
        except BaseException:
            if conn.in_transaction:  # SQLite rolls some failures back by itself
                await run(conn, "ROLLBACK")
            raise
    return current
