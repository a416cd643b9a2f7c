"""/healthz follows the event loop: 503 and why once it answered late, 200 again after;
/readyz says a bot that hasn't opened its database isn't ready; the endpoint listens where
the settings say and a port already taken stops the start with one line."""

from __future__ import annotations

import asyncio
import socket
import time

import aiohttp
import pytest

from bot.hosting.app import MonopolyBot
from bot.hosting.host import StartupError
from bot.hosting.observability import Observability, health
from bot.hosting.settings import Settings


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def test_healthz_is_503_after_the_event_loop_was_held_up_then_200_again(monkeypatch):
    monkeypatch.setattr(health, "WINDOW", 1.0)  # how long a late answer counts
    bot = MonopolyBot(Settings(token="health", metrics_port=0), sync_commands=False)
    observing = Observability.of(bot)
    await observing.start()
    try:
        assert observing.port
        assert await get(observing.port, "/healthz") == (200, "ok\n")
        # The loop held up (a blocking call on it) long enough that a ping sent at any
        # moment of it waits past the budget.
        time.sleep(health.BUDGET + health.PING_EVERY + 0.5)
        await asyncio.sleep(0.05)  # the watch's ping, answered late
        status, text = await get(observing.port, "/healthz")
        assert status == 503 and "event loop" in text and text.count("\n") == 1, text
        await asyncio.sleep(health.WINDOW)
        for _ in range(50):  # healthy again once no late answer is left in the window
            if (answer := await get(observing.port, "/healthz")) == (200, "ok\n"):
                break
            await asyncio.sleep(0.1)
        assert answer == (200, "ok\n")
        status, text = await get(observing.port, "/readyz")
        assert (status, text) == (503, "starting: the database is not open yet\n")
    finally:
        await observing.stop()


async def test_a_metrics_port_already_taken_stops_the_start_with_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        bot = MonopolyBot(Settings(token="health", metrics_port=port), sync_commands=False)
        with pytest.raises(StartupError, match=f"can't serve the metrics on 127.0.0.1:{port}"):
            await Observability.of(bot).start()


async def test_metrics_off_starts_no_endpoint():
    bot = MonopolyBot(Settings(token="health"), sync_commands=False)
    observing = Observability.of(bot)
    await observing.start()
    assert observing.port is None and observing.metrics is None
    await observing.stop()
