"""The pictures on Discord, through the real client: the recap under a finished
game, where the money went (its button and /monopoly board), the record chart of
/monopoly stats, the board after each page of a finished game's history; and their text
when the bot may not attach files."""

from __future__ import annotations

import discord
import pytest

from bot.i18n import locale_of, t
from bot.i18n.catalog import MESSAGES
from bot.pictures.board import render_board
from cogs.play.message import last_move

from tests.cogs.conftest import button_ids, components


async def finish_a_game(world, channel=None, rolls: int = 3, *, started=None,
                        locale: str = "en"):
    """A game of a few turns (alice's new one, or the one `started` posted), resigned:
    returns its finished game message."""
    channel = channel or world.channel
    message = started or (await world.alice.slash(channel, "monopoly new")).response
    for _ in range(rolls):
        ids = button_ids(message)
        action = "roll" if "roll" in ids else ("decline" if "decline" in ids else next(iter(ids)))
        message = (await world.alice.click(message, custom_id=ids[action])).response
    prompt = await world.alice.slash(channel, "monopoly resign")
    await world.alice.click(prompt.response, label=t(locale, "button.confirm_resign"))
    record = await world.env.bot.service.get(1)
    assert record.status == "lost"
    return next(m for m in channel.history() if m.id == record.message_id)


def no_files_channel(world):
    return world.guild.create_text_channel(
        "no-files", overwrites={world.guild.me: discord.PermissionOverwrite(attach_files=False)})


async def test_a_finished_game_shows_its_recap_and_a_button_to_where_the_money_went(world):
    final = await finish_a_game(world)
    assert [a.filename for a in final.attachments] == ["recap.png"]
    assert final.embeds[0].image.url == "attachment://recap.png"
    money = next(c for c in components(final) if c["custom_id"] == "sm:money:1")
    assert money["label"] == "Where the money went"
    shown = await world.bob.click(final, custom_id="sm:money:1")  # anyone may look, privately
    assert shown.ephemeral
    assert shown.response.embeds[0].title == "Where the money went"
    assert [a.filename for a in shown.response.attachments] == ["money.png"]
    assert world.env.errors == []


async def test_board_of_a_finished_game_is_where_its_money_went(world):
    await finish_a_game(world)
    shown = await world.alice.slash(world.channel, "monopoly board")
    assert shown.ephemeral
    assert [a.filename for a in shown.response.attachments] == ["money.png"]


async def test_without_attach_files_every_picture_is_its_text(world):
    channel = no_files_channel(world)
    final = await finish_a_game(world, channel)
    assert not final.attachments and final.embeds[0].image.url is None
    assert final.embeds[0].description.startswith("Lost after")
    assert "Rent paid $" in final.embeds[0].description
    shown = await world.alice.click(final, custom_id="sm:money:1")
    assert not shown.response.attachments
    assert shown.response.embeds[0].description.startswith("Where the money went\nPaid $")
    board = await world.alice.slash(channel, "monopoly board")
    assert not board.response.attachments and "Paid $" in board.response.embeds[0].description
    service = world.env.bot.service
    again = await service.start(world.alice.id, world.guild.id, channel.id, seed=3)
    await service.resign(again.id, world.alice.id)
    stats = await world.alice.slash(channel, "monopoly stats")
    assert not stats.response.attachments
    assert stats.response.embeds[0].description.startswith("2 games · no win yet\n#2 loss")
    history = await world.alice.slash(channel, "monopoly history")
    assert [e.title for e in history.response.embeds][1] == "The board after this page"


async def test_stats_charts_two_games_or_more(world):
    service = world.env.bot.service
    stats = await world.alice.slash(world.channel, "monopoly stats")
    assert not stats.response.attachments and stats.response.embeds[0].image.url is None
    first = await service.start(world.alice.id, world.guild.id, world.channel.id, seed=1)
    await service.resign(first.id, world.alice.id)
    stats = await world.alice.slash(world.channel, "monopoly stats")  # one game: no chart
    assert not stats.response.attachments and stats.response.embeds[0].fields
    for n in range(199):
        game = await service.start(world.alice.id, world.guild.id, world.channel.id, seed=n,
                                   options={"start_cash": 500} if n % 2 else None)
        await service.resign(game.id, world.alice.id)
    stats = await world.alice.slash(world.channel, "monopoly stats")
    assert not stats.ephemeral
    assert [a.filename for a in stats.response.attachments] == ["record.png"]
    assert stats.response.embeds[0].image.url == "attachment://record.png"
    assert stats.response.embeds[0].fields[0].value == "200"  # played


async def test_history_of_a_finished_game_steps_through_it_with_the_board(world):
    final = await finish_a_game(world, rolls=30)  # more turns than a history page holds
    history = await world.alice.slash(world.channel, "monopoly history")
    assert history.ephemeral
    page = history.response
    assert [a.filename for a in page.attachments] == ["board.png"]
    assert page.embeds[0].image.url == "attachment://board.png"
    older = next(c for c in components(page) if c.get("label") == "Next ▶")
    turned = await world.alice.click(page, custom_id=older["custom_id"])
    assert turned.acknowledged
    assert "page 2/" in turned.response.embeds[0].title
    assert [a.filename for a in turned.response.attachments] == ["board.png"]
    assert final.id != page.id
    assert world.env.errors == []


@pytest.mark.parametrize("locale", ["en", "fr", "es-ES"])
async def test_every_picture_carries_alt_text_in_the_players_language(
        world, interaction_locales, locale):
    """Each attachment's description says what the picture shows, within
    Discord's 1,024 characters, in the player's language."""
    interaction_locales[world.alice.id] = locale
    start = await world.alice.slash(world.channel, "monopoly new")
    await world.env.settle()
    board = start.response.attachments[0].description or ""  # the message changes below
    messages = MESSAGES[locale_of(locale)]
    assert board.startswith(messages["alt.board"].split("{")[0]), board
    final = await finish_a_game(world, rolls=0, started=start.response, locale=locale)
    shown = {"recap": final}
    shown["money_map"] = (await world.alice.click(final, custom_id="sm:money:1")).response
    service = world.env.bot.service
    again = await service.start(world.alice.id, world.guild.id, world.channel.id, seed=3)
    await service.resign(again.id, world.alice.id)
    stats = await world.alice.slash(world.channel, "monopoly stats")
    shown["record"] = stats.followups[-1] if stats.followups else stats.response
    history = await world.alice.slash(world.channel, "monopoly history")
    shown["history board"] = history.followups[-1] if history.followups else history.response
    for kind, message in shown.items():
        assert message.attachments, kind
        for attachment in message.attachments:
            alt = attachment.description or ""
            intro = messages[f"alt.{kind.split()[-1]}"].split("{")[0]
            assert alt.startswith(intro) and len(alt) <= 1024, (kind, alt)


async def test_a_french_player_on_the_us_board_sees_its_live_board_drawn_in_french(
        world, interaction_locales):
    """The live board's centre speaks the player's language, as the history's board does:
    the picture posted is the board drawn with the French locale, not the edition's English."""
    interaction_locales[world.alice.id] = "fr"
    start = await world.alice.slash(world.channel, "monopoly new", edition="us")
    message = start.response
    rolled = await world.alice.click(message, custom_id=button_ids(message)["roll"])
    await world.env.settle()
    message = rolled.response
    [attachment] = message.attachments
    assert attachment.filename == "board.png"
    posted = await attachment.read()
    log = await world.env.bot.service.game_log(1)
    assert log.edition == "us" and log.actions
    before = log.game(len(log.actions) - 1)  # the roll's events give the arrow
    move = last_move(before.apply(log.actions[-1]))
    french = render_board(before, last_move=move, locale="fr")
    english = render_board(before, last_move=move, locale="en")
    assert french != english
    assert posted == french
