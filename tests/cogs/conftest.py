"""Discord tests drive the real discord.py client offline through simcord (pinned 3.2.1).

`simcord_bot` builds the real MonopolyBot on a real SQLite file; games' seeds come from the
`seeds` list so a test can know its dice in advance.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import pytest
import simcord
import simcord.interactions as simcord_interactions

from bot.hosting.app import MonopolyBot
from bot.hosting.settings import Settings
from bot.hosting.workers import WorkerPool

DEFAULT_SEED = 12345


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "data" / "monopoly.sqlite3"


@pytest.fixture
def seeds() -> list[int]:
    """Seeds handed to the next games started (then DEFAULT_SEED)."""
    return []


@pytest.fixture
async def make_bot(db_path, seeds) -> AsyncIterator[Callable[[], MonopolyBot]]:
    """Builds bots on the test's database; closes their databases when the test ends
    (simcord detaches a bot but never closes it). Their pictures are drawn in a thread: off
    the event loop as in production, without starting worker processes for every test (the
    process pool is tested in tests/bot/hosting/test_workers.py and against the real bot
    process)."""
    made: list[MonopolyBot] = []
    workers = WorkerPool.in_threads()

    def make() -> MonopolyBot:
        # simcord runs an AutoShardedBot only when told its shard count.
        settings = Settings(token="simcord-token", db_path=db_path, shard_count=1)
        bot = MonopolyBot(settings, workers=workers,
                          seed_source=lambda: seeds.pop(0) if seeds else DEFAULT_SEED)
        made.append(bot)
        return bot

    yield make
    for bot in made:
        await bot.close_service()
    await workers.close()


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


@dataclass
class World:
    env: Any
    guild: Any
    channel: Any
    alice: Any
    bob: Any


@pytest.fixture
def world(simcord_env) -> World:
    guild = simcord_env.create_guild("Monopoly Club")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    return World(simcord_env, guild, channel, alice, bob)


@pytest.fixture
def interaction_locales(monkeypatch) -> dict[int, str]:
    """Give a user's interactions a Discord locale: `interaction_locales[user.id] = "fr"`.

    simcord 3.2.1 always sends "en-US" and has no option for it; this wraps its one payload
    builder (used for slash commands, autocomplete, clicks and selects) and changes only the
    locale field. Tied to simcord 3.2.1, which the project pins.
    """
    overrides: dict[int, str] = {}
    original = simcord_interactions.base_payload

    def base_payload(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        locale = overrides.get(kwargs["user_id"])
        if locale is not None:
            payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", base_payload)
    return overrides


def components(message: Any) -> list[dict[str, Any]]:
    """The message's components as Discord payload dicts, from a simcord ResponseMessage
    (dicts already) or a discord.Message (ActionRow objects)."""
    out = []
    for row in message.components:
        row_dict = row if isinstance(row, dict) else row.to_dict()
        out.extend(row_dict["components"])
    return out


def button_ids(message: Any) -> dict[str, str]:
    """The game message's buttons: action type -> custom_id (sm:b:game:version:owner:action)."""
    out = {}
    for component in components(message):
        custom_id = component.get("custom_id", "")
        if custom_id.startswith("sm:b:"):
            out[custom_id.rsplit(":", 1)[1]] = custom_id
    return out


def button_labels(message: Any) -> dict[str, str]:
    """Action type -> the label the player reads."""
    return {c["custom_id"].rsplit(":", 1)[1]: c.get("label", "") for c in components(message)
            if c.get("custom_id", "").startswith("sm:b:")}


def select_ids(message: Any) -> dict[str, tuple[str, list[str]]]:
    """The game message's menus: kind -> (custom_id, option values)."""
    out = {}
    for component in components(message):
        custom_id = component.get("custom_id", "")
        if custom_id.startswith("sm:s:"):
            values = [o["value"] for o in component.get("options", [])]
            out[custom_id.rsplit(":", 1)[1]] = (custom_id, values)
    return out


__all__ = ["World", "button_ids", "button_labels", "components", "select_ids", "simcord"]
