"""What every answer to an interaction needs: the service, the player's language, whether a
picture may be attached, a private reply, and the owner check (H1).

The bottom of the cogs: it imports no other module that answers a click or a command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import locale_of, t
from bot.application.service import GameRecord, GameService
from bot.hosting.observability import refused
from bot.hosting.registry import Registry
from bot.hosting.workers import WorkerPool
from game_core import Event

from cogs.common.confirm import ExpiringView
from cogs.common.player_names import player_label
from cogs.common.refusals import not_your_game

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot


def service_of(interaction: discord.Interaction[Any]) -> GameService:
    bot: MonopolyBot = interaction.client
    return bot.service


def parts_of(interaction: discord.Interaction[Any]) -> Registry:
    """The extensions' handlers and per-bot memory (bot.hosting.registry)."""
    return Registry.of(interaction.client)


def workers_of(interaction: discord.Interaction[Any]) -> WorkerPool:
    """Where pictures are drawn: never on the event loop."""
    bot: MonopolyBot = interaction.client
    return bot.workers


def locale_for(interaction: discord.Interaction[Any]) -> str:
    return locale_of(str(interaction.locale))


def server_id(interaction: discord.Interaction[Any]) -> int | None:
    """The server whose settings and boards apply: the one the interaction came
    from, if the app is installed there. A player's own install used in a server that hasn't
    installed the bot plays as in a DM: the default settings, the global boards."""
    return interaction.guild_id if interaction.is_guild_integration() else None


def server(interaction: discord.Interaction[Any]) -> discord.Guild | None:
    """`server_id`'s server."""
    return interaction.guild if interaction.is_guild_integration() else None


def can_attach(interaction: discord.Interaction[Any]) -> bool:
    """The board picture needs Attach Files and Embed Links; else the text board is used."""
    perms = interaction.app_permissions
    return perms.attach_files and perms.embed_links


async def ephemeral(interaction: discord.Interaction[Any], text: str,
                    view: discord.ui.View | None = None, *, refusal: bool | None = None
                    ) -> None:
    """Reply privately, whether or not the interaction was answered already. A private
    line without buttons is, nearly everywhere, a refusal (a stale button, someone else's
    game, a bad argument): the operators' metrics count it so, unless `refusal` says
    otherwise."""
    if (view is None) if refusal is None else refusal:
        refused()
    kwargs: dict[str, Any] = {"ephemeral": True}
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        message = await interaction.followup.send(text, wait=True, **kwargs)
        if isinstance(view, ExpiringView):
            view.shown(interaction, message)
    else:
        await interaction.response.send_message(text, **kwargs)
        if isinstance(view, ExpiringView):
            view.shown(interaction)


async def refuse(interaction: discord.Interaction[Any], key: str) -> None:
    """A click the bot can't take: the catalog's `key`, privately."""
    await ephemeral(interaction, t(locale_for(interaction), key))


async def refuse_stranger(interaction: discord.Interaction[Any], owner_id: int) -> bool:
    """interaction_check of the game's controls: only the owner plays (H1)."""
    if interaction.user.id == owner_id:
        return True
    await ephemeral(interaction, not_your_game(locale_for(interaction), owner_id))
    return False




def owner_name(interaction: discord.Interaction[Any], record: GameRecord) -> str:
    if interaction.user.id == record.owner_id:
        return interaction.user.display_name
    return player_label(record.owner_id, None, locale_for(interaction))


async def last_events(service: GameService, game_id: int) -> list[Event]:
    entries = await service.history(game_id, limit=1)
    return list(entries[0].events) if entries else []
