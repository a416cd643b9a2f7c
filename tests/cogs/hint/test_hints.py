"""The Hint button and /monopoly hint on the real discord.py client, via simcord.
(simcord runs one operation at a time: another player answered while a hint computes, and a
second press meanwhile, are tested against the real bot process in
tests/bot/application/test_hints_live.py.)
"""

from __future__ import annotations

from tests.cogs.conftest import button_ids, components


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
    assert text.startswith("**Hint for turn 1**") and "★ **Roll**: wins" in text
    assert ("the bot's expert, the Hint's simulated player, played the rest of the game "
            "from here 20 times") in text
    after = await world.env.bot.service.get(1)
    assert after.version == 0 and after.game.to_dict() == before
    assert world.env.errors == []


async def test_the_hint_button_is_refused_to_a_stranger(world):
    message = await start(world)
    result = await world.bob.click(message, custom_id=hint_id(message))
    assert answer(result) == f"This is <@{world.alice.id}>'s game; start yours with " \
                             "/monopoly new."
    assert not world.env.bot.hints.is_thinking(world.bob.id)
    assert (await world.env.bot.service.get(1)).version == 0


async def test_an_old_hint_button_is_refused_like_a_stale_click(world):
    message = await start(world)
    old_hint = hint_id(message)
    await world.alice.click(message, custom_id=button_ids(message)["roll"])
    # The message now shows version 1; a client still showing version 0 presses its Hint.
    stored = world.env.backend.get_message(message.channel_id, message.id)
    for row in stored.components:
        for item in row["components"]:
            if item.get("custom_id", "").startswith("sm:hint:"):
                item["custom_id"] = old_hint
    result = await world.alice.click(message, custom_id=old_hint)
    told = result.followups[-1]
    assert told.ephemeral
    assert told.content == "This button is out of date; the game message has been refreshed."
    assert hint_id(message) == f"sm:hint:1:1:{world.alice.id}"  # the message is current again
    assert (await world.env.bot.service.get(1)).version == 1
    assert not world.env.bot.hints.is_thinking(world.alice.id)


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


class MovedMeanwhile:
    """The bot's worker pool, except that the player rolls (in another window, say) while
    their hint is being computed: the hint then arrives about a version left behind."""

    def __init__(self, pool, move) -> None:
        self._pool, self._move, self.moved = pool, move, False

    @property
    def size(self) -> int:
        return self._pool.size

    async def run(self, fn, /, *args, **kwargs):
        return await self._pool.run(fn, *args, **kwargs)

    async def run_later(self, fn, /, *args, **kwargs):
        if not self.moved:
            self.moved = True
            await self._move()
        return await self._pool.run_later(fn, *args, **kwargs)


async def test_a_hint_delivered_after_a_move_says_it_is_out_of_date_and_offers_to_think_again(
        world):
    from bot.application.hints import HintService
    from game_core import Roll

    bot = world.env.bot
    message = await start(world)

    async def roll() -> None:
        await bot.service.act(1, world.alice.id, 0, Roll())

    pool = MovedMeanwhile(bot.workers, roll)
    bot._hints = HintService(bot.service, pool, rollouts=20)
    result = await world.alice.click(message, custom_id=hint_id(message))
    assert pool.moved and (await bot.service.get(1)).version == 1
    reply = (result.followups or [result.response])[-1]
    lines = reply.content.splitlines()
    assert lines[0] == "**Hint for turn 1**"
    assert lines[1].startswith("⚠️ Out of date: this hint is about turn 1")
    assert "★ **Roll**" in reply.content  # the hint itself, as computed
    [again] = [c for c in components(reply) if c.get("custom_id", "").startswith("sm:hint:")]
    assert again["custom_id"] == f"sm:hint:1:1:{world.alice.id}"
    assert again["label"] == "Think again"
    # Thinking again: about the game as it is now, and current.
    fresh = await world.alice.click(reply, custom_id=again["custom_id"])
    text = answer(fresh)
    assert "Out of date" not in text and "★" in text
    assert world.env.errors == []
