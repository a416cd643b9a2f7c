"""Slash command names, descriptions, options and choices in each language of the registry
(bot.i18n.languages), for the Discord locales each serves; English is the commands' own text.

Keys follow the catalog's rule (`bot.i18n.catalog`): derived from the command's qualified
name for commands and parameters; choices carry their key in `locale_str(..., key=...)`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import command_key, command_text, t
from bot.i18n.languages import SOURCE, TRANSLATIONS

TRANSLATED_LOCALES = {discord.Locale(tag): lang.code for lang in TRANSLATIONS
                      for tag in lang.discord_locales}


def en(key: str) -> str:
    """The default (English) text of a command key: what Discord shows without a locale."""
    return t(SOURCE.code, key)


def choice(path: str, option: str, value: str) -> app_commands.Choice[str]:
    key = command_key(path, option=option, choice=value)
    return app_commands.Choice(name=app_commands.locale_str(en(key), key=key), value=value)


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext[Any, Any]) -> str | None:
        language = TRANSLATED_LOCALES.get(locale)
        if language is None:
            return None
        key = string.extras.get("key") or _key_for(context)
        return command_text(language, key) if key else None


def _key_for(context: app_commands.TranslationContext[Any, Any]) -> str | None:
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name):
        return command_key(data.qualified_name, "name")
    if where in (Where.command_description, Where.group_description):
        return command_key(data.qualified_name, "description")
    if where is Where.parameter_name:
        return command_key(data.command.qualified_name, "name", option=data.name)
    if where is Where.parameter_description:
        return command_key(data.command.qualified_name, "description", option=data.name)
    return None
