"""Starting a game, from `/monopoly new` or a finished game's Play again button.

H1: with a game still going, the player is offered to resign it first (a confirm button),
never a second game.

A server's settings say where: only in its chosen channels (elsewhere the player
is told where to go), in a thread of the game's own (a private one when game messages are
not public), or privately. Without the permission to make a thread, the game is played where
it was asked for, as if the server had no thread setting.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.errors import ActiveGameExists, DamagedGame, GameNotFound, ServiceError
from bot.i18n import t
from bot.narration import option_refusal
from bot.application.server_settings import ServerSettings
from bot.application.service import ActResult, GameRecord
from game_core import Event, InvalidOptionError

from cogs.common.confirm import ConfirmView
from cogs.common.errors import report_error
from cogs.play.clicks import board_message, refresh_game_message, show_game
from cogs.common.replies import ephemeral, locale_for, server, server_id, service_of

log = logging.getLogger(__name__)


async def start_game(interaction: discord.Interaction[Any], edition: str,
                     options: Mapping[str, Any]) -> None:
    """Start the player's game and post its message where the server wants it; or explain
    why not."""
    service, locale = service_of(interaction), locale_for(interaction)
    settings = await service.servers.settings(server_id(interaction))
    if not settings.allows(interaction.channel_id, _parent_id(interaction.channel)):
        channels = " ".join(f"<#{channel_id}>" for channel_id in settings.channels)
        await ephemeral(interaction, t(locale, "start.wrong_channel", channels=channels))
        return
    try:
        record = await service.start(interaction.user.id, server_id(interaction),
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
    await present(interaction, record, settings)


def _parent_id(channel: object) -> int | None:
    """The channel a thread is in (a game's own thread is in an allowed channel)."""
    return channel.parent_id if isinstance(channel, discord.Thread) else None


def thread_home(interaction: discord.Interaction[Any],
                private: bool) -> discord.TextChannel | None:
    """The channel to open the game's thread in, if the bot may: a text channel (a thread
    can't hold threads) where it can make the thread and write in it."""
    channel, perms = interaction.channel, interaction.app_permissions
    if not isinstance(channel, discord.TextChannel):
        return None
    may_create = perms.create_private_threads if private else perms.create_public_threads
    return channel if may_create and perms.send_messages_in_threads else None


async def present(interaction: discord.Interaction[Any], record: GameRecord,
                  settings: ServerSettings) -> None:
    """Post a new game's message: here, in a thread of its own, or privately."""
    private = not settings.public and server(interaction) is not None
    if isinstance(interaction.channel, discord.Thread):  # Play again in the game's thread
        await show_game(interaction, record, [])
        return
    home = (thread_home(interaction, private)
            if server(interaction) is not None and (settings.threads or private) else None)
    if home is None and not private:
        await show_game(interaction, record, [])
        return
    await interaction.response.defer(ephemeral=private, thinking=True)
    if home is not None and await _in_thread(interaction, home, record, private):
        return
    # No thread (not allowed, or refused now): here, as a private message if need be (the
    # deferral's follow-up keeps its privacy).
    await show_game(interaction, record, [])


async def _in_thread(interaction: discord.Interaction[Any], home: discord.TextChannel,
                     record: GameRecord, private: bool) -> bool:
    """Open the game's thread, post the game there and say where it is; False if Discord
    refused (nothing was posted)."""
    locale = locale_for(interaction)
    kind = discord.ChannelType.private_thread if private else discord.ChannelType.public_thread
    name = t(locale, "start.thread_name", player=interaction.user.display_name)[:100]
    try:
        thread = await home.create_thread(name=name, type=kind, invitable=False,
                                          auto_archive_duration=1440)
        if private:
            await thread.add_user(interaction.user)
        message = await board_message(interaction, record, [])
        sent = await thread.send(**message.send_kwargs())
    except discord.HTTPException as exc:
        log.warning("game %d: no thread in channel %d (%s); played there", record.id,
                    home.id, exc)
        return False
    await service_of(interaction).set_message(record.id, thread.id, sent.id)
    await interaction.followup.send(t(locale, "start.in_thread", thread=thread.mention),
                                    ephemeral=private)
    return True


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
