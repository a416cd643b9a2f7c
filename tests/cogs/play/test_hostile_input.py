"""What a player sends can't break a reply: forged buttons and menu values each
get a clear private refusal."""

from __future__ import annotations

import pytest

from cogs.play.controls import BUTTON_ACTIONS
from cogs.play.message import BUTTON_ORDER

from tests.cogs.conftest import button_ids

# ---- forged custom_ids: every one gets a clear private refusal, never an error id ----------

PAST_64_BITS = 2**64 + 1


def forge(world, message, custom_id: str, component: dict) -> str:
    """Replace the component `custom_id` of a message, as a hostile client could send any
    custom_id; returns the forged one."""
    stored = world.env.backend.get_message(message.channel_id, message.id)
    for row in stored.components:
        for index, item in enumerate(row["components"]):
            if item.get("custom_id") == custom_id:
                if component["type"] == 3:  # a menu fills its row (Roll on stands beside Roll)
                    row["components"][:] = [component]
                else:
                    row["components"][index] = component
                return component["custom_id"]
    raise AssertionError(f"no component {custom_id}")


def forged_button(custom_id: str) -> dict:
    return {"type": 2, "style": 1, "label": "Forged", "custom_id": custom_id}


def forged_menu(custom_id: str, values: list[str]) -> dict:
    return {"type": 3, "custom_id": custom_id, "min_values": 1, "max_values": 1,
            "options": [{"label": value or "-", "value": value} for value in values]}


async def _click_forged(world, custom_id: str):
    start = await world.alice.slash(world.channel, "monopoly new")
    roll = button_ids(start.response)["roll"]
    forged = forge(world, start.response, roll, forged_button(custom_id))
    return await world.alice.click(start.response, custom_id=forged)


def _refused(result, text: str) -> None:
    assert result.acknowledged and result.ephemeral, result
    answer = (result.followups or [result.response])[-1].content
    assert answer == text


@pytest.mark.parametrize("game", ["999", str(PAST_64_BITS)], ids=["unknown", "past 64 bits"])
async def test_a_button_of_a_game_that_does_not_exist_is_refused_as_unknown(world, game):
    result = await _click_forged(world, f"sm:b:{game}:0:{world.alice.id}:roll")
    _refused(result, "There is no such game; start one with /monopoly new.")
    assert (await world.env.bot.service.get(1)).version == 0
    assert world.env.errors == []


@pytest.mark.parametrize("action", ["resign", "fly", "mortgage", "ROLL", "roll!"])
async def test_E3_a_button_can_carry_only_the_actions_the_bot_puts_on_buttons(world, action):
    result = await _click_forged(world, f"sm:b:1:0:{world.alice.id}:{action}")
    _refused(result, "This control is not one of the game's; use the buttons under your "
                     "game message (/monopoly resume shows it).")
    record = await world.env.bot.service.get(1)
    assert (record.status, record.version) == ("active", 0)
    assert world.env.errors == []


async def test_a_button_with_a_version_past_64_bits_is_refused(world):
    result = await _click_forged(world, f"sm:b:1:{PAST_64_BITS}:{world.alice.id}:roll")
    assert "not one of the game's" in result.response.content
    assert world.env.errors == []


def test_the_button_whitelist_is_exactly_the_game_messages_buttons():
    assert {kind.type for kind in BUTTON_ORDER} == BUTTON_ACTIONS


@pytest.mark.parametrize("value", ["abc", "40", "-1", "²", "٣", str(PAST_64_BITS), ""])
async def test_T4_a_menu_value_that_is_not_a_square_is_refused(world, value):
    start = await world.alice.slash(world.channel, "monopoly new")
    roll = button_ids(start.response)["roll"]
    menu = forge(world, start.response, roll,
                 forged_menu(f"sm:s:1:0:{world.alice.id}:mortgage", [value]))
    result = await world.alice.select(start.response, [value], custom_id=menu)
    _refused(result, "That choice is not a square of the board; pick one from the menu.")
    assert (await world.env.bot.service.get(1)).version == 0
    assert world.env.errors == []


@pytest.mark.parametrize("value", ["0", "6", "12", "a", "", "٣"])
async def test_P2_a_build_menu_value_that_is_no_level_is_refused(world, value):
    start = await world.alice.slash(world.channel, "monopoly new")
    roll = button_ids(start.response)["roll"]
    menu = forge(world, start.response, roll,
                 forged_menu(f"sm:s:1:0:{world.alice.id}:build", [value]))
    result = await world.alice.select(start.response, [value], custom_id=menu)
    _refused(result, "That choice is not one of the menu's; pick one from the menu.")
    assert (await world.env.bot.service.get(1)).version == 0
    assert world.env.errors == []


async def test_P2_a_build_level_out_of_reach_is_refused_with_the_reason(world):
    start = await world.alice.slash(world.channel, "monopoly new")
    roll = button_ids(start.response)["roll"]
    menu = forge(world, start.response, roll,
                 forged_menu(f"sm:s:1:0:{world.alice.id}:build", ["3"]))
    result = await world.alice.select(start.response, ["3"], custom_id=menu)
    assert result.acknowledged and result.ephemeral
    assert "roll" in (result.followups or [result.response])[-1].content
    assert (await world.env.bot.service.get(1)).version == 0
    assert world.env.errors == []


async def test_a_menu_of_an_unknown_kind_is_refused(world):
    start = await world.alice.slash(world.channel, "monopoly new")
    roll = button_ids(start.response)["roll"]
    menu = forge(world, start.response, roll,
                 forged_menu(f"sm:s:1:0:{world.alice.id}:resign", ["1"]))
    result = await world.alice.select(start.response, ["1"], custom_id=menu)
    assert result.ephemeral and "not one of the game's" in result.response.content
    assert (await world.env.bot.service.get(1)).status == "active"


async def test_a_square_menu_value_that_is_not_allowed_is_refused_with_the_reason(world):
    start = await world.alice.slash(world.channel, "monopoly new")
    roll = button_ids(start.response)["roll"]
    menu = forge(world, start.response, roll,
                 forged_menu(f"sm:s:1:0:{world.alice.id}:mortgage", ["0", "39"]))
    for value in ("0", "39"):
        result = await world.alice.select(start.response, [value], custom_id=menu)
        assert result.ephemeral and result.response.content.startswith("Can't do that:")
    assert world.env.errors == []


@pytest.mark.parametrize("game", ["999", str(PAST_64_BITS)], ids=["unknown", "past 64 bits"])
async def test_play_again_of_a_game_that_does_not_exist_is_refused_as_unknown(world, game):
    result = await _click_forged(world, f"sm:again:{game}:{world.alice.id}")
    _refused(result, "There is no such game; start one with /monopoly new.")
    assert world.env.errors == []
