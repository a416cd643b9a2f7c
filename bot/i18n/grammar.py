"""The grammar the catalog's templates lean on: plural forms, numbers, French elision, and
the gender of a square's name (French: « Rue de Paradis · refusée », « Boulevard de la
Villette · refusé »).

Plural categories and digit grouping come from Babel (CLDR data, the Babel locale of each
language in `languages`), not hand-written rules: French takes the singular for 0 and 1 and
the plural from 2, English and Spanish the singular for 1 only. The one thing kept from the
project's own convention is the space as thousands separator: CLDR's narrow no-break space
(U+202F) becomes the no-break space U+00A0 that game_core's editions and every existing
text use, so that Discord never splits an amount either way.

Elision is a template's business, written as a format spec naming the word that comes
before the value: in French, `la partie {player:de}` gives "la partie d'Alice" and "la partie
de Bob"; `{x:le}`, `{x:la}`, `{x:que}`, `{x:ne}`, `{x:se}`, `{x:je}` work the same way. A
template of another language writes the word itself (or none): the spec only elides in a
language that `elides` (French), and the placeholder's name is the same in every language
(the catalog test compares names).
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

from .languages import BY_CODE, language

NBSP = "\u00a0"
_BABEL = {code: Locale.parse(lang.babel) for code, lang in BY_CODE.items()}
# The French words that lose their vowel before a vowel sound, and what they become.
ELIDING = {"de": "d'", "le": "l'", "la": "l'", "que": "qu'", "ne": "n'", "se": "s'", "je": "j'"}
# A silent h is taken for granted before a name (d'Hugo, d'Hélène): Discord names have no
# dictionary to tell an aspirated one, and the silent h is by far the commoner.
_VOWELS = frozenset("aeiouyhæœ")


def babel_locale(locale: str) -> Locale:
    return _BABEL[language(locale).code]


def elides(locale: str) -> bool:
    """True for a language whose templates' elision specs elide (French)."""
    return language(locale).elides


def _spaces_unbroken(text: str) -> str:
    return text.replace("\u202f", NBSP).replace(" ", NBSP)


@lru_cache(maxsize=64)
def digit_symbols(locale: str) -> tuple[str, str]:
    """The thousands separator and the decimal sign: "," "." / U+00A0 "," / "." ","."""
    babel = babel_locale(locale)
    return _spaces_unbroken(get_group_symbol(babel)), get_decimal_symbol(babel)


def localize_digits(text: str, locale: str) -> str:
    """A number Python wrote ("12,345.6") in the locale's symbols: 12 345,6 / 12.345,6."""
    group, decimal = digit_symbols(locale)
    return "".join(group if c == "," else decimal if c == "." else c for c in text)


def plural_category(locale: str, count: int) -> str:
    """"one" or "other": the catalog's two plural forms for `count` in `locale` (CLDR's
    rarer French "many", for round millions, reads as the ordinary plural)."""
    return "one" if babel_locale(locale).plural_form(abs(count)) == "one" else "other"


@lru_cache(maxsize=8192)
def group_digits(value: int, locale: str) -> str:
    """A whole number grouped the locale's way: 24,100 / 24 100 (U+00A0)."""
    text = _spaces_unbroken(format_decimal(abs(value), locale=babel_locale(locale)))
    return f"-{text}" if value < 0 else text


def starts_with_vowel_sound(text: str) -> bool:
    """True when `text` begins with a vowel (accents ignored) or a silent h."""
    for char in text:
        if char.isalpha():
            base = unicodedata.normalize("NFD", char)[0].lower()
            return base in _VOWELS
        return False  # a digit, a mention "<@…>", an emoji, a quote: no elision
    return False


def _words(name: str) -> list[str]:
    return [w.strip(".,'’").lower() for w in name.replace("-", " ").split() if w.strip(".,'’")]


def is_feminine(name: str, locale: str) -> bool:
    """True when a square's `name` is a feminine noun to a reader of `locale`: its head noun
    (languages.Language.feminine_heads) is; "Rue de Paradis", "Gare du Nord", "Park Place"
    in French, never in a language whose templates don't agree with a square."""
    lang = language(locale)
    words = _words(name)
    if not lang.feminine_heads or not words:
        return False
    if words[0] in lang.feminine_heads or words[0] in lang.masculine_heads:
        return words[0] in lang.feminine_heads
    return words[-1] in lang.feminine_heads


def elide(word: str, following: str, locale: str = "fr") -> str:
    """`word` joined to `following` as French writes it: "d'Alice", "de Bob", "l'Avenue",
    "qu'un"; in a language that never elides (or for a word that never does) `word
    following`."""
    if elides(locale) and word in ELIDING and starts_with_vowel_sound(following):
        return f"{ELIDING[word]}{following}"
    return f"{word} {following}" if word else following


class CatalogFormatter(string.Formatter):
    """str.format, plus the elision specs above (`{player:de}`)."""

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in ELIDING:
            text = format(value, "")
            if elides(self.locale):
                return elide(format_spec, text, self.locale)
            return text  # only French templates use the spec; elsewhere it adds no word
        return str(super().format_field(value, format_spec))


_FORMATTERS = {code: CatalogFormatter(code) for code in BY_CODE}
_ELISION_SPEC = re.compile(r"\{\w+:(?:" + "|".join(ELIDING) + r")\}")


@lru_cache(maxsize=4096)
def _has_elision(template: str) -> bool:
    return _ELISION_SPEC.search(template) is not None


def fill(template: str, locale: str, values: Mapping[str, object]) -> str:
    """`template.format(**values)` with the elision specs understood. A template without a
    spec goes through str.format (fast); KeyError for a missing value, as str.format."""
    if not _has_elision(template):
        return template.format(**values)
    formatter = _FORMATTERS[language(locale).code]
    args: Sequence[Any] = ()
    return formatter.vformat(template, args, values)
