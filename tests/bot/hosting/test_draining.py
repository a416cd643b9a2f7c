"""Stopping the bot (SIGTERM, as a service manager or a rolling restart does) loses no
acknowledged click: the real `python -m bot` against the loopback Discord. A click in
progress when the signal comes is finished and stored before the process ends; a click that
arrives meanwhile is answered, only to its player, that the bot is restarting."""

from __future__ import annotations

import signal
import threading

import pytest

from bot.i18n import t
from tests.bot.hosting.test_slow_database import hold_write_lock
from tests.bot.running_bot import REPO, RunningBot, saved_games, seed_games

LOCK_SECONDS = 4.0  # the database's write lock is held this long: the first click waits


@pytest.mark.slow
def test_a_click_in_progress_at_sigterm_is_stored_and_one_arriving_then_is_told_to_retry(
        fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    first, second = seed_games(db, fake, 2)
    bot = RunningBot(fake, db)
    try:
        taken = threading.Event()
        locker = threading.Thread(target=hold_write_lock, args=(db, LOCK_SECONDS, taken))
        locker.start()
        assert taken.wait(10)
        waiting = fake.click(first.player, first.message_id, "roll")
        fake.wait_until(lambda: waiting.acked is not None, timeout=3)  # deferred: in progress
        bot.process.send_signal(signal.SIGTERM)
        fake.wait_until(lambda: "stopping: finishing 1 interactions" in bot.log(), timeout=10)
        late = fake.click(second.player, second.message_id, "roll")
        fake.wait_answered([late])
        locker.join()
        bot.process.wait(30)
    finally:
        log = bot.stop()
    assert bot.process.returncode == 0 and "Traceback" not in log, log
    # The line the README's restart loop waits for, before it restarts the next process.
    assert "Shard ID 0 has connected to Gateway" in log
    assert late.replies == [t("en", "error.restarting")]  # ephemeral: only its player sees it
    assert waiting.acked is not None and not waiting.replies
    saved = saved_games(db)
    assert saved[first.game_id][0] >= 1  # the acknowledged roll was stored before the exit
    assert saved[second.game_id][0] == 0  # the refused one was not played


def test_the_readme_quotes_what_a_player_is_told_during_a_restart():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f'"{t("en", "error.restarting")}"' in readme
    assert 'grep -q "has connected to Gateway"' in readme
