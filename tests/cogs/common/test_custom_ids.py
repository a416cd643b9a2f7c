"""The custom_id codec: what a control's id carries reads back as itself, fits Discord's 100
characters at its longest, and a value the bot never made is refused."""

from __future__ import annotations

import re

import pytest

from cogs.common.custom_ids import (
    MAX_ID, GameAction, GameMenu, level_of, rolling_id, split_rolling, square_of,
)
from cogs.play.controls import BUILD_MENU, MENU_KINDS, menu_action
from game_core import BuildTo, LiftMortgage, Mortgage, SellBuilding
from game_core.board import HOTEL

EVERY_SQUARE = frozenset(range(40))


@pytest.mark.parametrize("kind", sorted(MENU_KINDS))
def test_a_menu_id_round_trips_and_fits_at_its_longest(kind):
    name = rolling_id(kind, True, EVERY_SQUARE)  # rolling on, every square kept declining
    menu = GameMenu(MAX_ID, MAX_ID, MAX_ID, name)
    found = re.fullmatch(GameMenu.TEMPLATE, menu.to_id())
    assert found is not None and GameMenu.from_match(found) == menu
    assert len(menu.to_id()) <= 100  # Discord's custom_id limit
    assert split_rolling(name) == (kind, True, EVERY_SQUARE)


def test_P2_a_build_menu_value_is_a_level_and_reads_back_as_building_up_to_it():
    for level in range(1, HOTEL + 1):
        assert level_of(str(level)) == level
        assert menu_action(BUILD_MENU, str(BuildTo(level).level)) == BuildTo(level)
    for value in ("0", "6", "12", "", "a", "٣", "²", " 3", "3 ", "-1"):
        assert level_of(value) is None and menu_action(BUILD_MENU, value) is None


def test_T4_a_square_menu_value_reads_back_as_its_action():
    assert menu_action("sell", "39") == SellBuilding(39)
    assert menu_action("mortgage", "5") == Mortgage(5)
    assert menu_action("lift", "0") == LiftMortgage(0)
    assert menu_action("lift", "40") is None and square_of("40") is None
    assert menu_action("resign", "1") is None  # not a menu of ours


def test_a_button_id_round_trips():
    button = GameAction(1, 2, 3, rolling_id("build_house", True, frozenset({1, 39})))
    found = re.fullmatch(GameAction.TEMPLATE, button.to_id())
    assert found is not None and GameAction.from_match(found) == button
