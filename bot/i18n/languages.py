"""The languages the bot speaks, each said once: every "which language?" decision reads here.

A language is its catalog (`locales/<code>.po`), the Discord client locales it serves, the
board a player of that language gets by default, and the few ways its numbers and words
differ that the catalog's templates can't say themselves. Adding a language is one entry
here and one .po file (README, "Translating").

Any tag names a language: a catalog code ("fr"), a Discord locale ("es-419", "en-GB") or
another BCP 47 tag ("fr-CA"); its first subtag picks the language, and a tag of no language
here is English, the source language whose texts Discord shows when it has no translation.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Language:
    code: str
    """The catalog's code: the .po file's name and what `t()` is usually given."""
    name: str
    """The language's name in itself, for a heading a reader of it looks for."""
    discord_locales: tuple[str, ...]
    """The Discord client locales (discord.Locale values) shown this language."""
    edition: str
    """The board a player gets who names none (game_core.editions; see edition_default)."""
    babel: str
    """The Babel locale whose CLDR data gives the plural forms and the digits' symbols."""
    elides: bool = False
    """The templates' elision specs (`{player:de}`, grammar.py) elide: French only."""
    sign_after_amount: bool = False
    """Money is written "1 500 $" whatever the edition, never "$1,500" (money.py)."""
    feminine_heads: frozenset[str] = frozenset()
    """The nouns that make a square's name feminine when they head it, lowercase: its first
    word ("Rue de la Paix"), else, for a board in English, its last ("Park Place" reads as
    a place). A name headed by none is masculine. Only a language whose templates agree
    with a square (grammar.is_feminine, the catalog's `<key>.feminine`) names any."""
    masculine_heads: frozenset[str] = frozenset()
    """First words that make a name masculine whatever its last ("Boulevard de la ...")."""


ENGLISH = Language("en", "English", ("en-US", "en-GB"), edition="us", babel="en")
FRENCH = Language("fr", "Français", ("fr",), edition="fr", babel="fr", elides=True,
                  sign_after_amount=True,
                  # The Paris board's heads, and the English boards' as a French reader
                  # takes them: a street, road or lane is a rue, a square a place, a station
                  # a gare, a company a compagnie; a railroad (chemin de fer) and the rest are
                  # masculine.
                  feminine_heads=frozenset((
                      "rue", "avenue", "place", "gare", "compagnie", "caisse", "taxe",
                      "prison", "street", "road", "lane", "square", "station", "company")),
                  masculine_heads=frozenset(("boulevard", "faubourg", "parc", "départ",
                                             "impôts")))
# No Spanish edition exists (game_core.editions): Spanish speakers play the US board.
SPANISH = Language("es", "Español", ("es-ES", "es-419"), edition="us", babel="es",
                   sign_after_amount=True)

LANGUAGES: tuple[Language, ...] = (ENGLISH, FRENCH, SPANISH)
SOURCE = ENGLISH
BY_CODE = {lang.code: lang for lang in LANGUAGES}
TRANSLATIONS = tuple(lang for lang in LANGUAGES if lang is not SOURCE)
"""The languages a Discord Translator localizes into: Discord shows the source's own text
(the commands' defaults) to every other client."""


@lru_cache(maxsize=256)
def language(tag: str | None) -> Language:
    """The language of `tag` ("fr", "fr-CA", "es-419", "en-GB", "ja", None...), English when
    none here speaks it."""
    primary = str(tag or "").split("-")[0].split("_")[0].lower()
    return BY_CODE.get(primary, SOURCE)


def locale_of(tag: str | None) -> str:
    """The catalog code for a Discord locale (or any tag): "fr" for `fr`, "en" for `de`."""
    return language(tag).code
