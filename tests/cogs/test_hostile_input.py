"""What a player types can't break a reply (issue 11): option lengths, odd digits, and user
text repeated in refusals."""

from __future__ import annotations

import pytest

from .conftest import simcord

KINDS = ("mortgage", "lift", "sell")


@pytest.mark.parametrize("kind", KINDS)
async def test_T4_a_property_option_longer_than_any_square_name_is_refused_by_discord(
        world, kind):
    await world.alice.slash(world.channel, "monopoly new")
    # Discord checks an option's max_length before the bot sees it (as simcord does).
    with pytest.raises(simcord.OptionError, match="at most 100 characters"):
        await world.alice.slash(world.channel, f"monopoly {kind}", property="x" * 1950)
    ok = await world.alice.slash(world.channel, f"monopoly {kind}", property="y" * 100)
    assert ok.ephemeral and "error id" not in ok.response.content
    assert world.env.errors == []


@pytest.mark.parametrize("kind", KINDS)
async def test_a_refusal_repeats_an_unknown_property_name_shortened_with_an_ellipsis(
        world, kind):
    await world.alice.slash(world.channel, "monopoly new")
    typed = ("Nowhere " + "Lane " * 20)[:91] + "\n**bold**"  # 100 characters, two lines
    assert len(typed) == 100
    refused = await world.alice.slash(world.channel, f"monopoly {kind}", property=typed)
    text = refused.response.content
    assert refused.ephemeral and "error id" not in text
    assert "Nowhere Lane Lane" in text and "…" in text and "\n" not in text
    assert len(text) < 150, text
    # The same text typed into autocomplete offers nothing, and answers.
    assert await world.alice.autocomplete(world.channel, f"monopoly {kind}", "property",
                                          typed) == []
    assert (await world.env.bot.service.get(1)).version == 0
    assert world.env.errors == []


@pytest.mark.parametrize("typed", ["²", "³", "①", "٣"])
async def test_T4_a_digit_that_is_not_0_to_9_is_refused_like_an_unknown_name(world, typed):
    await world.alice.slash(world.channel, "monopoly new")
    refused = await world.alice.slash(world.channel, "monopoly mortgage", property=typed)
    assert refused.ephemeral, refused
    assert refused.response.content == (
        f"“{typed}” is not one of your properties that allows this.")
    assert (await world.env.bot.service.get(1)).version == 0
    assert world.env.errors == []
