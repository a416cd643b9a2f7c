"""A rolling restart without a gap: two real `python -m bot` processes, one shard each of the
loopback Discord, over one PostgreSQL server, while players click on both shards; each
process in turn is replaced as the README says (tests/bot/cluster.py): the new one connects
beside it (Discord documents two sessions of one shard, and sends the shard's events to both:
tests/bot/fake_shards.py), stands by once warm, and takes the shard over when the old one,
on SIGTERM, lets it go (bot.hosting.handoff). Every acknowledged move is stored exactly once;
no click is refused or fails for the restart, but one sent in the handoff's gap (logged by
both processes, milliseconds), and that gap is at most 0.5 s."""

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
GAP = 0.5  # seconds a restart may leave a click without a process to answer it


@pytest.fixture
def two_shards() -> Iterator[FakeDiscord]:
    fake = FakeDiscord(shards=2)
    fake.start()
    yield fake
    fake.stop()


@pytest.mark.slow
def test_a_rolling_restart_of_two_processes_hands_each_shard_over_losing_no_click(
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
        outages = {s: len(o) for s, o in fake.shards.outages.items()}  # before the last stop
    finally:
        players.stopped = True
        playing.result(30)
        time.sleep(fake.deadline + 0.5)  # the last clicks answered, or failed
        logs = cluster.stop()
    assert all(r.returncode == 0 and "Traceback" not in r.log for r in restarts), restarts
    assert all(bot.process.returncode == 0 for bot in cluster.bots)
    assert not any("Traceback" in log for log in logs), logs
    # Each shard had two sessions at once, and never none after the first start.
    assert fake.shards.most_sessions == {0: 2, 1: 2}
    assert outages == {0: 1, 1: 1}  # the one before the first start
    # The new process stood by (connected and warm) before the old one was stopped, and
    # the handoff's gap, logged by both, is within GAP.
    for restart in restarts:
        assert restart.started < restart.standing_by <= restart.term < restart.ready
        assert restart.gap is not None and 0 <= restart.gap <= GAP, restart
    result = asyncio.run(tally(postgres_url, players.clicks, t("en", "error.restarting")))
    assert result.problems == [] and result.lost == 0 and result.duplicated == 0
    # Both processes played, before and after their restart.
    for process, restart in enumerate(restarts):
        moved = [c for c in players.clicks if c.moved and c.interaction.shard == process]
        assert any(c.interaction.dispatched < restart.term for c in moved)
        assert any(c.interaction.dispatched > restart.ready for c in moved)
    # No click refused for the restart, none undelivered; a click no process tried
    # to answer was sent in its shard's handoff gap. (An answer Discord refuses as later
    # than 3 s, on a machine too busy, is a matter of capacity: test_capacity.py.)
    assert result.restarting == 0 and result.undelivered == 0, result
    for click in players.clicks:
        interaction = click.interaction
        restart = restarts[interaction.shard]
        if interaction.cut:  # sent on the old session as it closed, reaching no other: the
            # race any gateway has (Discord's too); only while the old process stops
            assert restart.term <= interaction.dispatched <= restart.ready, click
        elif interaction.acked is None and interaction.refused is None:
            assert restart.in_gap(interaction.dispatched), click
    # A process that took over answers its first click at once.
    fake.wait_answered(prompt)
    assert all(c.acked is not None for c in prompt), prompt
