"""The Hint button and /monopoly hint (issue 13) on the real discord.py client, via simcord."""

from __future__ import annotations

import asyncio

from .conftest import button_ids, components


def hint_id(message) -> str:
    ids = [c["custom_id"] for c in components(message)
           if c.get("custom_id", "").startswith("sm:hint:")]
    assert len(ids) == 1, components(message)
    return ids[0]


def answer(result) -> str:
    assert result.acknowledged and result.ephemeral, result
    return (result.followups or [result.response])[-1].content


async def start(world, rollouts: int = 20):
    world.env.bot.hints.rollouts = rollouts
    return (await world.alice.slash(world.channel, "monopoly new")).response


async def test_the_hint_button_answers_privately_with_the_odds_and_changes_nothing(world):
    message = await start(world)
    assert hint_id(message) == f"sm:hint:1:0:{world.alice.id}"
    before = (await world.env.bot.service.get(1)).game.to_dict()
    result = await world.alice.click(message, custom_id=hint_id(message))
    text = answer(result)
    assert result.deferred  # "thinking" first: a hint takes a while
    assert text.startswith("**Hint for turn 1**") and "★ **Roll**: wins" in text
    assert "played 20 times by the built-in player (focus)" in text
    after = await world.env.bot.service.get(1)
    assert after.version == 0 and after.game.to_dict() == before
    assert world.env.errors == []


async def test_the_hint_button_is_refused_to_a_stranger(world):
    message = await start(world)
    result = await world.bob.click(message, custom_id=hint_id(message))
    assert answer(result) == f"This is <@{world.alice.id}>'s game; start your own with " \
                             "/monopoly new."
    assert not world.env.bot.hints.is_thinking(world.bob.id)
    assert (await world.env.bot.service.get(1)).version == 0


async def test_an_old_hint_button_is_refused_like_a_stale_click(world):
    message = await start(world)
    old_hint = hint_id(message)
    await world.alice.click(message, custom_id=button_ids(message)["roll"])
    result = await world.alice.click(message, custom_id=old_hint)
    assert answer(result) == "This button is out of date; the game message has been refreshed."
    assert hint_id(message) == f"sm:hint:1:1:{world.alice.id}"  # the message is current
    assert (await world.env.bot.service.get(1)).version == 1


async def test_slash_hint_answers_in_french(world, interaction_locales):
    interaction_locales[world.alice.id] = "fr"
    await start(world)
    text = answer(await world.alice.slash(world.channel, "monopoly hint"))
    assert text.startswith("**Conseil pour le tour 1**") and "★ **Lancer les dés**" in text
    assert "intervalles à 95" in text


async def test_slash_hint_without_a_game_says_how_to_start_one(world):
    world.env.bot.hints.rollouts = 5
    text = answer(await world.bob.slash(world.channel, "monopoly hint"))
    assert text == "You have no game; start one with /monopoly new."


async def test_another_player_is_answered_before_the_hint_is(world):
    message = await start(world, rollouts=300)
    hint, other = await asyncio.gather(
        world.alice.click(message, custom_id=hint_id(message)),
        world.bob.slash(world.channel, "monopoly status"))
    assert "Hint for turn 1" in answer(hint)
    assert other.acknowledged
    # Messages are numbered in the order they are sent: Bob's answer came first.
    assert other.response.id < hint.followups[-1].id


async def test_a_second_press_while_the_hint_computes_gets_already_thinking(world):
    message = await start(world, rollouts=300)
    first, second = await asyncio.gather(
        world.alice.click(message, custom_id=hint_id(message)),
        world.alice.click(message, custom_id=hint_id(message)))
    texts = sorted([answer(first), answer(second)])
    assert texts[0].startswith("**Hint for turn 1**")
    assert texts[1] == "Already thinking about your last hint: it will be here in a moment."
