"""The Hint weighs plans and carries one out in one click, through Discord
(simcord): a debt's few distinct ways to pay, a buy the cash can't cover that a mortgage
makes possible."""

from __future__ import annotations

import pytest

from game_core import Game, Roll
from game_core.advisor import open_choices
from game_core.plans import buy_plan, debt_plans
from game_core.prompts import Follow
from game_core.state import BUY, PLAYER, RAISE_FUNDS, ROLL
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids, components
from tests.cogs.play.test_clicks import _debt_seed
from tests.cogs.hint.test_hints import hint_id

CHOICE_MARKS = ("★", "·", "≈")


def _buy_plan_seed() -> int:
    """A seed whose always-buy game (plain Roll, forced ways taken) reaches an offer the
    cash can't cover and a mortgage can."""
    for seed in range(1, 400):
        game, chooser, actions = Game.new(seed, {"start_cash": 300}), make_strategy(
            "always-buy"), 0
        while not game.is_over and actions < 2000:
            if game.pending == BUY and buy_plan(game) is not None:
                return seed
            follow = Follow(game)
            game.apply(Roll() if game.pending == ROLL else chooser.choose(game))
            actions += 1
            while (found := follow.next(game)) is not None:
                game.apply(found[0])
    raise AssertionError("no offer that takes a mortgage to buy")


async def _play_until(world, message, condition):
    service, chooser = world.env.bot.service, make_strategy("always-buy")
    while not condition((record := await service.get(1)).game):
        action = Roll() if record.game.pending == ROLL else chooser.choose(record.game)
        await world.alice.click(message, custom_id=button_ids(message)[action.type])
    return record


def _reply(result):
    assert result.acknowledged and result.ephemeral, result
    return (result.followups or [result.response])[-1]


def _plan_buttons(reply) -> dict[str, str]:
    return {c["custom_id"].split(":", 5)[5]: c["custom_id"] for c in components(reply)
            if c.get("custom_id", "").startswith("sm:hplan:")}


async def _actions_after(service, version: int) -> list[dict]:
    log = await service.history(1, limit=200)
    return [e.action for e in sorted(log, key=lambda e: e.seq) if e.seq > version]


@pytest.mark.slow
async def test_M1_a_debt_hint_lists_its_few_ways_to_pay_and_one_click_pays_it(world, seeds):
    seed, _ = _debt_seed()
    seeds.append(seed)
    world.env.bot.hints.rollouts = 10
    message = (await world.alice.slash(world.channel, "monopoly new", start_cash=300)).response
    record = await _play_until(world, message, lambda g: g.pending == RAISE_FUNDS)
    plans = debt_plans(record.game)
    reply = _reply(await world.alice.click(message, custom_id=hint_id(message)))
    lines = [x for x in reply.content.splitlines() if x.startswith(CHOICE_MARKS)]
    assert 1 <= len(lines) <= 6 and len(lines) == len(plans)
    assert all(x.split(" ", 1)[1].startswith("**Pay it") for x in lines), lines
    assert "lasts" in lines[0] and "wins" in lines[0]
    buttons = _plan_buttons(reply)
    assert set(buttons) == {f"debt:{p.way}" for p in plans}
    chosen = plans[-1]  # not necessarily the best: the player's choice is carried out
    done = await world.alice.click(reply, custom_id=buttons[f"debt:{chosen.way}"])
    assert done.response.ephemeral and done.response.content.startswith("Done")
    after = await world.env.bot.service.get(1)
    assert after.game.pending != RAISE_FUNDS or after.game.is_over
    actions = await _actions_after(world.env.bot.service, record.version)
    assert actions[:len(chosen.steps)] == [a.to_dict() for a in chosen.steps]
    assert world.env.errors == []


async def test_P1_T4_a_mortgage_that_makes_a_purchase_possible_is_hinted_and_done_in_one_click(
        world, seeds):
    seeds.append(_buy_plan_seed())
    world.env.bot.hints.rollouts = 10
    message = (await world.alice.slash(world.channel, "monopoly new", start_cash=300)).response
    record = await _play_until(
        world, message, lambda g: g.pending == BUY and buy_plan(g) is not None)
    plan = buy_plan(record.game)
    assert plan is not None and plan in open_choices(record.game)
    reply = _reply(await world.alice.click(message, custom_id=hint_id(message)))
    lines = [x for x in reply.content.splitlines() if x.startswith(CHOICE_MARKS)]
    assert any("after raising the price" in x for x in lines), reply.content
    assert any("**Decline" in x for x in lines)
    buttons = _plan_buttons(reply)
    assert set(buttons) == {"buy:least_rent"}
    await world.alice.click(reply, custom_id=buttons["buy:least_rent"])
    after = await world.env.bot.service.get(1)
    s = after.game.s
    assert s.owner[plan.square] == PLAYER  # bought
    assert all(s.mortgaged[i] for i in plan.mortgaged)
    actions = await _actions_after(world.env.bot.service, record.version)
    assert actions[:len(plan.steps) + 1] == [a.to_dict() for a in (*plan.steps, plan.then)]
    assert world.env.errors == []
