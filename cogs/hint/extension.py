"""The extension `cogs.hint` as the bot loads it (why a module of its own: see `cogs`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.hint.hint import HintPlanButton, show_hint
from cogs.play.controls import HintHandlers

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot


async def setup(bot: MonopolyBot) -> None:
    """What the game message's Hint button shows, and the plan buttons under a hint."""
    bot.parts.add(HintHandlers(show=show_hint))
    bot.add_dynamic_items(HintPlanButton)
