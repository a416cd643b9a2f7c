"""The service checks what it is handed and refuses with its own errors (bot.errors), never
an OverflowError, TypeError, AttributeError or IntegrityError from deeper down, and never a
half-stored action. Python's bool is an int: `Mortgage(True)` must not pass for square 1."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator

import pytest

from bot.errors import GameNotFound, InvalidRequest
from bot.application.service import GameService
from game_core import InvalidOptionError, LiftMortgage, Mortgage, Roll, SellBuilding

BIG = 2**63  # one past SQLite's largest integer


@pytest.fixture
async def service(tmp_path) -> AsyncIterator[GameService]:
    opened = await GameService.open(tmp_path / "games.sqlite3")
    yield opened
    await opened.close()


@pytest.fixture
async def game(service):
    return await service.start(1, None, None, seed=3)


@pytest.mark.parametrize("action", [Mortgage(True), LiftMortgage(False), SellBuilding("5"),
                                    Mortgage(1.0), Mortgage(None), "roll", None, {"type": "roll"}],
                         ids=repr)
async def test_an_action_of_the_wrong_type_is_an_invalid_request_and_nothing_is_stored(
        service, game, tmp_path, action):
    with pytest.raises(InvalidRequest):
        await service.act(game.id, 1, 0, action)
    with sqlite3.connect(tmp_path / "games.sqlite3") as conn:
        assert conn.execute("SELECT COUNT(*) FROM actions").fetchone() == (0,)
    assert await service.verify(game.id)  # the game still replays (H3)


@pytest.mark.parametrize("version", ["0", None, 0.0, True, [0]], ids=repr)
async def test_a_version_that_is_not_a_whole_number_is_an_invalid_request(service, game,
                                                                          version):
    with pytest.raises(InvalidRequest):
        await service.act(game.id, 1, version, Roll())
    assert (await service.act(game.id, 1, 0, Roll())).record.version == 1


@pytest.mark.parametrize("game_id", [BIG, 2**64 + 5, -1])
async def test_a_game_id_out_of_sqlites_range_is_no_game(service, game_id):
    for call in (lambda: service.get(game_id), lambda: service.act(game_id, 1, 0, Roll()),
                 lambda: service.resign(game_id, 1), lambda: service.abandon(game_id, 1),
                 lambda: service.history(game_id), lambda: service.verify(game_id),
                 lambda: service.set_message(game_id, 1, 2)):
        with pytest.raises(GameNotFound):
            await call()


@pytest.mark.parametrize("bad", [BIG, -1, "7", None, True, 7.0], ids=repr)
async def test_a_user_server_or_message_id_out_of_range_or_type_is_an_invalid_request(
        service, game, bad):
    calls = [
        lambda: service.act(game.id, bad, 0, Roll()), lambda: service.resign(game.id, bad),
        lambda: service.abandon(game.id, bad), lambda: service.active_game(bad),
        lambda: service.latest_game(bad), lambda: service.stats(bad),
        lambda: service.start(bad, None, None),
    ]
    if bad is not None:  # a server or channel may be None (direct messages)
        calls += [lambda: service.start(2, bad, None), lambda: service.start(2, None, bad),
                  lambda: service.leaderboard(bad), lambda: service.stats(1, bad),
                  lambda: service.set_message(game.id, bad, 5)]
    calls.append(lambda: service.set_message(game.id, 5, bad))
    for call in calls:
        with pytest.raises(InvalidRequest):
            await call()
    assert await service.active_game(2) is None  # nothing was started


@pytest.mark.parametrize("kwargs", [
    {"options": ["doubles", "standard"]}, {"options": "doubles=standard"}, {"options": 5},
    {"options": {1: "standard"}}, {"edition": ["us"]}, {"edition": None},
], ids=repr)
async def test_options_that_are_no_mapping_and_editions_that_are_no_name_are_invalid_options(
        service, kwargs):
    with pytest.raises(InvalidOptionError):
        await service.start(1, None, None, **kwargs)


async def test_page_sizes_past_64_bits_are_read_as_the_largest_and_negatives_as_none(
        service, game):
    await service.act(game.id, 1, 0, Roll())
    assert len(await service.history(game.id, limit=BIG * 4, before_seq=BIG * 4)) == 1
    assert await service.history(game.id, limit=-3) == []
    assert await service.leaderboard(None, limit=BIG * 4, offset=BIG * 4) == []


@pytest.mark.parametrize("kwargs", [{"limit": "10"}, {"offset": None}, {"limit": 2.5}])
async def test_page_sizes_that_are_not_whole_numbers_are_invalid_requests(service, kwargs):
    with pytest.raises(InvalidRequest):
        await service.leaderboard(None, **kwargs)



@pytest.mark.parametrize("day", [2**31, 2**40, BIG * 2, -1, 3_000_000])
async def test_a_daily_day_past_any_date_is_an_invalid_request_on_both_backends(database, day):
    """PostgreSQL's INTEGER column raised asyncpg's raw DataError past 2^31."""
    opened = await GameService.open(database)
    try:
        with pytest.raises(InvalidRequest, match="a day"):
            await opened.daily.of(1, day)
        with pytest.raises(InvalidRequest, match="a day"):
            await opened.daily.board(day, None)
        assert await opened.daily.of(1, 2_932_896) is None  # 9999-12-31: a day, no daily
    finally:
        await opened.close()
