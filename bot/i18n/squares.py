"""The names of the squares as a player of a language reads them, on any board: the one
seam every line, recap and picture takes a square's name from.

A street's or a station's name is the board's own (S1: "Boardwalk", "Gare du Nord", in any
language). A square that is a game term (GO, Jail / Just Visiting, Free Parking, Go to Jail,
Chance, Community Chest, the two taxes and the two utilities) is the catalog's word in the
player's language, the same on every board: GO / Départ / Salida, one name per thing
(`square.*`, and `deck.*` for the two decks). The board picture, short of room, writes a
short form of some (`square.short.*`). Both are kept per (edition, language): a picture cache
keyed by the locale stays right.
"""

from __future__ import annotations

from functools import cache

from game_core.board import JAIL
from game_core.editions import EDITIONS

from .catalog import t
from .languages import language

# square -> the catalog key of its name, for the squares that are game terms.
TERM_KEYS: dict[int, str] = {
    0: "square.go", 2: "deck.chest", 4: "square.income_tax", 7: "deck.chance",
    10: "square.just_visiting", 12: "square.electric", 17: "deck.chest",
    20: "square.free_parking", 22: "deck.chance", 28: "square.water", 30: "square.go_to_jail",
    33: "deck.chest", 36: "deck.chance", 38: "square.luxury_tax",
}
# The short form the board picture writes where the full name can't fit (~8 letters a line).
SHORT_KEYS: dict[int, str] = {
    2: "square.short.chest", 4: "square.short.income_tax", 12: "square.short.electric",
    17: "square.short.chest", 28: "square.short.water", 33: "square.short.chest",
    38: "square.short.luxury_tax",
}


@cache
def square_names(edition: str, locale: str) -> tuple[str, ...]:
    """The 40 names of `edition`'s squares for a reader of `locale` (10: Just Visiting)."""
    code = language(locale).code
    if code != locale:
        return square_names(edition, code)
    names = list(EDITIONS[edition].square_names)
    for square, key in TERM_KEYS.items():
        names[square] = t(code, key)
    return tuple(names)


def square_name(edition: str, square: int, locale: str, *, in_jail: bool = False) -> str:
    """The name of `square` for a reader of `locale`; square 10 is "In Jail" or "Just
    Visiting" (P6)."""
    if square == JAIL and in_jail:
        return t(locale, "square.jail")
    return square_names(edition, locale)[square]


def jail_cell_name(locale: str) -> str:
    """The word on the board picture's Jail cell ("Jail", "Prison", "Cárcel"); the strip
    along its foot is Just Visiting."""
    return t(locale, "square.short.jail")


@cache
def short_square_names(edition: str, locale: str) -> tuple[str, ...]:
    """`square_names` with a term's short form where it has one (the board picture's; it
    shortens the streets itself, bot.pictures.short_names)."""
    code = language(locale).code
    if code != locale:
        return short_square_names(edition, code)
    names = list(square_names(edition, code))
    for square, key in SHORT_KEYS.items():
        names[square] = t(code, key)
    return tuple(names)
