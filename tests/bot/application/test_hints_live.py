"""Hints in the real `python -m bot`, its worker processes computing them, against
the loopback Discord: other players are answered while a hint computes, and a second press
meanwhile is told the bot is already thinking. Never a timing assertion: only what was
answered before what."""

from __future__ import annotations

import pytest

import asyncio
from pathlib import Path


from bot.application.service import GameService
from game_core.advisor import open_choices
from game_core.state import BUY
from game_core.strategies import Focus

from tests.bot.fake_discord import DEFER_REPLY, FakeDiscord
from tests.bot.running_bot import RunningBot, Table, seed_games

HINT_TITLE = "Hint for turn"
THINKING = "Already thinking about your last hint"


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


@pytest.mark.slow
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


QUEUED = "ahead of yours"
HINTERS = 10


def hint_row(table: Table) -> list[dict[str, object]]:
    """The controls of a game waiting for its first roll, with its Hint button."""
    return [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Roll the dice",
         "custom_id": f"sm:b:{table.game_id}:0:{table.player}:roll"},
        {"type": 2, "style": 2, "label": "Hint",
         "custom_id": f"sm:hint:{table.game_id}:0:{table.player}"}]}]


@pytest.mark.slow
def test_ten_hints_queued_hold_up_no_one_elses_board_and_go_oldest_first(fake, tmp_path):
    """Ten players' hints are queued (each about a second of both workers); a bystander
    then presses Roll: their board picture is shown before the hints queued ahead of it
    are done (with one shared queue it came after all ten). The hints that waited were
    each told a different number of hints ahead, and were answered in that order."""
    db = tmp_path / "games.sqlite3"
    tables = seed_games(db, fake, HINTERS + 1)
    hinters, bystander = tables[:HINTERS], tables[HINTERS]
    for table in hinters:
        fake.messages[table.message_id].components = hint_row(table)
    bot = RunningBot(fake, db)
    try:
        presses = fake.click_many([(t.player, t.message_id,
                                    f"sm:hint:{t.game_id}:0:{t.player}") for t in hinters])
        fake.wait_answered(presses)
        replies = [fake.messages[p.response_message_id or 0] for p in presses]
        # Every hint is queued once all but the first have been told they wait (or are done).
        fake.wait_until(lambda: sum(bool(m.content) for m in replies) >= HINTERS - 1)
        notes = {p.user_id: m.content for p, m in zip(presses, replies, strict=True)
                 if QUEUED in m.content}
        roll = fake.click(bystander.player, bystander.message_id, "roll")
        board = fake.messages[bystander.message_id]
        # (a roll may be followed at once by decisions offering one way only: version >= 1)
        fake.wait_until(lambda: (board.version or 0) >= 1 and board.picture is not None,
                        timeout=120)
        shown = next(at for at, version, picture in board.history
                     if (version or 0) >= 1 and picture)
        fake.wait_until(lambda: all(HINT_TITLE in m.content for m in replies), timeout=300)
    finally:
        log = bot.stop()
    assert bot.process.returncode == 0 and "Traceback" not in log, log
    assert roll.acked is not None
    done = {p.user_id: m.history[-1][0] for p, m in zip(presses, replies, strict=True)}
    before_the_board = sorted(at for at in done.values() if at < shown)
    print(f"board shown {shown - roll.dispatched:.2f} s after the click")
    assert len(before_the_board) <= 1, (shown - roll.dispatched, before_the_board)
    # Waiting hints were told where they stood: each a different place in the queue ...
    assert len(notes) >= HINTERS // 2, notes
    ahead = {user: int(next(w for w in text.split() if w.isdigit()) if "One hint" not in text
                       else 1) for user, text in notes.items()}
    assert len(set(ahead.values())) == len(ahead) and max(ahead.values()) <= HINTERS - 1
    # ... and answered in that order: oldest first.
    by_place = sorted(ahead, key=ahead.__getitem__)
    assert [done[u] for u in by_place] == sorted(done[u] for u in by_place)
