"""The extension `cogs.activity` as the bot loads it: with MONOPOLY_ACTIVITY_PORT, the
Activity's web server (started when the extension loads, stopped when the bot closes and
unloads it, before the database closes) and the launch button under game messages; with or
without it, the answer to the App Launcher's Entry Point command (when the portal hands
its interactions to the app: handler APP_HANDLER)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.i18n import t

from cogs.common.board_launch import OpenBoardButton, launch
from cogs.common.replies import locale_for, service_of

from .server import ActivityServer

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

log = logging.getLogger(__name__)
ENTRY_POINT = 4  # application command type PRIMARY_ENTRY_POINT


class Activity(commands.Cog):
    def __init__(self, bot: MonopolyBot) -> None:
        self.bot = bot
        self.server: ActivityServer | None = None

    async def cog_load(self) -> None:
        if self.bot.settings.activity_port is None:
            return
        self.server = ActivityServer(self.bot)
        self.bot.parts.add(self.server)
        await self.server.start()

    async def cog_unload(self) -> None:
        server, self.server = self.server, None
        if server is not None:
            await server.stop()


async def entry_point(interaction: discord.Interaction[Any]) -> None:
    """The App Launcher's Entry Point: open the board on the player's game in progress (the
    page shows a new game's choice when there is none). Without the server, say so."""
    bot: Any = interaction.client
    if bot.settings.activity_port is None:
        await interaction.response.send_message(
            t(locale_for(interaction), "activity.error.not_configured"), ephemeral=True)
        return
    game_id = None
    try:
        record = await service_of(interaction).active_game(interaction.user.id)
        game_id = record.id if record is not None else None
    except Exception as exc:  # noqa: BLE001 -- the board finds the game itself anyway
        log.info("entry point: the player's game was not read (%r)", exc)
    await launch(interaction, game_id)


async def setup(bot: MonopolyBot) -> None:
    bot.add_dynamic_items(OpenBoardButton)
    tree = bot.tree
    checked = tree.interaction_check

    async def entry_point_first(interaction: discord.Interaction[Any]) -> bool:
        """The tree knows no type-4 command (discord.py doesn't model it): answer it here
        and let the tree skip it, rather than report it as an unknown command."""
        data: Any = interaction.data or {}
        if interaction.type is discord.InteractionType.application_command \
                and data.get("type") == ENTRY_POINT:
            await entry_point(interaction)
            return False
        return await checked(interaction)

    tree.interaction_check = entry_point_first  # type: ignore[method-assign]
    await bot.add_cog(Activity(bot))
