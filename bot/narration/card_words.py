"""Chance and Community Chest cards (S6, P4) in the player's language, whatever the board:
the catalog words each card (`card.<id>`, and a short title for a Roll on's turn line,
`card.title.<id>`), with the board's names for the squares a card sends the pawn to and the
board's money written the locale's way. The edition's own texts (game_core.editions, carried
by CardDrawn for convenience) are the board's language only, so they are never shown."""

from __future__ import annotations

from game_core.board import GO_SALARY
from game_core.cards import CARDS

from bot.i18n.catalog import t
from bot.i18n.money import format_money
from bot.i18n.squares import square_name


def _values(card_id: str, edition: str, locale: str) -> dict[str, str]:
    card = CARDS[card_id]
    return {
        "square": square_name(edition, card.target, locale),
        "go": square_name(edition, 0, locale),
        "salary": format_money(GO_SALARY, edition, locale),
        "amount": format_money(card.amount, edition, locale),
        "hotel": format_money(card.per_hotel, edition, locale),
    }


def card_text(card_id: str, edition: str, locale: str) -> str:
    """The card as printed: "Advance to Boardwalk." / « Avancez jusqu'à la case Boardwalk. »"""
    return t(locale, f"card.{card_id}", **_values(card_id, edition, locale))


def card_title(card_id: str, edition: str, locale: str) -> str:
    """The card in a few words: "Doctor's fee", "Trip to Reading Railroad"."""
    return t(locale, f"card.title.{card_id}", **_values(card_id, edition, locale))


def deck_name(deck: str, locale: str) -> str:
    """"Chance" or "Community Chest" in `locale` (the squares' names too)."""
    return t(locale, "deck.chance" if deck == "chance" else "deck.chest")
