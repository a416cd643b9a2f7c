"""A player's own settings through the real client: `/monopoly settings` shows
them to the player alone and changes one; with the debt confirm off, Pay it for me pays in
one click and the message lists what it did; on (the default), it still lists the plan
first."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import t
from bot.narration import square_name
from game_core import Roll
from game_core.plans import debt_plan
from game_core.state import RAISE_FUNDS, ROLL
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids
from tests.cogs.play.test_clicks import _debt_seed, _fields


def _settings_text(message: Any) -> str:
    [embed] = message.embeds
    return " ".join(f"{f.name}: {f.value}" for f in embed.fields)


async def test_settings_are_shown_to_the_player_alone_and_changed_by_the_option(
        world, interaction_locales):
    service = world.env.bot.service
    shown = await world.alice.slash(world.channel, "monopoly settings")
    assert shown.ephemeral and shown.response.ephemeral
    assert t("en", "prefs.debt_confirm.on") in _settings_text(shown.response)
    changed = await world.alice.slash(world.channel, "monopoly settings", debt_confirm="off")
    assert changed.ephemeral and changed.response.content == t("en", "prefs.changed")
    assert t("en", "prefs.debt_confirm.off") in _settings_text(changed.response)
    assert (await service.prefs.get(world.alice.id)).confirm_debts is False
    assert (await service.prefs.get(world.bob.id)).confirm_debts is True  # hers only
    interaction_locales[world.alice.id] = "fr"  # in French, the same setting
    french = await world.alice.slash(world.channel, "monopoly settings")
    assert t("fr", "prefs.debt_confirm.off") in _settings_text(french.response)
    back = await world.alice.slash(world.channel, "monopoly settings", debt_confirm="on")
    assert t("fr", "prefs.debt_confirm.on") in _settings_text(back.response)
    assert (await service.prefs.get(world.alice.id)).confirm_debts is True
    assert world.env.errors == []


async def _to_a_debt(world: Any, seeds: list[int]) -> tuple[Any, Any]:
    """A game started and played (always-buy, through the buttons) to a debt of several
    steps; its message and record."""
    seed, _ = _debt_seed()
    seeds.append(seed)
    message = (await world.alice.slash(world.channel, "monopoly new", start_cash=300)).response
    service = world.env.bot.service
    chooser = make_strategy("always-buy")
    while (record := await service.get(1)).game.pending != RAISE_FUNDS:
        action = Roll() if record.game.pending == ROLL else chooser.choose(record.game)
        await world.alice.click(message, custom_id=button_ids(message)[action.type])
    return message, record


@pytest.mark.parametrize("confirm", ["on", "off"])
@pytest.mark.slow
async def test_M1_pay_it_for_me_pays_in_one_click_when_the_confirm_is_off(world, seeds,
                                                                          confirm):
    service = world.env.bot.service
    await world.alice.slash(world.channel, "monopoly settings", debt_confirm=confirm)
    message, record = await _to_a_debt(world, seeds)
    plan = debt_plan(record.game)
    assert plan is not None and len(plan.steps) >= 2
    clicked = await world.alice.click(message, custom_id=button_ids(message)["plan_debt"])
    assert not clicked.ephemeral
    after = await service.get(1)
    if confirm == "on":  # the plan listed, nothing done yet: one more click to pay
        assert after.version == record.version
        assert _fields(clicked.response)["Your move"].startswith("To pay ")
        assert set(button_ids(clicked.response)) == {"plan_debt_go", "plan_back"}
        return
    # Off: paid at once, in the plan's order, and the message says what was done.
    assert after.game.pending != RAISE_FUNDS or after.game.is_over
    log = sorted(await service.history(1, limit=200), key=lambda e: e.seq)
    done = [e.action for e in log if e.seq > record.version]
    assert done[:len(plan.steps)] == [a.to_dict() for a in plan.steps]
    told = _fields(clicked.response)["What happened"]
    squares = {getattr(step, "square", -1) for step in plan.steps} - {-1}
    assert squares  # the plan sells or mortgages something
    for square in squares:
        assert square_name(record.edition, square, "en") in told, (square, told)
    assert "plan_debt_go" not in button_ids(clicked.response)
    assert world.env.errors == []
