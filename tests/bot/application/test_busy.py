"""Another program holding the database's write lock past the busy timeout: each call ends
in DatabaseBusy ("try again"), nothing is half-done, and all is well once the lock goes."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.errors import DatabaseBusy, DatabaseTooOld
from bot.application.service import GameService
from game_core import Roll

TIMEOUT_MS = 150


@pytest.fixture
def path(tmp_path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def service(path) -> AsyncIterator[GameService]:
    opened = await GameService.open(path, busy_timeout_ms=TIMEOUT_MS)
    yield opened
    await opened.close()


@contextmanager
def write_lock_held(path: Path) -> Iterator[None]:
    """What `sqlite3 games.sqlite3` with a `BEGIN IMMEDIATE` left open does."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        yield
        conn.execute("ROLLBACK")
    finally:
        conn.close()


async def test_a_write_lock_held_by_another_program_is_database_busy_then_all_goes_on(
        service, path):
    record = await service.start(1, None, None, seed=4)
    other = await service.start(2, None, None, seed=5)
    with write_lock_held(path):
        started = time.monotonic()
        for call in (lambda: service.act(record.id, 1, 0, Roll()),
                     lambda: service.resign(other.id, 2),
                     lambda: service.start(3, None, None),
                     lambda: service.set_message(record.id, 1, 2)):
            with pytest.raises(DatabaseBusy, match="try again"):
                await call()
        assert time.monotonic() - started >= 4 * TIMEOUT_MS / 1000  # it did wait first
        assert (await service.get(record.id)).version == 0  # reads go on meanwhile (WAL)
    assert (await service.act(record.id, 1, 0, Roll())).record.version == 1
    assert (await service.resign(other.id, 2)).record.status == "lost"
    assert await service.verify(record.id) and await service.verify(other.id)


async def test_opening_the_database_needs_no_write_lock(path):
    """The start-up's read-only check took the write lock (BEGIN IMMEDIATE), so a
    program holding it past the busy timeout stopped the bot with advice about permissions."""
    first = await GameService.open(path)
    record = await first.start(1, None, None, seed=4)
    await first.close()
    with write_lock_held(path):
        started = time.monotonic()
        opened = await GameService.open(path, busy_timeout_ms=TIMEOUT_MS)
        try:
            assert time.monotonic() - started < TIMEOUT_MS / 1000  # it did not wait for it
            assert (await opened.get(record.id)).version == 0
            with pytest.raises(DatabaseBusy):  # writing still waits for the lock, as it must
                await opened.act(record.id, 1, 0, Roll())
        finally:
            await opened.close()


def test_verify_db_reads_while_another_program_holds_the_write_lock(path):
    async def make() -> None:
        service = await GameService.open(path)
        record = await service.start(1, None, None, seed=4)
        await service.act(record.id, 1, 0, Roll())
        await service.close()

    asyncio.run(make())
    with write_lock_held(path):
        done = subprocess.run([sys.executable, "-m", "bot.cli", "verify-db", "--db", str(path)],
                              capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout.strip(), done.stderr) == (
        0, "1 games checked: all sound", "")


async def test_a_read_only_open_writes_nothing_and_makes_nothing(path, tmp_path):
    """verify-db's service: no folder or file made, no migration, no secret written."""
    with pytest.raises(sqlite3.OperationalError):
        await GameService.open(tmp_path / "nowhere" / "games.sqlite3", read_only=True)
    assert not (tmp_path / "nowhere").exists()
    await (await GameService.open(path)).close()
    before = path.read_bytes()
    opened = await GameService.open(path, read_only=True)
    try:
        assert await opened.game_ids() == []
        with pytest.raises(sqlite3.OperationalError, match="readonly|read-only|query_only"):
            await opened.start(1, None, None)
    finally:
        await opened.close()
    assert path.read_bytes() == before


async def test_a_read_only_open_of_an_older_schema_asks_to_upgrade_first(path):
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    conn.close()
    with pytest.raises(DatabaseTooOld, match="start the bot once"):
        await GameService.open(path, read_only=True)
