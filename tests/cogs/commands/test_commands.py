"""The /monopoly commands besides playing by clicks: T4 on the game message's menus (the
commands that did it are gone), H1, resign, and the reading commands."""

from __future__ import annotations

import math

import pytest

from game_core import LiftMortgage, Mortgage, SellBuilding
from game_core.board import SQUARES
from game_core.state import ROLL
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids, components, select_ids

KINDS = {"mortgage": Mortgage, "lift": LiftMortgage, "sell": SellBuilding}


async def _play_until(world, condition, strategy: str = "always-buy", seed_from: int = 1):
    """Start alice's game (through the command) and play it through the service until
    `condition(game)` holds at a roll; the first seed that gets there is used."""
    service = world.env.bot.service
    for seed in range(seed_from, seed_from + 200):
        record = await service.start(world.alice.id, world.guild.id, world.channel.id,
                                     seed=seed)
        player = make_strategy(strategy)
        for _ in range(600):
            game = record.game
            if game.is_over or (game.s.pending == ROLL and condition(game)):
                break
            record = (await service.act(record.id, world.alice.id, record.version,
                                        player.choose(game))).record
        if not record.game.is_over:
            return record
        # That game ended first: try the next seed.
    raise AssertionError("no seed reached the condition")


def _legal_squares(game, kind: str) -> set[str]:
    return {str(a.square) for a in game.legal_actions() if type(a) is KINDS[kind]}


async def test_T4_M2_mortgage_then_lift_on_the_menus_and_the_game_message_follows(world):
    record = await _play_until(world, lambda g: any(
        type(a) is Mortgage for a in g.legal_actions()))
    shown = await world.alice.slash(world.channel, "monopoly resume")
    square = int(sorted(_legal_squares(record.game, "mortgage"))[0])
    price = SQUARES[square].price

    custom_id, values = select_ids(shown.response)["mortgage"]
    assert set(values) == _legal_squares(record.game, "mortgage")  # exactly the legal ones
    done = await world.alice.select(shown.response, [str(square)], custom_id=custom_id)
    assert done.acknowledged and not done.ephemeral
    after = await world.env.bot.service.get(record.id)
    assert after.game.s.mortgaged[square] and after.game.s.cash == record.game.s.cash + price // 2
    message = next(m for m in world.channel.history() if m.id == shown.response.id)
    assert all(f":{after.version}:" in c for c in button_ids(message).values())

    custom_id, values = select_ids(message)["lift"]
    assert str(square) in values
    await world.alice.select(message, [str(square)], custom_id=custom_id)
    final = await world.env.bot.service.get(record.id)
    assert not final.game.s.mortgaged[square]
    mortgage_value = price // 2
    lift_cost = mortgage_value + math.ceil(mortgage_value / 10)  # M2: plus 10%, rounded up
    assert final.game.s.cash == after.game.s.cash - lift_cost


@pytest.mark.parametrize("old_message", ["editable", "deleted"])
async def test_H1_a_second_new_game_offers_to_resign_the_first(world, old_message):
    first = await world.alice.slash(world.channel, "monopoly new")
    again = await world.alice.slash(world.channel, "monopoly new", edition="fr")
    assert again.ephemeral and "already have a game" in again.response.content
    assert (await world.env.bot.service.active_game(world.alice.id)).id == 1
    if old_message == "deleted":
        world.env.inject_error("PATCH", "/channels/*/messages/*", status=404, code=10008)
    await world.alice.click(again.response, label="Resign it and start a new game")
    # The prompt answers at once and keeps no dead buttons.
    assert again.response.content == "Your old game is resigned; here is the new one."
    assert not components(again.response)
    old = await world.env.bot.service.get(1)
    assert old.status == "lost"
    # The old game's final state is shown: on its message, or posted again if that's gone.
    shown = next(m for m in world.channel.history() if m.id == old.message_id)
    assert (shown.id == first.response.id) is (old_message == "editable")
    assert "You resigned: game lost" in shown.embeds[0].fields[0].value  # said once, there
    new = await world.env.bot.service.active_game(world.alice.id)
    assert new.id == 2 and new.edition == "fr"
    posted = next(m for m in world.channel.history() if m.id == new.message_id)
    assert list(button_ids(posted)) == ["roll", "roll_on"]


async def test_E3_resign_asks_first_and_cancel_keeps_the_game(world):
    await world.alice.slash(world.channel, "monopoly new")
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    assert prompt.ephemeral and "0 points" in prompt.response.content
    await world.alice.click(prompt.response, label="Cancel")
    assert (await world.env.bot.service.get(1)).status == "active"
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    await world.alice.click(prompt.response, label="Yes, resign")
    record = await world.env.bot.service.get(1)
    assert (record.status, record.outcome, record.score) == ("lost", "lost:resigned", 0)


async def test_a_bad_rule_option_is_explained_privately(world):
    result = await world.alice.slash(world.channel, "monopoly new", treasury=100,
                                     start_cash=500)
    assert result.ephemeral and result.response.content == (
        "Invalid game option: your start cash (500) can't be more than the Bank's treasury "
        "(100), which holds it at first.")
    assert await world.env.bot.service.active_game(world.alice.id) is None


async def test_status_board_and_history_show_the_game_to_its_player_only(world):
    start = await world.alice.slash(world.channel, "monopoly new")
    await world.alice.click(start.response, custom_id=button_ids(start.response)["roll"])
    status = await world.alice.slash(world.channel, "monopoly status")
    assert status.ephemeral
    fields = {f.name: f.value for f in status.response.embeds[0].fields}
    game = (await world.env.bot.service.get(1)).game
    assert fields["Cash"] == f"${game.s.cash:,}"
    board = await world.alice.slash(world.channel, "monopoly board")
    assert board.ephemeral and board.response.attachments and not components(board.response)
    history = await world.alice.slash(world.channel, "monopoly history")
    assert history.ephemeral and "**Turn 1**" in history.response.embeds[0].description
    nothing = await world.bob.slash(world.channel, "monopoly status")
    assert nothing.ephemeral and nothing.response.content == (
        "You have no game; start one with /monopoly new.")


async def test_rules_are_paged_with_their_ids(world):
    rules = await world.alice.slash(world.channel, "monopoly rules")
    assert rules.ephemeral
    first = rules.response.embeds[0].description
    assert "S1" in first
    texts = [first]
    for _ in range(10):
        if not any(c.get("label", "").startswith("Next") and not c.get("disabled")
                   for c in components(rules.response)):
            break
        await world.alice.click(rules.response, label="Next ▶")
        texts.append(rules.response.embeds[0].description)
    every = "\n".join(texts)
    for rule in ("S1", "T4", "P3", "R1", "M1", "E2", "H3"):
        assert rule in every, rule


async def test_stats_of_another_player(world, seeds):
    await world.alice.slash(world.channel, "monopoly new")
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    await world.alice.click(prompt.response, label="Yes, resign")
    stats = await world.bob.slash(world.channel, "monopoly stats", user=world.alice)
    fields = {f.name: f.value for f in stats.response.embeds[0].fields}
    assert (fields["Played"], fields["Won"], fields["Lost"]) == ("1", "0", "1")


async def test_history_still_tells_a_finished_game(world):
    start = await world.alice.slash(world.channel, "monopoly new")
    await world.alice.click(start.response, custom_id=button_ids(start.response)["roll"])
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    await world.alice.click(prompt.response, label="Yes, resign")
    history = await world.alice.slash(world.channel, "monopoly history")
    assert history.ephemeral and history.response.embeds, history.response.content
    told = history.response.embeds[0].description
    # One turn: the roll, then the resignation, under the turn's heading.
    assert told.startswith("**Turn 1**\n🎲") and told.index("🎲") < told.index("resigned")


async def test_prompts_lose_their_buttons_when_they_expire(world):
    await world.alice.slash(world.channel, "monopoly new")
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    offer = await world.alice.slash(world.channel, "monopoly new")  # H1: resign it first?
    assert components(prompt.response) and components(offer.response)
    await world.env.advance_time(299)
    assert components(prompt.response) and components(offer.response)  # five minutes
    await world.env.advance_time(2)
    assert not components(prompt.response) and not components(offer.response)
    assert (await world.env.bot.service.get(1)).status == "active"
