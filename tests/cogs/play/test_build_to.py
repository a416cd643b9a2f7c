"""P2 in one click (simcord): at a build stop with two levels or more within reach, the game
message offers a menu of levels, each with its whole cost and the cash left, and one pick
builds the street up to that level, a building at a time, then ends the stop."""

from __future__ import annotations

from functools import cache

import pytest

from bot.i18n import format_money
from bot.i18n import t as t_
from bot.narration import square_name
from bot.narration.narrate import buildings_text
from game_core import Game
from game_core.board import SQUARES
from game_core.prompts import Follow
from game_core.rules import build_levels
from game_core.state import BUILD, ROLL
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids, components, select_ids
from tests.cogs.playing import MENU_OF

OPTIONS = {"start_cash": 1500}
MAX_CLICKS = 60


def at_build_menu(game: Game) -> bool:
    """A build stop whose street can go up three levels or more at once (P2)."""
    return game.pending == BUILD and len(build_levels(game.s, game.pending_square)) >= 3


@cache
def find_seed() -> int:
    """The first seed whose always-buy game (the forced ways taken, as the service takes
    them) reaches a build menu within MAX_CLICKS clicks."""
    for seed in range(1, 500):
        game, player = Game.new(seed, OPTIONS), make_strategy("always-buy")
        for _ in range(MAX_CLICKS):
            if game.is_over:
                break
            if at_build_menu(game):
                return seed
            follow = Follow(game)
            game.apply(player.choose(game))
            while (found := follow.next(game)) is not None:
                game.apply(found[0])
    raise AssertionError("no seed reaches a build menu")


async def click_to_build_menu(world, message, *, rolling: bool):
    """Play always-buy through the message (Roll on, or plain Roll) up to the build menu."""
    service, player = world.env.bot.service, make_strategy("always-buy")
    suffix = ".on" if rolling else ""
    for _ in range(MAX_CLICKS):
        record = await service.get(1)
        if at_build_menu(record.game):
            return record
        action = player.choose(record.game)
        ids = button_ids(message)
        if action.type == "roll":
            result = await world.alice.click(message, custom_id=ids["roll_on" if rolling
                                                                   else "roll"])
        elif type(action) in MENU_OF:
            custom_id, _ = select_ids(message)[MENU_OF[type(action)] + suffix]
            result = await world.alice.select(message, [str(action.square)],
                                              custom_id=custom_id)
        else:
            result = await world.alice.click(message, custom_id=ids[action.type + suffix])
        assert result.acknowledged and not result.ephemeral, result
    raise AssertionError("no build menu reached")


def build_menu(message) -> dict:
    menus = [c for c in components(message) if c.get("custom_id", "").startswith("sm:s:")
             and c["custom_id"].split(":")[-1].split(".")[0] == "build"]
    assert len(menus) == 1, menus
    return menus[0]


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.slow
async def test_P2_one_pick_builds_the_street_up_to_the_level_whose_cost_it_showed(
        world, seeds, interaction_locales, locale):
    interaction_locales[world.alice.id] = locale
    seeds.append(find_seed())
    start = await world.alice.slash(world.channel, "monopoly new", start_cash=1500)
    message = start.response
    record = await click_to_build_menu(world, message, rolling=False)
    s, edition = record.game.s, record.edition
    sq, before, cash = s.pending_square, s.buildings[s.pending_square], s.cash
    cost = SQUARES[sq].house_cost

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    # Before the pick: every level within reach, its whole cost and the cash it leaves.
    menu = build_menu(message)
    levels = list(build_levels(s, sq))
    assert [o["value"] for o in menu["options"]] == [str(level) for level in levels]
    name = square_name(edition, sq, "en")
    three = next(o for o in menu["options"] if o["value"] == str(before + 3))
    price = money(3 * cost)
    assert three["label"] == (f"Up to {before + 3} houses on {name}: {price}" if locale == "en"
                              else f"Jusqu'à {before + 3} maisons sur {name} : {price}")
    left = money(cash - 3 * cost)
    assert left in three["description"]
    assert menu["placeholder"] == (f"Build several at once on {name}…" if locale == "en"
                                   else f"Construire plusieurs d'un coup sur {name}…")
    assert "build_house" in button_ids(message)  # one house at a time stays a button

    result = await world.alice.select(message, [str(before + 3)], custom_id=menu["custom_id"])
    assert result.acknowledged and not result.ephemeral, result
    after = await world.env.bot.service.get(1)
    t = after.game.s
    assert t.buildings[sq] == before + 3
    assert t.cash == cash - 3 * cost  # exactly what the option said, nothing else
    assert after.version == record.version + 1  # one click, one stored decision
    assert after.game.pending == ROLL  # the stop is over: the player chose where to stop
    # One pick, one line: the street, where it now stands, and the whole cost.
    events = message.embeds[0].fields[0].value  # the message, edited in place
    assert t_(locale, "ev.built.player.to", square=name,
              buildings=buildings_text(before + 3, locale), cost=money(3 * cost)) in events
    assert events.count(name) == 1, events
    assert await world.env.bot.service.verify(1)  # H3: the stored log replays exactly
    assert world.env.errors == []


async def test_P2_while_rolling_on_a_pick_from_the_build_menu_goes_on_rolling(world, seeds):
    seeds.append(find_seed())
    start = await world.alice.slash(world.channel, "monopoly new", start_cash=1500)
    message = start.response
    record = await click_to_build_menu(world, message, rolling=True)
    sq, before = record.game.pending_square, record.game.s.buildings[record.game.pending_square]
    menu = build_menu(message)
    assert menu["custom_id"].endswith(":build.on")
    top = menu["options"][-1]["value"]
    result = await world.alice.select(message, [top], custom_id=menu["custom_id"])
    assert result.acknowledged and not result.ephemeral, result
    after = await world.env.bot.service.get(1)
    assert after.game.s.buildings[sq] == int(top) > before + 1
    assert after.version > record.version + 1  # built, then rolled on
    assert await world.env.bot.service.verify(1)
    assert world.env.errors == []
