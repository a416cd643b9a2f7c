"""What the bot keeps of a player: their data file, forgetting them, their own settings, and
the sweep of servers that removed the bot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.privacy.data import PrivacyCog

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot


async def setup(bot: MonopolyBot) -> None:
    await bot.add_cog(PrivacyCog(bot))
