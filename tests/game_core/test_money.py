"""M1-M5: debts, mortgages, selling buildings, whole units, and the Bank's bankruptcy."""

import pytest

from game_core import (
    BuildHouse, IllegalActionError, LiftMortgage, Mortgage, PayFine, Resign, Roll, SellBuilding,
    SellJailCard,
)
from game_core.board import HOTEL, SQUARES
from game_core.state import BUILD, JAIL, OVER, RAISE_FUNDS, ROLL

from .helpers import (
    BALTIC, BOARDWALK, MEDITERRANEAN, PARK_PLACE, READING, new_game, put_houses, total_money,
    types,
)


def test_M1_a_debt_the_cash_cant_pay_opens_raise_funds_then_it_is_paid():
    game = new_game((2, 2), cash=100, mine=[READING])  # Income Tax 200
    events = game.apply(Roll())
    assert game.pending == RAISE_FUNDS and game.debt == 200
    assert events[-1].to_dict() == {
        "type": "funds_needed", "amount": 200, "reason": "tax", "cash": 100}
    assert game.legal_actions() == [Mortgage(READING), Resign()]
    events = game.apply(Mortgage(READING))
    assert types(events) == ["mortgaged", "paid", "turn_started"]
    assert game.s.cash == 0 and game.pending == ROLL
    assert total_money(game) == 20_580


def test_M1_the_debt_is_lost_at_once_when_nothing_could_cover_it():
    game = new_game((2, 2), cash=50, mine=[MEDITERRANEAN])
    events = game.apply(Roll())
    assert types(events)[-1] == "game_lost"
    assert game.outcome.result == "lost" and game.outcome.reason == "debt"
    assert game.outcome.score == 0 and game.legal_actions() == []


def test_M1_rent_owed_to_the_bank_then_the_bank_builds_once_paid():
    game = new_game((1, 2), cash=0, banks=[BALTIC], mine=[READING])
    game.apply(Roll())
    assert game.pending == RAISE_FUNDS and game.s.buildings[BALTIC] == 0
    events = game.apply(Mortgage(READING))
    assert types(events) == ["mortgaged", "rent_paid", "built", "turn_started"]
    assert game.s.buildings[BALTIC] == 1 and game.s.cash == 96


def test_M1_the_jail_fine_is_such_a_debt():
    game = new_game(cash=10, mine=[READING], position=10)
    game.s.in_jail, game.s.pending = True, JAIL
    game.apply(PayFine())
    assert game.pending == RAISE_FUNDS and game.debt == 50
    events = game.apply(Mortgage(READING))
    assert types(events) == ["mortgaged", "paid", "left_jail"] and game.pending == ROLL


def test_M1_a_jail_turn_nothing_could_pay_for_is_lost_without_prompts():
    game = new_game((5, 5), cash=40, position=20)
    events = game.apply(Roll())
    assert types(events)[-1] == "game_lost" and game.outcome.reason == "debt"


def test_M1_a_jail_card_can_be_sold_to_raise_funds():
    game = new_game((2, 2), cash=160)
    game.s.jail_cards = ["ch_jail_free"]
    game.s.chance.remove("ch_jail_free")
    game.apply(Roll())
    assert game.legal_actions() == [SellJailCard(), Resign()]
    game.apply(SellJailCard())
    assert game.s.cash == 10 and game.s.chance[-1] == "ch_jail_free"


def test_M2_mortgage_pays_half_the_price_and_lifting_costs_10_percent_more_rounded_up():
    game = new_game(mine=[MEDITERRANEAN, BOARDWALK])
    game.apply(Mortgage(MEDITERRANEAN))
    assert game.s.cash == 230
    game.apply(LiftMortgage(MEDITERRANEAN))  # 30 + 3
    assert game.s.cash == 197
    assert SQUARES[BOARDWALK].lift_cost == 220
    assert SQUARES[PARK_PLACE].lift_cost == 175 + 18  # M4: 17.5 rounded up


def test_M2_no_mortgage_while_the_group_has_the_players_buildings():
    game = new_game(mine=[MEDITERRANEAN, BALTIC])
    put_houses(game, BALTIC, 1)
    assert Mortgage(MEDITERRANEAN) not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="sell the buildings of its colour group"):
        game.apply(Mortgage(MEDITERRANEAN))


def test_M2_the_banks_buildings_in_a_mixed_group_dont_block_a_mortgage():
    game = new_game(mine=[MEDITERRANEAN], banks=[BALTIC])
    put_houses(game, BALTIC, 3)
    game.apply(Mortgage(MEDITERRANEAN))
    assert game.s.mortgaged[MEDITERRANEAN]


def test_M2_mortgage_someone_elses_property_is_refused():
    game = new_game(banks=[BALTIC])
    with pytest.raises(IllegalActionError, match="can't mortgage Baltic Avenue: you don't own"):
        game.apply(Mortgage(BALTIC))


def test_M3_selling_a_house_pays_half_its_cost():
    game = new_game(mine=[MEDITERRANEAN, BALTIC])
    put_houses(game, BALTIC, 2)
    events = game.apply(SellBuilding(BALTIC))
    assert events[0].amount == 25 and game.s.buildings[BALTIC] == 1
    assert game.s.houses_left == 31


def test_M3_a_hotel_sold_leaves_4_houses_from_the_supply():
    game = new_game(mine=[PARK_PLACE, BOARDWALK])
    put_houses(game, BOARDWALK, HOTEL)
    events = game.apply(SellBuilding(BOARDWALK))
    assert (events[0].amount, events[0].houses_after) == (100, 4)
    assert (game.s.hotels_left, game.s.houses_left) == (12, 28)


def test_M3_houses_the_supply_lacks_are_sold_as_well():
    game = new_game(mine=[PARK_PLACE, BOARDWALK])
    put_houses(game, BOARDWALK, HOTEL)
    game.s.houses_left = 1
    events = game.apply(SellBuilding(BOARDWALK))
    assert (events[0].amount, events[0].houses_after) == (100 + 3 * 100, 1)
    assert game.s.houses_left == 0


def test_M4_every_amount_is_a_whole_number():
    for sq in SQUARES:
        assert isinstance(sq.lift_cost, int) and isinstance(sq.mortgage_value, int)


def test_M5_the_bank_pays_all_it_has_and_is_bankrupt_then_the_player_wins():
    game = new_game((1, 2), mine=[MEDITERRANEAN, BALTIC], treasury=300)
    put_houses(game, BALTIC, HOTEL)  # the Bank owes 450 and holds 100
    events = game.apply(Roll())
    assert types(events)[-3:] == ["rent_paid", "bank_bankrupt", "game_won"]
    assert events[-3].amount == 100 and game.s.bank_cash == 0
    assert game.outcome.result == "won" and game.outcome.reason == "bank_bankrupt"
    assert game.pending == OVER and total_money(game) == 300


def test_M5_a_mortgage_the_bank_cant_pay_bankrupts_it():
    game = new_game(mine=[BOARDWALK], treasury=300)
    game.apply(Mortgage(BOARDWALK))
    assert game.outcome.reason == "bank_bankrupt" and game.s.cash == 300


def test_T4_mortgage_during_a_build_choice_to_pay_for_a_house():
    game = new_game((1, 2), mine=[MEDITERRANEAN, BALTIC, READING], cash=0)
    game.apply(Roll())
    assert game.pending == BUILD and game.s.cash == 8
    assert BuildHouse() not in game.legal_actions()
    game.apply(Mortgage(READING))
    assert game.pending == BUILD and BuildHouse() in game.legal_actions()
    game.apply(BuildHouse())
    assert game.s.buildings[BALTIC] == 1 and game.s.cash == 58


def test_M1_M3_a_debt_everything_just_covers_is_raised_to_the_last_unit():
    # Liquidation: cash + hotel and the 4 houses the empty supply can't give (M3) + mortgages.
    for cash, lost in ((15, False), (14, True)):
        game = new_game((2, 2), cash=cash, mine=[MEDITERRANEAN, BALTIC])  # Income Tax 200
        put_houses(game, BALTIC, HOTEL)
        game.s.houses_left = 0
        game.apply(Roll())
        assert game.is_over == lost
    assert game.pending == OVER and game.outcome.reason == "debt"
    game = new_game((2, 2), cash=15, mine=[MEDITERRANEAN, BALTIC])
    put_houses(game, BALTIC, HOTEL)
    game.s.houses_left = 0
    game.apply(Roll())
    assert game.legal_actions() == [SellBuilding(BALTIC), Resign()]
    assert game.apply(SellBuilding(BALTIC))[0].amount == 5 * 25
    game.apply(Mortgage(BALTIC))
    assert types(game.apply(Mortgage(MEDITERRANEAN))) == ["mortgaged", "paid", "turn_started"]
    assert game.s.cash == 0 and game.pending == ROLL and total_money(game) == 20_580
