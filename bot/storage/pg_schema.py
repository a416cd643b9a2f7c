"""PostgreSQL migrations: the files of `bot/storage/migrations/postgres/`, numbered as
SQLite's.

Each applied number is a row of `schema_migrations` (number, name, applied_at). At start-up
every newer file is applied in order, in one transaction that first takes an advisory lock,
so two processes starting at once never both apply a file; a database whose highest number
is past every file this code knows is refused (DatabaseTooNew), never written to.
"""

from __future__ import annotations

import time
from importlib import resources

import asyncpg

from bot.errors import DatabaseTooNew, DatabaseTooOld

from .sqlite_file import Migration, parse_migrations

# Any constant will do; it only has to be the same for every process of the bot.
_MIGRATION_LOCK = 0x5010_4D0E  # "solo mono"

_CREATE_LEDGER = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    number     INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at DOUBLE PRECISION NOT NULL
)"""


def load_migrations() -> list[Migration]:
    return parse_migrations(resources.files("bot.storage.migrations.postgres"))


MIGRATIONS = load_migrations()


async def schema_version(conn: asyncpg.Connection) -> int:
    """The highest migration applied; 0 for an empty database."""
    exists = await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
    if not exists:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(number), 0) FROM schema_migrations"))


async def migrate(conn: asyncpg.Connection, migrations: list[Migration] | None = None,
                  *, target: int | None = None) -> int:
    """Bring the schema up to `target` (default: the newest migration); returns the version.
    DatabaseTooNew if the database is already past every migration this code knows."""
    migrations = MIGRATIONS if migrations is None else migrations
    known = migrations[-1].number if migrations else 0
    target = known if target is None else target
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await conn.execute(_CREATE_LEDGER)
        current = await schema_version(conn)
        if current > known:
            raise DatabaseTooNew(current, known)
        for migration in migrations:
            if current < migration.number <= target:
                await conn.execute(migration.sql)  # a script: several statements
                await conn.execute(
                    "INSERT INTO schema_migrations (number, name, applied_at)"
                    " VALUES ($1, $2, $3)", migration.number, migration.name, time.time())
                current = migration.number
    return current


async def check_version(conn: asyncpg.Connection) -> None:
    """For a command that only reads (verify-db): the schema must be this release's; it
    migrates nothing. DatabaseTooNew or DatabaseTooOld otherwise."""
    known = MIGRATIONS[-1].number
    current = await schema_version(conn)
    if current > known:
        raise DatabaseTooNew(current, known)
    if current < known:
        raise DatabaseTooOld(current, known)
