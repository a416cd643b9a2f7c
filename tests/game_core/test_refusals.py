"""Every refusal carries its Refusal code and the values a UI words it from (errors.Refusal),
decided once (legality.why_illegal) for `Game.apply` and for anyone asking in advance."""

from __future__ import annotations

import random

import pytest

from game_core import (
    Action, BuildHotel, BuildHouse, BuildTo, Buy, Decline, DoneBuilding, Game, IllegalActionError,
    LiftMortgage, Mortgage, PayFine, Refusal, Resign, Roll, SellBuilding, SellJailCard,
    UseJailCard, action_from_dict,
)
from game_core.actions import ACTION_TYPES
from game_core.board import HOTEL
from game_core.errors import BUILDING_REFUSALS, WAITING
from game_core.state import BUILD, JAIL, RAISE_FUNDS

from .helpers import BALTIC, MEDITERRANEAN, READING, new_game, put_houses


def refused(game: Game, action: Action) -> IllegalActionError:
    """The error `apply(action)` raises; it is the one `why_illegal` gives, and the game is
    left as it was."""
    before = game.to_dict()
    asked = game.why_illegal(action)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    assert game.to_dict() == before
    assert asked is not None and caught.value.code in set(Refusal)
    assert (asked.code, asked.values, str(asked)) == (
        caught.value.code, caught.value.values, str(caught.value))
    return caught.value


def building_stop(*, houses: int = 0, both: bool = True, cash: int = 500) -> Game:
    """P2: the pawn stopped on Mediterranean, a building choice pending."""
    game = new_game(position=MEDITERRANEAN, cash=cash,
                    mine=[MEDITERRANEAN, BALTIC] if both else [MEDITERRANEAN])
    if houses:
        put_houses(game, MEDITERRANEAN, houses)
    game.s.pending, game.s.pending_square = BUILD, MEDITERRANEAN
    return game


# ---- the action is not what the game waits for -------------------------------------------

def test_E3_nothing_is_played_once_the_game_is_over():
    game = new_game()
    game.apply(Resign())
    error = refused(game, Roll())
    assert (error.code, error.values) == (Refusal.GAME_OVER, {"action": "roll"})
    assert str(error) == "can't play: the game is over"


def test_T1_the_game_waits_for_a_roll():
    error = refused(new_game(), Buy())
    assert (error.code, error.values) == (Refusal.MUST_ROLL, {"action": "buy"})
    assert str(error) == "can't buy now: the game is waiting for you to roll"


def test_P6_in_jail_pay_the_fine_or_use_a_card_first():
    game = new_game(position=10)
    game.s.in_jail, game.s.pending = True, JAIL
    error = refused(game, Roll())
    assert (error.code, error.values) == (Refusal.IN_JAIL, {"action": "roll"})


def test_P1_a_buy_choice_is_answered_before_the_next_roll():
    game = new_game((2, 3))
    game.apply(Roll())  # Reading Railroad, unowned
    error = refused(game, Roll())
    assert (error.code, error.values) == (
        Refusal.MUST_DECIDE_BUY, {"action": "roll", "square": READING})
    assert str(error) == "can't roll now: first decide whether to buy Reading Railroad"


def test_P2_a_building_stop_is_finished_before_anything_else_waits():
    error = refused(building_stop(), PayFine())
    assert (error.code, error.values) == (
        Refusal.MUST_FINISH_BUILDING, {"action": "pay_fine", "square": MEDITERRANEAN})


def test_M1_a_debt_is_raised_first():
    game = new_game((2, 2), cash=100, mine=[READING])
    game.apply(Roll())  # Income Tax 200
    assert game.pending == RAISE_FUNDS
    error = refused(game, DoneBuilding())
    assert (error.code, error.values) == (
        Refusal.MUST_RAISE_FUNDS, {"action": "done_building", "debt": 200})
    assert str(error) == "can't stop building now: first raise the $200 you owe"


def test_an_object_that_is_no_game_action_is_refused_as_unknown():
    error = refused(new_game(), Action())
    assert (error.code, error.values) == (Refusal.UNKNOWN_ACTION, {"action": ""})


# ---- T4, M2, M3: mortgages and sales -------------------------------------------------------

@pytest.mark.parametrize("square", [0, 4, 45, -1], ids=["GO", "tax", "off", "negative"])
def test_T4_a_square_that_is_no_property_is_refused(square):
    for action in (Mortgage(square), LiftMortgage(square), SellBuilding(square)):
        error = refused(new_game(), action)
        assert (error.code, error.values) == (
            Refusal.NOT_A_PROPERTY, {"action": action.type, "square": square})


def test_T4_only_the_players_own_properties():
    error = refused(new_game(banks=[BALTIC]), Mortgage(BALTIC))
    assert (error.code, error.values) == (
        Refusal.NOT_OWNED, {"action": "mortgage", "square": BALTIC})
    assert str(error) == "can't mortgage Baltic Avenue: you don't own it"


def test_M2_a_mortgaged_property_is_not_mortgaged_again():
    game = new_game(mine=[READING])
    game.s.mortgaged[READING] = True
    error = refused(game, Mortgage(READING))
    assert (error.code, error.values) == (
        Refusal.ALREADY_MORTGAGED, {"action": "mortgage", "square": READING})


def test_M2_a_group_with_the_players_buildings_is_not_mortgaged():
    game = new_game(mine=[MEDITERRANEAN, BALTIC])
    put_houses(game, MEDITERRANEAN, 1)
    error = refused(game, Mortgage(BALTIC))
    assert (error.code, error.values) == (
        Refusal.GROUP_HAS_BUILDINGS, {"action": "mortgage", "square": BALTIC})


def test_M2_only_a_mortgage_is_lifted():
    error = refused(new_game(mine=[READING]), LiftMortgage(READING))
    assert (error.code, error.values) == (
        Refusal.NOT_MORTGAGED, {"action": "lift_mortgage", "square": READING})


def test_M2_a_lift_costs_the_mortgage_value_plus_ten_percent_in_cash():
    game = new_game(cash=100, mine=[READING])
    game.s.mortgaged[READING] = True
    error = refused(game, LiftMortgage(READING))
    assert (error.code, error.values) == (Refusal.CANNOT_AFFORD, {
        "action": "lift_mortgage", "square": READING, "cost": 110, "cash": 100})


def test_T4_no_lifting_while_raising_funds():
    game = new_game((2, 2), cash=100, mine=[READING, BALTIC])
    game.s.mortgaged[BALTIC] = True
    game.apply(Roll())  # Income Tax 200
    error = refused(game, LiftMortgage(BALTIC))
    assert (error.code, error.values) == (Refusal.LIFT_WHILE_RAISING, {
        "action": "lift_mortgage", "square": BALTIC, "debt": 200})


def test_M1_a_lift_that_would_leave_the_jail_fine_unpayable():
    game = new_game(cash=50, mine=[MEDITERRANEAN], position=10)
    game.s.mortgaged[MEDITERRANEAN] = True
    game.s.in_jail, game.s.pending = True, JAIL
    error = refused(game, LiftMortgage(MEDITERRANEAN))
    assert (error.code, error.values) == (Refusal.FINE_UNPAYABLE, {
        "action": "lift_mortgage", "square": MEDITERRANEAN, "cost": 33, "fine": 50})


def test_M3_a_building_is_sold_only_where_the_player_has_one():
    error = refused(new_game(mine=[READING]), SellBuilding(READING))
    assert (error.code, error.values) == (
        Refusal.NO_BUILDING, {"action": "sell_building", "square": READING})


@pytest.mark.parametrize("in_jail", [True, False], ids=["in jail", "on the board"])
def test_P6_T4_a_card_the_player_hasnt_got_is_neither_used_nor_sold(in_jail):
    game = new_game(position=10)
    if in_jail:
        game.s.in_jail, game.s.pending = True, JAIL
    for action in (UseJailCard(), SellJailCard()):
        error = refused(game, action)  # having none is the reason, in Jail or not
        assert (error.code, error.values) == (Refusal.NO_JAIL_CARD, {"action": action.type})


# ---- P1, P2: buying and building -----------------------------------------------------------

def test_P1_a_property_is_bought_with_the_cash_at_hand():
    game = new_game((2, 3), cash=150)
    game.apply(Roll())
    error = refused(game, Buy())
    assert (error.code, error.values) == (Refusal.CANNOT_AFFORD, {
        "action": "buy", "square": READING, "cost": 200, "cash": 150})
    assert str(error).startswith("can't buy Reading Railroad: it costs $200 and you have $150")
    assert game.why_illegal(Decline()) is None  # declining stays open (P1)


@pytest.mark.parametrize(("game", "action", "code", "extra"), [
    (lambda: building_stop(both=False), BuildHouse(), Refusal.NOT_WHOLE_GROUP, {}),
    (lambda: building_stop(houses=HOTEL), BuildHouse(), Refusal.HAS_HOTEL, {}),
    (lambda: building_stop(houses=HOTEL), BuildHotel(), Refusal.HAS_HOTEL, {}),
    (lambda: building_stop(houses=4), BuildHouse(), Refusal.HAS_FOUR_HOUSES, {}),
    (lambda: building_stop(houses=2), BuildHotel(), Refusal.NEEDS_FOUR_HOUSES, {"houses": 2}),
    (lambda: building_stop(cash=10), BuildHouse(), Refusal.CANNOT_AFFORD_BUILDING,
     {"cost": 50, "cash": 10}),
    (lambda: building_stop(houses=4, cash=10), BuildHotel(), Refusal.CANNOT_AFFORD_BUILDING,
     {"cost": 50, "cash": 10}),
], ids=["group", "hotel-house", "hotel-hotel", "fifth", "needs-four", "house-cash",
        "hotel-cash"])
def test_P2_a_building_goes_up_only_as_the_rule_allows(game, action, code, extra):
    error = refused(game(), action)
    building = "hotel" if isinstance(action, BuildHotel) else "house"
    assert (error.code, error.values) == (code, {
        "action": action.type, "square": MEDITERRANEAN, "building": building, **extra})


def test_P2_a_mortgage_in_the_group_stops_building_until_lifted():
    game = building_stop()
    game.s.mortgaged[BALTIC] = True
    error = refused(game, BuildHouse())
    assert error.code == Refusal.GROUP_MORTGAGED
    assert str(error) == ("can't build a house on Mediterranean Avenue: a property of its "
                          "colour group is mortgaged; lift the mortgage first")


def test_S5_an_empty_supply_stops_building():
    game = building_stop()
    game.s.houses_left = 0
    assert refused(game, BuildHouse()).code == Refusal.NO_HOUSE_LEFT
    game = building_stop(houses=4)
    game.s.hotels_left = 0
    assert refused(game, BuildHotel()).code == Refusal.NO_HOTEL_LEFT


# ---- one reason, decided once --------------------------------------------------------------

def test_the_code_groups_cover_what_they_say():
    assert all(code in set(Refusal) for code in WAITING | BUILDING_REFUSALS)
    assert not WAITING & BUILDING_REFUSALS


def test_why_illegal_says_none_exactly_for_the_legal_actions_and_apply_agrees():
    rng = random.Random(5)
    for seed in range(60):
        game = Game.new(seed)
        for _ in range(80):
            legal = game.legal_actions()
            probes = [action_from_dict({"type": kind}) for kind in ACTION_TYPES
                      if kind not in ("mortgage", "lift_mortgage", "sell_building", "build_to")]
            probes += [BuildTo(level) for level in range(1, HOTEL + 1)]
            probes += [action_from_dict({"type": kind, "square": rng.randrange(40)})
                       for kind in ("mortgage", "lift_mortgage", "sell_building")]
            for probe in probes:
                why = game.why_illegal(probe)
                assert (why is None) == (probe in legal), (probe, why)
                if why is not None:
                    assert why.values["action"] == probe.type and why.code in set(Refusal)
            if game.is_over:
                break
            game.apply(rng.choice(legal))
