"""Old buttons, double clicks, restarts, lost messages and unexpected errors."""

from __future__ import annotations

import logging
import re
import sqlite3

import discord
import pytest

from bot.errors import DamagedGame
from game_core.state import PLAYER

from tests.cogs.conftest import button_ids, components


async def _at_buy_decision(world, seeds):
    """A game whose first roll offers a property; returns the game message after the roll."""
    seeds.append(3)
    start = await world.alice.slash(world.channel, "monopoly new")
    await world.alice.click(start.response, custom_id=button_ids(start.response)["roll"])
    assert {"buy", "decline"} <= set(button_ids(start.response))
    return start.response


async def test_H2_a_stale_click_is_refused_privately_and_the_old_message_refreshed(world, seeds):
    first = await _at_buy_decision(world, seeds)
    await world.alice.slash(world.channel, "monopoly resume")  # a copy at version 1
    copy = world.channel.last_message
    assert copy.id != first.id and "buy" in button_ids(copy)
    await world.alice.click(first, custom_id=button_ids(first)["decline"])  # version 2

    stale = await world.alice.click(copy, custom_id=button_ids(copy)["buy"])
    assert stale.followups and stale.followups[0].ephemeral
    assert stale.followups[0].content == (
        "This button is out of date; the game message has been refreshed.")
    record = await world.env.bot.service.get(1)
    assert record.version == 2 and record.game.s.owner[record.game.s.position] != PLAYER
    refreshed = next(m for m in world.channel.history() if m.id == copy.id)
    assert button_ids(refreshed) and all(":2:" in c for c in button_ids(refreshed).values())


async def test_the_same_click_delivered_twice_applies_once(world, seeds):
    first = await _at_buy_decision(world, seeds)
    await world.alice.slash(world.channel, "monopoly resume")
    copy = world.channel.last_message
    await world.alice.click(first, custom_id=button_ids(first)["decline"])
    again = await world.alice.click(copy, custom_id=button_ids(copy)["decline"])
    # Not an error: the player sees the game as it is, and nothing was applied twice.
    assert again.acknowledged and not again.ephemeral and not again.followups
    assert (await world.env.bot.service.get(1)).version == 2
    assert len(await world.env.bot.service.history(1)) == 2


async def test_H2_after_a_restart_the_old_message_still_plays(world, make_bot):
    start = await world.alice.slash(world.channel, "monopoly new")
    await world.env.restart_bot(make_bot())  # a new bot, a new process's worth of state
    click = await world.alice.click(start.response, custom_id=button_ids(start.response)["roll"])
    assert click.acknowledged and not click.ephemeral
    assert (await world.env.bot.service.get(1)).version == 1
    assert all(":1:" in cid for cid in button_ids(start.response).values())


@pytest.mark.parametrize("status, code", [(404, 10008), (403, 50001)],
                         ids=["message deleted", "no permission"])
async def test_a_game_message_that_cant_be_edited_is_posted_again(world, status, code):
    start = await world.alice.slash(world.channel, "monopoly new")
    world.env.inject_error("PATCH", "/channels/*/messages/*", status=status, code=code)
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    await world.alice.click(prompt.response, label="Yes, resign")
    record = await world.env.bot.service.get(1)
    assert record.status == "lost"
    assert record.message_id not in (None, start.response.id)  # the new message is the game's
    new = next(m for m in world.channel.history() if m.id == record.message_id)
    told, pending = new.embeds[0].fields[0].value, new.embeds[0].fields[1].value
    assert "You resigned: game lost" in told and "lost" not in pending  # the end said once
    assert [c["custom_id"] for c in components(new)] == [f"sm:again:1:{world.alice.id}",
                                                         "sm:money:1"]


async def test_a_damaged_game_gets_an_error_id_and_the_log_the_traceback(
        world, make_bot, db_path, caplog):
    start = await world.alice.slash(world.channel, "monopoly new")
    await world.env.restart_bot(make_bot())  # so the next click reads the row
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE games SET state = '{not json' WHERE id = 1")
    with caplog.at_level(logging.ERROR, logger="cogs.common.errors"):
        result = await world.alice.click(start.response,
                                         custom_id=button_ids(start.response)["roll"])
    assert result.ephemeral
    match = re.search(r"error id ([0-9a-f]{8})", result.response.content)
    assert match and "can't be read back" in result.response.content, result.response.content
    logged = [r for r in caplog.records if match.group(1) in r.getMessage()]
    assert logged and logged[0].exc_info[0] is DamagedGame  # the traceback, with the same id
    assert world.env.errors == []  # answered, not left to blow up in discord.py


async def test_without_attach_files_the_board_is_drawn_as_text(world):
    bot_member = world.guild.me
    channel = world.guild.create_text_channel(
        "no-files", overwrites={bot_member: discord.PermissionOverwrite(attach_files=False)})
    result = await world.alice.slash(channel, "monopoly new")
    message = result.response
    assert not message.attachments
    embed = message.embeds[0]
    assert embed.image.url is None and embed.description
    assert "GO" in embed.description or "🏁" in embed.description


async def test_H1_a_new_game_offers_to_give_up_a_damaged_one(world, make_bot, db_path):
    await world.alice.slash(world.channel, "monopoly new")
    await world.env.restart_bot(make_bot())
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE games SET options = '{\"colour\": 1}' WHERE id = 1")
    offer = await world.alice.slash(world.channel, "monopoly new", edition="uk")
    assert offer.response.content == ("Your game in progress can't be read back from the "
                                      "database. Give it up and start a new one?")
    started = await world.alice.click(offer.response, label="Resign it and start a new game")
    assert offer.response.content == "Your old game is resigned; here is the new one."
    assert started.followups and list(button_ids(started.followups[0])) == ["roll", "roll_on"]
    new = await world.env.bot.service.active_game(world.alice.id)
    assert new.id == 2 and new.edition == "uk"
    assert world.env.errors == []
