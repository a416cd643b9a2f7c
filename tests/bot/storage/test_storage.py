"""The two backends behind bot.storage: the same migrations (numbers and names), recorded in
the database, a newer database refused, and the rules the database itself enforces."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.storage import sqlite_file as db
from bot.errors import DatabaseTooNew
from bot.application.service import GameService
from bot.storage import pg_schema

from tests.bot.raw_db import raw

def test_every_migration_has_a_postgresql_twin_with_the_same_number_and_name():
    assert [m.name for m in pg_schema.MIGRATIONS] == [m.name for m in db.MIGRATIONS]
    assert pg_schema.MIGRATIONS[-1].number == db.SCHEMA_VERSION


async def test_postgresql_records_each_migration_and_a_second_open_changes_nothing(
        postgres_url):
    service = await GameService.open(postgres_url)
    await service.close()
    rows = await raw(postgres_url, "SELECT number, name FROM schema_migrations ORDER BY 1")
    assert rows == [(m.number, m.name) for m in pg_schema.MIGRATIONS]
    service = await GameService.open(postgres_url)
    await service.close()
    assert await raw(postgres_url, "SELECT COUNT(*) FROM schema_migrations") == [(len(rows),)]


async def test_four_processes_starting_at_once_migrate_postgresql_once(postgres_url):
    services = await asyncio.gather(*(GameService.open(postgres_url) for _ in range(4)))
    for service in services:
        await service.close()
    assert await raw(postgres_url, "SELECT COUNT(*), MAX(number) FROM schema_migrations") == [
        (len(pg_schema.MIGRATIONS), pg_schema.MIGRATIONS[-1].number)]


async def test_a_postgresql_database_upgraded_by_a_newer_bot_is_refused(postgres_url):
    service = await GameService.open(postgres_url)
    game = await service.start(1, None, None, seed=1)
    await service.close()
    newer = pg_schema.MIGRATIONS[-1].number + 1
    await raw(postgres_url, "INSERT INTO schema_migrations VALUES (?, 'from_the_future.sql', 0)",
              newer)
    with pytest.raises(DatabaseTooNew) as refused:
        await GameService.open(postgres_url)
    assert (refused.value.found, refused.value.known) == (newer, newer - 1)
    assert await raw(postgres_url, "SELECT id FROM games") == [(game.id,)]  # untouched


async def test_an_old_postgresql_database_is_brought_up_to_date(postgres_url):
    conn = await asyncpg.connect(postgres_url)
    try:
        assert await pg_schema.migrate(conn, target=1) == 1
    finally:
        await conn.close()
    service = await GameService.open(postgres_url)
    try:
        assert (await service.start(1, None, None, seed=1)).version == 0
    finally:
        await service.close()
    assert await raw(postgres_url, "SELECT MAX(number) FROM schema_migrations") == [
        (pg_schema.MIGRATIONS[-1].number,)]


async def test_h1_the_database_itself_refuses_a_second_active_game(database):
    """The partial unique index, not only the service: a row written behind its back."""
    service = await GameService.open(database)
    try:
        game = await service.start(1, None, None, seed=1)
    finally:
        await service.close()
    copy = ("INSERT INTO games (owner_id, seed, options, edition, status, state, version,"
            " created_at, updated_at) SELECT owner_id, seed, options, edition, ?, state, 0,"
            " created_at, updated_at FROM games WHERE id = ?")
    with pytest.raises(Exception, match="(?i)unique"):
        await raw(database, copy, "active", game.id)
    await raw(database, copy, "lost", game.id)  # a finished one is fine
    assert len(await raw(database, "SELECT id FROM games WHERE owner_id = 1")) == 2
