"""S1-S6: the board, the money, the pawns, the buildings and the cards at the start."""

import pytest

from game_core import Game, InvalidOptionError
from game_core.board import (
    GO_SALARY, GROUPS, JAIL_FINE, PROPERTIES, SQUARES, STREETS, TOTAL_HOTELS, TOTAL_HOUSES, Kind,
)
from game_core.cards import CARDS, CHANCE, CHEST
from game_core.editions import EDITIONS

from .helpers import BOARDWALK, MEDITERRANEAN


def test_S1_standard_board_has_40_squares_28_properties_22_streets_in_8_groups():
    assert len(SQUARES) == 40
    assert len(PROPERTIES) == 28 and len(STREETS) == 22
    streets_groups = {g for g in GROUPS if g not in ("station", "utility")}
    assert len(streets_groups) == 8
    assert [len(GROUPS[g]) for g in ("station", "utility")] == [4, 2]


def test_S1_us_values_of_boardwalk_and_mediterranean():
    bw, med = SQUARES[BOARDWALK], SQUARES[MEDITERRANEAN]
    assert (bw.price, bw.rents, bw.house_cost, bw.mortgage_value) == (
        400, (50, 200, 600, 1400, 1700, 2000), 200, 200)
    assert (med.price, med.rents, med.house_cost, med.mortgage_value) == (
        60, (2, 10, 30, 90, 160, 250), 50, 30)
    assert sum(SQUARES[i].price for i in PROPERTIES) == 5690


def test_S1_editions_change_names_and_currency_only():
    assert EDITIONS["us"].square_names[BOARDWALK] == "Boardwalk"
    assert EDITIONS["uk"].square_names[BOARDWALK] == "Mayfair"
    assert EDITIONS["fr"].square_names[BOARDWALK] == "Rue de la Paix"
    assert [EDITIONS[k].money(1500) for k in ("us", "uk")] == ["$1,500", "£1,500"]
    assert EDITIONS["fr"].money(1500).endswith("Cr")
    for edition in EDITIONS.values():
        assert len(edition.square_names) == 40
        assert set(edition.card_texts) == set(CARDS)


def test_S1_unknown_edition_is_refused_with_the_choices():
    with pytest.raises(InvalidOptionError, match="us, uk or fr"):
        Game.new(seed=1, edition="de")


def test_S2_player_starts_on_go_with_200():
    game = Game.new(seed=1)
    assert (game.s.position, game.s.cash) == (0, 200)


def test_S2_start_cash_option():
    assert Game.new(seed=1, options={"start_cash": "1500"}).s.cash == 1500


def test_S3_bank_treasury_is_20580_less_the_200_dealt():
    game = Game.new(seed=1)
    assert game.s.bank_cash == 20_380
    assert game.s.bank_cash + game.s.cash == 20_580


def test_S3_treasury_option_and_bad_values_are_refused():
    assert Game.new(seed=1, options={"treasury": 5000}).s.bank_cash == 4800
    with pytest.raises(InvalidOptionError, match="treasury"):
        Game.new(seed=1, options={"treasury": "lots"})
    with pytest.raises(InvalidOptionError, match="can't exceed"):
        Game.new(seed=1, options={"treasury": 100})
    with pytest.raises(InvalidOptionError, match="unknown rule option 'auctions'"):
        Game.new(seed=1, options={"auctions": "on"})


def test_S4_bank_has_7_pawns_and_the_option_changes_it():
    assert Game.new(seed=1).s.pawns_left == 7
    assert Game.new(seed=1, options={"bank_pawns": 3}).s.pawns_left == 3
    with pytest.raises(InvalidOptionError, match="bank_pawns"):
        Game.new(seed=1, options={"bank_pawns": -1})


def test_S5_32_houses_and_12_hotels():
    game = Game.new(seed=1)
    assert (game.s.houses_left, game.s.hotels_left) == (32, 12)


def test_S6_16_chance_and_16_community_chest_cards_shuffled_from_the_seed():
    assert len(CHANCE) == 16 and len(CHEST) == 16
    a, b, c = Game.new(seed=5), Game.new(seed=5), Game.new(seed=6)
    assert a.s.chance == b.s.chance and a.s.chest == b.s.chest
    assert a.s.chance != c.s.chance
    assert sorted(a.s.chance) == sorted(card.id for card in CHANCE)
    assert a.s.chance != [card.id for card in CHANCE]  # shuffled, not in printed order


def test_S6_card_texts_are_the_editions_own():
    assert "Boardwalk" in EDITIONS["us"].card_texts["ch_boardwalk"]
    assert "Mayfair" in EDITIONS["uk"].card_texts["ch_boardwalk"]
    assert "Rue de la Paix" in EDITIONS["fr"].card_texts["ch_boardwalk"]


def test_S1_kinds_of_the_corner_squares():
    assert [SQUARES[i].kind for i in (0, 10, 20, 30)] == [
        Kind.GO, Kind.JAIL, Kind.PARKING, Kind.GO_TO_JAIL]


# The standard US deeds (S1): square, price, house cost, rents bare/1-4 houses/hotel.
US_DEEDS = (
    (1, 60, 50, (2, 10, 30, 90, 160, 250)), (3, 60, 50, (4, 20, 60, 180, 320, 450)),
    (6, 100, 50, (6, 30, 90, 270, 400, 550)), (8, 100, 50, (6, 30, 90, 270, 400, 550)),
    (9, 120, 50, (8, 40, 100, 300, 450, 600)),
    (11, 140, 100, (10, 50, 150, 450, 625, 750)), (13, 140, 100, (10, 50, 150, 450, 625, 750)),
    (14, 160, 100, (12, 60, 180, 500, 700, 900)),
    (16, 180, 100, (14, 70, 200, 550, 750, 950)), (18, 180, 100, (14, 70, 200, 550, 750, 950)),
    (19, 200, 100, (16, 80, 220, 600, 800, 1000)),
    (21, 220, 150, (18, 90, 250, 700, 875, 1050)), (23, 220, 150, (18, 90, 250, 700, 875, 1050)),
    (24, 240, 150, (20, 100, 300, 750, 925, 1100)),
    (26, 260, 150, (22, 110, 330, 800, 975, 1150)), (27, 260, 150, (22, 110, 330, 800, 975, 1150)),
    (29, 280, 150, (24, 120, 360, 850, 1025, 1200)),
    (31, 300, 200, (26, 130, 390, 900, 1100, 1275)),
    (32, 300, 200, (26, 130, 390, 900, 1100, 1275)),
    (34, 320, 200, (28, 150, 450, 1000, 1200, 1400)),
    (37, 350, 200, (35, 175, 500, 1100, 1300, 1500)),
    (39, 400, 200, (50, 200, 600, 1400, 1700, 2000)),
)


def test_S1_every_deed_has_the_standard_us_values():
    assert tuple(sq for sq, *_ in US_DEEDS) == STREETS
    for sq, price, house, rents in US_DEEDS:
        deed = SQUARES[sq]
        assert (deed.price, deed.house_cost, deed.rents) == (price, house, rents), sq
        assert deed.mortgage_value * 2 == price  # M2: half the price
    for sq in (5, 15, 25, 35):  # R2
        assert (SQUARES[sq].kind, SQUARES[sq].price, SQUARES[sq].rents) == (
            Kind.STATION, 200, (25, 50, 100, 200))
    for sq in (12, 28):  # R3
        assert (SQUARES[sq].kind, SQUARES[sq].price, SQUARES[sq].rents) == (
            Kind.UTILITY, 150, (4, 10))
    assert [(i, s.tax) for i, s in enumerate(SQUARES) if s.kind is Kind.TAX] == [
        (4, 200), (38, 100)]  # P5
    assert [i for i, s in enumerate(SQUARES) if s.kind is Kind.CHANCE] == [7, 22, 36]
    assert [i for i, s in enumerate(SQUARES) if s.kind is Kind.CHEST] == [2, 17, 33]
    assert (GO_SALARY, JAIL_FINE, TOTAL_HOUSES, TOTAL_HOTELS) == (200, 50, 32, 12)


def test_S6_the_current_standard_us_cards_and_their_amounts():
    effects = {c.id: (c.effect.name, c.target, c.amount, c.per_hotel) for c in CHANCE + CHEST}
    assert [effects[c.id][0] for c in CHANCE].count("NEAREST_STATION") == 2
    assert effects["ch_speeding"] == ("PAY", 0, 15, 0)
    assert effects["ch_reading"] == ("ADVANCE_TO", 5, 0, 0)
    assert effects["ch_chairman"] == ("PAY", 0, 50, 0)
    assert effects["ch_repairs"] == ("REPAIRS", 0, 25, 100)
    assert effects["ch_loan"] == ("COLLECT", 0, 150, 0)
    assert effects["ch_dividend"] == ("COLLECT", 0, 50, 0)
    assert [effects[k][1] for k in ("ch_boardwalk", "ch_go", "ch_illinois", "ch_st_charles")] \
        == [39, 0, 24, 11]
    assert effects["ch_back_3"] == ("BACK", 0, 3, 0)
    chest_money = {k: v[2] for k, v in effects.items() if k.startswith("cc_")}
    assert chest_money == {
        "cc_go": 0, "cc_bank_error": 200, "cc_doctor": 50, "cc_stock": 50, "cc_jail_free": 0,
        "cc_go_to_jail": 0, "cc_holiday": 100, "cc_tax_refund": 20, "cc_birthday": 10,
        "cc_life_insurance": 100, "cc_hospital": 100, "cc_school": 50, "cc_consultancy": 25,
        "cc_street_repairs": 40, "cc_beauty": 10, "cc_inherit": 100,
    }
    assert effects["cc_street_repairs"][3] == 115
    assert {effects[k][0] for k in ("cc_doctor", "cc_school", "cc_hospital")} == {"PAY"}
    us = EDITIONS["us"].card_texts
    assert us["ch_railroad_1"] == us["ch_railroad_2"]
    assert us["ch_railroad_1"].startswith("Advance to the nearest Railroad")
    for card, words in (
        ("ch_speeding", "Speeding fine $15"), ("ch_reading", "Take a trip to Reading Railroad"),
        ("ch_chairman", "Chairman of the Board. Pay each player $50"),
        ("ch_repairs", "For each house pay $25. For each hotel pay $100"),
        ("cc_doctor", "Doctor's fee. Pay $50"), ("cc_school", "school fees of $50"),
        ("cc_consultancy", "Receive $25 consultancy fee"),
        ("cc_street_repairs", "street repairs. $40 per house. $115 per hotel"),
    ):
        assert words in us[card], card
