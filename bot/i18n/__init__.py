"""The words the bot shows and the ways each language writes them. No discord import here,
so the Discord cogs and the terminal client share it; the game told in these words (events,
refusals, hints...) is bot.narration.

    t(locale, key, **values)           one catalog text        (catalog, locales/*.po)
    tn(locale, key, count, **values)   its plural form         (catalog)
    points(score, locale)              "24,100 points"         (catalog)
    LANGUAGES / language(tag)          the languages spoken    (languages)
    locale_of(discord_locale)          "fr", "es" or "en"      (languages)
    edition_for(discord_locale)        "fr" or "us"            (edition_default)
    format_money(amount, edition, loc) "$1,500" / "1 500 Cr"   (money; also format_number,
                                                                format_percent)
    fit_lines / chunk_lines            Discord's length limits (layout)
    quote_user_text(text)              user text, bounded      (layout)
"""

from .catalog import LOCALES, MESSAGES, command_key, command_text, points, t, tn
from .edition_default import edition_for
from .languages import LANGUAGES, Language, language, locale_of
from .layout import FIELD_LIMIT, LABEL_LIMIT, chunk_lines, fit_lines, quote_user_text
from .money import format_money, format_number, format_percent

__all__ = [
    "FIELD_LIMIT", "LABEL_LIMIT", "LANGUAGES", "LOCALES", "MESSAGES", "Language", "chunk_lines",
    "command_key", "command_text", "edition_for", "fit_lines", "format_money", "format_number",
    "format_percent", "language", "locale_of", "points", "quote_user_text", "t", "tn",
]

