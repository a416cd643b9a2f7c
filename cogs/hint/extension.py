"""The extension `cogs.hint` as the bot loads it (bot.hosting.app.EXTENSIONS).

A module of its own rather than the package: discord.py forgets every module under an
extension's name when it unloads it (at every bot's close), and the package's modules
must stay the ones the rest of the process imported."""

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
