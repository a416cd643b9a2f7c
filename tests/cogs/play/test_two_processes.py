"""The bot and another process (`solo-monopoly play`, a second bot) on one database file:
the resign confirmation still resigns when the other process moved the game at that very
moment (the race is made to happen; see tests/bot/application/test_races.py)."""

from __future__ import annotations

from bot.application.service import GameService
from game_core import Roll
from tests.bot.application.test_races import when_sent


async def _roll(other: GameService) -> None:
    record = await other.get(1)
    await other.act(1, record.owner_id, record.version, Roll())


async def test_E3_yes_resign_while_another_process_moves_the_game_resigns_it(world, db_path):
    await world.alice.slash(world.channel, "monopoly new")
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    service = world.env.bot.service
    fired = await when_sent(service._storage._writer, "INSERT INTO game_moves", db_path, _roll)
    await world.alice.click(prompt.response, label="Yes, resign")
    await service._storage._writer.set_trace_callback(None)
    assert fired, "the race was run"
    assert prompt.response.content == "You resigned. Start a new game with /monopoly new."
    record = await service.get(1)
    assert (record.version, record.outcome) == (2, "lost:resigned")
    assert world.env.errors == []
