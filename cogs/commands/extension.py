"""The extension `cogs.commands` as the bot loads it (bot.hosting.app.EXTENSIONS).

A module of its own rather than the package: discord.py forgets every module under an
extension's name when it unloads it (at every bot's close), and the package's modules
must stay the ones the rest of the process imported."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.commands.daily import DailyCog
from cogs.commands.monopoly import MonopolyCog

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot


async def setup(bot: MonopolyBot) -> None:
    await bot.add_cog(MonopolyCog(bot))
    await bot.add_cog(DailyCog(bot))
