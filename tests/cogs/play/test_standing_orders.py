"""Standing orders through the real client (simcord): set once with `/monopoly settings`,
an order that answered is said on the game message with a button that undoes it in one
click (the game doesn't change; the order is off from the next click on). And Pay it for
me after a Hint: the way the Hint rated best, listed first and carried out whole."""

from __future__ import annotations

import pytest

from bot.application.autoplay import ORDERED, Played, Step
from bot.application.records import ACTIVE, GameRecord
from bot.hosting.discord_limits import check_message
from bot.i18n import t
from bot.narration.account import plan_steps
from cogs.play.controls import GO_OF_WAY
from cogs.play.message import build_game_message
from game_core import DoneBuilding, Game, Roll
from game_core.advisor import summarize
from game_core.orders import ORDER_BUILD, ORDER_DEBT, ORDER_DECLINE
from game_core.plans import debt_plans
from game_core.prompts import Skip
from game_core.state import BUY, RAISE_FUNDS, ROLL
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids, button_labels
from tests.bot.narration.test_hint_text import tallies
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


@pytest.mark.slow
async def test_M1_after_a_hint_pay_it_for_me_lists_and_pays_the_way_it_rated_best(world, seeds):
    """The Hint and the game message agree (issue 37): Pay it for me's confirm step lists
    first, and its button carries out whole, the way the Hint rated best at this version."""
    service = world.env.bot.service
    seeds.append(11)  # always-buy reaches a debt with two ways to pay it
    message = (await world.alice.slash(world.channel, "monopoly new")).response
    chooser = make_strategy("always-buy")
    for _ in range(400):
        record = await service.get(1)
        game = record.game
        if game.pending == RAISE_FUNDS and len(debt_plans(game)) >= 2:
            break
        assert not game.is_over
        action = Roll() if game.pending == ROLL else chooser.choose(game)
        await world.alice.click(message, custom_id=button_ids(message)[action.type])
    plans = debt_plans(record.game)
    rated = plans[1]  # not the least-rent way Pay it for me lists first otherwise
    hint = summarize(record.version, 0, plans, tallies(len(plans), [40, 90]))
    service.hinted.remember(record.id, hint)  # as the Hint does (bot.application.hints)
    listed = await world.alice.click(message, custom_id=button_ids(message)["plan_debt"])
    shown = _fields(listed.response)["Your move"]
    assert shown.startswith("To pay ") and plan_steps(rated, record.game, "en") in shown
    go = GO_OF_WAY[rated.way]
    assert set(button_ids(listed.response)) == {go, "plan_back"}
    await world.alice.click(listed.response, custom_id=button_ids(listed.response)[go])
    log = sorted(await service.history(1, limit=400), key=lambda e: e.seq)
    done = [e.action for e in log if e.seq > record.version][:len(rated.steps)]
    assert done == [a.to_dict() for a in rated.steps]
    assert world.env.errors == []


@pytest.mark.parametrize("locale", ["en", "fr", "es"])
def test_every_undo_button_fits_discords_limits_beside_a_full_decision(locale):
    """All three orders undone from one message, under the most buttons a decision has,
    with 19-digit ids and every square kept declining: Discord's limits hold
    (bot.hosting.discord_limits.check_message: rows, 5 a row, labels, custom_ids)."""
    big = 10**18 + 7
    game = Game.new(3, {"bank_pawns": 0})
    while game.pending != BUY:
        game.apply(Roll() if game.pending == ROLL else game.legal_actions()[0])
    record = GameRecord(big, big, None, None, None, 3, game.options.to_dict(), "us", ACTIVE,
                        big, 0.0, 0.0, None, None, 0, game.turn, game)
    skips = [Skip(DoneBuilding(), why) for why in (ORDER_BUILD, ORDER_DECLINE, ORDER_DEBT)]
    played = Played(record, tuple(Step(s.action, [], ORDERED, s) for s in skips), False,
                    None, 0, game.turn, True, frozenset(range(40)))
    message = build_game_message(record, [], locale=locale, player="x" * 32, picture=False,
                                 played=played)
    payload = {"embeds": [message.embed.to_dict()],
               "components": message.view.to_components()}
    assert check_message(payload) == []
    labels = {c.get("label") for row in payload["components"] for c in row["components"]}
    for name in ("build_reserve", "decline_bank_groups", "pay_debts"):
        assert t(locale, f"clicks.button.order_off.{name}") in labels
