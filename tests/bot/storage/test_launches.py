"""The Activity's launch records in the database (migration 11), on both backends: a launch
recorded by one process is found by another (a cluster), only a fresh one opens anything,
old ones are deleted, bad ids are refused, and every statement uses an index."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.application.launches import FRESH, KEPT, PRUNE_EVERY
from bot.application.service import GameService
from bot.errors import InvalidRequest
from bot.storage.privacy import forget_player, player_data

from .test_query_plans import plan, watch

CHANNEL, OTHER_CHANNEL = 500, 501
LAUNCHER, FRIEND, WATCHER = 11, 12, 13


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def rows(service: GameService) -> list[tuple[int, int, int]]:
    found = await service._storage.read(
        "SELECT user_id, channel_id, game_id FROM activity_launches ORDER BY user_id")
    return [(int(r["user_id"]), int(r["channel_id"]), int(r["game_id"])) for r in found]


async def test_a_launch_recorded_by_one_process_is_watched_through_another(database):
    clock = Clock()
    one = await GameService.open(database, clock=clock)
    other = await GameService.open(database, clock=clock)
    try:
        await one.launches.launched(CHANNEL, LAUNCHER, 7)
        # Another process: the watcher's page reached it.
        users = frozenset({LAUNCHER, WATCHER})
        assert await other.launches.watched(CHANNEL, users, WATCHER) == LAUNCHER
        # Not the launcher themselves, nor someone not in the instance, nor another channel.
        assert await other.launches.watched(CHANNEL, users, LAUNCHER) == 0
        assert await other.launches.watched(CHANNEL, frozenset({WATCHER, FRIEND}), WATCHER) == 0
        assert await other.launches.watched(OTHER_CHANNEL, users, WATCHER) == 0
        assert await other.launches.watched(None, users, WATCHER) == 0
        # The newest launch by one of the instance's users wins; a player's own newer launch
        # in the channel replaces theirs (one row each).
        clock.now += 5
        await other.launches.launched(CHANNEL, FRIEND, 8)
        everyone = frozenset({LAUNCHER, FRIEND, WATCHER})
        assert await one.launches.watched(CHANNEL, everyone, WATCHER) == FRIEND
        clock.now += 5
        await one.launches.launched(CHANNEL, LAUNCHER, 9)
        assert await one.launches.watched(CHANNEL, everyone, WATCHER) == LAUNCHER
        assert await rows(one) == [(LAUNCHER, CHANNEL, 9), (FRIEND, CHANNEL, 8)]
        # A launch without a channel (nobody can join it) records nothing.
        await one.launches.launched(None, WATCHER, 10)
        assert len(await rows(one)) == 2
    finally:
        await one.close()
        await other.close()


async def test_an_old_launch_opens_nothing_and_a_day_old_one_is_deleted(database):
    clock = Clock()
    service = await GameService.open(database, clock=clock)
    try:
        await service.launches.launched(CHANNEL, LAUNCHER, 7)
        clock.now += FRESH + 1
        assert await service.launches.watched(CHANNEL, {LAUNCHER, WATCHER}, WATCHER) == 0
        assert len(await rows(service)) == 1  # kept: not a day old yet
        clock.now += KEPT + PRUNE_EVERY
        await service.launches.launched(OTHER_CHANNEL, FRIEND, 8)
        assert await rows(service) == [(FRIEND, OTHER_CHANNEL, 8)]
    finally:
        await service.close()


@pytest.mark.parametrize("call", [
    ("launched", (CHANNEL, True, 7)), ("launched", (CHANNEL, LAUNCHER, -1)),
    ("launched", (2**63, LAUNCHER, 7)), ("launched", (CHANNEL, "11", 7)),
    ("watched", (CHANNEL, {LAUNCHER, "x"}, WATCHER)), ("watched", (CHANNEL, set(), 1.5)),
    ("watched", (CHANNEL, set(range(5000)), WATCHER)),
])
async def test_the_service_refuses_bad_ids(database, call: tuple[str, tuple[Any, ...]]):
    service = await GameService.open(database)
    try:
        name, args = call
        with pytest.raises(InvalidRequest):
            await getattr(service.launches, name)(*args)
        assert await rows(service) == []
    finally:
        await service.close()


async def _ignore(games: Any) -> None:
    pass


SQLITE_SCAN = re.compile(r"\bSCAN activity_launches\b(?! USING (COVERING )?INDEX)")
PG_SCAN = re.compile(r"Seq Scan on activity_launches\b")


async def test_every_launch_query_uses_an_index(database):
    clock = Clock()
    service = await GameService.open(database, clock=clock)
    try:
        for n in range(200):  # launches of many players in many channels
            clock.now += 1
            await service.launches.launched(CHANNEL + n % 20, 1000 + n, n + 1)
        sent: list[tuple[str, tuple[Any, ...]]] = []
        stop = await watch(service, sent)
        clock.now += PRUNE_EVERY
        await service.launches.launched(CHANNEL, LAUNCHER, 7)  # written, and old ones pruned
        await service.launches.watched(CHANNEL, {LAUNCHER, WATCHER}, WATCHER)
        # /monopoly mydata exports the player's launches, /monopoly forget deletes them.
        exported = await player_data(service._storage, LAUNCHER, _ignore)
        await forget_player(service._storage, LAUNCHER, 999_999)
        await stop()
        assert exported["activity_launches"][0]["game_id"] == 7
        assert (LAUNCHER, CHANNEL, 7) not in await rows(service)
    finally:
        await service.close()
    queries = sorted({(s, a) for s, a in sent if "activity_launches" in s}, key=repr)
    assert len({s for s, _ in queries}) >= 3, queries  # write, prune, read
    # Privacy's, by the player's id (bot.storage.privacy, PLAYER_COLUMNS).
    pg = database.startswith("postgresql://")
    mark, value = ("$1", (LAUNCHER,)) if pg else (str(LAUNCHER), ())
    queries += [(f"SELECT * FROM activity_launches WHERE user_id = {mark}", value),
                (f"DELETE FROM activity_launches WHERE user_id = {mark}", value)]
    scan = PG_SCAN if database.startswith("postgresql://") else SQLITE_SCAN
    scans = {}
    for statement, args in queries:
        lines = await plan(database, statement, args)
        if any(scan.search(line) for line in lines):
            scans[statement] = lines
    assert not scans, scans
