"""The operators' metrics endpoint, on the real bot driven through simcord: valid
Prometheus text (parsed by the client library's own parser) whose counts move as a game is
played, with no id and no token in any label."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.hosting.app import MonopolyBot
from bot.hosting.observability import Observability
from bot.hosting.settings import Settings
from bot.hosting.workers import WorkerPool
from game_core.strategies import make_strategy

from tests.cogs.conftest import World, button_ids
from tests.cogs.play.test_hostile_input import forge, forged_button
from tests.cogs.playing import find_seed, play_out

TOKEN = "simcord-metrics-token"
QUICK_GAME = {"treasury": 300, "start_cash": 100}  # a short game (E1's house rules)


@pytest.fixture
async def simcord_bot(tmp_path, seeds) -> AsyncIterator[MonopolyBot]:
    workers = WorkerPool.in_threads()
    settings = Settings(token=TOKEN, db_path=tmp_path / "games.sqlite3", shard_count=1,
                        metrics_port=0)
    bot = MonopolyBot(settings, workers=workers,
                      seed_source=lambda: seeds.pop(0) if seeds else 12345)
    yield bot
    await Observability.of(bot).stop()
    await bot.close_service()
    await workers.close()


@pytest.fixture
def seeds() -> list[int]:
    return []


@pytest.fixture
def world(simcord_env) -> World:
    guild = simcord_env.create_guild("Monopoly Club")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    return World(simcord_env, guild, channel, alice, bob)


async def scrape(bot: MonopolyBot, path: str = "/metrics") -> tuple[int, str]:
    port = Observability.of(bot).port
    assert port, "the endpoint did not start"
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of the scrape, by name and labels."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(found: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
          **labels: str) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_counts_move_as_a_game_is_played_and_no_label_carries_an_id(world, seeds):
    bot = world.env.bot
    status, before_text = await scrape(bot)
    assert status == 200
    before = samples(before_text)
    assert value(before, "monopoly_interactions_total", kind="/monopoly new",
                 outcome="answered") == 0
    assert any(name == "monopoly_build_info" for name, _ in before)

    seeds.append(find_seed(QUICK_GAME, "won", "never-buy"))
    start = await world.alice.slash(world.channel, "monopoly new", **QUICK_GAME)
    message = start.response
    roll = button_ids(message)["roll"]
    # Bob presses Alice's button: refused (H1), privately.
    stranger = await world.bob.click(message, custom_id=roll)
    assert stranger.ephemeral
    final = await play_out(world, world.alice, message, make_strategy("never-buy"))
    assert button_ids(final) == {}
    record = await bot.service.get(1)
    assert record.status == "won"

    status, text = await scrape(bot)
    assert status == 200
    after = samples(text)
    assert value(after, "monopoly_interactions_total", kind="/monopoly new",
                 outcome="answered") == 1
    assert value(after, "monopoly_interactions_total", kind="button:roll",
                 outcome="answered") >= 1
    assert value(after, "monopoly_interactions_total", kind="button:roll",
                 outcome="refused") == 1
    clicks = sum(v for (name, labels), v in after.items()
                 if name == "monopoly_interactions_total")
    assert clicks >= 3
    assert value(after, "monopoly_interaction_ack_seconds_count", type="component") >= 2
    assert value(after, "monopoly_interaction_ack_seconds_count", type="command") == 1
    assert value(after, "monopoly_board_update_seconds_count") >= 1
    assert value(after, "monopoly_db_call_seconds_count", call="store_move") >= 1
    assert value(after, "monopoly_games_started_total") == 1
    assert value(after, "monopoly_games_finished_total", result="won") == 1
    assert value(after, "monopoly_games_active") == 0  # counted at the scrape: none left
    assert ("monopoly_worker_queue_depth", (("lane", "pictures"),)) in after
    assert ("monopoly_hint_queue_length", ()) in after

    ids = {str(i) for i in (world.alice.id, world.bob.id, world.guild.id, world.channel.id,
                            message.id, record.id, record.owner_id)}
    labels = {v for _, pairs in after for _, v in pairs}
    assert labels, "the scrape had no labels at all"
    assert not labels & ids, labels & ids
    long_ids = {i for i in ids if len(i) > 6}  # Discord's ids: never inside a label either
    assert not [v for v in labels if any(i in v for i in long_ids)]
    assert TOKEN not in text and "simcord" not in text


async def test_a_control_nobody_made_is_counted_as_other_not_by_its_text(world):
    bot = world.env.bot
    start = await world.alice.slash(world.channel, "monopoly new")
    roll = button_ids(start.response)["roll"]
    forged = forge(world, start.response, roll,
                   forged_button(f"sm:b:1:0:{world.alice.id}:drop_table"))
    await world.alice.click(start.response, custom_id=forged)
    _, text = await scrape(bot)
    found = samples(text)
    assert value(found, "monopoly_interactions_total", kind="button:other",
                 outcome="refused") == 1
    assert "drop_table" not in text


async def test_health_and_readiness_answer_on_the_same_port(world):
    bot: Any = world.env.bot
    status, text = await scrape(bot, "/healthz")
    assert (status, text) == (200, "ok\n")
    status, text = await scrape(bot, "/readyz")
    # simcord's gateway has no shard connections to look at: whatever it says, the
    # database's part answered (the shards' part is checked against the loopback Discord).
    assert status in (200, 503) and "database" not in text, text


async def test_a_storage_call_refused_for_a_held_lock_is_counted_busy(tmp_path):
    """Another program holds SQLite's write lock: the move's storage call fails busy, and
    is counted so, with its time; the read before it answered and is timed too."""
    import sqlite3

    from bot.application.service import GameService
    from bot.errors import DatabaseBusy
    from bot.hosting.observability.metrics import exposition
    from game_core import Roll

    db = tmp_path / "games.sqlite3"
    bot = MonopolyBot(Settings(token=TOKEN, db_path=db, metrics_port=0), sync_commands=False)
    observing = Observability.of(bot)
    service = await GameService.open(db, busy_timeout_ms=100,
                                     wrap=observing.storage_wrap())
    try:
        record = await service.start(7, None, None, seed=3)
        outside = sqlite3.connect(db, isolation_level=None)
        try:
            outside.execute("BEGIN IMMEDIATE")
            with pytest.raises(DatabaseBusy):
                await service.act(record.id, 7, 0, Roll())
        finally:
            outside.execute("ROLLBACK")
            outside.close()
    finally:
        await service.close()
    assert observing.metrics is not None
    found = samples(exposition(observing.metrics)[0].decode())
    assert value(found, "monopoly_db_errors_total", call="store_move", error="busy") == 1
    assert value(found, "monopoly_db_call_seconds_count", call="store_move") == 1
    assert value(found, "monopoly_db_call_seconds_count", call="insert_game") == 1
    assert value(found, "monopoly_games_started_total") == 1
    assert not [labels for (name, labels) in found if name == "monopoly_db_errors_total"
                and ("error", "busy") not in labels]
