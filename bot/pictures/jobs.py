"""What the worker pool runs for the pictures: plain data in (a game's log, a player's
record), a `Picture` out. Module-level functions of picklable arguments, so that they run
in a worker process as well as in a thread; the event loop only waits for them.

Each job draws the PNG when the bot may attach it, and always writes the text alternative
(the picture's caption, or all there is when Attach Files is missing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game_core.ledger import ledger_of
from game_core.story import GameLog

from bot.application.records import FinishedGame

from .alt_text import board_alt, money_map_alt, recap_alt, record_alt
from .board import render_board
from .board_text import render_board_text
from .heatmap import money_map_text, render_money_map
from .recap import recap_text, render_recap
from .record_chart import record_text, render_record


@dataclass(frozen=True, slots=True)
class Picture:
    png: bytes | None  # None: the text alone (no Attach Files permission)
    text: str
    alt: str = ""  # what it shows, for a screen reader: the attachment's description


def recap(log: GameLog, locale: str, png: bool = True) -> Picture:
    story = log.story()
    return Picture(render_recap(story, locale=locale, book=ledger_of(log)) if png else None,
                   recap_text(story, locale=locale), recap_alt(story, locale=locale))


def money_map(log: GameLog, locale: str, png: bool = True) -> Picture:
    story, book = log.story(), ledger_of(log)
    return Picture(render_money_map(story, locale=locale, book=book) if png else None,
                   money_map_text(story, locale=locale, book=book),
                   money_map_alt(story, locale=locale, book=book))


def board_after(log: GameLog, upto: int, locale: str, png: bool = True) -> Picture:
    """The board as it stood after the first `upto` actions (a history page)."""
    game = log.game(upto)
    return Picture(render_board(game, locale=locale) if png else None,
                   render_board_text(game, locale=locale), board_alt(game, [], locale=locale))


def record(games: Sequence[FinishedGame], locale: str, png: bool = True) -> Picture:
    return Picture(render_record(games, locale=locale) if png else None,
                   record_text(games, locale=locale), record_alt(games, locale=locale))
