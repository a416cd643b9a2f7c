"""No token in the log at any level: interaction and webhook tokens, which
discord.py logs at DEBUG with every gateway event and request URL, nor the bot's own."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import signal
import subprocess
from collections.abc import Iterator

import pytest

from bot.__main__ import setup_logging
from bot.hosting.redact import REDACTED
from bot.application.service import GameService
from bot.hosting.settings import Settings

from tests.bot.fake_discord import FakeDiscord
from tests.bot.fake_payloads import CHANNEL_ID, GUILD_ID

PLAYER, FINISHER = 4242, 4343
INTERACTION_TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OnNlY3JldA"
BOT_TOKEN = "MTAw.bot.token.secret"


@pytest.fixture
def fake_discord() -> Iterator[FakeDiscord]:
    discord_ = FakeDiscord(deadline=30)
    discord_.start()
    try:
        yield discord_
    finally:
        discord_.stop()


async def _games(path: os.PathLike[str]) -> tuple[int, int]:
    """PLAYER's game in progress, and FINISHER's finished game."""
    service = await GameService.open(path)
    try:
        going = await service.start(PLAYER, GUILD_ID, CHANNEL_ID)
        over = await service.start(FINISHER, GUILD_ID, CHANNEL_ID)
        await service.resign(over.id, FINISHER)
        return going.id, over.id
    finally:
        await service.close()


def test_interaction_tokens_never_reach_the_log_even_at_debug(tmp_path, fake_discord):
    db = tmp_path / "games.sqlite3"
    going, over = asyncio.run(_games(db))
    env = {"PATH": os.environ.get("PATH", ""), "DISCORD_TOKEN": BOT_TOKEN,
           "MONOPOLY_DB": str(db), "MONOPOLY_LOG_LEVEL": "DEBUG"}
    # The log goes to a file, not a pipe: at DEBUG it outgrows a pipe's buffer (the synced
    # commands alone, in three languages, are over 64 KB) long before anyone reads it.
    log_file = tmp_path / "bot.log"
    with log_file.open("w") as sink:
        bot = subprocess.Popen(fake_discord.bot_command(), cwd=tmp_path, env=env,
                               stdout=sink, stderr=subprocess.STDOUT, text=True)
    try:
        assert fake_discord.identified.wait(60), "the bot never reached the gateway"
        offer, again = f"sm:again:{going}:{PLAYER}", f"sm:again:{over}:{FINISHER}"
        pager = "sm:pg:rules::en:1:n"
        message = fake_discord.post_message([{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Play again", "custom_id": offer},
            {"type": 2, "style": 1, "label": "Play again", "custom_id": again},
            {"type": 2, "style": 2, "label": "Next", "custom_id": pager}]}])
        # Play again with a game going offers to resign it (H1); without, it starts a game
        # (its picture may follow through the webhook route); the pager edits the message.
        # Each answers through a URL holding the interaction's token.
        clicks = fake_discord.click_many([(PLAYER, message, offer), (FINISHER, message, again),
                                          (PLAYER, message, pager)])
        fake_discord.wait_until(lambda: any(m.pictures for m in fake_discord.messages.values()))
        fake_discord.wait_answered(clicks)
        assert all(click.acked is not None for click in clicks)
        bot.send_signal(signal.SIGTERM)
        bot.wait(timeout=60)
    finally:
        if bot.poll() is None:
            bot.kill()
    log = log_file.read_text()
    assert bot.returncode == 0, log
    assert "WebSocket Event" in log and "INTERACTION_CREATE" in log  # DEBUG really was on
    assert f"/interactions/{clicks[0].id}/{REDACTED}/callback" in log
    for click in clicks:
        assert click.token not in log
    assert BOT_TOKEN not in log


def test_a_gateway_event_and_a_failed_request_are_logged_without_their_tokens():
    out = io.StringIO()
    root = logging.getLogger()
    old_level, old_handlers = root.level, list(root.handlers)
    handler = setup_logging(Settings(token=BOT_TOKEN, log_level=logging.DEBUG), stream=out)
    try:
        event = {"t": "INTERACTION_CREATE", "s": 7, "op": 0, "d": {
            "id": "1234", "application_id": "100", "type": 3, "token": INTERACTION_TOKEN,
            "data": {"custom_id": "sm:b:1:0:42:roll", "component_type": 2}}}
        # discord.py's own words (gateway.py, http.py), by its own loggers.
        logging.getLogger("discord.gateway").debug(
            "For Shard ID %s: WebSocket Event: %s", None, event)
        url = f"https://discord.com/api/v10/interactions/1234/{INTERACTION_TOKEN}/callback"
        logging.getLogger("discord.http").debug(
            "%s %s with %s has returned %s", "POST", url, '{"type": 7}', 404)
        hook = f"https://discord.com/api/v10/webhooks/100/{INTERACTION_TOKEN}?wait=true"
        try:
            raise RuntimeError(f"could not reach {hook} with {BOT_TOKEN}")
        except RuntimeError:
            logging.getLogger("discord.webhook").exception("an error at %s", hook)
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
        assert root.handlers == old_handlers
    log = out.getvalue()
    assert INTERACTION_TOKEN not in log and BOT_TOKEN not in log, log
    assert f"'token': '{REDACTED}'" in log and "'custom_id': 'sm:b:1:0:42:roll'" in log
    assert f"/interactions/1234/{REDACTED}/callback" in log
    assert f"/webhooks/100/{REDACTED}?wait=true" in log
    assert "Traceback" in log and "RuntimeError" in log  # the traceback is still told
