"""The commands that act on one of the player's games, under `/monopoly` (the player's game)
and `/monopoly-daily` (their daily): resume, board, status, hint, history, resign.

`game` is None for `/monopoly` (the game in progress; with both going, the ordinary one) and
"daily" for `/monopoly-daily` (the command's name says which game, where an option
on every command said it before). Only translation: the service answers.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.common.board_launch import shown as board_shown
from cogs.play.message import add_board_button

from bot.errors import DamagedGame
from bot.i18n import t

from cogs.hint.hint import show_hint
from cogs.reports.pages import show_pages
from cogs.common.pictures import show_money_map
from cogs.play.clicks import board_message, show_game
from cogs.common.replies import ephemeral, last_events, locale_for, service_of
from cogs.reports.embeds import status_embed
from cogs.play.resigning import ask_to_resign
from cogs.common.which_game import my_game, name_the_answer, named


async def resume(interaction: discord.Interaction[Any], game: str | None) -> None:
    record, _ = await my_game(interaction, game)
    if record is not None:
        await show_game(interaction, record, await last_events(service_of(interaction),
                                                               record.id))


async def board(interaction: discord.Interaction[Any], game: str | None) -> None:
    record, name = await my_game(interaction, game, finished_too=True)
    if record is None:
        return
    if record.game.is_over:  # the last game's board: where its money went
        await show_money_map(interaction, record.id)
        await name_the_answer(interaction, name)
        return
    events = await last_events(service_of(interaction), record.id)
    if not interaction.response.is_done():  # the picture may wait behind a queue
        await interaction.response.defer(ephemeral=True, thinking=True)
    message = await board_message(interaction, record, events)
    kwargs = message.send_kwargs()
    kwargs.pop("view")  # a look at the board, not a second set of controls
    if board_shown(interaction.client):  # ... but it may open the board in Discord (the Activity)
        view = discord.ui.View(timeout=None)
        add_board_button(view, record, locale=locale_for(interaction))
        kwargs["view"] = view
    if name:  # a daily is in the picture: which game this is
        kwargs["content"] = named(name, "").strip()
    await interaction.followup.send(ephemeral=True, **kwargs)


async def status(interaction: discord.Interaction[Any], game: str | None) -> None:
    record, name = await my_game(interaction, game)
    if record is not None:
        embed = status_embed(record, locale=locale_for(interaction),
                             player=interaction.user.display_name)
        await interaction.response.send_message(named(name, "").strip() or None,
                                                embed=embed, ephemeral=True)


async def hint(interaction: discord.Interaction[Any], game: str | None) -> None:
    record, name = await my_game(interaction, game)
    if record is not None and record.daily_day is not None:  # the daily takes no hints
        await ephemeral(interaction, named(name, t(locale_for(interaction), "hint.no_hints")))
    elif record is not None:
        await show_hint(interaction, record.id, None)
        await name_the_answer(interaction, name)


async def history(interaction: discord.Interaction[Any], page: int, game: str | None) -> None:
    record, name = await my_game(interaction, game, finished_too=True)
    if record is None:
        return
    await show_pages(interaction, "history", str(record.id), page, ephemeral=True,
                     content=named(name, "").strip() or None)


async def resign(interaction: discord.Interaction[Any], game: str | None) -> None:
    locale = locale_for(interaction)
    try:  # the game meant: resigning the daily ends its one attempt
        record, name = await my_game(interaction, game)
    except DamagedGame as exc:  # unreadable, but its player may still give it up
        game_id, question = exc.game_id, t(locale, "resign.confirm_damaged")
    else:
        if record is None:
            return
        game_id, question = record.id, named(name, t(locale, "resign.confirm"))
    await ask_to_resign(interaction, game_id, question)


__all__ = ["board", "hint", "history", "resign", "resume", "status"]
