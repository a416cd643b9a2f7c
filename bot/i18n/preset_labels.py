"""The `preset` choices' labels, built from game_core.presets (the one table of the measured
win rates) and the catalog's templates, so that a label can't say another figure.

Works on a language's raw template dict (no `t()`): catalog.py calls it while it builds the
catalogs, and then the labels are ordinary catalog entries the Translator finds by key.
"""

from __future__ import annotations

from game_core.presets import PRESETS, Preset

from .grammar import plural_category
from .money import format_number

CHOICE_KEY = "cmd.monopoly.new.option.preset.choice.{name}"


def _plural(messages: dict[str, str], key: str, count: int, locale: str) -> str:
    return messages[f"{key}.{plural_category(locale, count)}"].format(
        count=format_number(count, locale))


def preset_label(messages: dict[str, str], preset: Preset, locale: str) -> str:
    levers = []
    for option, value in preset.options.items():
        if option == "start_cash":
            levers.append(messages["preset.lever.start_cash"].format(
                amount=format_number(value, locale)))
        else:
            levers.append(_plural(messages, f"preset.lever.{option}", value, locale))
    odds = (messages["preset.odds.0"] if preset.wins_in_ten == 0
            else _plural(messages, "preset.odds", preset.wins_in_ten, locale))
    return messages["preset.label"].format(
        title=messages[f"preset.title.{preset.name}"],
        levers=", ".join(levers) or messages["preset.levers.none"], odds=odds)


def preset_choice_texts(messages: dict[str, str], locale: str) -> dict[str, str]:
    """Catalog entries: each preset's choice key -> its label in `locale`."""
    return {CHOICE_KEY.format(name=p.name): preset_label(messages, p, locale) for p in PRESETS}
