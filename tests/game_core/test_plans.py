"""Plans (T4, P1, P2, M1, M2, M3): the steps found for the player, played one legal action at
a time."""

import pytest

from game_core import IllegalActionError, Mortgage, Roll
from game_core.actions import (
    BuildHouse, Buy, LiftMortgage, SellBuilding, SellJailCard,
)
from game_core.game import Game
from game_core.plans import (
    BUILDINGS_FIRST, LEAST_RENT, PAY_DEBT, RAISE_TO_BUY, UNBLOCK, apply_plan,
    blocking_mortgages, buy_plan, debt_plan, debt_plans, plan_is_current, raisable,
    unblock_plan,
)
from game_core.state import BUILD, BUY, PLAYER, RAISE_FUNDS
from game_core.strategies import Focus

from .helpers import (
    BALTIC, BOARDWALK, CONNECTICUT, JAIL, MEDITERRANEAN, ORIENTAL, READING, ST_CHARLES,
    VERMONT, new_game, put_houses, total_money,
)

ST_JAMES, TENNESSEE, NEW_YORK = 16, 18, 19


def test_T4_P1_buy_plan_mortgages_what_earns_least_per_unit_and_no_more():
    # St. Charles Place costs 140; the cash is 100. Oriental Avenue earns 6 for 50 raised,
    # Reading Railroad 25 for 100: Oriental first, and it is enough.
    game = new_game((5, 6), cash=100, mine=[READING, ORIENTAL])
    game.apply(Roll())
    assert game.pending == BUY and game.pending_square == ST_CHARLES
    plan = buy_plan(game)
    assert plan is not None and plan.kind == RAISE_TO_BUY and plan.way == LEAST_RENT
    assert plan.steps == (Mortgage(ORIENTAL),) and plan.then == Buy()
    assert (plan.target, plan.raised, plan.cost, plan.cash_after) == (140, 50, 0, 10)
    apply_plan(game, plan)
    assert game.s.owner[ST_CHARLES] == PLAYER and game.s.cash == 10
    assert game.s.mortgaged[ORIENTAL] and not game.s.mortgaged[READING]
    assert total_money(game) == 20_580


def test_T4_P1_buy_plan_spares_the_group_being_bought_into():
    # Connecticut Avenue (120) would complete light blue: Oriental and Vermont are kept,
    # Reading Railroad is mortgaged although it earns more per unit.
    game = new_game((4, 5), cash=50, mine=[ORIENTAL, VERMONT, READING])
    game.apply(Roll())
    assert game.pending_square == CONNECTICUT
    plan = buy_plan(game)
    assert plan is not None and plan.mortgaged == (READING,)


def test_M1_buy_plan_is_none_when_everything_falls_short_and_says_how_much():
    game = new_game((5, 6), position=28, cash=0, mine=[MEDITERRANEAN])  # 28 + 11: Boardwalk
    game.apply(Roll())
    assert game.pending == BUY and game.pending_square == BOARDWALK
    assert buy_plan(game) is None
    assert raisable(game) == 30  # Mediterranean's mortgage value (M2)


def test_P1_buy_plan_is_none_when_the_cash_covers_it():
    game = new_game((5, 6), cash=500)
    game.apply(Roll())
    assert buy_plan(game) is None


def _debt_with_brown_houses() -> Game:
    """Income Tax 200 owed with 0 cash; the player has the card (50), Reading (100) and the
    brown group with a house on each (25 each)."""
    game = new_game((2, 2), cash=0, mine=[MEDITERRANEAN, BALTIC, READING])
    put_houses(game, MEDITERRANEAN, 1)
    put_houses(game, BALTIC, 1)
    game.s.jail_cards.append("ch_jail_free")
    game.s.chance.remove("ch_jail_free")
    game.apply(Roll())
    assert game.pending == RAISE_FUNDS and game.debt == 200
    return game


def test_M1_debt_plan_card_then_loose_mortgages_then_houses_cheapest_rent_first():
    game = _debt_with_brown_houses()
    plan = debt_plan(game)
    assert plan is not None and plan.kind == PAY_DEBT and plan.then is None
    # The card loses nothing; Reading is no whole group; Mediterranean's house loses 6 of
    # rent, Baltic's 12 (R1): Mediterranean's goes first.
    assert plan.steps == (SellJailCard(), Mortgage(READING), SellBuilding(MEDITERRANEAN),
                          SellBuilding(BALTIC))
    assert (plan.target, plan.raised, plan.cash_after) == (200, 200, 0)
    apply_plan(game, plan)
    assert game.pending != RAISE_FUNDS and game.s.cash == 0
    assert total_money(game) == 20_580


def test_M1_M2_debt_plans_offer_distinct_ways_and_each_pays_exactly():
    game = _debt_with_brown_houses()
    plans = debt_plans(game)
    assert [p.way for p in plans] == [LEAST_RENT, BUILDINGS_FIRST]
    # Buildings first: both houses, then the mortgages (M2: brown once it has no building),
    # the card last; 210 raised, as no step can go.
    assert plans[1].steps == (SellBuilding(MEDITERRANEAN), SellBuilding(BALTIC),
                              Mortgage(READING), Mortgage(MEDITERRANEAN), Mortgage(BALTIC))
    assert (plans[1].raised, plans[1].cash_after) == (210, 10)
    for plan in plans:
        trial = game.copy()
        apply_plan(trial, plan)
        assert trial.pending != RAISE_FUNDS and not trial.is_over
        # Exactly: without any one step the debt would still be owed.
        for k in range(len(plan.steps)):
            short = game.copy()
            try:
                for action in plan.steps[:k] + plan.steps[k + 1:]:
                    short.apply(action)
            except IllegalActionError:
                continue
            assert short.pending == RAISE_FUNDS


def test_M1_no_debt_no_plan():
    game = new_game((5, 6), cash=500)
    assert debt_plans(game) == [] and debt_plan(game) is None


def _orange_with_two_mortgages(cash: int, *more: int) -> Game:
    game = new_game((4, 4), position=JAIL, cash=cash, mine=[ST_JAMES, TENNESSEE, NEW_YORK, *more])
    game.s.mortgaged[ST_JAMES] = game.s.mortgaged[NEW_YORK] = True
    game.apply(Roll())  # Tennessee Avenue: bare rent 14 (R1: not doubled, the group is mortgaged)
    assert game.pending == BUILD and game.pending_square == TENNESSEE
    return game


def test_P2_M2_unblock_plan_lifts_the_group_then_builds():
    game = _orange_with_two_mortgages(400)
    assert blocking_mortgages(game, TENNESSEE) == (ST_JAMES, NEW_YORK)
    plan = unblock_plan(game)
    assert plan is not None and plan.kind == UNBLOCK and plan.square == TENNESSEE
    assert plan.steps == (LiftMortgage(ST_JAMES), LiftMortgage(NEW_YORK))
    assert plan.cost == 99 + 110 == 209 and plan.then == BuildHouse()
    apply_plan(game, plan)
    assert game.s.buildings[TENNESSEE] == 1 and game.s.cash == 400 + 14 - 209 - 100


def test_P2_T4_unblock_plan_raises_elsewhere_when_the_cash_falls_short():
    game = _orange_with_two_mortgages(100, READING)
    plan = unblock_plan(game)
    assert plan is not None
    assert plan.steps == (Mortgage(READING), LiftMortgage(ST_JAMES), LiftMortgage(NEW_YORK))
    assert plan.then is None and plan.cash_after == 100 + 14 + 100 - 209  # no house left in cash
    apply_plan(game, plan)
    assert not any(game.s.mortgaged[i] for i in (ST_JAMES, TENNESSEE, NEW_YORK))


def test_P2_unblock_plan_is_none_when_nothing_blocks_or_it_cant_be_paid():
    assert unblock_plan(_orange_with_two_mortgages(50)) is None  # 64 < 209, nothing to raise
    game = new_game((4, 4), position=JAIL, cash=400, mine=[ST_JAMES, TENNESSEE, NEW_YORK])
    game.apply(Roll())
    assert game.pending == BUILD and unblock_plan(game) is None


def test_T4_a_plan_gone_stale_is_refused_step_by_step():
    game = new_game((5, 6), cash=100, mine=[READING, ORIENTAL])
    game.apply(Roll())
    plan = buy_plan(game)
    assert plan is not None and plan_is_current(game, plan)
    game.apply(Mortgage(ORIENTAL))  # the player did it by hand meanwhile
    assert not plan_is_current(game, plan)
    with pytest.raises(IllegalActionError, match="already mortgaged"):
        apply_plan(game, plan)


def test_M1_P1_every_plan_found_in_real_games_plays_legally_and_reaches_its_goal():
    debts = buys = 0
    for seed in range(12):
        focus, game = Focus(), Game.new(seed)
        for _ in range(3000):
            if game.is_over:
                break
            if game.pending == RAISE_FUNDS:
                plans = debt_plans(game)
                assert plans, "M1 asks only when the debt can be raised"
                for plan in plans:
                    trial = game.copy()
                    apply_plan(trial, plan)
                    assert trial.pending != RAISE_FUNDS
                debts += 1
            elif game.pending == BUY:
                plan = buy_plan(game)
                if plan is not None:
                    trial = game.copy()
                    apply_plan(trial, plan)
                    assert trial.s.owner[plan.square] == PLAYER
                    buys += 1
            game.apply(focus.choose(game))
    assert debts > 0 and buys > 0
