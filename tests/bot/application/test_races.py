"""Races with another process on the same file, made to happen every time.

A second GameService (what `solo-monopoly play` or a second bot would be) acts at the exact
moment that matters: SQLite's trace hook on the first service's own connection runs it when
a chosen statement is about to run, in that connection's thread, with an event loop of its
own. Without the hook these races happen in a few percent of real runs (98 of 100 for the
first one when the two clicks are made at once).
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import aiosqlite
import pytest

from bot.errors import ActiveGameExists
from bot.application.service import GameService
from game_core import Roll

Step = Callable[[GameService], Awaitable[object]]


@pytest.fixture
async def service(tmp_path) -> AsyncIterator[GameService]:
    opened = await GameService.open(tmp_path / "games.sqlite3")
    yield opened
    await opened.close()


def in_another_process(path: Path, step: Step) -> None:
    """Run `step` on a service of its own, as another process would (own connections, own
    event loop); blocking, so that it is over before the statement that triggered it."""
    async def run() -> None:
        other = await GameService.open(path)
        try:
            await step(other)
        finally:
            await other.close()
    asyncio.run(run())


async def when_sent(conn: aiosqlite.Connection, needle: str, path: Path, step: Step) -> list[str]:
    """Have another process run `step` the first time `conn` is about to run a statement
    containing `needle`. Returns the statements it fired on (one)."""
    fired: list[str] = []

    def hook(statement: str) -> None:
        if needle in statement and not fired:
            fired.append(statement)
            in_another_process(path, step)
    await conn.set_trace_callback(hook)
    return fired


async def test_H1_new_game_while_the_game_ending_click_is_in_flight_starts_the_new_game(
        service, tmp_path):
    """`/monopoly new` while the click that ends the game is in flight: the insert is refused
    (the old game is still active), then the old game ends before the service looks for the
    game that blocked it. The new game starts (the old one is over), no raw IntegrityError."""
    old = await service.start(1, None, None, seed=11)
    fired = await when_sent(service._storage._reader, "SELECT id FROM games WHERE owner_id",
                            tmp_path / "games.sqlite3", lambda other: other.resign(old.id, 1))
    new = await service.start(1, None, None, seed=12)
    assert fired, "the race was run"
    assert new.id != old.id and new.status == "active"
    assert (await service.get(old.id)).outcome == "lost:resigned"
    assert (await service.active_game(1)) == new


async def test_H1_new_game_while_another_game_is_still_active_names_it(service, tmp_path):
    old = await service.start(1, None, None, seed=11)
    fired = await when_sent(service._storage._reader, "SELECT id FROM games WHERE owner_id",
                            tmp_path / "games.sqlite3", lambda other: other.get(old.id))
    with pytest.raises(ActiveGameExists) as refused:
        await service.start(1, None, None, seed=12)
    assert fired and refused.value.game_id == old.id


async def _roll(other: GameService, game_id: int) -> None:
    record = await other.get(game_id)
    await other.act(game_id, 1, record.version, Roll())


async def test_E3_resign_when_another_process_moved_first_resigns_the_game_as_it_now_is(
        service, tmp_path):
    """E3 gives the game up whatever its version: when another process applies an action
    between the service's read and its write (the version guard refuses the stale write),
    resign reads the game again and resigns that, rather than raising StaleVersion."""
    record = await service.start(1, None, None, seed=11)
    fired = await when_sent(service._storage._writer, "INSERT INTO game_moves", tmp_path /
                            "games.sqlite3", lambda other: _roll(other, record.id))
    result = await service.resign(record.id, 1)
    assert fired, "the race was run"
    assert not result.duplicate and result.record.version == 2
    assert result.record.outcome == "lost:resigned"
    history = await service.history(record.id)
    assert [entry.action["type"] for entry in history] == ["resign", "roll"]
    assert await service.verify(record.id)


async def test_closing_with_clicks_in_flight_stores_them_and_starts_no_checkpoint_after(
        tmp_path, caplog):
    """Close while 200 clicks are in flight (each a write, so checkpoints are due): the
    clicks finish and are stored, no checkpoint task starts on the closed connection (it
    would log "Task exception was never retrieved"), and later calls are refused."""
    service = await GameService.open(tmp_path / "games.sqlite3")
    records = [await service.start(owner, None, None, seed=owner) for owner in range(200)]
    await asyncio.sleep(0)
    clicks = [asyncio.create_task(service.act(r.id, r.owner_id, 0, Roll())) for r in records]
    await asyncio.sleep(0)  # every click has started: each is reading or writing its game
    with caplog.at_level(logging.ERROR, logger="asyncio"):
        await service.close()
        results = await asyncio.gather(*clicks, return_exceptions=True)
        await asyncio.sleep(0.05)  # a checkpoint task started late would have failed by now
        gc.collect()  # "never retrieved" is logged when the failed task is collected
    assert [type(r).__name__ for r in results if isinstance(r, BaseException)] == []
    assert not [r for r in caplog.records if "never retrieved" in r.getMessage()]
    with pytest.raises(RuntimeError, match="closed"):
        await service.get(records[0].id)
    reopened = await GameService.open(tmp_path / "games.sqlite3")
    try:
        assert [(await reopened.get(r.id)).version for r in records] == [1] * len(records)
    finally:
        await reopened.close()
