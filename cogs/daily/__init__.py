"""A finished daily: its result, the post that shares it, and the built-in player's yardstick.
Its slash commands are `cogs.commands.daily`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.daily.result import ShareButton

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot


async def setup(bot: MonopolyBot) -> None:
    bot.add_dynamic_items(ShareButton)
