"""The extension `cogs.commands` as the bot loads it (why a module of its own: see `cogs`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.commands.daily import DailyCog
from cogs.commands.monopoly import MonopolyCog

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot


async def setup(bot: MonopolyBot) -> None:
    await bot.add_cog(MonopolyCog(bot))
    await bot.add_cog(DailyCog(bot))
