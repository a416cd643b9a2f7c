"""An extension that adds a command over Discord's 4,000 characters (for test_startup): 25
choices of 100-character names and values are 5,000 alone."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands


async def setup(bot: Any) -> None:
    @app_commands.command(name="monopoly-huge", description="Too big for Discord")
    @app_commands.describe(pick="One of many")
    @app_commands.choices(pick=[app_commands.Choice(name=f"{i:n>100}", value=f"{i:v>100}")
                                for i in range(25)])
    async def huge(interaction: discord.Interaction[Any], pick: str) -> None:
        raise AssertionError("never synced, never called")

    bot.tree.add_command(huge)
