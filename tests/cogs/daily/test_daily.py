"""`/monopoly-daily` through the real client: the day's game beside the ordinary
one, one attempt, no hints, the result with its streak, Share, the day's board, French."""

from __future__ import annotations

import re

from bot.i18n import t
from bot.narration import square_name
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids, components


def _fields(message) -> dict[str, str]:
    return {f.name: f.value for f in message.embeds[0].fields}


async def _resign_daily(world, user, locale: str = "en") -> None:
    prompt = await user.slash(world.channel, "monopoly resign")
    await user.click(prompt.response, label=t(locale, "button.confirm_resign"))


async def test_the_daily_is_a_second_slot_and_a_second_call_resumes_it(world):
    ordinary = await world.alice.slash(world.channel, "monopoly new")
    daily = await world.alice.slash(world.channel, "monopoly-daily play")
    assert daily.ephemeral and daily.response.id != ordinary.response.id  # H5: private
    field = _fields(daily.response)["Daily challenge"]
    assert "standard rules, the same dice for everyone" in field
    assert "Get Out of Jail Free card goes back under its deck only once used or sold" in field
    service = world.env.bot.service
    record = await service.daily.active(world.alice.id)
    assert record is not None and (await service.active_game(world.alice.id)).id == 1
    # No hints on the daily (the ordinary game has its Hint button).
    assert not any("hint" in c.get("custom_id", "") for c in components(daily.response))
    assert any("hint" in c.get("custom_id", "") for c in components(ordinary.response))
    again = await world.alice.slash(world.channel, "monopoly-daily play")
    assert (await service.daily.active(world.alice.id)).id == record.id  # type: ignore[union-attr]
    assert again.response.embeds[0].footer.text.startswith(f"Game #{record.id}")


async def test_after_the_end_the_daily_shows_the_result_and_shares_it_without_spoilers(world):
    daily = await world.alice.slash(world.channel, "monopoly-daily play", edition="uk")
    await world.alice.click(daily.response, custom_id=button_ids(daily.response)["roll"])
    await _resign_daily(world, world.alice)  # no ordinary game: resign ends the daily
    finished = next(m for m in world.channel.history(viewer=world.alice)
                    if m.id == daily.response.id)
    assert [c.get("label") for c in components(finished)] == ["Share", "Where the money went"]
    result = await world.alice.slash(world.channel, "monopoly-daily play")
    assert result.ephemeral
    text = result.response.embeds[0].description
    assert "Lost after surviving" in text and "Streak: 1 day (best 1 day)." in text
    shared = await world.alice.click(result.response, label="Share")
    post = shared.response.content
    assert not shared.ephemeral and post.startswith("🎲 Solo Monopoly daily #")
    assert "alice lost after surviving" in post and "streak 1 day" in post
    for edition in ("us", "uk", "fr"):  # no square of any board, no dice
        for square in range(40):
            assert square_name(edition, square, "en") not in post, square
    assert not re.search(r"\d\s*\+\s*\d", post)


async def test_a_french_player_shares_in_french(world, interaction_locales):
    interaction_locales[world.bob.id] = "fr"
    await world.bob.slash(world.channel, "monopoly-daily play")
    await _resign_daily(world, world.bob, "fr")
    result = await world.bob.slash(world.channel, "monopoly-daily play")
    assert "Série : 1 jour (record 1 jour)." in result.response.embeds[0].description
    shared = await world.bob.click(result.response, label="Partager")
    assert shared.response.content.startswith("🎲 Monopoly solo, défi n°")
    assert "bob a perdu après avoir tenu" in shared.response.content
    assert "Rang 1 sur 1 pour l'instant · série 1 jour" in shared.response.content


async def test_the_days_board_orders_wins_then_losses_by_turns_and_speaks_french(
        world, interaction_locales):
    service = world.env.bot.service
    for user in (world.alice, world.bob):
        await user.slash(world.channel, "monopoly-daily play")
        record = await service.daily.active(user.id)
        chooser = make_strategy("always-buy")
        while user is world.bob and record.game.turn < 3:  # bob survives longer
            record = (await service.act(record.id, user.id, record.version,
                                        chooser.choose(record.game))).record
        await _resign_daily(world, user)
    board = await world.alice.slash(world.channel, "monopoly-daily results", day="today")
    focus, blank, *lines = board.response.embeds[0].description.splitlines()
    assert focus.startswith("🤖 The bot's expert ") and blank == ""
    assert lines[0].startswith(f"1. <@{world.bob.id}>: lost, survived")
    assert lines[1].startswith(f"2. <@{world.alice.id}>: lost, survived 1 turn")
    assert not any("points" in line for line in lines)  # a loss shows no points
    interaction_locales[world.alice.id] = "fr"
    french = await world.alice.slash(world.channel, "monopoly-daily results", day="aujourd'hui",
                                     scope="global")
    assert french.response.embeds[0].title.endswith("tout le monde")
    assert french.response.embeds[0].description.splitlines()[3].startswith(
        "2. alice : perdu, a tenu 1 tour")  # the global board names its players


async def test_a_day_that_is_no_daily_is_explained(world):
    refused = await world.alice.slash(world.channel, "monopoly-daily results", day="next week")
    assert refused.ephemeral and "is not a day with a daily" in refused.response.content
    empty = await world.alice.slash(world.channel, "monopoly-daily results", day="yesterday")
    assert empty.response.embeds[0].description.endswith("\n\nNobody has finished this daily "
                                                          "yet.")


async def test_stats_show_the_daily_streak(world):
    await world.alice.slash(world.channel, "monopoly-daily play")
    await _resign_daily(world, world.alice)
    stats = await world.alice.slash(world.channel, "monopoly stats")
    fields = _fields(stats.response)
    assert fields["Daily streak"] == "1 day (best 1 day)"
    assert fields["Dailies played / won"] == "1 / 0"
