"""The extension `cogs.play` as the bot loads it (bot.hosting.app.EXTENSIONS).

A module of its own rather than the package: discord.py forgets every module under an
extension's name when it unloads it (at every bot's close), and the package's modules
must stay the ones the rest of the process imported."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.play.clicks import play_action, play_flow
from cogs.play.controls import (
    ActionButton, ActionSelect, ClickHandlers, HintButton, PlayAgainButton,
)
from cogs.play.resigning import ResignButton
from cogs.play.starting import play_again

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot


async def setup(bot: MonopolyBot) -> None:
    """The game message's controls, and the handlers they call at click time."""
    bot.parts.add(ClickHandlers(play=play_action, flow=play_flow, play_again=play_again))
    bot.add_dynamic_items(ActionButton, ActionSelect, PlayAgainButton, HintButton,
                          ResignButton)
