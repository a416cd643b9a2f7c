"""One error handler for the command tree and the game's controls: the player gets a short
ephemeral message with an error id; the log gets the traceback with the same id. A busy
database (another program held its lock) or one that doesn't answer (an outage) is no
mystery: "try again", without an id or a traceback."""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord
from discord import app_commands

from bot.errors import DamagedGame, DatabaseBusy, DatabaseUnavailable
from bot.hosting.observability import failed, refused
from bot.i18n import locale_of, t

log = logging.getLogger("cogs.errors")


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> str:
    original = getattr(error, "original", error)  # app_commands wraps the real exception
    # The operators' metrics: "try again" is a refusal the player can act on; the rest fail.
    (refused if isinstance(original, (DatabaseBusy, DatabaseUnavailable)) else failed)()
    if isinstance(original, DatabaseBusy):
        # Expected now and then (another program held the lock): no error id, no traceback.
        log.warning("database busy (user %s): answered 'try again'", interaction.user.id)
        await _tell(interaction, t(locale_of(str(interaction.locale)), "error.busy"), "busy")
        return "busy"
    if isinstance(original, DatabaseUnavailable):
        # An outage: the storage logs it once when it starts and once when it ends; a line
        # per click would bury the log.
        log.debug("database unavailable (user %s): answered 'try again'", interaction.user.id)
        await _tell(interaction, t(locale_of(str(interaction.locale)), "error.unavailable"),
                    "unavailable")
        return "unavailable"
    error_id = secrets.token_hex(4)
    command = interaction.command.qualified_name if interaction.command else None
    data: dict[str, Any] = dict(interaction.data or {})
    log.error("error %s (user %s, command %s, custom_id %s)", error_id, interaction.user.id,
              command, data.get("custom_id"),
              exc_info=(type(original), original, original.__traceback__))
    # A damaged game won't get better by trying again: say so rather than "try again".
    key = "error.damaged" if isinstance(original, DamagedGame) else "error.unexpected"
    await _tell(interaction, t(locale_of(str(interaction.locale)), key, error_id=error_id),
                error_id)
    return error_id


async def _tell(interaction: discord.Interaction[Any], text: str, error_id: str) -> None:
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("error %s: could not tell the user", error_id)


async def on_tree_error(interaction: discord.Interaction[Any],
                        error: app_commands.AppCommandError) -> None:
    if isinstance(error, app_commands.BotMissingPermissions):
        refused()
        locale = locale_of(str(interaction.locale))
        text = t(locale, "error.missing_permissions",
                 permissions=", ".join(error.missing_permissions))
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
        return
    await report_error(interaction, error)
