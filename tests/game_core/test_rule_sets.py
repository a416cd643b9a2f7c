"""P3's house-rule cap on what the Bank builds, and the rule set a game is played under."""

import json

import pytest

from game_core import Game, InvalidOptionError, Options, Roll
from game_core.board import HOTEL
from game_core.options import HOUSE, NO_BANK_BUILD_CAP, STANDARD

from .helpers import BALTIC, new_game, put_houses, types


def test_P3_bank_build_cap_defaults_to_the_texts_hotel():
    assert Options().bank_build_cap == NO_BANK_BUILD_CAP == HOTEL


@pytest.mark.parametrize("cap", [0, 1, 2, 3, 4])
def test_P3_capped_bank_stops_building_at_the_cap(cap):
    game = new_game((1, 2), banks=[BALTIC], cash=1000, bank_build_cap=cap)
    put_houses(game, BALTIC, cap)
    events = game.apply(Roll())
    assert "built" not in types(events) and game.s.buildings[BALTIC] == cap


def test_P3_capped_bank_still_builds_below_the_cap():
    game = new_game((1, 2), banks=[BALTIC], bank_build_cap=2)
    put_houses(game, BALTIC, 1)
    game.apply(Roll())
    assert game.s.buildings[BALTIC] == 2


def test_P3_uncapped_bank_still_builds_the_hotel():
    game = new_game((1, 2), banks=[BALTIC], cash=1000, bank_build_cap=5)
    put_houses(game, BALTIC, 4)
    game.apply(Roll())
    assert game.s.buildings[BALTIC] == HOTEL


@pytest.mark.parametrize("bad", [-1, 6, "two", True])
def test_P3_bank_build_cap_out_of_range_is_refused(bad):
    with pytest.raises(InvalidOptionError):
        Options.from_mapping({"bank_build_cap": bad})


def test_P3_bank_build_cap_accepts_text_from_a_command():
    assert Options.from_mapping({"bank_build_cap": "1"}).bank_build_cap == 1


def test_default_options_are_the_standard_rule_set():
    assert Options().rule_set == STANDARD and Options().is_standard
    assert Options().house_rules() == {}


@pytest.mark.parametrize("option, value", [
    ("doubles", "standard"), ("treasury", 10_000_000), ("bank_pawns", 3),
    ("start_cash", 1_500), ("bank_build_cap", 1),
])
def test_any_option_off_its_default_makes_house_rules(option, value):
    options = Options.from_mapping({option: value})
    assert options.rule_set == HOUSE and not options.is_standard
    assert options.house_rules() == {option: value}


def test_options_set_to_their_defaults_explicitly_stay_standard():
    options = Options.from_mapping({"start_cash": 200, "treasury": "20,580", "doubles": "off",
                                    "bank_pawns": 7, "bank_build_cap": 5})
    assert options.rule_set == STANDARD


def test_the_edition_does_not_change_the_rule_set():
    assert Game.new(1, None, "fr").options.rule_set == STANDARD


def test_house_rules_are_listed_in_declaration_order():
    options = Options(start_cash=1_500, doubles="standard", bank_build_cap=2)
    assert list(options.house_rules()) == ["doubles", "start_cash", "bank_build_cap"]


def test_H3_uncapped_options_save_as_before_the_cap_existed():
    # States stored before bank_build_cap existed must stay equal to their replay.
    assert "bank_build_cap" not in Options().to_dict()
    assert Options(bank_build_cap=2).to_dict()["bank_build_cap"] == 2


def test_H3_a_capped_game_survives_a_save_and_load():
    game = Game.new(3, {"bank_build_cap": 1})
    again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.options.bank_build_cap == 1 and again.to_dict() == game.to_dict()
