"""A rolling restart loses nothing: two real `python -m bot` processes, one shard each of the
loopback Discord, over one PostgreSQL server, while players click on both shards; each
process in turn gets SIGTERM, exits, is started again and reaches READY (tests/bot/cluster.py).
Every acknowledged move is stored exactly once; every click is answered or refused in words,
except those sent while its process was stopping or down (Discord shows those players
"This interaction failed"); a process that comes back answers at once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest

from bot.i18n import t
from tests.bot.cluster import Click, Cluster, Players, tally
from tests.bot.fake_discord import FakeDiscord
from tests.bot.running_bot import seed_games

PLAYERS = 40
PLAY = 4.0  # seconds of clicking before the restart, and again after it


@pytest.fixture
def two_shards() -> Iterator[FakeDiscord]:
    fake = FakeDiscord(shards=2)
    fake.start()
    yield fake
    fake.stop()


@pytest.mark.slow
def test_a_rolling_restart_of_two_processes_on_postgresql_loses_no_acknowledged_move(
        two_shards, postgres_url):
    fake = two_shards
    tables = seed_games(postgres_url, fake, PLAYERS)
    assert {t.shard(2) for t in tables} == {0, 1}  # clicks on both shards
    cluster = Cluster(fake, postgres_url, 2)
    players = Players(fake, tables, rate=15)
    playing = asyncio.run_coroutine_threadsafe(players.run(), fake._loop)
    restarts, prompt = [], []
    try:
        time.sleep(PLAY)
        for process in (0, 1):
            restarts.append(cluster.restart(process))
            # At once, a player of its shard clicks: answered (within Discord's 3 s).
            table = next(t for t in tables if t.shard(2) == process
                         and fake.messages[t.message_id].button("roll"))
            version = fake.messages[table.message_id].version or 0
            click = fake.click(table.player, table.message_id, "roll")
            prompt.append(click)
            players.clicks.append(Click(click, table, version, "roll"))  # in the tally too
        time.sleep(PLAY)
    finally:
        players.stopped = True
        playing.result(30)
        time.sleep(fake.deadline + 0.5)  # the last clicks answered, or failed
        logs = cluster.stop()
    assert all(r.returncode == 0 and "Traceback" not in r.log for r in restarts), restarts
    assert all(bot.process.returncode == 0 for bot in cluster.bots)
    assert not any("Traceback" in log for log in logs), logs
    result = asyncio.run(tally(postgres_url, players.clicks, t("en", "error.restarting")))
    assert result.problems == [] and result.lost == 0 and result.duplicated == 0
    # Both processes played, before and after their restart.
    for process, restart in enumerate(restarts):
        moved = [c for c in players.clicks if c.moved and c.interaction.shard == process]
        assert any(c.interaction.dispatched < restart.term for c in moved)
        assert any(c.interaction.dispatched > restart.ready for c in moved)
    # Every click was answered or refused in words, but those sent while its process
    # was stopping or down. (An answer Discord refuses as later than 3 s, on a machine
    # too busy, is a matter of capacity: tests/bot/hosting/test_capacity.py.)
    assert result.unanswered == 0
    for click in players.clicks:
        interaction = click.interaction
        if interaction.undelivered or interaction.cut:
            restart = restarts[interaction.shard]
            assert restart.term <= interaction.dispatched <= restart.ready, click
    # A restarted process answers its first click at once.
    fake.wait_answered(prompt)
    assert all(c.acked is not None for c in prompt), prompt
