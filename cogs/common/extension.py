"""The extension `cogs.common` as the bot loads it (bot.hosting.app.EXTENSIONS).

A module of its own rather than the package: discord.py forgets every module under an
extension's name when it unloads it (at every bot's close), and the package's modules
must stay the ones the rest of the process imported."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.common.confirm import ExpiredPrompt
from cogs.common.errors import on_tree_error
from cogs.common.pictures import MoneyMapButton
from cogs.common.translator import CatalogTranslator

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot


async def setup(bot: MonopolyBot) -> None:
    """The commands' translator, the error handler, and the buttons shared by features."""
    await bot.tree.set_translator(CatalogTranslator())
    bot.tree.on_error = on_tree_error  # type: ignore[method-assign]
    bot.add_dynamic_items(ExpiredPrompt, MoneyMapButton)
