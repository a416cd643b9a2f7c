"""The real bot serving the page: `python -m bot` with its Activity server on a free port,
against the loopback Discord (which issues the OAuth2 codes), over games already started."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ...fake_discord import FakeDiscord
from ...fake_oauth import CLIENT_SECRET
from ...running_bot import RunningBot, seed_games


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def served(folder: Path, players: int) -> Iterator[dict[str, Any]]:
    """{"fake", "tables", "bot", "db", "base"}; the bot's log may hold no traceback from
    the time it served them."""
    fake = FakeDiscord(entry_point=True)
    fake.start()
    db = folder / "monopoly.sqlite3"
    tables = seed_games(db, fake, players)
    port = free_port()
    bot = RunningBot(fake, db, env={"MONOPOLY_ACTIVITY_PORT": str(port),
                                    "DISCORD_CLIENT_SECRET": CLIENT_SECRET})
    try:
        yield {"fake": fake, "tables": tables, "bot": bot, "db": db,
               "base": f"http://127.0.0.1:{port}"}
    finally:
        log = bot.stop()
        fake.stop()
        # While the page was played: no error behind any tap (the stop is tested elsewhere).
        playing = log.split("stopping on signal")[0]
        at = playing.find("Traceback")
        assert at < 0, playing[max(0, at - 600):at + 3000]
