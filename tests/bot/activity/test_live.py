"""Open views follow the game from either side: a move this process stores wakes them at
once, a move another process stores (the same database) within the poll period; a burst of
moves wakes a slow view once, with the newest (issue 36, point 2: live updates)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.activity.live import LiveGames
from bot.application.service import GameService
from game_core import Roll

PLAYER = 5


async def test_a_move_in_this_process_wakes_the_view_with_the_newest_state(tmp_path: Path):
    service = await GameService.open(tmp_path / "g.sqlite3", seed_source=lambda: 3)
    live = LiveGames(service.core, poll_seconds=0)
    try:
        record = await service.start(PLAYER, None, None)
        view = live.open(PLAYER, record)
        other = live.open(PLAYER + 1, None)  # another player's view: never woken by this game
        played = await service.autoplay.roll_on(record.id, PLAYER, 0)
        record_seen, _ = await asyncio.wait_for(view.next(), 5)
        assert record_seen.version == played.record.version  # the newest, once
        assert other.newest is None
    finally:
        await live.stop()
        await service.close()


async def test_a_move_by_another_process_reaches_the_view_by_polling(tmp_path: Path):
    here = await GameService.open(tmp_path / "g.sqlite3", seed_source=lambda: 3)
    there = await GameService.open(tmp_path / "g.sqlite3")  # another process, same database
    live = LiveGames(here.core, poll_seconds=0.05)
    try:
        record = await here.start(PLAYER, None, None)
        view = live.open(PLAYER, record)
        await there.act(record.id, PLAYER, 0, Roll())
        seen, _ = await asyncio.wait_for(view.next(), 10)
        assert seen.version == 1
    finally:
        await live.stop()
        await there.close()
        await here.close()
