"""P2 in one decision: BuildTo(level) builds the stop's street up to 1-4 houses or the hotel,
one building at a time, then ends the stop; only levels the cash pays in full and the supply
(S5) holds are offered."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game_core import (
    BuildHotel, BuildHouse, BuildTo, CorruptStateError, DoneBuilding, Game, IllegalActionError,
    Refusal, Roll, action_from_dict,
)
from game_core.board import HOTEL, TOTAL_HOTELS, TOTAL_HOUSES
from game_core.state import BUILD, ROLL

from .helpers import BALTIC, MEDITERRANEAN, new_game, put_houses, total_money, types


def stop_on_baltic(cash: int = 1000, houses: int = 0, **options: object) -> Game:
    """The pawn rolls 1+2 onto Baltic Avenue (house cost 50), the brown group the
    player's: the Bank pays the doubled rent (R1, 8) and the build choice waits (P2)."""
    game = new_game((1, 2), cash=cash, mine=[MEDITERRANEAN, BALTIC], **options)
    if houses:
        put_houses(game, BALTIC, houses)
    game.apply(Roll())
    assert game.pending == BUILD and game.pending_square == BALTIC
    return game


def levels(game: Game) -> list[int]:
    return [a.level for a in game.legal_actions() if isinstance(a, BuildTo)]


def refused(game: Game, action: BuildTo) -> IllegalActionError:
    before = game.to_dict()
    asked = game.why_illegal(action)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    assert game.to_dict() == before
    assert asked is not None and (asked.code, asked.values) == (caught.value.code,
                                                                caught.value.values)
    return caught.value


def test_P2_building_up_to_three_houses_puts_each_up_in_turn_then_ends_the_stop():
    game = stop_on_baltic()
    money = total_money(game)
    events = game.apply(BuildTo(3))
    assert types(events) == ["built", "built", "built", "turn_started"]
    assert [(e.building, e.cost, e.buildings_after) for e in events[:3]] == [
        ("house", 50, 1), ("house", 50, 2), ("house", 50, 3)]
    assert game.s.cash == 1000 + 8 - 3 * 50 and total_money(game) == money  # S3
    assert game.s.houses_left == TOTAL_HOUSES - 3
    assert game.pending == ROLL and game.version == 2  # one decision, one action


def test_P2_the_solo_text_builds_on_the_stops_street_only_never_evenly():
    # Seed 001: "La construction des bâtiments ne se fait pas uniformément [...] vous ne
    # pouvez construire que sur la propriété où vous vous arrêtez."
    game = stop_on_baltic()
    game.apply(BuildTo(4))
    assert (game.s.buildings[BALTIC], game.s.buildings[MEDITERRANEAN]) == (4, 0)


def test_P2_S5_up_to_the_hotel_each_costs_the_house_cost_and_the_houses_go_back():
    game = stop_on_baltic(houses=2)
    events = game.apply(BuildTo(HOTEL))
    assert [(e.building, e.buildings_after) for e in events if e.type == "built"] == [
        ("house", 3), ("house", 4), ("hotel", HOTEL)]
    assert game.s.cash == 1000 + 60 - 3 * 50  # R1: Baltic with 2 houses pays 60
    assert (game.s.houses_left, game.s.hotels_left) == (TOTAL_HOUSES, TOTAL_HOTELS - 1)
    assert game.s.buildings[BALTIC] == HOTEL and game.pending == ROLL


def test_P2_the_levels_offered_are_those_the_cash_pays_in_full():
    game = stop_on_baltic(cash=170)  # 178 after the rent: three houses, not four
    assert levels(game) == [1, 2, 3]
    error = refused(game, BuildTo(4))
    assert (error.code, error.values) == (Refusal.CANNOT_AFFORD_BUILDING, {
        "action": "build_to", "square": BALTIC, "building": "house", "level": 4,
        "cost": 200, "cash": 178})
    assert str(error) == ("can't build up to 4 houses on Baltic Avenue: it costs $200 and "
                          "you have $178")


def test_P2_the_levels_start_one_above_what_the_street_has():
    game = stop_on_baltic(houses=3)
    assert levels(game) == [4, HOTEL]
    error = refused(game, BuildTo(3))
    assert (error.code, error.values["houses"]) == (Refusal.ALREADY_BUILT, 3)
    assert str(error).endswith("it already has 3 houses")


def test_S5_the_levels_stop_at_what_the_supply_holds():
    game = stop_on_baltic()
    game.s.houses_left = 2
    assert levels(game) == [1, 2]
    assert refused(game, BuildTo(3)).code == Refusal.NO_HOUSE_LEFT
    # The houses go up before the hotel takes them back: a hotel from bare land needs 4.
    assert refused(game, BuildTo(HOTEL)).code == Refusal.NO_HOUSE_LEFT
    game = stop_on_baltic(houses=4)
    game.s.hotels_left = 0
    assert levels(game) == []
    assert refused(game, BuildTo(HOTEL)).code == Refusal.NO_HOTEL_LEFT


@pytest.mark.parametrize(("setup", "code"), [
    (lambda g: g.s.mortgaged.__setitem__(MEDITERRANEAN, True), Refusal.GROUP_MORTGAGED),
    (lambda g: g.s.owner.__setitem__(MEDITERRANEAN, 0), Refusal.NOT_WHOLE_GROUP),
], ids=["mortgaged", "group"])
def test_P2_M2_building_up_to_a_level_needs_the_whole_group_unmortgaged(setup, code):
    game = stop_on_baltic()
    setup(game)
    assert levels(game) == []
    assert refused(game, BuildTo(2)).code == code


def test_P2_building_up_to_a_level_waits_for_a_build_choice():
    game = new_game((1, 2), cash=1000, mine=[MEDITERRANEAN, BALTIC])
    error = refused(game, BuildTo(2))
    assert (error.code, error.values) == (Refusal.MUST_ROLL, {"action": "build_to"})


def test_H3_a_build_to_is_stored_as_a_plain_dict_and_replays():
    assert BuildTo(3).to_dict() == {"type": "build_to", "level": 3}
    assert action_from_dict(json.loads(json.dumps(BuildTo(3).to_dict()))) == BuildTo(3)
    for bad in ({"type": "build_to"}, {"type": "build_to", "level": 0},
                {"type": "build_to", "level": 6}, {"type": "build_to", "level": "3"},
                {"type": "build_to", "level": True}, {"type": "build_to", "level": 3, "x": 1}):
        with pytest.raises(CorruptStateError):
            action_from_dict(bad)
    game, again = stop_on_baltic(), stop_on_baltic()
    game.apply(BuildTo(2))
    again.apply(action_from_dict(json.loads(json.dumps(BuildTo(2).to_dict()))))
    assert again == game


def one_by_one(game: Game, level: int) -> list[dict]:
    """What BuildTo(level) stands for: a house or the hotel at a time, then Done if the stop
    is still open."""
    events = []
    while game.s.buildings[BALTIC] < level:
        action = BuildHotel() if game.s.buildings[BALTIC] == 4 else BuildHouse()
        events += game.apply(action)
    if game.pending == BUILD:
        events += game.apply(DoneBuilding())
    return [e.to_dict() for e in events]


def _state(game: Game) -> dict:
    """The game as saved but for its count of actions (one decision against several)."""
    return {k: v for k, v in game.to_dict().items() if k != "actions"}


@settings(max_examples=150, deadline=None)
@given(cash=st.integers(0, 400), houses=st.integers(0, 4), houses_left=st.integers(0, 6),
       hotels_left=st.integers(0, 2), level=st.integers(1, HOTEL))
def test_P2_S3_S5_build_to_is_exactly_the_single_builds_then_done(cash, houses, houses_left,
                                                                   hotels_left, level):
    def stop() -> Game:
        game = stop_on_baltic(cash=cash, houses=houses)
        # A short supply (the rest is taken off the box: no save is made of this state).
        game.s.houses_left = min(game.s.houses_left, houses_left)
        game.s.hotels_left = hotels_left
        return game

    game, single = stop(), stop()
    offered = BuildTo(level) in game.legal_actions()
    assert offered == (game.why_illegal(BuildTo(level)) is None)
    if not offered:
        return
    money = total_money(game)
    events = [e.to_dict() for e in game.apply(BuildTo(level))]
    assert events == one_by_one(single, level)
    assert game.version == 2  # the roll, then one decision for all of it
    assert _state(game) == _state(single)
    assert total_money(game) == money and game.s.cash >= 0  # S3, paid in full
    assert game.s.buildings[BALTIC] == level and game.pending != BUILD


def test_T3_P2_after_doubles_building_up_to_a_level_still_rolls_again():
    game = new_game((1, 1), position=MEDITERRANEAN, cash=1000, mine=[MEDITERRANEAN, BALTIC],
                    doubles="standard")
    game.apply(Roll())  # 1+1 from Mediterranean: Baltic, a double
    assert game.pending == BUILD and game.pending_square == BALTIC
    events = game.apply(BuildTo(2))
    assert types(events) == ["built", "built"]  # no new turn: the double rolls again (T3)
    assert game.pending == ROLL and game.turn == 1 and game.s.buildings[BALTIC] == 2
