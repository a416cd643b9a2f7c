"""P1-P7: what each square does."""

import pytest

from game_core import (
    BuildHotel, BuildHouse, Buy, Decline, DoneBuilding, IllegalActionError, PayFine, Roll,
    SellBuilding, UseJailCard,
)
from game_core.board import HOTEL
from game_core.state import BANK, BUILD, JAIL, NOBODY, PLAYER, ROLL

from .helpers import (
    BALTIC, BOARDWALK, BO_RR, CHANCE_1, CHANCE_3, CHEST_1, ILLINOIS, INCOME_TAX, JAIL as JAIL_SQ,
    LUXURY_TAX, MEDITERRANEAN, PARK_PLACE, READING, ST_CHARLES, UTILITY_SQUARES,
    new_game, put_houses, total_money, types,
)


def test_P1_buy_an_unowned_property_at_its_price():
    game = new_game((2, 3))
    game.apply(Roll())
    events = game.apply(Buy())
    assert game.s.owner[READING] == PLAYER and game.s.cash == 0
    assert events[0].to_dict() == {"type": "property_bought", "square": READING, "price": 200}
    assert total_money(game) == 20_580


def test_P1_decline_gives_the_property_to_the_bank_with_a_pawn():
    game = new_game((2, 3))
    game.apply(Roll())
    events = game.apply(Decline())
    assert game.s.owner[READING] == BANK and game.s.pawns_left == 6
    assert events[0].bank_took


def test_P1_decline_with_no_pawn_left_leaves_it_unowned():
    game = new_game((2, 3), bank_pawns=0)
    game.apply(Roll())
    events = game.apply(Decline())
    assert game.s.owner[READING] == NOBODY and not events[0].bank_took


def test_P1_buy_without_the_cash_is_refused_and_says_why():
    game = new_game((2, 3), cash=150)
    game.apply(Roll())
    assert Buy() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match=r"can't buy Reading Railroad: it costs \$200"):
        game.apply(Buy())
    assert game.s.owner[READING] == NOBODY and game.s.cash == 150


def test_P2_bank_pays_rent_on_own_property_then_player_may_build():
    game = new_game((1, 2), mine=[MEDITERRANEAN, BALTIC])  # GO + 3 = Baltic Avenue
    events = game.apply(Roll())
    rent = [e for e in events if e.type == "rent_paid"][0]
    assert (rent.amount, rent.payer, rent.why) == (8, "bank", "group")  # R1 doubled
    assert game.pending == BUILD and game.pending_square == BALTIC
    assert BuildHouse() in game.legal_actions() and BuildHotel() not in game.legal_actions()


def test_P2_houses_need_not_be_even_and_several_steps_are_allowed():
    game = new_game((1, 2), cash=1000, mine=[MEDITERRANEAN, BALTIC])
    game.apply(Roll())
    for _ in range(4):
        game.apply(BuildHouse())
    assert game.s.buildings[BALTIC] == 4 and game.s.buildings[MEDITERRANEAN] == 0
    assert game.s.houses_left == 28
    events = game.apply(BuildHotel())  # P2: a hotel costs the house cost
    assert events[0].cost == 50 and game.s.buildings[BALTIC] == HOTEL
    assert game.s.houses_left == 32 and game.s.hotels_left == 11
    assert game.pending == ROLL  # nothing more to build: the stop is over
    assert game.s.cash == 1000 + 8 - 5 * 50


def test_P2_build_only_on_the_street_of_this_stop_and_not_without_the_group():
    game = new_game((1, 2), cash=1000, mine=[BALTIC])
    game.apply(Roll())
    assert game.pending == ROLL  # no build prompt without the whole group
    with pytest.raises(IllegalActionError, match="can't build a house now"):
        game.apply(BuildHouse())


def test_P2_no_building_while_a_group_property_is_mortgaged():
    game = new_game((1, 2), cash=1000, mine=[MEDITERRANEAN, BALTIC])
    game.s.mortgaged[MEDITERRANEAN] = True
    game.apply(Roll())
    assert game.pending == BUILD
    assert game.legal_actions()[0] == DoneBuilding()
    with pytest.raises(IllegalActionError, match="mortgaged; lift the mortgage first"):
        game.apply(BuildHouse())


def test_P3_player_pays_rent_and_bank_builds_a_house_after_collecting_it():
    game = new_game((1, 2), banks=[BALTIC])
    events = game.apply(Roll())
    assert types(events)[2:4] == ["rent_paid", "built"]
    assert game.s.cash == 196 and game.s.buildings[BALTIC] == 1
    assert events[3].by == "bank" and events[3].cost == 0


def test_P3_bank_builds_whatever_it_owns_of_the_group():
    game = new_game((1, 2), banks=[BALTIC], mine=[MEDITERRANEAN])
    game.apply(Roll())
    assert game.s.buildings[BALTIC] == 1


def test_P3_bank_builds_a_hotel_on_4_houses_and_the_houses_go_back():
    game = new_game((1, 2), banks=[BALTIC], cash=1000)
    put_houses(game, BALTIC, 4)
    game.apply(Roll())
    assert game.s.cash == 1000 - 320
    assert game.s.buildings[BALTIC] == HOTEL and game.s.houses_left == 32
    assert game.s.hotels_left == 11


def test_P3_bank_builds_nothing_when_the_supply_is_empty():
    game = new_game((1, 2), banks=[BALTIC])
    game.s.houses_left = 0
    events = game.apply(Roll())
    assert "built" not in types(events) and game.s.buildings[BALTIC] == 0


def test_P3_bank_builds_on_streets_only():
    game = new_game((2, 3), banks=[READING])
    events = game.apply(Roll())
    assert "built" not in types(events) and game.s.cash == 175


def _draw(game, deck: str, card: str):
    cards = getattr(game.s, deck)
    cards.remove(card)
    cards.insert(0, card)


def test_P4_card_goes_to_the_bottom_of_its_deck():
    game = new_game((3, 4))
    _draw(game, "chance", "ch_dividend")
    events = game.apply(Roll())
    assert game.s.chance[-1] == "ch_dividend" and game.s.cash == 250
    assert events[2].to_dict()["card"] == "ch_dividend" and "50" in events[2].text


def test_P4_get_out_of_jail_free_is_kept_until_used_then_goes_back_to_its_deck():
    game = new_game((1, 1))
    _draw(game, "chest", "cc_jail_free")
    game.apply(Roll())
    assert game.s.jail_cards == ["cc_jail_free"] and "cc_jail_free" not in game.s.chest
    game.s.in_jail, game.s.position, game.s.pending = True, JAIL_SQ, JAIL
    game.apply(UseJailCard())
    assert game.s.chest[-1] == "cc_jail_free" and not game.s.in_jail and game.pending == ROLL


def test_P4_chairman_pays_each_player_once_to_the_bank():
    game = new_game((3, 4))
    _draw(game, "chance", "ch_chairman")
    game.apply(Roll())
    assert game.s.cash == 150


def test_P4_birthday_collects_once_from_the_bank():
    game = new_game((1, 1))
    _draw(game, "chest", "cc_birthday")
    game.apply(Roll())
    assert game.s.cash == 210


def test_P4_advance_to_boardwalk_then_p1_applies():
    game = new_game((3, 4))
    _draw(game, "chance", "ch_boardwalk")
    game.apply(Roll())
    assert game.s.position == BOARDWALK and game.pending_square == BOARDWALK


def test_P4_advance_card_passing_go_collects_200():
    game = new_game((4, 4), position=14)  # to 22, Chance
    _draw(game, "chance", "ch_illinois")
    game.apply(Roll())
    assert game.s.position == ILLINOIS and game.s.cash == 200  # 22 -> 24: no GO
    game = new_game((3, 4), position=29)  # to 36, Chance
    _draw(game, "chance", "ch_st_charles")
    game.apply(Roll())
    assert game.s.position == ST_CHARLES and game.s.cash == 400


def test_P4_nearest_railroad_owned_by_the_bank_pays_twice_the_rent():
    game = new_game((3, 4), banks=[15])  # Chance 7 -> Pennsylvania Railroad
    _draw(game, "chance", "ch_railroad_1")
    events = game.apply(Roll())
    rent = [e for e in events if e.type == "rent_paid"][0]
    assert (game.s.position, rent.amount, rent.multiplier) == (15, 50, 2)


def test_P4_nearest_railroad_owned_by_the_player_the_bank_pays_twice():
    game = new_game((3, 4), mine=[15, READING])
    _draw(game, "chance", "ch_railroad_2")
    game.apply(Roll())
    assert game.s.cash == 200 + 2 * 50


def test_P4_nearest_railroad_unowned_may_be_bought():
    game = new_game((3, 4), position=29)  # 36 -> nearest is Reading, passing GO
    _draw(game, "chance", "ch_railroad_1")
    game.apply(Roll())
    assert game.s.position == READING and game.s.cash == 400 and game.pending_square == READING


def test_P4_nearest_utility_owned_by_the_bank_pays_ten_times_a_new_roll():
    game = new_game((3, 4), (2, 3), banks=[12])
    _draw(game, "chance", "ch_utility")
    events = game.apply(Roll())
    rent = [e for e in events if e.type == "rent_paid"][0]
    assert (rent.amount, rent.count, rent.dice) == (50, 10, 5)
    assert game.s.cash == 150


def test_P4_repairs_count_the_players_buildings_only():
    game = new_game((3, 4), mine=[MEDITERRANEAN, BALTIC], banks=[BOARDWALK, PARK_PLACE])
    put_houses(game, MEDITERRANEAN, 2)
    put_houses(game, BALTIC, HOTEL)
    put_houses(game, BOARDWALK, 4)
    _draw(game, "chance", "ch_repairs")
    game.apply(Roll())
    assert game.s.cash == 200 - (2 * 25 + 100)


def test_P4_go_back_3_spaces_resolves_the_new_square():
    game = new_game((3, 4))
    _draw(game, "chance", "ch_back_3")
    game.apply(Roll())
    assert game.s.position == INCOME_TAX and game.s.cash == 0


def test_P4_go_to_jail_card():
    game = new_game((1, 1))
    _draw(game, "chest", "cc_go_to_jail")
    events = game.apply(Roll())
    assert game.s.in_jail and events[-2].reason == "card"


def test_P5_income_tax_200_and_luxury_tax_100():
    game = new_game((2, 2), cash=500)
    game.apply(Roll())
    assert game.s.cash == 300
    game = new_game((1, 2), position=35, cash=500)
    game.apply(Roll())
    assert game.s.position == LUXURY_TAX and game.s.cash == 400


def test_P6_go_to_jail_then_pay_the_fine_then_roll():
    game = new_game((5, 5), (1, 2), position=20)
    game.apply(Roll())
    assert game.pending == JAIL and game.legal_actions()[0] == PayFine()
    with pytest.raises(IllegalActionError, match="can't roll now: you are in Jail"):
        game.apply(Roll())
    events = game.apply(PayFine())
    assert types(events) == ["paid", "left_jail"] and game.s.cash == 150
    assert game.pending == ROLL
    game.apply(Roll())
    assert game.s.position == 13


def test_P6_landing_on_jail_by_a_roll_is_just_visiting():
    game = new_game((3, 4), position=3)
    game.apply(Roll())
    assert game.s.position == JAIL_SQ and not game.s.in_jail and game.pending == ROLL


def test_P7_free_parking_does_nothing():
    game = new_game((4, 4), position=12)
    events = game.apply(Roll())
    assert game.s.cash == 200 and types(events) == ["dice_rolled", "moved", "turn_started"]


def test_P4_chance_squares_are_7_22_36_and_chest_2():
    assert (CHANCE_1, CHANCE_3, CHEST_1, BO_RR) == (7, 36, 2, 25)
    assert UTILITY_SQUARES == (12, 28)


def test_P2_with_the_supply_empty_a_house_sold_elsewhere_can_be_built_here():
    # Seed 001: "vendre une Maison d'une de vos propriétés pour pouvoir l'acheter une fois
    # retournée à la Banque"; T4 lets the player sell it while the build choice is pending.
    game = new_game((1, 2), cash=1000, mine=[MEDITERRANEAN, BALTIC, PARK_PLACE, BOARDWALK])
    put_houses(game, BOARDWALK, 2)
    game.s.houses_left = 0
    game.apply(Roll())
    assert game.pending == BUILD and BuildHouse() not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="the supply has no house left"):
        game.apply(BuildHouse())
    game.apply(SellBuilding(BOARDWALK))
    assert game.s.houses_left == 1 and BuildHouse() in game.legal_actions()
    game.apply(BuildHouse())
    assert game.s.buildings[BALTIC] == 1 and game.s.buildings[BOARDWALK] == 1
    assert game.pending == BUILD  # one more house could still come back from Boardwalk


def test_P2_no_build_choice_when_no_piece_could_come_back_to_the_supply():
    game = new_game((1, 2), cash=1000, mine=[MEDITERRANEAN, BALTIC, PARK_PLACE, BOARDWALK])
    put_houses(game, BOARDWALK, HOTEL)  # selling a hotel returns no house (M3)
    game.s.houses_left = 0
    game.apply(Roll())
    assert game.pending == ROLL
    # With 4 houses and no hotel in the supply, a hotel elsewhere can be sold to free one.
    game = new_game((1, 2), cash=1000, mine=[MEDITERRANEAN, BALTIC, PARK_PLACE, BOARDWALK])
    put_houses(game, BALTIC, 4)
    put_houses(game, BOARDWALK, HOTEL)
    game.s.hotels_left = 0
    game.apply(Roll())
    assert game.pending == BUILD and BuildHotel() not in game.legal_actions()
    game.apply(SellBuilding(BOARDWALK))
    game.apply(BuildHotel())
    assert game.s.buildings[BALTIC] == HOTEL and game.pending == ROLL


def test_P4_nearest_utility_owned_by_the_player_the_bank_pays_ten_times_a_new_roll():
    game = new_game((3, 4), (6, 5), mine=[12])  # one utility only: still ten times (P4)
    _draw(game, "chance", "ch_utility")
    events = game.apply(Roll())
    rent = [e for e in events if e.type == "rent_paid"][0]
    assert (rent.payer, rent.amount, rent.count) == ("bank", 110, 10)
    assert game.s.cash == 310 and game.pending == ROLL


def test_P4_nearest_utility_unowned_may_be_bought_and_no_rent_is_due():
    game = new_game((4, 4), position=14)  # 22 -> Water Works
    _draw(game, "chance", "ch_utility")
    events = game.apply(Roll())
    assert "rent_paid" not in types(events) and "dice_rolled" == types(events)[0]
    assert game.pending_square == 28 and Buy() in game.legal_actions()
