"""Hints in the real `python -m bot` (issue 13), its worker processes computing them, against
the loopback Discord: other players are answered while a hint computes, and a second press
meanwhile is told the bot is already thinking. Never a timing assertion: only what was
answered before what."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.application.service import GameService
from game_core.advisor import open_choices
from game_core.state import BUY
from game_core.strategies import Focus

from .fake_discord import DEFER_REPLY, FakeDiscord
from .running_bot import RunningBot, Table, seed_games

HINT_TITLE = "Hint for turn"
THINKING = "Already thinking about your last hint"


@pytest.fixture
def fake() -> Iterator[FakeDiscord]:
    fake = FakeDiscord()
    fake.start()
    try:
        yield fake
    finally:
        fake.stop()


def play_to_a_buy(db: Path, table: Table) -> int:
    """Play the table's game (as focus would) up to a buy-or-decline choice; its version."""
    async def play() -> int:
        service = await GameService.open(db)
        try:
            record = await service.get(table.game_id)
            player = Focus()
            while not (record.game.pending == BUY and len(open_choices(record.game)) == 2):
                action = player.choose(record.game)
                record = (await service.act(record.id, table.player, record.version,
                                            action)).record
            return record.version
        finally:
            await service.close()

    return asyncio.run(play())


def answers(fake: FakeDiscord, text: str) -> list[str]:
    return [m.content for m in dict(fake.messages).values() if text in m.content]


def test_other_players_are_answered_while_a_hint_computes_and_a_second_press_waits(fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    tables = seed_games(db, fake, 3)
    alice, others = tables[0], tables[1:]
    version = play_to_a_buy(db, alice)
    hint_id = f"sm:hint:{alice.game_id}:{version}:{alice.player}"
    fake.messages[alice.message_id].components = [{"type": 1, "components": [
        {"type": 2, "style": 2, "label": "Hint", "custom_id": hint_id}]}]
    bot = RunningBot(fake, db)
    try:
        presses = fake.click_many([(alice.player, alice.message_id, hint_id)] * 2)
        rolls = fake.click_many([(t.player, t.message_id, fake.messages[t.message_id]
                                  .button("roll") or "") for t in others])
        fake.wait_answered(rolls)
        hints_when_rolls_answered = answers(fake, HINT_TITLE)
        fake.wait_until(lambda: answers(fake, HINT_TITLE), timeout=120)
        hint_text = answers(fake, HINT_TITLE)[0]
        thinking = answers(fake, THINKING)
    finally:
        log = bot.stop()
    assert bot.process.returncode == 0 and "Traceback" not in log, log
    assert all(r.acked is not None for r in rolls + presses)
    # The other players' rolls were answered while the hint was still being computed.
    assert hints_when_rolls_answered == []
    assert presses[0].response_type == DEFER_REPLY  # "thinking..." at once
    assert "★" in hint_text and "Buy" in hint_text and "Decline" in hint_text
    assert len(thinking) == 1  # the second press: one hint at a time per player
    assert "hint at version" in log

    async def version_now() -> int:
        service = await GameService.open(db)
        try:
            return (await service.get(alice.game_id)).version
        finally:
            await service.close()

    assert asyncio.run(version_now()) == version  # a hint is not a move
