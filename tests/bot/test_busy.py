"""Another program holding the database's write lock past the busy timeout: each call ends
in DatabaseBusy ("try again"), nothing is half-done, and all is well once the lock goes."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.errors import DatabaseBusy
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
