"""Which board a player gets when they name no edition: the one of their language.

Each language names its board in `languages`: a French-speaking player (a Discord client in
any `fr` locale) gets the French board, everyone else the US board (S1's default), Spanish
speakers included since no Spanish edition exists. One rule for `/monopoly new` and for the
daily: the daily's dice and cards are the same on every edition (editions change names and
currency only, S1), so a language choosing its board changes no result, and every player of
one language still sees the same board on the same day. English speakers all get the US
board, en-GB included, for that reason: one board per language, not per region.
"""

from __future__ import annotations

from .languages import language


def edition_for(discord_locale: str | None) -> str:
    """The edition for a player whose Discord locale is `discord_locale` ("fr", "en-US"...)."""
    return language(discord_locale).edition
