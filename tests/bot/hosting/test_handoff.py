"""Which of two processes of one shard answers its clicks (bot.hosting.handoff), on a real
PostgreSQL: the first takes the shard, the second stands by; on SIGTERM the first lets the
shard go only if someone stands by for it, and the second has it a round trip later."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from bot.hosting.handoff import Handoff

pytestmark = pytest.mark.postgres


async def test_a_second_process_of_a_shard_stands_by_and_takes_it_when_the_first_lets_go(
        postgres_url, caplog):
    old, new = Handoff(postgres_url, [0, 1]), Handoff(postgres_url, [1, 2])
    ready = asyncio.Event()
    try:
        await old.start()
        await new.start()
        assert old.serving == {0, 1} and old.serves(1)
        assert new.serving == {2} and new.waiting == {1} and not new.serves(1)
        new.take_over_when_ready(ready.wait)  # connected and warm: not yet
        await asyncio.sleep(0.2)
        assert new.waiting == {1}
        with caplog.at_level(logging.INFO, logger="bot.hosting.handoff"):
            ready.set()
            while "standing by for shard 1" not in caplog.text:
                await asyncio.sleep(0.001)
        # SIGTERM at once, as an operator's script would send it: the first sees the second.
        assert new.waiting == {1} and not new.serves(1)
        let_go = time.monotonic()
        assert await old.release() == {1}  # shard 0 has nobody standing by: kept
        assert not old.serves(1) and old.serves(0)
        while not new.serves(1):
            await asyncio.sleep(0.001)
        assert time.monotonic() - let_go < 0.5
        assert new.waiting == set()
    finally:
        await old.close()
        await new.close()


async def test_with_nobody_standing_by_nothing_is_handed_over(postgres_url):
    alone = Handoff(postgres_url, [0])
    try:
        await alone.start()
        assert await alone.release() == set() and alone.serves(0)
    finally:
        await alone.close()


async def test_a_process_that_died_frees_its_shards_for_the_next(postgres_url):
    gone, next_ = Handoff(postgres_url, [0]), Handoff(postgres_url, [0])
    await gone.start()
    await gone.close()  # its connection closed: PostgreSQL frees its locks
    try:
        await next_.start()
        assert next_.serves(0) and next_.waiting == set()
    finally:
        await next_.close()
