"""Many calls at once: the version guard and the per-game locks under real concurrency, on
both backends (a SQLite file and a PostgreSQL database: tests/conftest.py's `database`)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest

from bot.errors import DamagedGame, GameFinished, StaleVersion
from bot.application.service import ActResult, GameService
from game_core import Game, Resign, Roll, action_from_dict
from game_core.strategies import STRATEGIES, make_strategy


from tests.bot.raw_db import raw


@pytest.fixture
async def service(database) -> AsyncIterator[GameService]:
    opened = await GameService.open(database)
    yield opened
    await opened.close()


async def log_of(database: str, game_id: int) -> list[tuple[int, str]]:
    return [(seq, action) for seq, action in await raw(
        database, "SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq", game_id)]


async def test_100_identical_clicks_at_one_version_apply_exactly_once(service, database):
    record = await service.start(1, None, None, seed=11)
    results = await asyncio.gather(*(service.act(record.id, 1, 0, Roll()) for _ in range(100)))
    applied = [r for r in results if not r.duplicate]
    assert len(applied) == 1
    assert all(r.events == applied[0].events for r in results)  # duplicates see the same
    assert (await service.get(record.id)).version == 1
    assert await log_of(database, record.id) == [(1, '{"type":"roll"}')]


async def test_100_different_actions_at_one_version_exactly_one_applies(service, database):
    record = await service.start(1, None, None, seed=11)
    record = (await service.act(record.id, 1, 0, Roll())).record
    choices = record.game.legal_actions()
    assert len(choices) >= 2
    calls = [service.act(record.id, 1, 1, choices[i % len(choices)]) for i in range(100)]
    results = await asyncio.gather(*calls, return_exceptions=True)
    applied = [r for r in results if isinstance(r, ActResult) and not r.duplicate]
    assert len(applied) == 1
    winner = (await service.history(record.id, limit=1))[0].action
    for call, result in zip(range(100), results, strict=True):
        if choices[call % len(choices)].to_dict() == winner:
            assert isinstance(result, ActResult)  # the applied click, or its duplicates
        else:
            assert isinstance(result, StaleVersion) and result.current == 2
    assert [seq for seq, _ in await log_of(database, record.id)] == [1, 2]


async def test_the_version_guard_alone_holds_between_two_processes(database):
    """Two services on one database share no lock and no cache, like the bot and the
    terminal client, or two bot processes: only the database's version guard keeps the game
    sound."""
    path = database
    first, second = await GameService.open(path), await GameService.open(path)
    try:
        record = await first.start(1, None, None, seed=3)
        await second.get(record.id)
        for version in range(20):
            game = (await first.get(record.id)).game
            if game.is_over:
                break
            action = make_strategy("always-buy").choose(game)
            calls = [(first if i % 2 else second).act(record.id, 1, version, action)
                     for i in range(20)]
            results = await asyncio.gather(*calls)
            assert sum(not r.duplicate for r in results) == 1
        assert await first.verify(record.id)
        version = (await first.get(record.id)).version
        assert [seq for seq, _ in await log_of(path, record.id)] == list(range(1, version + 1))
        # A stale write is refused even when the writer's own cache says it is current.
        record = await first.start(2, None, None, seed=4)
        record = (await second.act(record.id, 2, 0, Roll())).record  # second caches version 1
        moved_on = record.game.legal_actions()[0]
        assert moved_on != Resign()
        await first.act(record.id, 2, 1, moved_on)
        with pytest.raises(StaleVersion) as refused:
            await second.act(record.id, 2, 1, Resign())
        assert (refused.value.expected, refused.value.current) == (1, 2)
        assert [json.loads(a) for _, a in await log_of(path, record.id)] == [
            Roll().to_dict(), moved_on.to_dict()]
    finally:
        await first.close()
        await second.close()


async def test_a_held_game_lock_does_not_hold_other_games(service):
    busy = await service.start(1, None, None, seed=1)
    free = await service.start(2, None, None, seed=2)
    async with service.core.lock_for(busy.id):  # as if an action on `busy` were in progress
        waiting = asyncio.create_task(service.act(busy.id, 1, 0, Roll()))
        result = await asyncio.wait_for(service.act(free.id, 2, 0, Roll()), timeout=5)
        assert result.record.version == 1 and not waiting.done()
    assert (await waiting).record.version == 1


@pytest.mark.slow
async def test_500_games_played_at_once_by_the_simulators_strategies(service, database):
    """Each game is played through the service and, alongside, by the engine alone: at the
    end the stored state is the engine's, the log is exactly the actions played, and every
    game replays to its state (H3). Any cross-talk between games would break one of these."""
    names = sorted(STRATEGIES)
    rule_sets = [None, {"doubles": "standard"}, {"treasury": 1500}, {"treasury": 260}]
    per_game_actions = 30

    async def play(index: int) -> tuple[int, Game, list[dict[str, object]]]:
        owner, seed = 10_000 + index, 7_000 + index
        rules = rule_sets[index % len(rule_sets)]
        record = await service.start(owner, index % 5, None, seed=seed, options=rules,
                                     edition=("us", "uk", "fr")[index % 3])
        shadow = Game.new(seed, rules, record.edition)
        strategy = make_strategy(names[index % len(names)], seed)
        played: list[dict[str, object]] = []
        for _ in range(per_game_actions):
            if record.game.is_over:
                break
            action = strategy.choose(record.game)
            result = await service.act(record.id, owner, record.version, action)
            assert not result.duplicate and result.events == shadow.apply(action)
            played.append(action.to_dict())
            record = result.record
            if index % 7 == 0:
                await asyncio.sleep(0)  # vary the interleaving
        return record.id, shadow, played

    finished = await asyncio.gather(*(play(i) for i in range(500)))
    rows = {game_id: (owner, seed, edition, json.loads(state)) for game_id, owner, seed,
            edition, state in await raw(database, "SELECT id, owner_id, seed, edition, state"
                                                  " FROM games")}
    logs: dict[int, list[dict[str, object]]] = {}
    for game_id, action in await raw(
            database, "SELECT game_id, action FROM actions ORDER BY game_id, seq"):
        logs.setdefault(game_id, []).append(json.loads(action))
    assert len(rows) == 500 and logs.keys() == rows.keys()
    for index, (game_id, shadow, played) in enumerate(finished):
        # Its own row, its own state and exactly its own actions: no cross-talk.
        assert rows[game_id] == (10_000 + index, 7_000 + index, shadow.edition,
                                 shadow.to_dict())
        assert logs[game_id] == played and len(played) > 0
        replayed = Game.replay(shadow.s.seed, shadow.options, shadow.edition,
                               [action_from_dict(a) for a in played])
        assert replayed == shadow
    # H3, as the service checks it: every stored state is the replay of its stored log.
    verified = await asyncio.gather(*(service.verify(game_id) for game_id, _, _ in finished))
    assert all(verified)


async def test_verify_is_not_fooled_by_a_game_being_played_meanwhile(service):
    """verify reads the row and the log as one snapshot: an action committed between two
    reads would make a sound game look damaged."""
    record = await service.start(1, None, None, seed=3)
    chooser = make_strategy("always-buy", 3)
    playing = True

    async def play() -> None:
        nonlocal record, playing
        for _ in range(300):
            if record.game.is_over:
                break
            record = (await service.act(record.id, 1, record.version,
                                        chooser.choose(record.game))).record
        playing = False

    async def verify_meanwhile() -> list[bool]:
        verdicts = []
        while playing:
            verdicts.append(await service.verify(record.id))
        return verdicts

    _, verdicts = await asyncio.gather(play(), verify_meanwhile())
    assert len(verdicts) >= 10 and record.version >= 50
    assert all(verdicts)


async def test_a_game_given_up_in_one_process_cant_be_revived_by_another(database):
    """abandon() keeps the version (the log has no action for it): the move's status check,
    not the version, must refuse the other process's cached record (migration 3)."""
    path = database
    first, second = await GameService.open(path), await GameService.open(path)
    try:
        record = await first.start(7, None, None, seed=5)
        record = (await second.act(record.id, 7, 0, Roll())).record  # second caches v1
        await first.abandon(record.id, 7)  # as for a damaged game: status only
        nxt = record.game.legal_actions()[0]
        with pytest.raises((GameFinished, DamagedGame)):
            await second.act(record.id, 7, 1, nxt)
        [row] = await raw(path, "SELECT status, version FROM games WHERE id = ?", record.id)
        assert row == ("lost", 1)  # not brought back, nothing logged
        assert [seq for seq, _ in await log_of(path, record.id)] == [1]
    finally:
        await first.close()
        await second.close()
