"""R1-R4: rent of streets, stations and utilities."""

from game_core import Roll
from game_core.board import HOTEL

from .helpers import (
    BALTIC, MEDITERRANEAN, PENNSYLVANIA_RR, READING, SHORT_LINE, BO_RR, new_game, put_houses,
)


def _rent(events):
    return [e for e in events if e.type == "rent_paid"][0]


def test_R1_bare_rent_on_the_deed():
    game = new_game((1, 2), banks=[BALTIC])
    assert _rent(game.apply(Roll())).amount == 4


def test_R1_doubled_when_the_owner_has_the_whole_group():
    game = new_game((1, 2), banks=[BALTIC, MEDITERRANEAN])
    rent = _rent(game.apply(Roll()))
    assert (rent.amount, rent.why) == (8, "group")


def test_R1_not_doubled_when_a_group_property_is_mortgaged():
    game = new_game((1, 2), mine=[BALTIC, MEDITERRANEAN])
    game.s.mortgaged[MEDITERRANEAN] = True
    rent = _rent(game.apply(Roll()))
    assert (rent.amount, rent.why, rent.payer) == (4, "bare", "bank")


def test_R1_houses_and_hotel_rents_from_the_deed():
    for count, expected in ((1, 20), (2, 60), (3, 180), (4, 320), (HOTEL, 450)):
        game = new_game((1, 2), banks=[BALTIC], cash=1000)
        put_houses(game, BALTIC, count)
        assert _rent(game.apply(Roll())).amount == expected


def test_R2_station_rent_by_the_number_owned_mortgaged_ones_count():
    owned = [READING, PENNSYLVANIA_RR, BO_RR, SHORT_LINE]
    for n, expected in ((1, 25), (2, 50), (3, 100), (4, 200)):
        game = new_game((2, 3), mine=owned[:n])
        if n > 1:
            game.s.mortgaged[owned[1]] = True
        rent = _rent(game.apply(Roll()))
        assert (rent.amount, rent.count) == (expected, n)


def test_R3_utility_rolls_anew_4_times_or_10_times_with_both():
    game = new_game((6, 6), (1, 2), banks=[12])  # GO + 12 = Electric Company
    rent = _rent(game.apply(Roll()))
    assert (rent.amount, rent.dice, rent.count) == (12, 3, 4)
    game = new_game((6, 6), (1, 2), banks=[12, 28])
    assert _rent(game.apply(Roll())).amount == 30


def test_R4_mortgaged_property_earns_no_rent():
    game = new_game((1, 2), mine=[BALTIC])
    game.s.mortgaged[BALTIC] = True
    rent = _rent(game.apply(Roll()))
    assert (rent.amount, rent.why) == (0, "mortgaged") and game.s.cash == 200


def test_R4_the_bank_never_mortgages():
    from game_core import Mortgage
    game = new_game(banks=[BALTIC])
    assert Mortgage(BALTIC) not in game.legal_actions()
