"""The extension `cogs.privacy` as the bot loads it (why a module of its own: see `cogs`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.privacy.data import PrivacyCog

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot


async def setup(bot: MonopolyBot) -> None:
    await bot.add_cog(PrivacyCog(bot))
