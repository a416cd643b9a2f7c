"""Texts of issue 24's words half (kept apart from catalog_en/fr so each file stays small;
catalog.py merges them): the French board's money explained, the history by turn."""

from __future__ import annotations

WORDS_EN: dict[str, str] = {
    # The French board's "Cr" (the unit of the French rules' text), told once in `status`
    # (and in the edition choice's label).
    "money.note.fr": "Cr: credits, the French board's money; the same amounts as $ on the US "
                     "board.",
    # /monopoly history, turn by turn (bot.i18n.history_turns).
    "history.title.turns": "History, turns {first}–{last} · page {page}/{pages}",
    "history.title.turn": "History, turn {turn} · page {page}/{pages}",
    "history.turn": "**Turn {turn}**",
    "history.turn.earlier": "**Earlier**",
}

WORDS_FR: dict[str, str] = {
    "money.note.fr": "Cr : crédits, la monnaie du plateau français ; les mêmes montants qu'en "
                     "$ sur le plateau américain.",
    "history.title.turns": "Historique, tours {first} à {last} · page {page}/{pages}",
    "history.title.turn": "Historique, tour {turn} · page {page}/{pages}",
    "history.turn": "**Tour {turn}**",
    "history.turn.earlier": "**Plus tôt**",
}
