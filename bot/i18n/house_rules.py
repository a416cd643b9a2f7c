"""Saying which house rules a game is played under: the options that differ from
the standard solo rules, each with the ruling it changes, in the player's language."""

from __future__ import annotations

from game_core import Options

from .catalog import t, tn
from .money import format_money


def house_rule_items(options: Options, *, edition: str, locale: str) -> list[str]:
    """One phrase per option off its RULES.md default, in declaration order; [] under the
    standard rules."""
    items = []
    for name, value in options.house_rules().items():
        if name == "doubles":
            items.append(t(locale, "house.rule.doubles"))
        elif name in ("treasury", "start_cash"):
            items.append(t(locale, f"house.rule.{name}",
                           amount=format_money(value, edition, locale)))
        elif name == "bank_pawns":
            items.append(tn(locale, "house.rule.bank_pawns", value))
        elif name == "bank_build_cap":
            items.append(t(locale, "house.rule.bank_build_cap.0") if value == 0
                         else tn(locale, "house.rule.bank_build_cap", value))
        else:  # an option this module doesn't know yet still shows, plainly
            items.append(f"{name} = {value}")
    return items


def house_rules_text(options: Options, *, edition: str, locale: str) -> str:
    """"house rule, house rule, ..." or "" under the standard rules."""
    return ", ".join(house_rule_items(options, edition=edition, locale=locale))


def house_rules_notice(options: Options, *, edition: str, locale: str,
                       short: bool = False) -> str:
    """"House rules: ... This game doesn't count on the leaderboard." or "" when standard."""
    text = house_rules_text(options, edition=edition, locale=locale)
    if not text:
        return ""
    return t(locale, "house.notice.short" if short else "house.notice", rules=text)
