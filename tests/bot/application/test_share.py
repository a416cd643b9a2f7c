"""The Share's marks and the day's yardstick, and who may see a daily (H5)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.application.daily import DAY_SECONDS
from bot.application.service import GameService
from bot.application.share import (
    BUILT, DOWN, FLAT, HOTEL, LOST, RESIGNED, SPAN, UP, WON, Yardstick, focus_result, shape,
)
from game_core import Game, Resign
from game_core.events import Built, RentPaid
from game_core.story import GameLog
from game_core.strategies import make_strategy


def _played(seed: int, strategy: str, upto: int = 5000) -> tuple[GameLog, dict[int, list]]:
    """A game played by `strategy`, as its log, and its events by turn."""
    game, player, actions, by_turn = Game.new(seed), make_strategy(strategy), [], {}
    for _ in range(upto):
        if game.is_over:
            break
        action = player.choose(game)
        events = game.apply(action)
        by_turn.setdefault(game.turn, []).extend(events)
        actions.append(action)
    return GameLog(seed, game.options.to_dict(), "us", tuple(actions)), by_turn


def test_each_mark_is_ten_turns_a_hotel_paid_first_then_a_house_built_then_the_cash():
    hotels = houses = 0
    for seed in range(1, 30):
        log, by_turn = _played(seed, "always-buy")
        game = log.game()
        marks = shape(log)
        strip = list(marks.marks.replace(RESIGNED, "R"))
        assert marks.span == SPAN and strip[-1] in (WON, LOST)
        assert len(strip) - 1 == -(-game.turn // SPAN)
        for index, mark in enumerate(strip[:-1]):
            events = [e for turn in range(index * SPAN + 1, index * SPAN + SPAN + 1)
                      for e in by_turn.get(turn, [])]
            hotel = any(isinstance(e, RentPaid) and e.payer == "player" and e.why == "hotel"
                        for e in events)
            built = any(isinstance(e, Built) and e.by == "player" for e in events)
            assert (mark == HOTEL) == hotel, (seed, index)
            assert (mark == BUILT) == (built and not hotel), (seed, index)
            if not hotel and not built:
                assert mark in (UP, DOWN, FLAT)
            hotels += hotel
            houses += built and not hotel
    assert hotels and houses  # both kinds of mark were met


def test_the_first_mark_follows_the_cash_and_a_resignation_ends_the_strip():
    log, _ = _played(7, "never-buy", upto=8)  # 8 turns at most: one mark
    game = log.game()
    game.apply(Resign())
    resigned = GameLog(log.seed, log.options, "us", (*log.actions, Resign()))
    marks = shape(resigned).marks
    assert marks.endswith(RESIGNED)
    assert marks[0] == (UP if game.s.cash > 200 else DOWN if game.s.cash < 200 else FLAT)


def test_a_long_game_gets_longer_spans_so_the_strip_stays_one_line():
    for seed in range(1, 400):
        log, _ = _played(seed, "focus")
        turns = log.game().turn
        if turns > 400:
            marks = shape(log)
            assert marks.span > SPAN and len(marks.marks) <= 41
            return
    pytest.skip("no focus game past 400 turns in these seeds")


def test_the_yardstick_is_the_focus_players_game_on_that_seed():
    log, _ = _played(4242, "focus")
    game = log.game()
    assert focus_result(4242) == Yardstick(game.outcome.result == "won", game.outcome.score,
                                           game.turn)


class Clock:
    def __init__(self) -> None:
        self.now = 20_600 * DAY_SECONDS + 3600.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def service(tmp_path, monkeypatch) -> AsyncIterator[tuple[GameService, Clock]]:
    # The day's seed whatever the bot's secret: known dice, so the games below last.
    monkeypatch.setattr("bot.application.daily_games.daily_seed", lambda secret, day: 12345)
    clock = Clock()
    opened = await GameService.open(tmp_path / "share.sqlite3", clock=clock)
    yield opened, clock
    await opened.close()


async def test_H5_a_daily_is_seen_by_others_once_finished_and_the_day_over_or_theirs_done(
        service):
    service, clock = service
    alice, _ = await service.daily.start(1, None, None)
    bob, _ = await service.daily.start(2, None, None)
    assert await service.daily.may_see(alice, 1) and not await service.daily.may_see(alice, 2)
    alice = (await service.resign(alice.id, 1)).record
    assert not await service.daily.may_see(alice, 2)  # bob's own daily is still going
    assert not await service.daily.may_see(alice, 3)  # carol hasn't played it
    await service.resign(bob.id, 2)
    assert await service.daily.may_see(alice, 2)
    clock.now += DAY_SECONDS
    assert await service.daily.may_see(alice, 3)
    assert await service.daily.rank(alice) == (1, 2)  # both 0 points, the same turns


async def test_the_rank_of_the_day_counts_every_finished_daily(service):
    service, _ = service
    records = []
    for owner in range(1, 5):
        record, _ = await service.daily.start(owner, None, None)
        player = make_strategy("always-buy")
        while record.game.turn < owner:  # the later the owner, the longer it lasts
            record = (await service.act(record.id, owner, record.version,
                                        player.choose(record.game))).record
        records.append((await service.resign(record.id, owner)).record)
    ranks = [await service.daily.rank(record) for record in records]
    assert ranks == [(4, 4), (3, 4), (2, 4), (1, 4)]
