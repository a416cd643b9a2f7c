"""Where rolling on stops for money (game_core.prompts): T2's salary collected on the way
pays a cost past GO, so it is never a risk; a landing that would end the game (M1, E3)
stops every roll."""

from __future__ import annotations

import pytest

from game_core.actions import Roll
from game_core.prompts import (
    STOP_LOSS, STOP_RISK, Follow, danger_decides, fatal_landing, is_safe, roll_on_stop,
    worst_landing,
)

from .helpers import (
    BALTIC, BOARDWALK, CONNECTICUT, ELECTRIC, INCOME_TAX, LUXURY_TAX, MEDITERRANEAN, ORIENTAL,
    PARK_PLACE, VERMONT, WATER_WORKS, new_game, put_houses,
)


@pytest.mark.parametrize("position", range(32, 40))
def test_T2_P5_income_tax_reached_past_go_is_no_risk_from_squares_32_to_39(position):
    # Every roll that reaches Income Tax (square 4) from here passes GO first: the 200
    # collected pays the 200 tax. 150 covers the Luxury Tax (100) reachable before GO.
    game = new_game(position=position, cash=150)
    assert (position + 12) % 40 >= INCOME_TAX  # the tax is in reach of this roll
    amount, square, _ = worst_landing(game.s)
    assert square != INCOME_TAX
    assert is_safe(game)
    assert roll_on_stop(game, 1, was_safe=True) is None


@pytest.mark.parametrize("position", range(32, 40))
def test_T2_a_cost_past_go_above_the_salary_still_stops(position):
    # A Bank hotel on Baltic Avenue (rent 450), in reach from every one of these squares:
    # cash 200 + GO's 200 falls short, but mortgaging Park Place and Boardwalk (175 + 200)
    # would cover it: a risk, not a loss.
    game = new_game(position=position, cash=200, mine=[PARK_PLACE, BOARDWALK],
                    banks=[MEDITERRANEAN, BALTIC])
    put_houses(game, BALTIC, 5)
    stop = roll_on_stop(game, 1, was_safe=True)
    assert stop is not None and stop.why == STOP_RISK
    assert (stop.amount, stop.square, stop.salary) == (450, BALTIC, 200)


def test_P5_luxury_tax_before_go_is_a_risk():
    game = new_game(position=35, cash=90, mine=[BOARDWALK])  # 100 tax at 38, before GO
    stop = roll_on_stop(game, 1, was_safe=True)
    assert stop is not None and stop.why == STOP_RISK
    assert (stop.amount, stop.square, stop.salary) == (100, LUXURY_TAX, 0)


def test_M1_E3_a_landing_that_would_end_the_game_stops_the_roll_when_it_appears():
    # Cash 100 and nothing to sell: a 600 rent can't be raised. Rolling on stops before the
    # roll even when the cash was already under that rent at the last check.
    game = new_game(position=3, cash=100, banks=[ORIENTAL, VERMONT, CONNECTICUT])
    put_houses(game, CONNECTICUT, 5)
    assert fatal_landing(game.s)[:2] == (600, CONNECTICUT)
    for was_safe in (True, False):
        stop = roll_on_stop(game, 1, was_safe=was_safe)
        assert stop is not None and stop.why == STOP_LOSS
        assert (stop.amount, stop.square, stop.raisable) == (600, CONNECTICUT, 100)
    # Told once while it lasts: rolling on again from there (or after a roll that left it
    # so) does not stop before every roll of a player who has nothing left to raise.
    assert roll_on_stop(game, 1, was_safe=False, could_lose=True) is None


def test_M1_E3_past_go_the_salary_counts_toward_what_could_be_raised():
    game = new_game(position=39, cash=450, banks=[ORIENTAL, VERMONT, CONNECTICUT])
    put_houses(game, CONNECTICUT, 5)  # 600 <= 450 + 200: payable, not fatal
    assert fatal_landing(game.s)[1] == -1
    stop = roll_on_stop(game, 1, was_safe=True)
    assert stop is None  # 450 + 200 covers 600


def test_M1_E3_rolling_on_again_from_a_told_loss_rolls_instead_of_stopping_at_once():
    # The stop above told the player; pressing Roll on again from that very position rolls.
    game = new_game(position=3, cash=100, banks=[ORIENTAL, VERMONT, CONNECTICUT])
    put_houses(game, CONNECTICUT, 5)
    follow = Follow(game, roll_on=True)
    assert follow.next(game) == (Roll(), None) and follow.stop is None


# ---- stops that decide (issue 37) --------------------------------------------------------

def test_R3_a_bank_utility_in_reach_risks_its_highest_rent_4_times_12():
    # Water Works (28) is 2-12 squares ahead of 20; the Bank owns it alone: 4 x 12 = 48, the
    # highest a landing there can cost (the rent roll's 12), not a middling 7's 28.
    game = new_game(position=20, cash=40, banks=[WATER_WORKS])
    assert worst_landing(game.s)[:2] == (48, WATER_WORKS)


def test_R3_both_utilities_of_the_bank_risk_10_times_12():
    game = new_game(position=20, cash=40, banks=[ELECTRIC, WATER_WORKS])
    assert worst_landing(game.s)[:2] == (120, WATER_WORKS)


def _fatal_game(cash: int = 100, **kwargs: object):
    game = new_game(position=3, cash=cash, banks=[ORIENTAL, VERMONT, CONNECTICUT], **kwargs)
    put_houses(game, CONNECTICUT, 5)  # a 600 hotel rent 6 squares ahead
    return game


def test_M1_E3_a_loss_no_sale_or_mortgage_can_avoid_decides_nothing():
    # Mediterranean to mortgage (+30): the sale raises now what the debt would raise then.
    game = _fatal_game(mine=[MEDITERRANEAN])
    stop = roll_on_stop(game, 1, was_safe=True)
    assert stop is not None and stop.why == STOP_LOSS
    assert any(type(a).__name__ == "Mortgage" for a in game.legal_actions())
    assert not danger_decides(game, stop)


def test_M2_a_lift_lowers_what_could_be_raised_so_it_decides_no_loss():
    game = _fatal_game(400, mine=[MEDITERRANEAN])  # enough to lift (33): 400 < 600 either way
    game.s.mortgaged[MEDITERRANEAN] = True
    stop = roll_on_stop(game, 1, was_safe=True)
    assert stop is not None and stop.why == STOP_LOSS
    assert any(type(a).__name__ == "LiftMortgage" for a in game.legal_actions())
    assert not danger_decides(game, stop)


def test_M1_a_risk_that_only_raising_money_now_would_cover_decides_nothing():
    # Cash 90 under the 100 Luxury Tax; mortgaging Boardwalk (+200) would cover it, but the
    # debt's own step offers that mortgage when and if the landing comes.
    game = new_game(position=35, cash=90, mine=[BOARDWALK])
    stop = roll_on_stop(game, 1, was_safe=True)
    assert stop is not None and stop.why == STOP_RISK
    assert not danger_decides(game, stop)


def test_M1_E3_rolling_on_goes_past_a_loss_it_can_only_say_once_in_the_account():
    game = _fatal_game(mine=[MEDITERRANEAN])
    follow = Follow(game, roll_on=True)
    follow.was_safe, follow.could_lose = True, False  # as if it just appeared
    assert follow.next(game) == (Roll(), None) and follow.stop is None
    assert [(d.why, d.amount, d.square, d.turn) for d in follow.dangers] == [
        (STOP_LOSS, 600, CONNECTICUT, game.turn)]


def test_T2_rolling_on_goes_past_a_risk_and_says_it_once():
    game = new_game(position=35, cash=90, mine=[BOARDWALK])
    follow = Follow(game, roll_on=True)
    follow.was_safe = True
    assert follow.next(game) == (Roll(), None) and follow.stop is None
    assert [(d.why, d.amount, d.square) for d in follow.dangers] == [(STOP_RISK, 100,
                                                                      LUXURY_TAX)]
    # Still under it at the next check: not said again while it lasts.
    assert follow.next(game) == (Roll(), None) and len(follow.dangers) == 1
