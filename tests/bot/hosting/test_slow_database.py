"""A click that waits on the database is still answered within Discord's 3 s:
the real `python -m bot` against the loopback Discord, which refuses an answer
later than 3 s (10062) as Discord does, while another program holds the SQLite write lock
for 4 s (less than the bot's 5 s busy timeout, so the move is then stored)."""

from __future__ import annotations

import pytest

import sqlite3
import threading
import time
from pathlib import Path


from tests.bot.running_bot import RunningBot, saved_games, seed_games

LOCK_SECONDS = 4.0


def hold_write_lock(db: Path, seconds: float, taken: threading.Event) -> None:
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        taken.set()
        time.sleep(seconds)
        conn.execute("ROLLBACK")
    finally:
        conn.close()


@pytest.mark.slow
def test_a_click_waiting_on_a_locked_database_is_acknowledged_in_time_then_played(fake,
                                                                                   tmp_path):
    db = tmp_path / "games.sqlite3"
    [table] = seed_games(db, fake, 1)
    bot = RunningBot(fake, db)
    try:
        taken = threading.Event()
        locker = threading.Thread(target=hold_write_lock, args=(db, LOCK_SECONDS, taken))
        locker.start()
        assert taken.wait(10)
        click = fake.click(table.player, table.message_id, "roll")
        fake.wait_answered([click])
        locker.join()
        assert click.refused is None and click.acked is not None, bot.log()
        assert click.ack_seconds is not None and click.ack_seconds < 3.0
        message = fake.messages[table.message_id]
        fake.wait_until(lambda: message.version == 1, timeout=30)
    finally:
        log = bot.stop()
    assert bot.process.returncode == 0 and "Traceback" not in log, log
    assert saved_games(db)[table.game_id][0] == 1
