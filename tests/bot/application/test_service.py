"""The game service, one call at a time: starting, playing, refusing, history, verify, and
damaged rows. Every test runs on both backends: a real SQLite file under tmp_path and a real
PostgreSQL database (tests/conftest.py's `database`)."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from itertools import count

import pytest

from bot.errors import (
    ActiveGameExists, DamagedGame, GameFinished, GameNotFound, NotYourGame, StaleVersion,
)
from bot.application.service import GameRecord, GameService
from game_core import (
    Buy, Decline, Game, IllegalActionError, InvalidOptionError, Options, Resign, Roll,
)
from game_core.strategies import make_strategy

from tests.bot.raw_db import raw

QUICK_WIN = {"treasury": 260}  # S3: a Bank with 60 goes bankrupt at the first GO salary


@pytest.fixture
async def service(database) -> AsyncIterator[GameService]:
    ticks = count(1000)
    opened = await GameService.open(database, clock=lambda: float(next(ticks)),
                                    seed_source=lambda: 12345)
    yield opened
    await opened.close()


async def play_out(service: GameService, record: GameRecord, strategy: str = "always-buy",
                   limit: int = 10_000) -> GameRecord:
    chooser = make_strategy(strategy, record.seed)
    for _ in range(limit):
        if record.game.is_over:
            break
        record = (await service.act(record.id, record.owner_id, record.version,
                                    chooser.choose(record.game))).record
    return record


async def test_start_stores_a_new_game_and_get_reads_it_back(service, database):
    record = await service.start(7, 70, 700, edition="uk", options={"doubles": "standard"})
    assert (record.owner_id, record.guild_id, record.channel_id, record.message_id) == (
        7, 70, 700, None)
    assert (record.seed, record.edition, record.status, record.version) == (12345, "uk",
                                                                            "active", 0)
    assert record.options == Options(doubles="standard").to_dict()
    assert record.game == Game.new(12345, {"doubles": "standard"}, "uk")
    assert (record.outcome, record.finished_at, record.score, record.turns) == (None, None, 0, 1)
    assert await service.get(record.id) == record
    assert await service.active_game(7) == record
    assert await service.active_game(8) is None
    stored = (await raw(database, "SELECT options FROM games WHERE id = ?", record.id))[0]
    # stored as Options.to_dict()
    assert json.loads(stored[0]) == Options(doubles="standard").to_dict()


async def test_h1_a_second_start_names_the_game_in_progress(service):
    first = await service.start(1, None, None)
    with pytest.raises(ActiveGameExists) as refused:
        await service.start(1, 5, 6, seed=9)
    assert refused.value.game_id == first.id
    await service.resign(first.id, 1)
    second = await service.start(1, None, None, seed=9)  # allowed once the first is over
    assert second.id != first.id and (await service.active_game(1)) == second


@pytest.mark.parametrize("kwargs", [
    {"options": {"jackpot": 500}}, {"options": {"treasury": -1}}, {"edition": "de"},
    {"seed": -1}, {"seed": 2**63}, {"seed": True},
])
async def test_bad_options_editions_and_seeds_are_the_engines_invalid_option_error(service,
                                                                                   kwargs):
    with pytest.raises(InvalidOptionError):
        await service.start(1, None, None, **kwargs)
    assert await service.active_game(1) is None


async def test_act_applies_saves_and_logs_one_action(service):
    record = await service.start(1, None, None, seed=5)
    result = await service.act(record.id, 1, 0, Roll())
    assert not result.duplicate and result.events and result.events[0].type == "dice_rolled"
    expected = Game.new(5)
    assert result.events == expected.apply(Roll())
    assert result.record.version == 1 and result.record.game == expected
    assert await service.get(record.id) == result.record
    (entry,) = await service.history(record.id)
    assert (entry.seq, entry.action, entry.events) == (1, {"type": "roll"}, result.events)
    assert await service.verify(record.id)


async def test_an_illegal_action_passes_through_and_nothing_is_stored(service):
    record = await service.start(1, None, None, seed=5)
    with pytest.raises(IllegalActionError):
        await service.act(record.id, 1, 0, Buy())  # nothing to buy before the first roll
    assert (await service.get(record.id)).version == 0 and await service.history(record.id) == []
    assert (await service.act(record.id, 1, 0, Roll())).record.version == 1


async def test_only_the_owner_may_act_or_resign(service):
    record = await service.start(1, None, None)
    with pytest.raises(NotYourGame) as refused:
        await service.act(record.id, 2, 0, Roll())
    assert (refused.value.game_id, refused.value.owner_id) == (record.id, 1)
    with pytest.raises(NotYourGame):
        await service.resign(record.id, 2)
    assert (await service.get(record.id)).version == 0


async def test_an_old_button_is_a_stale_version_and_applies_nothing(service):
    record = await service.start(1, None, None, seed=5)
    moved = (await service.act(record.id, 1, 0, Roll())).record
    moved = (await service.act(record.id, 1, 1, moved.game.legal_actions()[0])).record
    with pytest.raises(StaleVersion) as refused:
        await service.act(record.id, 1, 1, Resign())  # a different action chosen at version 1
    assert (refused.value.game_id, refused.value.expected, refused.value.current) == (
        record.id, 1, 2)
    with pytest.raises(StaleVersion):
        await service.act(record.id, 1, 9, Roll())  # a version from the future is stale too
    assert await service.get(record.id) == moved


async def test_the_same_click_delivered_twice_applies_once(service):
    record = await service.start(1, None, None, seed=5)
    first = await service.act(record.id, 1, 0, Roll())
    again = await service.act(record.id, 1, 0, Roll())
    assert again.duplicate and again.events == first.events
    assert again.record.version == 1 and again.record == first.record
    assert len(await service.history(record.id)) == 1


async def test_a_doubled_final_click_is_a_duplicate_not_an_error(service):
    record = await service.start(1, None, None)
    final = await service.act(record.id, 1, 0, Resign())
    assert final.record.status == "lost" and final.record.outcome == "lost:resigned"
    again = await service.act(record.id, 1, 0, Resign())
    assert again.duplicate and again.events == final.events
    with pytest.raises(GameFinished):  # a new action on a finished game
        await service.act(record.id, 1, 1, Roll())
    with pytest.raises(GameFinished):
        await service.act(record.id, 1, 0, Decline())  # old, and not the stored one
    with pytest.raises(GameFinished):
        await service.resign(record.id, 1)


async def test_a_finished_game_records_its_outcome_score_turns_and_time(service):
    record = await play_out(service, await service.start(1, 3, None, options=QUICK_WIN, seed=4))
    expected = Game.new(4, QUICK_WIN)
    chooser = make_strategy("always-buy", 4)
    while not expected.is_over:
        expected.apply(chooser.choose(expected))
    outcome = expected.outcome
    assert outcome is not None and outcome.result == "won"
    assert record.game == expected and record.status == "won"
    assert record.outcome == f"won:{outcome.reason}" and record.score == outcome.score > 0
    assert record.turns == expected.turn and record.finished_at == record.updated_at
    assert await service.get(record.id) == record and await service.active_game(1) is None
    assert await service.verify(record.id)


async def test_resign_applies_resign_at_the_current_version(service):
    record = await service.start(1, None, None, seed=2)
    await service.act(record.id, 1, 0, Roll())
    result = await service.resign(record.id, 1)
    assert not result.duplicate and result.record.version == 2
    assert (result.record.status, result.record.outcome, result.record.score) == (
        "lost", "lost:resigned", 0)
    assert (await service.history(record.id, limit=1))[0].action == {"type": "resign"}


async def test_history_is_newest_first_and_pages_with_before_seq(service):
    record = await play_out(service, await service.start(1, None, None, seed=8), limit=12)
    page = await service.history(record.id, limit=5)
    assert [e.seq for e in page] == [12, 11, 10, 9, 8]
    older = await service.history(record.id, limit=5, before_seq=page[-1].seq)
    assert [e.seq for e in older] == [7, 6, 5, 4, 3]
    assert [e.seq for e in await service.history(record.id, limit=50, before_seq=3)] == [2, 1]
    assert [e.at for e in page] == sorted((e.at for e in page), reverse=True)


async def test_set_message_is_remembered_and_survives_the_next_action(service):
    record = await service.start(1, 10, 20)
    await service.set_message(record.id, 30, 99)
    assert ((await service.get(record.id)).channel_id, (await service.get(record.id)).message_id
            ) == (30, 99)
    after = (await service.act(record.id, 1, 0, Roll())).record
    assert (after.channel_id, after.message_id) == (30, 99)
    await service.set_message(record.id, None, 100)  # None keeps the channel
    again = (await service.act(record.id, 1, 1, after.game.legal_actions()[0])).record
    assert (again.channel_id, again.message_id) == (30, 100)
    with pytest.raises(GameNotFound):
        await service.set_message(404, 1, 2)


async def test_a_missing_game_is_game_not_found_everywhere(service):
    for call in (service.get(404), service.act(404, 1, 0, Roll()), service.resign(404, 1),
                 service.history(404), service.verify(404)):
        with pytest.raises(GameNotFound) as missing:
            await call
        assert missing.value.game_id == 404


async def test_verify_finds_a_state_that_is_not_the_replay_of_its_log(service, database):
    record = await play_out(service, await service.start(1, None, None, seed=6), limit=10)
    assert await service.verify(record.id)
    await raw(database, "UPDATE actions SET action = '{\"type\": \"resign\"}'"
              " WHERE game_id = ? AND seq = 3", record.id)
    assert not await service.verify(record.id)
    await raw(database, "DELETE FROM actions WHERE game_id = ? AND seq = 10", record.id)
    assert not await service.verify(record.id)


@pytest.mark.parametrize("column, value, words", [
    ("state", "{not json", "saved state"),
    ("state", '{"format": 1}', "saved state"),
    ("options", '{"jackpot": 500}', "unknown rule option"),
    ("options", "[1, 2]", "bad rule option"),
    ("version", 3, "version"),
])
async def test_a_damaged_row_is_refused_for_that_game_only(database, column, value, words):
    path = database
    service = await GameService.open(path)
    damaged = await service.start(1, 5, None, seed=1)
    healthy = await service.start(2, 5, None, seed=2)
    await service.close()
    await raw(database, f"UPDATE games SET {column} = ? WHERE id = ?", value, damaged.id)
    service = await GameService.open(path)
    try:
        for call in (service.get(damaged.id), service.active_game(1),
                     service.act(damaged.id, 1, 0, Roll())):
            with pytest.raises(DamagedGame) as refused:
                await call
            assert refused.value.game_id == damaged.id and words in refused.value.detail
        assert not await service.verify(damaged.id)
        assert (await service.get(healthy.id)) == healthy  # every other game still loads
        assert (await service.act(healthy.id, 2, 0, Roll())).record.version == 1
        assert (await service.stats(1)).played == 0 and await service.leaderboard(5) == []
    finally:
        await service.close()


async def test_an_unreadable_log_entry_is_a_damaged_game(service, database):
    record = await service.start(1, None, None, seed=5)
    await service.act(record.id, 1, 0, Roll())
    await raw(database, "UPDATE actions SET events = '[{\"type\": \"nope\"}]'")
    with pytest.raises(DamagedGame):
        await service.history(record.id)


async def test_latest_game_is_the_active_one_else_the_last_finished(service):
    assert await service.latest_game(5) is None
    first = await service.start(5, None, None, seed=1)
    await service.resign(first.id, 5)
    assert (await service.latest_game(5)).id == first.id  # finished, still found
    second = await service.start(5, None, None, seed=2)
    assert (await service.latest_game(5)).id == second.id
    assert (await service.latest_game(6)) is None


async def test_the_log_tells_each_game_start_and_end(service, caplog):
    with caplog.at_level(logging.INFO, logger="bot.application.service"):
        record = await service.start(9, 1, 2, seed=4, edition="uk")
        await service.resign(record.id, 9)
    told = [r.getMessage() for r in caplog.records if r.name == "bot.application.service"]
    assert told[0].startswith(f"game {record.id} started by user 9 (uk edition")
    assert told[1] == f"game {record.id} finished after 1 turns: lost:resigned, score 0"


async def test_E3_a_damaged_game_can_be_abandoned_by_its_owner_and_frees_them(service,
                                                                            database):
    record = await service.start(3, None, None, seed=8)
    await raw(database, "UPDATE games SET state = '[]' WHERE id = ?", record.id)
    service.core.live.drop(record.id)  # another process damaged it: the cache can't know
    with pytest.raises(DamagedGame):
        await service.resign(record.id, 3)
    with pytest.raises(NotYourGame):
        await service.abandon(record.id, 4)
    await service.abandon(record.id, 3)
    [(status, outcome, state)] = await raw(
        database, "SELECT status, outcome, state FROM games WHERE id = ?", record.id)
    assert (status, outcome, state) == ("lost", "lost:damaged", "[]")  # kept for the admin
    with pytest.raises(GameFinished):
        await service.abandon(record.id, 3)
    assert (await service.start(3, None, None, seed=9)).id != record.id  # H1 lets them play
    assert (await service.stats(3)).lost == 1
