"""The hint service: the advisor's odds computed in the worker pool, one hint at a
time per player, refused on a stale version, never changing the game."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator

import pytest

from bot.errors import GameFinished, NotYourGame, StaleVersion
from bot.application.hints import (
    AlreadyThinking, HintService, compute_hint, hint_seed, rollouts_per_choice,
)
from bot.application.service import GameService
from bot.hosting.workers import WorkerPool
from game_core import Resign, Roll
from game_core.advisor import advise

ROLLOUTS = 24


@pytest.fixture
async def service(tmp_path) -> AsyncIterator[GameService]:
    opened = await GameService.open(tmp_path / "games.sqlite3")
    yield opened
    await opened.close()


@pytest.fixture
async def workers() -> AsyncIterator[WorkerPool]:
    pool = WorkerPool.in_threads(2)
    yield pool
    await pool.close()


@pytest.fixture
def hints(service, workers) -> HintService:
    return HintService(service, workers, rollouts=ROLLOUTS)


async def test_a_hint_spread_over_workers_is_the_advisors_own(service, workers):
    record = await service.start(1, None, None, seed=5)
    game = (await service.act(record.id, 1, 0, Roll())).record.game
    spread = await compute_hint(workers, game, seed=77, rollouts=ROLLOUTS)
    assert spread == advise(game, ROLLOUTS, seed=77)


async def test_a_hint_never_changes_the_game(service, hints):
    record = await service.start(1, None, None, seed=5)
    before = record.game.to_dict()
    got, hint = await hints.hint(record.id, 1, 0)
    after = await service.get(record.id)
    assert after.version == 0 == hint.version and after.game.to_dict() == before
    assert [c.action for c in hint.choices] == [Roll()]
    assert await service.verify(record.id)


async def test_the_same_position_gets_the_same_hint_from_its_game_and_version(service, hints):
    record = await service.start(1, None, None, seed=5)
    first = (await hints.hint(record.id, 1))[1]
    again = (await hints.hint(record.id, 1))[1]
    assert first == again and first.seed == hint_seed(record.id, 0)
    assert hint_seed(record.id, 0) != hint_seed(record.id, 1) != record.seed


async def test_a_second_request_while_one_is_computing_gets_already_thinking(service, hints):
    record = await service.start(1, None, None, seed=5)
    first = asyncio.create_task(hints.hint(record.id, 1, 0))
    await asyncio.sleep(0)  # the first request has started
    assert hints.is_thinking(1)
    with pytest.raises(AlreadyThinking):
        await hints.hint(record.id, 1, 0)
    await first
    assert not hints.is_thinking(1)
    await hints.hint(record.id, 1, 0)  # once answered, the player may ask again


async def test_another_players_hint_is_not_held_up_by_a_hint_computing(service, hints):
    mine = await service.start(1, None, None, seed=5)
    theirs = await service.start(2, None, None, seed=6)
    first = asyncio.create_task(hints.hint(mine.id, 1))
    await asyncio.sleep(0)
    _, hint = await hints.hint(theirs.id, 2)
    assert hint.rollouts == ROLLOUTS
    await first


async def test_an_old_version_is_refused_like_a_stale_click(service, hints):
    record = await service.start(1, None, None, seed=5)
    await service.act(record.id, 1, 0, Roll())
    with pytest.raises(StaleVersion):
        await hints.hint(record.id, 1, 0)
    assert not hints.is_thinking(1)


async def test_only_the_owner_gets_a_hint_and_only_while_the_game_goes_on(service, hints):
    record = await service.start(1, None, None, seed=5)
    with pytest.raises(NotYourGame):
        await hints.hint(record.id, 2)
    await service.act(record.id, 1, 0, Resign())
    with pytest.raises(GameFinished):
        await hints.hint(record.id, 1)


def test_many_choices_share_the_time_of_a_two_choice_hint_with_a_floor():
    assert rollouts_per_choice(1000, 1) == rollouts_per_choice(1000, 2) == 1000
    assert rollouts_per_choice(1000, 4) == 500
    assert rollouts_per_choice(1000, 25) == 200  # never fewer: the intervals would say little
    assert rollouts_per_choice(100, 8) == 100  # nor more than asked


async def test_hints_queue_oldest_first_and_each_waiting_one_is_told_how_many_are_ahead(
        service):
    pool = WorkerPool.in_threads(1)
    hints = HintService(service, pool, rollouts=ROLLOUTS)
    told: dict[int, int] = {}
    finished: list[int] = []

    async def ask(user: int) -> None:
        record = await service.start(user, None, None, seed=user)

        async def note(ahead: int) -> None:
            told[user] = ahead

        await hints.hint(record.id, user, on_wait=note)
        finished.append(user)

    gate = threading.Event()  # the one worker is busy until the four hints are queued
    blocker = asyncio.ensure_future(pool.run_later(gate.wait, 60))
    try:
        asking = []
        for user in (1, 2, 3, 4):
            asking.append(asyncio.create_task(ask(user)))
            while hints.queued < user:  # each asks once the previous one is queued
                await asyncio.sleep(0.001)
        gate.set()
        await asyncio.gather(blocker, *asking)
    finally:
        gate.set()
        await pool.close()
    assert told == {2: 1, 3: 2, 4: 3}  # the first was not kept waiting
    assert finished == [1, 2, 3, 4] and hints.queued == 0
