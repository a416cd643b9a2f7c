"""The one message catalog: every word the bot shows a player, in English and French.

`MESSAGES[locale][key]` is a `str.format` template with named `{placeholders}`; both
languages have the same keys and the same placeholders (a test checks it). `t()` fills one;
a missing key raises KeyError (no silent fallback to the other language).

Key families: `cmd.*` slash commands (below), `embed.*` the game message, `pending.*` the
decision waited for, `button.*` / `select.*` components, `error.*` ephemeral errors,
`refusal.*` / `waiting.*` why an action is refused, `ev.*` narration of engine events,
`status.*`, `history.*`, `leaderboard.*`, `stats.*`, `rules.*` the other replies.
Plural forms are `<key>.one` / `<key>.other`, chosen by `tn()`.

Command localization (for a discord.py `app_commands.Translator`): with PATH the command's
qualified name with spaces as dots (`monopoly`, `monopoly.new`),

    cmd.PATH.name                             command or group name
    cmd.PATH.description                      command or group description
    cmd.PATH.option.PARAM.name                parameter name (PARAM: its default name)
    cmd.PATH.option.PARAM.description         parameter description
    cmd.PATH.option.PARAM.choice.VALUE        display name of the choice whose value is VALUE

`command_key()` builds these keys; `command_text()` looks one up and returns None when it is
absent, which a Translator returns to keep the default text.
"""

from __future__ import annotations

from .catalog_compete_en import EN_COMPETE
from .catalog_compete_fr import FR_COMPETE
from .catalog_clicks import CLICKS_EN, CLICKS_FR
from .catalog_daily import DAILY_EN, DAILY_FR
from .catalog_en import EN as _EN
from .catalog_fr import FR as _FR
from .catalog_hints import HINTS_EN, HINTS_FR
from .catalog_pictures import PICTURES_EN, PICTURES_FR
from .catalog_privacy import PRIVACY_EN, PRIVACY_FR
from .preset_labels import preset_choice_texts

EN: dict[str, str] = {**_EN, **PICTURES_EN, **HINTS_EN, **EN_COMPETE, **DAILY_EN,
                      **PRIVACY_EN, **CLICKS_EN}
FR: dict[str, str] = {**_FR, **PICTURES_FR, **HINTS_FR, **FR_COMPETE, **DAILY_FR,
                      **PRIVACY_FR, **CLICKS_FR}
EN.update(preset_choice_texts(EN, "en"))
FR.update(preset_choice_texts(FR, "fr"))
LOCALES: tuple[str, ...] = ("en", "fr")
MESSAGES: dict[str, dict[str, str]] = {"en": EN, "fr": FR}


def locale_of(discord_locale: str | None) -> str:
    """The catalog locale for a Discord locale: "fr" for `fr` (any region), else "en"."""
    if discord_locale and str(discord_locale).lower().startswith("fr"):
        return "fr"
    return "en"


def _catalog(locale: str) -> dict[str, str]:
    return FR if locale.lower().startswith("fr") else EN


def t(locale: str, key: str, /, **values: object) -> str:
    """The text of `key` in `locale` ("fr*" French, anything else English), filled."""
    template = _catalog(locale)[key]
    return template.format(**values)


def tn(locale: str, key: str, count: int, /, **values: object) -> str:
    """The plural form of `key` for `count` (`key.one` / `key.other`), filled with `count`
    and `values`. French uses the singular for 0 and 1, English for 1 only."""
    french = locale.lower().startswith("fr")
    one = count in (0, 1) if french else count == 1
    return t(locale, f"{key}.{'one' if one else 'other'}", count=count, **values)


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
