"""The extension `cogs.common` as the bot loads it (why a module of its own: see `cogs`)."""

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
