"""Amounts and plain numbers written the way each language writes them.

English: comma thousands; the sign before the amount where the edition writes it so ($, £:
"$1,500", "£1,500") and after it otherwise ("1,500 Cr"). French: the sign always after the
amount ("1 500 $", "1 500 £", "1 500 Cr"). Every space inside an amount, the French thousands
separator and the one before a trailing sign, is a no-break space U+00A0 (`NBSP`), as in
`game_core.editions`, so that Discord never splits an amount across lines.
"""

from __future__ import annotations

from game_core.editions import EDITIONS

from .grammar import NBSP, group_digits, is_french

__all__ = ["NBSP", "format_money", "format_number", "format_percent", "is_french"]


def format_number(value: int, locale: str) -> str:
    """A whole number with the locale's thousands separator: 24,100 / 24 100 (U+00A0), as
    Babel groups it (grammar.group_digits)."""
    return group_digits(value, locale)


def format_money(amount: int, edition: str, locale: str) -> str:
    """`amount` in the edition's currency (S1) for the locale: en "$1,500" / "£1,500" /
    "1,500 Cr", fr "1 500 $" / "1 500 £" / "1 500 Cr". KeyError for an unknown edition."""
    ed = EDITIONS[edition]
    number = format_number(abs(amount), locale)
    minus = "-" if amount < 0 else ""
    if ed.currency_before and not is_french(locale):
        return f"{minus}{ed.currency}{number}"
    return f"{minus}{number}{NBSP}{ed.currency}"


def format_percent(ratio: float, locale: str) -> str:
    """A share as a percentage with one decimal at most: 42.5% / 42,5 % (U+00A0)."""
    text = f"{ratio * 100:.1f}".removesuffix(".0")
    if is_french(locale):
        return f"{text.replace('.', ',')}{NBSP}%"
    return f"{text}%"
