"""The extension `cogs.reports` as the bot loads it (why a module of its own: see `cogs`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.reports.pages import PageButton

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot


async def setup(bot: MonopolyBot) -> None:
    bot.add_dynamic_items(PageButton)
