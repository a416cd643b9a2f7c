"""Starting a game, from `/monopoly new` or a finished game's Play again button.

H1: with a game still going, the player is offered to resign it first (a confirm button),
never a second game.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.errors import ActiveGameExists, DamagedGame, GameNotFound, ServiceError
from bot.i18n import option_refusal, t
from bot.application.service import ActResult, GameRecord
from game_core import Event, InvalidOptionError

from .confirm import ConfirmView
from .errors import report_error
from .play import refresh_game_message, show_game
from .replies import ephemeral, locale_for, service_of

log = logging.getLogger(__name__)


async def start_game(interaction: discord.Interaction[Any], edition: str,
                     options: Mapping[str, Any]) -> None:
    """Start the player's game and post its message here; or explain why not."""
    service, locale = service_of(interaction), locale_for(interaction)
    try:
        record = await service.start(interaction.user.id, interaction.guild_id,
                                     interaction.channel_id, edition=edition, options=options)
    except ActiveGameExists as exc:  # H1: offer to resign the first
        old_id = exc.game_id  # `exc` is gone once this block ends; the button needs the id
        try:
            old = await service.get(old_id)
            text = t(locale, "error.already_playing", turn=old.game.turn)
        except DamagedGame:  # unreadable, but it can still be given up
            text = t(locale, "error.already_playing_damaged")

        async def resign_and_start(click: discord.Interaction[Any]) -> None:
            result = await give_up(click, old_id)
            if result is not None:
                await quietly_refresh(click, result.record, result.events)
            await start_game(click, edition, options)

        view = ConfirmView(interaction, confirm_label=t(locale, "button.confirm_new"),
                           on_confirm=resign_and_start,
                           confirmed_text=t(locale, "resign.done_starting"))
        await ephemeral(interaction, text, view)
        return
    except InvalidOptionError as exc:
        await ephemeral(interaction, t(locale, "error.invalid_option",
                                       reason=option_refusal(exc, locale=locale)))
        return
    await show_game(interaction, record, [])


async def play_again(interaction: discord.Interaction[Any], game_id: int) -> None:
    """The Play again button of finished game `game_id`: the same edition and house rules."""
    try:
        finished = await service_of(interaction).get(game_id)
    except GameNotFound:  # a custom_id the bot never made
        await ephemeral(interaction, t(locale_for(interaction), "error.unknown_game"))
        return
    except Exception as exc:  # noqa: BLE001 -- every failure gets an answer and a log line
        await report_error(interaction, exc)
        return
    try:
        await start_game(interaction, finished.edition, finished.options)
    except Exception as exc:  # noqa: BLE001 -- every failure gets an answer and a log line
        await report_error(interaction, exc)


async def give_up(interaction: discord.Interaction[Any], game_id: int) -> ActResult | None:
    """E3: resign the game. A damaged one (its state can't be read) is abandoned from its
    row alone, so the player is never locked out of playing (H1); None then."""
    service = service_of(interaction)
    try:
        return await service.resign(game_id, interaction.user.id)
    except DamagedGame:
        await service.abandon(game_id, interaction.user.id)
        return None


async def quietly_refresh(interaction: discord.Interaction[Any], record: GameRecord,
                          events: Sequence[Event]) -> None:
    """Bring the game message up to date; a failure there must not hide the answer."""
    try:
        await refresh_game_message(interaction, record, events)
    except (discord.HTTPException, ServiceError) as exc:
        log.warning("game %d: could not refresh its message: %s", record.id, exc)
