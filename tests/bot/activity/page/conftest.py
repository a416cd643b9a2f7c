"""The page's tests: one real bot for them all (the real `python -m bot` serving the page,
against the loopback Discord), and one Chromium for each module (browser.py)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest

from ...fake_discord import FakeDiscord
from ...fake_oauth import CLIENT_SECRET
from ...running_bot import RunningBot, seed_games
from .browser import launch

PLAYERS = 8  # each test plays its own player's game: tables[n]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    fake = FakeDiscord(entry_point=True)
    fake.start()
    db = tmp_path_factory.mktemp("page") / "monopoly.sqlite3"
    tables = seed_games(db, fake, PLAYERS)
    port = free_port()
    bot = RunningBot(fake, db, env={"MONOPOLY_ACTIVITY_PORT": str(port),
                                    "DISCORD_CLIENT_SECRET": CLIENT_SECRET})
    try:
        yield {"fake": fake, "tables": tables, "bot": bot, "db": db,
               "base": f"http://127.0.0.1:{port}"}
    finally:
        log = bot.stop()
        fake.stop()
        assert "Traceback" not in log, log


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()
