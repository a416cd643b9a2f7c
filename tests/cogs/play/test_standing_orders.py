"""Standing orders through the real client (simcord): set once with `/monopoly settings`,
an order that answered is said on the game message with a button that undoes it in one
click (the game doesn't change; the order is off from the next click on)."""

from __future__ import annotations

import pytest

from bot.i18n import t
from game_core import Roll
from game_core.state import RAISE_FUNDS, ROLL
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids, button_labels
from tests.cogs.play.test_clicks import _debt_seed, _fields


@pytest.mark.slow
async def test_M1_the_debt_order_pays_says_so_and_one_click_undoes_it(world, seeds):
    service = world.env.bot.service
    seed, _ = _debt_seed()
    seeds.append(seed)
    shown = await world.alice.slash(world.channel, "monopoly settings", auto_pay="on")
    assert shown.ephemeral and t("en", "prefs.pay_debts.on") in " ".join(
        f.value for f in shown.response.embeds[0].fields)
    message = (await world.alice.slash(world.channel, "monopoly new", start_cash=300)).response
    chooser = make_strategy("always-buy")
    for _ in range(400):
        record = await service.get(1)
        assert record.game.pending != RAISE_FUNDS  # the order pays every debt
        if "off_debts" in button_ids(message) or record.game.is_over:
            break
        action = Roll() if record.game.pending == ROLL else chooser.choose(record.game)
        await world.alice.click(message, custom_id=button_ids(message)[action.type])
    ids = button_ids(message)
    assert "off_debts" in ids, "no debt in 400 clicks"
    assert button_labels(message)["off_debts"] == t("en", "clicks.button.order_off.pay_debts")
    assert "Your standing order pays the" in _fields(message)["What happened"]
    version = (await service.get(1)).version
    undone = await world.alice.click(message, custom_id=ids["off_debts"])
    [said] = undone.followups  # the message shown again, and a private line
    assert said.ephemeral and said.content == t(
        "en", "clicks.order_off.done", order=t("en", "clicks.button.order_off.pay_debts"))
    assert (await service.prefs.get(world.alice.id)).orders.pay_debts is False
    assert (await service.get(1)).version == version  # the game didn't move
    assert "off_debts" not in button_ids(message)
    assert await service.verify(1)
    assert world.env.errors == []


async def test_settings_set_and_show_the_standing_orders(world, interaction_locales):
    service = world.env.bot.service
    set_ = await world.alice.slash(world.channel, "monopoly settings", reserve=150,
                                   auto_decline="on")
    assert set_.response.content == t("en", "prefs.changed")
    orders = (await service.prefs.get(world.alice.id)).orders
    assert (orders.build_reserve, orders.decline_bank_groups, orders.pay_debts) == (
        150, True, False)
    text = " ".join(f.value for f in set_.response.embeds[0].fields)
    assert t("en", "prefs.build_reserve.on", reserve="150") in text
    interaction_locales[world.alice.id] = "fr"
    off = await world.alice.slash(world.channel, "monopoly settings", auto_build="off")
    assert t("fr", "prefs.build_reserve.off") in " ".join(
        f.value for f in off.response.embeds[0].fields)
    assert (await service.prefs.get(world.alice.id)).orders.build_reserve is None
    assert (await service.prefs.get(world.bob.id)).orders.decline_bank_groups is False
    assert world.env.errors == []
