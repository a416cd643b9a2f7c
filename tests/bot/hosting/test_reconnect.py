"""A shard's reconnects (bot.hosting.reconnect): capped at MAX_DELAY with jitter, from 1 s
again once back, and each try one log line of ours with the next delay, not discord.py's
line and traceback."""

from __future__ import annotations

import logging
import random

import pytest

from bot.hosting.reconnect import DISCORD_LINE, MAX_DELAY, CappedBackoff, ShardWatch


def test_waits_double_from_1_s_up_to_the_cap_each_drawn_between_half_and_all_of_it():
    backoff = CappedBackoff(random.Random(7))
    delays = [backoff.delay() for _ in range(30)]
    ceilings = [min(MAX_DELAY, 2.0 ** n) for n in range(30)]
    assert all(c / 2 <= d <= c for d, c in zip(delays, ceilings, strict=True)), delays
    assert max(delays) <= MAX_DELAY <= 60  # the bound: at most 60 s between tries
    assert len({round(d, 3) for d in delays[-10:]}) == 10  # jittered, not one fixed value


def test_once_back_the_waits_start_again_from_1_s():
    backoff = CappedBackoff(random.Random(1))
    for _ in range(12):
        backoff.delay()
    backoff.reset()
    assert backoff.delay() <= 1.0


async def test_each_try_is_one_line_saying_the_shard_its_time_away_why_and_the_next_delay(
        caplog):
    watch = ShardWatch()
    try:
        await watch._gone(3)
        logger = logging.getLogger("discord.shard")
        with caplog.at_level(logging.INFO, logger="discord.shard"):
            try:
                raise ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 9)")
            except OSError:
                logger.error(DISCORD_LINE, 3, 12.5, exc_info=True)
        (record,) = caplog.records
        assert record.levelname == "WARNING" and record.exc_info is None
        line = record.getMessage()
        assert line.startswith("shard 3 away for 0 s, try 1 failed (ConnectionRefusedError: ")
        assert line.endswith("; next try in 12.5 s") and "\n" not in line
        assert watch.seconds_away(3) > 0 and watch.describe(3).startswith("away 0 s, next try")
        await watch._back(3)
        assert watch.seconds_away(3) == 0 and watch.describe(3) == ""
    finally:
        watch.close()


@pytest.mark.parametrize("other", ["Shard ID %s has connected to Gateway", "%s"])
def test_discord_py_s_other_lines_pass_untouched(caplog, other):
    watch = ShardWatch()
    try:
        with caplog.at_level(logging.INFO, logger="discord.shard"):
            logging.getLogger("discord.shard").info(other, 0)
        assert caplog.records[0].msg == other
    finally:
        watch.close()


def test_no_wait_is_left_to_discord_py_s_own_backoff():
    """discord.py's ExponentialBackoff reaches 2^10 s; ours replaces it on each shard."""
    class Shard:
        _backoff: object = None

    shard, watch = Shard(), ShardWatch()
    try:
        watch.adopt(0, shard)
        assert isinstance(shard._backoff, CappedBackoff)
    finally:
        watch.close()
