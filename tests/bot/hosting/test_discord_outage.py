"""Through one of Discord's outages: the real `python -m bot` against the loopback Discord,
which goes away mid-game (its gateway connections close, new ones are refused, REST answers
503) and comes back.

A stop in seconds, always: SIGTERM stops the process within 10 s whatever Discord's state
(connected is tests/bot/hosting/test_draining.py; here reconnecting, with a long wait before
the next try scheduled, and with a click still being played): exit 0, the database closed,
no acknowledged move lost. Back in seconds: each reconnect try is one log line with the next
delay, never more than bot.hosting.reconnect.MAX_DELAY apart; /readyz and
`monopoly_shard_away_seconds` say which shard is away and for how long; once Discord is back
the bot serves again within 60 s.
"""

from __future__ import annotations

import re
import signal
import threading
import time

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.hosting.reconnect import MAX_DELAY
from tests.bot.fake_discord import FakeDiscord
from tests.bot.hosting.test_probes import free_port, get
from tests.bot.hosting.test_slow_database import hold_write_lock
from tests.bot.running_bot import RunningBot, Table, saved_games, seed_games

STOP_BUDGET = 10.0  # seconds: what docker gives a process after SIGTERM before killing it
BACK_BUDGET = 60.0  # seconds from Discord's return to the bot serving again
RETRY = re.compile(r"shard (\d+) away for (\d+) s, try (\d+) failed \(.*?\); next try in "
                   r"([\d.]+) s")


class Bot(RunningBot):
    """`python -m bot` with its metrics and probes endpoint."""

    def __init__(self, fake: FakeDiscord, db: object) -> None:
        self.port = free_port()
        super().__init__(fake, db, env={"MONOPOLY_METRICS_PORT": str(self.port)})  # type: ignore[arg-type]

    def retries(self) -> list[tuple[int, float, int, float]]:
        """(shard, seconds away, try, next delay) of each reconnect line logged."""
        return [(int(a), float(b), int(c), float(d)) for a, b, c, d in RETRY.findall(self.log())]

    def timed_stop(self) -> float:
        """SIGTERM; seconds until the process exited."""
        sent = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(30)
        finally:
            took = time.monotonic() - sent
            self.stop()
        return took


def play(fake: FakeDiscord, table: Table) -> None:
    """A roll, answered and shown."""
    click = fake.click(table.player, table.message_id, "roll")
    fake.wait_answered([click])
    assert click.acked is not None and not click.replies, click


def wait(condition: object, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError(f"never: {what}")


@pytest.mark.slow
def test_sigterm_while_a_reconnect_waits_stops_within_seconds_with_the_database_closed(
        fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    first, _ = seed_games(db, fake, 2)
    bot = Bot(fake, db)
    try:
        play(fake, first)  # mid-game: a move stored
        fake.go_away()
        # discord.py's loop would notice the stop only at its next try, 8 s ahead at least
        # (up to minutes with its own backoff).
        wait(lambda: any(delay >= 8 for *_, delay in bot.retries()), 60,
             "a reconnect scheduled 8 s ahead or more")
        took = bot.timed_stop()
    finally:
        log = bot.stop()
        fake.come_back()
    *_, delay = bot.retries()[-1]
    assert took < min(STOP_BUDGET, delay), (took, log)
    assert bot.process.returncode == 0 and "Traceback" not in log, log
    assert "database closed" in log
    assert saved_games(db)[first.game_id][0] >= 1


@pytest.mark.slow
def test_sigterm_with_discord_gone_and_a_click_in_progress_stores_it_and_exits_0_in_10_s(
        tmp_path):
    fake = FakeDiscord(deadline=30)  # the click waits for the database longer than 3 s
    fake.start()
    db = tmp_path / "games.sqlite3"
    (first,) = seed_games(db, fake, 1)
    bot = Bot(fake, db)
    try:
        taken = threading.Event()
        locker = threading.Thread(target=hold_write_lock, args=(db, 3.0, taken))
        locker.start()
        assert taken.wait(10)
        click = fake.click(first.player, first.message_id, "roll")
        fake.wait_until(lambda: click.acked is not None, timeout=10)  # deferred: in progress
        fake.go_away()  # its answer can't be shown: Discord answers 503
        took = bot.timed_stop()
        locker.join()
    finally:
        log = bot.stop()
        fake.come_back()
        fake.stop()
    assert took < STOP_BUDGET, (took, log)
    assert bot.process.returncode == 0 and "Traceback" not in log, log
    assert "database closed" in log
    assert saved_games(db)[first.game_id][0] >= 1  # the acknowledged roll was stored


def outage(fake: FakeDiscord, db: object, table: Table, seconds: float) -> None:
    """Discord away for `seconds` while the bot runs; then back, and the bot serves again
    within BACK_BUDGET; every try logged with its delay, none longer than MAX_DELAY."""
    bot = Bot(fake, db)
    try:
        play(fake, table)
        gone = time.monotonic()
        fake.go_away()
        wait(lambda: len(bot.retries()) >= 2, 30, "two reconnect tries logged")
        status, text = get(bot.port, "/readyz")
        assert status == 503 and re.match(r"shard 0 not connected to Discord \(away \d+ s",
                                          text), text
        metrics = {s.name: s.value for family in text_string_to_metric_families(
            get(bot.port, "/metrics")[1]) for s in family.samples}
        assert metrics["monopoly_shard_away_seconds"] > 0
        time.sleep(max(0.0, seconds - (time.monotonic() - gone)))
        back = time.monotonic()
        fake.come_back()
        assert fake.wait_shards([0], back, BACK_BUDGET), bot.log()
        served = time.monotonic() - back
        play(fake, table)  # it serves again
        assert get(bot.port, "/readyz") == (200, "ready\n")
        metrics = {s.name: s.value for family in text_string_to_metric_families(
            get(bot.port, "/metrics")[1]) for s in family.samples}
        assert metrics["monopoly_shard_away_seconds"] == 0
    finally:
        log = bot.stop()
    retries = bot.retries()
    assert served < BACK_BUDGET
    assert all(delay <= MAX_DELAY for *_, delay in retries), retries
    assert [n for _, _, n, _ in retries] == list(range(1, len(retries) + 1)), retries
    assert "Attempting a reconnect" not in log and "Traceback" not in log, log
    assert re.search(r"shard 0 connected to Discord again after [\d.]+ s away", log), log
    assert bot.process.returncode == 0


@pytest.mark.slow
def test_after_a_short_outage_the_bot_serves_again_and_said_which_shard_was_away(
        fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    (table,) = seed_games(db, fake, 1)
    outage(fake, db, table, 8.0)


@pytest.mark.slow
def test_after_two_minutes_without_discord_the_bot_serves_again_within_60_s(fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    (table,) = seed_games(db, fake, 1)
    outage(fake, db, table, 120.0)  # long enough for the wait to reach its cap
