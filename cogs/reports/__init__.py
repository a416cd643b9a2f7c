"""What a player reads about games: status, history, stats, the leaderboard, the rules, and
the pager buttons that turn their pages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.reports.pages import PageButton

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot


async def setup(bot: MonopolyBot) -> None:
    bot.add_dynamic_items(PageButton)
