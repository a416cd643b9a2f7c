"""Capacity: the real `python -m bot`, pictures on, against the loopback Discord,
which refuses an answer later than 3 s (10062) as Discord does.

Every click is answered in time however many come at once; every game's message ends showing
its saved state, picture included; clicks piling up while pictures are drawn end with one
picture of the newest state; stopping the bot mid-drawing loses no move and no worker
process is left.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.bot.fake_discord import FakeDiscord
from tests.bot.fake_payloads import Message
from tests.bot.running_bot import RunningBot, Table, alive, saved_games, seed_games


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def make_fake(**options: float) -> Iterator[FakeDiscord]:
    fake = FakeDiscord(**options)  # type: ignore[arg-type]
    fake.start()
    try:
        yield fake
    finally:
        fake.stop()


@pytest.fixture
def fake() -> Iterator[FakeDiscord]:
    yield from make_fake()


@pytest.fixture
def rate_limited_fake() -> Iterator[FakeDiscord]:
    """Every 5th message edit is answered 429, retry after 0.2 s."""
    yield from make_fake(rate_limit_every=5, retry_after=0.2)


def rolls_logged(db: Path) -> dict[int, tuple[int, int]]:
    """Each game's (saved version, Roll actions in its log), read straight from the file (it
    may be polled from the fake Discord's event loop). A click's move is followed
    at once by the decisions that offer one way only, so one Roll click may save more than
    one move; a Roll applied twice would log two."""
    import sqlite3

    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        versions = dict(conn.execute("SELECT id, version FROM games"))
        rolls = dict(conn.execute(
            "SELECT game_id, COUNT(*) FROM actions WHERE action LIKE '%\"roll\"%' "
            "GROUP BY game_id"))
    return {game_id: (version, rolls.get(game_id, 0)) for game_id, version in versions.items()}


def roll_all(fake: FakeDiscord, tables: list[Table]) -> list:
    clicks = [(t.player, t.message_id, fake.messages[t.message_id].button("roll") or "")
              for t in tables]
    return fake.click_many(clicks)


def shows(message: Message, saved: tuple[int, str]) -> bool:
    """The message shows the saved state: its controls and its picture."""
    version, picture = saved
    return message.version == version and message.picture == picture


@pytest.mark.slow
def test_a_burst_of_500_clicks_is_answered_in_time_and_every_message_ends_on_its_saved_state(
        rate_limited_fake, db):
    fake = rate_limited_fake
    tables = seed_games(db, fake, 500)
    bot = RunningBot(fake, db)
    try:
        clicks = roll_all(fake, tables)
        fake.wait_answered(clicks)
        late = [c.ack_seconds for c in clicks if c.acked is None]
        assert fake.late == 0 and not late, f"{len(late)} clicks unanswered in 3 s"
        assert max(c.ack_seconds or 0 for c in clicks) < 3.0
        # Acknowledged first under the burst, some moves are stored a moment later (and the
        # one-way decisions that follow a roll, each in its own transaction, after it).

        def settled() -> bool:
            stored = rolls_logged(db)
            return all(fake.messages[t.message_id].version == stored[t.game_id][0]
                       and stored[t.game_id][1] and fake.messages[t.message_id].picture
                       for t in tables)

        fake.wait_until(settled, timeout=120)
        assert all(rolls == 1 for _, rolls in rolls_logged(db).values())  # each played once
    finally:
        log = bot.stop()
    assert bot.process.returncode == 0 and "Traceback" not in log, log
    assert fake.rate_limited > 0  # some edits were told to wait, and still got through
    saved = saved_games(db)
    for table in tables:
        assert shows(fake.messages[table.message_id], saved[table.game_id]), table


@pytest.mark.slow
def test_five_quick_clicks_while_pictures_are_drawn_end_with_one_picture_of_the_newest(fake, db):
    tables = seed_games(db, fake, 301)
    player, others = tables[0], tables[1:]
    bot = RunningBot(fake, db)
    try:
        roll_all(fake, others)  # 300 pictures to draw: the workers are busy for a while
        message = fake.messages[player.message_id]
        pictures_before = message.pictures
        for _ in range(5):  # each press on the buttons the message shows after the last one
            version = message.version
            action = "roll" if message.button("roll") else next(
                a for a in ("buy", "decline", "done_building", "pay_fine")
                if message.button(a))
            click = fake.click(player.player, player.message_id, action)
            fake.wait_answered([click])
            assert click.acked is not None
            fake.wait_until(lambda v=version: message.version != v, timeout=10)
        pressed_at = message.pictures
        fake.wait_until(lambda: message.picture is not None, timeout=120)
        fake.wait_until(lambda: all(fake.messages[t.message_id].picture for t in others),
                        timeout=120)
    finally:
        bot.stop()
    saved = saved_games(db)
    assert shows(message, saved[player.game_id])
    # While the pictures queued, answers went without one ("drawing the board"), showing
    # the text board meanwhile...
    assert pressed_at - pictures_before < 5
    assert any(board == "text" for _, _, board in message.boards)
    # ... and only the newest state was drawn and sent afterwards: one picture, not a backlog.
    assert message.pictures - pressed_at <= 1


@pytest.mark.slow
def test_stopping_while_pictures_are_drawn_loses_no_move_and_leaves_no_worker(fake, db):
    tables = seed_games(db, fake, 200)
    bot = RunningBot(fake, db)
    pids = bot.worker_pids()
    clicks = roll_all(fake, tables)
    fake.wait_answered(clicks[:50])  # the first answers are in; pictures are being drawn
    log = bot.stop()
    assert bot.process.returncode == 0 and "Traceback" not in log, log
    assert not any(alive(pid) for pid in pids)
    saved = saved_games(db)
    answered = [t for t, c in zip(tables, clicks, strict=True) if c.acked is not None]
    assert len(answered) >= 50
    assert all(saved[t.game_id][0] >= 1 for t in answered)  # every answered move is saved
    assert all(rolls <= 1 for _, rolls in rolls_logged(db).values())  # and none twice


def test_a_click_answered_too_late_still_shows_its_game_and_the_next_press_finds_it(fake, db):
    [table] = seed_games(db, fake, 1)
    bot = RunningBot(fake, db)
    try:
        [late] = fake.click_many([(table.player, table.message_id,
                                   fake.messages[table.message_id].button("roll") or "")],
                                 deadline=0.0)  # Discord gave up on it at once
        message = fake.messages[table.message_id]
        # The move was saved; the message is brought up to date through its channel.
        fake.wait_until(lambda: rolls_logged(db)[table.game_id][1] == 1)  # saved
        first = rolls_logged(db)[table.game_id][0]  # the roll, then any one-way decisions
        fake.wait_until(lambda: message.version == first and message.picture is not None)
        assert late.refused == 10062 and fake.late == 1
        # The next press plays on from there.
        action = next(a for a in ("roll", "buy", "decline") if message.button(a))
        after = fake.click(table.player, table.message_id, action)
        fake.wait_answered([after])
        assert after.acked is not None
        second = rolls_logged(db)[table.game_id][0]
        assert second > first
        fake.wait_until(lambda: message.version == second and message.picture is not None)
    finally:
        log = bot.stop()
    assert "Traceback" not in log, log
    assert shows(message, saved_games(db)[table.game_id])
