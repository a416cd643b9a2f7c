"""Amounts and plain numbers written the way each language writes them.

English: comma thousands; the sign before the amount where the edition writes it so ($, £:
"$1,500", "£1,500") and after it otherwise ("1,500 Cr"). French and Spanish (a language
whose `sign_after_amount`, see `languages`): the sign always after the amount ("1 500 $",
"1.500 £", "1 500 Cr"). Every space inside an amount, the French thousands separator and the
one before a trailing sign, is a no-break space U+00A0 (`NBSP`), as in `game_core.editions`,
so that Discord never splits an amount across lines.
"""

from __future__ import annotations

from game_core.editions import EDITIONS

from .grammar import NBSP, babel_locale, group_digits, localize_digits
from .languages import language

__all__ = ["NBSP", "format_money", "format_number", "format_percent", "sign_after_amount"]


def sign_after_amount(locale: str) -> bool:
    """True when `locale` writes every currency sign after the amount ("1 500 $")."""
    return language(locale).sign_after_amount


def format_number(value: int, locale: str) -> str:
    """A whole number with the locale's thousands separator: 24,100 / 24 100 (U+00A0) /
    24.100, as Babel groups it (grammar.group_digits)."""
    return group_digits(value, locale)


def format_money(amount: int, edition: str, locale: str) -> str:
    """`amount` in the edition's currency (S1) for the locale: en "$1,500" / "£1,500" /
    "1,500 Cr", fr "1 500 $" / "1 500 £" / "1 500 Cr". KeyError for an unknown edition."""
    ed = EDITIONS[edition]
    number = format_number(abs(amount), locale)
    minus = "-" if amount < 0 else ""
    if ed.currency_before and not sign_after_amount(locale):
        return f"{minus}{ed.currency}{number}"
    return f"{minus}{number}{NBSP}{ed.currency}"


def format_percent(ratio: float, locale: str) -> str:
    """A share as a percentage with one decimal at most: 42.5% / 42,5 % (U+00A0): the
    locale's decimal sign, and a space before % where CLDR's pattern has one."""
    text = localize_digits(f"{ratio * 100:.1f}".removesuffix(".0"), locale)
    pattern = babel_locale(locale).percent_formats[None].pattern
    spaced = any(c.isspace() for c in pattern)
    return f"{text}{NBSP}%" if spaced else f"{text}%"
