"""S1-S6: the board, the money, the pawns, the buildings and the cards at the start."""

import pytest

from game_core import Game, InvalidOptionError
from game_core.board import GROUPS, PROPERTIES, SQUARES, STREETS, Kind
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
