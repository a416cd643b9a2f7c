"""Playing through Discord: slash commands and clicks on the real client, via simcord."""

from __future__ import annotations

import discord
import pytest

from game_core import Game
from game_core.board import SQUARES
from game_core.state import PLAYER
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids, button_labels, components
from tests.cogs.playing import find_seed, play_out


async def test_new_game_posts_one_message_with_the_board_and_a_roll_button(world):
    result = await world.alice.slash(world.channel, "monopoly new")
    assert result.acknowledged and not result.ephemeral
    message = result.response
    embed = message.embeds[0]
    assert "alice" in embed.title
    assert embed.image.url == "attachment://board.png"
    assert [a.filename for a in message.attachments] == ["board.png"]
    ids = button_ids(message)
    assert list(ids) == ["roll", "roll_on"]  # Roll on beside Roll
    assert ids["roll"] == f"sm:b:1:0:{world.alice.id}:roll"
    assert ids["roll_on"] == f"sm:b:1:0:{world.alice.id}:roll_on"
    # The game remembers its message, so a later command can edit it in place.
    record = await world.env.bot.service.get(1)
    assert (record.channel_id, record.message_id) == (world.channel.id, message.id)


async def test_T1_roll_click_edits_the_same_message_in_place(world):
    start = await world.alice.slash(world.channel, "monopoly new")
    click = await world.alice.click(start.response, custom_id=button_ids(start.response)["roll"])
    assert click.response.id == start.response.id
    assert "🎲" in click.response.embeds[0].fields[0].value
    assert button_ids(click.response)
    assert all(":1:" in cid for cid in button_ids(click.response).values())  # version 1


async def test_P1_buy_button_shows_the_price_and_buying_makes_it_yours(world, seeds):
    # A seed whose first roll lands on a property for sale.
    seed = next(s for s in range(1, 500) if _first_roll_offers_a_buy(s))
    seeds.append(seed)
    start = await world.alice.slash(world.channel, "monopoly new")
    message = start.response
    await world.alice.click(message, custom_id=button_ids(message)["roll"])
    before = (await world.env.bot.service.get(1)).game
    square = before.s.pending_square
    assert set(button_ids(message)) == {"buy", "decline"}
    assert button_labels(message)["buy"] == f"Buy (${SQUARES[square].price:,})"
    await world.alice.click(message, custom_id=button_ids(message)["buy"])
    after = (await world.env.bot.service.get(1)).game
    assert after.s.owner[square] == PLAYER
    assert after.s.cash == before.s.cash - SQUARES[square].price


def _first_roll_offers_a_buy(seed: int) -> bool:
    game = Game.new(seed)
    game.apply(game.legal_actions()[0])
    return game.s.pending == "buy"


async def test_E1_a_whole_house_rule_win_through_clicks_stays_off_the_leaderboard(world, seeds):
    options = {"treasury": 300, "start_cash": 100}
    seeds.append(find_seed(options, "won", "never-buy"))
    start = await world.alice.slash(world.channel, "monopoly new", treasury=300, start_cash=100)
    final = await play_out(world, world.alice, start.response, make_strategy("never-buy"))
    assert button_ids(final) == {} and play_again_label(final) == "Play again (same rules)"
    # The win said once: by what happened (its cause and score) or, when that doesn't
    # tell it, by what the game waits for (E1).
    told = final.embeds[0].fields[0].value + final.embeds[0].fields[1].value
    assert told.count("🏆") == 1, told
    assert final.embeds[0].fields[1].value.endswith(
        "Press Play again for another game with the same rules, or use /monopoly new to "
        "choose others.")
    record = await world.env.bot.service.get(1)
    assert record.status == "won" and record.score > 0
    # A win under house rules (here a Bank of 200) never reaches the leaderboard;
    # stats count it, apart.
    board = await world.bob.slash(world.channel, "monopoly leaderboard")
    assert f"<@{world.alice.id}>" not in board.response.embeds[0].description
    stats = await world.alice.slash(world.channel, "monopoly stats")
    fields = {f.name: f.value for f in stats.response.embeds[0].fields}
    assert (fields["Won"], fields["House-rule wins"], fields["Best score"]) == ("1", "1", "—")


@pytest.mark.slow
async def test_E3_a_whole_game_to_a_loss_through_clicks_and_menus(world, seeds):
    # Buying everything with little cash: debts are raised through the sell/mortgage menus.
    options = {"start_cash": 300}
    seeds.append(find_seed(options, "lost", "always-buy", needs_menu=True))
    start = await world.alice.slash(world.channel, "monopoly new", start_cash=300)
    final = await play_out(world, world.alice, start.response, make_strategy("always-buy"))
    assert button_ids(final) == {} and play_again_label(final)
    assert final.embeds[0].colour.value == 0x8E2424
    record = await world.env.bot.service.get(1)
    assert record.status == "lost" and record.score == 0
    assert await world.env.bot.service.verify(1)
    again = await world.alice.slash(world.channel, "monopoly status")
    assert again.ephemeral and "/monopoly new" in again.response.content

    # Play again: a new game with the same house rules, posted as a new message.
    refused = await world.bob.click(final, label="Play again (same rules)")
    assert refused.ephemeral and await world.env.bot.service.active_game(world.bob.id) is None
    replay = await world.alice.click(final, label="Play again (same rules)")
    assert not replay.ephemeral and replay.response.id != final.id
    new = await world.env.bot.service.active_game(world.alice.id)
    assert new.id == 2 and new.options["start_cash"] == 300 and new.game.s.cash == 300
    assert list(button_ids(replay.response)) == ["roll", "roll_on"]
    assert new.message_id == replay.response.id


async def test_H1_another_users_click_is_refused_privately(world):
    start = await world.alice.slash(world.channel, "monopoly new")
    refused = await world.bob.click(start.response, custom_id=button_ids(start.response)["roll"])
    assert refused.ephemeral
    assert refused.response.content == (
        f"This is <@{world.alice.id}>'s game; start yours with /monopoly new.")
    assert list(button_ids(start.response)) == ["roll", "roll_on"]  # nothing happened
    assert (await world.env.bot.service.get(1)).version == 0


@pytest.mark.parametrize("where", ["thread", "dm"])
async def test_commands_work_in_a_thread_and_a_dm(world, where):
    if where == "thread":
        thread = await side_thread(world)
        result = await world.alice.slash(thread, "monopoly new")
        assert result.acknowledged and list(button_ids(result.response)) == ["roll", "roll_on"]
        click = await world.alice.click(result.response,
                                        custom_id=button_ids(result.response)["roll"])
        assert click.acknowledged and not click.ephemeral
    else:
        carol = world.env.create_user("carol")
        result = await carol.slash("monopoly new")
        assert result.acknowledged and list(button_ids(result.response)) == ["roll", "roll_on"]
        status = await carol.slash("monopoly status")
        assert status.ephemeral and "carol" in status.response.embeds[0].title


def play_again_label(message) -> str:
    """The finished game's controls: Play again, then where the money went."""
    again, money = components(message)
    assert again["custom_id"].startswith("sm:again:")
    assert money["custom_id"].startswith("sm:money:")
    return again["label"]


@pytest.mark.slow
async def test_M1_each_menu_says_what_it_does_and_what_is_still_missing(world, seeds):
    options = {"start_cash": 300}
    seeds.append(find_seed(options, "lost", "always-buy", needs_menu=True))
    start = await world.alice.slash(world.channel, "monopoly new", start_cash=300)
    service, player = world.env.bot.service, make_strategy("always-buy")
    message = start.response
    while (record := await service.get(1)).game.s.pending != "raise_funds":
        action = player.choose(record.game)
        assert action.type in button_ids(message), action
        await world.alice.click(message, custom_id=button_ids(message)[action.type])
    s = record.game.s
    missing = f"${s.debt - s.cash:,}"
    placeholders = {c["custom_id"].rsplit(":", 1)[1]: c["placeholder"]
                    for c in components(message) if c["custom_id"].startswith("sm:s:")}
    assert placeholders  # something can still be sold or mortgaged
    assert "lift" not in placeholders  # T4: no lifting while raising funds
    wording = {"sell": "sell a building…", "mortgage": "mortgage a property…"}
    for kind, placeholder in placeholders.items():
        assert placeholder == f"{missing} still to raise: {wording[kind]}"


@pytest.mark.parametrize("where", ["thread", "dm"])
async def test_every_command_answers_in_a_thread_and_a_dm(world, where):
    if where == "thread":
        thread = await side_thread(world)
        player = world.alice

        async def slash(name: str, **options):
            return await player.slash(thread, name, **options)
    else:
        player = world.env.create_user("carol")

        async def slash(name: str, **options):
            return await player.slash(name, **options)

    start = await slash("monopoly new")
    await player.click(start.response, custom_id=button_ids(start.response)["roll"])
    for name, options in (("monopoly resume", {}), ("monopoly board", {}),
                          ("monopoly status", {}), ("monopoly history", {}),
                          ("monopoly rules", {"page": 2}), ("monopoly leaderboard", {}),
                          ("monopoly leaderboard", {"scope": "global"}),
                          ("monopoly stats", {}), ("monopoly hint", {}),
                          ("monopoly resign", {})):
        result = await slash(name, **options)
        assert result.acknowledged, name
        assert result.response.embeds or result.response.content, name
    assert world.env.errors == []


async def side_thread(world):
    """A public thread under the game channel, made by the bot as a member would."""
    parent = world.env.bot.get_channel(world.channel.id)
    await parent.create_thread(name="side game", type=discord.ChannelType.public_thread)
    await world.env.settle()
    [thread] = world.channel.threads
    return thread
