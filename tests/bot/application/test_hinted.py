"""The Hint's best debt way, remembered per game service (bot.application.hinted), never in
a module: Pay it for me and `p` list it first at the version it was asked (M1, T4), and two
services in one process (two bots, or a bot and a test) each keep their own."""

from __future__ import annotations


import pytest

from bot.application.hinted import HINTED_KEPT, HintedWays, listed_first
from bot.application.hints import HintService
from bot.application.records import GameRecord
from bot.application.service import GameService
from bot.hosting.workers import WorkerPool
from game_core import Game
from game_core.advisor import Hint, summarize
from game_core.plans import BUILDINGS_FIRST, LEAST_RENT, PAY_DEBT, Plan, debt_plans
from game_core.state import RAISE_FUNDS, ROLL
from game_core.strategies import make_strategy

from tests.bot.narration.test_hint_text import french_debt, tallies


def rated_second() -> tuple[Game, Hint]:
    """A debt with two ways to pay it (least-rent first), and a hint rating the second best."""
    game = french_debt()
    plans = debt_plans(game)
    assert [p.way for p in plans] == [LEAST_RENT, BUILDINGS_FIRST]
    return game, summarize(game.version, 0, plans, tallies(len(plans), [40, 90]))


def test_M1_the_way_the_hint_rated_best_is_listed_first_at_its_version_only():
    game, hint = rated_second()
    hinted = HintedWays()
    assert hinted.way(7, game.version) is None
    hinted.remember(7, hint)
    plans = debt_plans(game)
    assert hinted.way(7, game.version) == BUILDINGS_FIRST
    assert [p.way for p in hinted.first(plans, 7, game.version)] == [BUILDINGS_FIRST, LEAST_RENT]
    # Another version or game: the least-rent way first, as without a Hint.
    assert hinted.first(plans, 7, game.version + 1) == plans == hinted.first(plans, 8, 1)


def test_listing_the_least_rent_way_first_leaves_the_plans_as_they_are():
    plans = debt_plans(french_debt())
    assert listed_first(plans, LEAST_RENT) == plans == listed_first(plans, None)


def test_a_hint_whose_best_is_no_debt_way_is_not_remembered():
    game = Game.new(seed=5)  # waits for Roll: its one choice is no plan
    hint = summarize(game.version, 0, [a for a in game.legal_actions() if a.type == "roll"],
                     tallies(1, [50]))
    hinted = HintedWays()
    hinted.remember(1, hint)
    assert len(hinted) == 0 and hinted.way(1, game.version) is None


def test_it_keeps_the_newest_hinted_kept_games_and_forgets_the_oldest_first():
    game, hint = rated_second()
    hinted = HintedWays(kept=3)
    for game_id in (1, 2, 3):
        hinted.remember(game_id, hint)
    hinted.remember(1, hint)  # asked again: the newest now
    hinted.remember(4, hint)
    assert len(hinted) == 3 and hinted.way(2, game.version) is None
    assert all(hinted.way(g, game.version) == BUILDINGS_FIRST for g in (1, 3, 4))
    assert HintedWays().kept == HINTED_KEPT == 1000


@pytest.fixture
async def services(service_pair) -> tuple[GameService, GameService]:
    # Seed 11: always-buy reaches a debt with two ways to pay it (as tests/cogs/play's).
    return await service_pair(11)


async def _at_a_debt(service: GameService) -> GameRecord:
    record = await service.start(1, None, None)
    chooser = make_strategy("always-buy")
    while not (record.game.pending == RAISE_FUNDS and len(debt_plans(record.game)) >= 2):
        game = record.game
        assert not game.is_over
        record = (await service.autoplay.roll_on(record.id, 1, record.version)
                  if game.pending == ROLL else await service.autoplay.play(
                      record.id, 1, record.version, chooser.choose(game), roll_on=True)).record
    return record


async def test_each_service_keeps_its_own_and_the_hint_service_writes_its_services(services):
    """State in a module was shared: one bot's Hint showed in another's game 1."""
    first, second = services
    record = await _at_a_debt(second)
    assert (await _at_a_debt(first)).version == record.version  # the same game, twice
    pool = WorkerPool.in_threads(1)
    try:
        _, hint = await HintService(second, pool, rollouts=8).hint(record.id, 1,
                                                                   record.version)
    finally:
        await pool.close()
    best = hint.best.action if hint.best is not None else None
    assert isinstance(best, Plan) and best.kind == PAY_DEBT
    assert second.hinted.way(record.id, record.version) == best.way
    assert first.hinted.way(record.id, record.version) is None and len(first.hinted) == 0
