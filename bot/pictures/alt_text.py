"""What each picture shows, in words a screen reader reads out: the description
Discord keeps with an attachment, at most 1,024 characters, in the player's language.

Not the text that stands in for a picture when the bot may not attach it (each job's `text`,
which can fill an embed): a few sentences on what a sighted player takes in at a glance.
"""

from __future__ import annotations

from collections.abc import Sequence

from game_core import Event, Game
from game_core.ledger import Ledger
from game_core.prompts import way_to_win
from game_core.story import Story

from bot.application.records import FinishedGame
from bot.i18n import format_money, t
from bot.narration import narrate, square_name

from .heatmap_panel import money_map_text
from .recap import headline_lines, title
from .record_chart import record_text

ALT_LIMIT = 1024  # Discord's attachment description (resources/message#attachment-object)
CHANGES_SHOWN = 4  # the newest lines of what changed
SQUARES_SHOWN = 5  # the money map's costliest squares
GAMES_SHOWN = 10  # the record's newest games


def fit(text: str) -> str:
    """Within Discord's 1,024 characters, cut at a line or a word with an ellipsis."""
    if len(text) <= ALT_LIMIT:
        return text
    cut = text[:ALT_LIMIT - 1]
    cut = cut.rsplit("\n", 1)[0] if "\n" in cut[ALT_LIMIT // 2:] else cut.rsplit(" ", 1)[0]
    return cut + "…"


def board_alt(game: Game, events: Sequence[Event], *, locale: str,
              doubles_matter: bool = False) -> str:
    """The board: where the pawn is, cash, net worth, the Bank's treasury, what changed."""
    s, edition = game.s, game.edition

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    worth, _ = way_to_win(game)
    lines = [t(locale, "alt.board", turn=game.turn,
               square=square_name(edition, s.position, locale, in_jail=s.in_jail),
               cash=money(s.cash), worth=money(worth), bank=money(s.bank_cash))]
    changed = narrate(events, edition=edition, locale=locale, doubles_matter=doubles_matter)
    if changed:
        lines.append(t(locale, "alt.board.changed",
                       what=" ".join(changed[-CHANGES_SHOWN:])))
    return fit("\n".join(lines))


def recap_alt(story: Story, *, locale: str) -> str:
    """The recap: the result and its turns, the rents and the biggest payment."""
    return fit("\n".join([t(locale, "alt.recap"), title(story, locale),
                          *headline_lines(story, locale)]))


def money_map_alt(story: Story, *, locale: str, book: Ledger | None = None) -> str:
    """The money map: the totals and the squares where most money changed hands."""
    lines = money_map_text(story, locale=locale, book=book).splitlines()
    head = [t(locale, "alt.money_map")] + lines[1:]
    squares = sum(1 for sq in range(40) if story.paid[sq] or story.received[sq])
    keep = len(head) - max(0, squares - SQUARES_SHOWN)
    return fit("\n".join(head[:keep]))


def record_alt(games: Sequence[FinishedGame], *, locale: str) -> str:
    """The record chart: the player's record, and their newest games in words."""
    lines = record_text(games, locale=locale).splitlines()
    shown = lines[:1 + GAMES_SHOWN] + (["…"] if len(lines) > 1 + GAMES_SHOWN else [])
    return fit("\n".join([t(locale, "alt.record"), *shown]))


__all__ = ["ALT_LIMIT", "board_alt", "fit", "money_map_alt", "recap_alt", "record_alt"]
