"""The one message catalog: every word the bot shows a player, in each language it speaks.

The words live in gettext files, `locales/<code>.po`, one per language of `languages`, read
once at import (Babel's reader): msgctxt is the key the code asks for, msgid the English
text (the source a translator sees), msgstr the language's own. An entry with no msgstr, or
one a translator marked fuzzy, counts as missing, as gettext's own tools count it.

`MESSAGES[code][key]` is a `str.format` template with named `{placeholders}`; every language
has the same keys and the same placeholders (tests/bot/i18n/test_catalogs.py checks it). `t()`
fills one; a missing key raises KeyError (no silent fallback to another language).

Key families: `cmd.*` slash commands (below), `embed.*` the game message, `pending.*` the
decision waited for, `button.*` / `select.*` components, `error.*` ephemeral errors,
`refusal.*` / `waiting.*` why an action is refused, `ev.*` narration of engine events,
`status.*`, `history.*`, `leaderboard.*`, `stats.*`, `rules.*` the other replies.
Plural forms are `<key>.one` / `<key>.other`, chosen by `tn()` (Babel's plural rules, see
`grammar`); French elision is a format spec naming the word before a value: `la partie
{player:de}` reads "la partie d'Alice" (see `grammar`). A word agreeing with a square's
gender has a `<key>.feminine` variant, chosen by `t()` from the value `square`.

Command localization (for a discord.py `app_commands.Translator`): with PATH the command's
qualified name with spaces as dots (`monopoly`, `monopoly.new`),

    cmd.PATH.name                             command or group name
    cmd.PATH.description                      command or group description
    cmd.PATH.option.PARAM.name                parameter name (PARAM: its default name)
    cmd.PATH.option.PARAM.description         parameter description
    cmd.PATH.option.PARAM.choice.VALUE        display name of the choice whose value is VALUE

`command_key()` builds these keys; `command_text()` looks one up and returns None when it is
absent, which a Translator returns to keep the default text. The `preset` choices' labels
are built from game_core.presets rather than written (preset_labels).
"""

from __future__ import annotations

from importlib.resources import files

from babel.messages.pofile import read_po

from .grammar import fill, group_digits, is_feminine, plural_category
from .languages import LANGUAGES, language, locale_of
from .preset_labels import preset_choice_texts

__all__ = ["LOCALES", "MESSAGES", "command_key", "command_text", "locale_of", "points",
           "read_catalog", "t", "tn"]


def read_catalog(code: str) -> dict[str, str]:
    """The texts of `locales/<code>.po`, by key, in the file's order."""
    with (files("bot.i18n") / "locales" / f"{code}.po").open("rb") as po:
        catalog = read_po(po, locale=code)
    return {message.context: message.string for message in catalog
            if message.id and message.context and isinstance(message.string, str)
            and message.string and not message.fuzzy}


def _build(code: str) -> dict[str, str]:
    messages = read_catalog(code)
    messages.update(preset_choice_texts(messages, code))
    return messages


LOCALES: tuple[str, ...] = tuple(lang.code for lang in LANGUAGES)
MESSAGES: dict[str, dict[str, str]] = {code: _build(code) for code in LOCALES}


def _catalog(locale: str) -> dict[str, str]:
    return MESSAGES[language(locale).code]


FEMININE = ".feminine"


def t(locale: str, key: str, /, **values: object) -> str:
    """The text of `key` in `locale` (any tag: "fr", "fr-FR"; English when no language here
    speaks it), filled. Agreement: when the catalog has a `<key>.feminine` variant and the
    value `square` is a feminine name in that language (grammar.is_feminine), the variant
    is said ("Rue de Paradis · refusée"); every language has the variant's key, most with
    the same words."""
    catalog = _catalog(locale)
    square = values.get("square")
    if (isinstance(square, str) and key + FEMININE in catalog
            and is_feminine(square, locale)):
        key += FEMININE
    return fill(catalog[key], locale, values)


def tn(locale: str, key: str, count: int, /, **values: object) -> str:
    """The plural form of `key` for `count` (`key.one` / `key.other`), filled with `count`
    (grouped the locale's way) and `values`. French uses the singular for 0 and 1, English
    for 1 only (Babel's CLDR rules)."""
    return t(locale, f"{key}.{plural_category(locale, count)}",
             count=group_digits(count, locale), **values)


def points(score: int, locale: str) -> str:
    """A score: "24,100 points" / "24 100 points"."""
    return tn(locale, "points", score, score=group_digits(score, locale))


def command_key(path: str, what: str = "description", option: str | None = None,
                choice: str | None = None) -> str:
    """The catalog key of a slash-command text (the naming rule above).

    path: "monopoly" or "monopoly new" (spaces or dots); what: "name" | "description";
    with `option`, the parameter's; with `option` and `choice`, that choice's display name.
    """
    base = "cmd." + path.replace(" ", ".")
    if option is None:
        return f"{base}.{what}"
    if choice is not None:
        return f"{base}.option.{option}.choice.{choice}"
    return f"{base}.option.{option}.{what}"


def command_text(locale: str, key: str) -> str | None:
    """A command text for a Translator: the locale's text, or None when it has none."""
    return _catalog(locale).get(key)
