"""A game's history told turn by turn: every action of one turn under one
heading, a page of several turns, newest turn first, each turn's actions in the order played.

Numbering actions ("#212") made a player read 34 pages of 8 for a 150-turn game and count
actions nobody sees; a turn is what the game message counts. The text of each action is the
game's own narration; only the turn's opening line ("— Turn 12 —") gives way to the heading.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from game_core.events import Event, TurnStarted

from .catalog import t
from .layout import fit_lines
from .narrate import narrate

TURNS_PER_PAGE = 10
PAGE_CHARS = 3800  # an embed description holds 4096; the board's embed shares 6000 with it


class Entry(Protocol):
    """One applied action (bot.application.records.HistoryEntry)."""

    @property
    def seq(self) -> int: ...  # the game's version once the action was applied

    @property
    def events(self) -> list[Event]: ...


@dataclass
class Turn:
    number: int | None  # None: the oldest actions shown, whose turn began before them
    lines: list[str] = field(default_factory=list)
    newest_seq: int = 0


@dataclass
class TurnPage:
    turns: list[Turn]  # newest first
    text: str
    newest_seq: int  # the newest action on the page: the board after it goes with the page

    @property
    def first_turn(self) -> int | None:
        return self.turns[-1].number

    @property
    def last_turn(self) -> int | None:
        return self.turns[0].number


def group_by_turn(entries: Sequence[Entry], *, edition: str, locale: str,
                  doubles_matter: bool = False, current_turn: int | None = None) -> list[Turn]:
    """`entries` (newest first, as storage gives them) as turns, newest first.

    The engine announces a turn at the end of the action that closed the previous one
    (TurnStarted last among its events): an action belongs to the turn going on when it was
    played. `current_turn`, the game's turn now, names the turn of the oldest actions when no
    turn starts among the entries."""
    chronological = sorted(entries, key=lambda e: e.seq)
    started = [ev.turn for e in chronological for ev in e.events if isinstance(ev, TurnStarted)]
    first = started[0] - 1 if started else current_turn
    if chronological and chronological[0].seq == 1:
        first = 1  # the game's first action: turn 1
    current = Turn(first if first is not None and first >= 1 else None)
    turns = [current]
    for entry in chronological:
        current.newest_seq = entry.seq  # the action is played in the turn going on
        rest: list[Event] = []
        for ev in entry.events:
            if isinstance(ev, TurnStarted):
                if rest:
                    current.lines.append(_line(rest, edition, locale, doubles_matter))
                    rest = []
                current = Turn(ev.turn)
                turns.append(current)
            else:
                rest.append(ev)
        if rest or not entry.events:
            current.lines.append(_line(rest, edition, locale, doubles_matter))
            current.newest_seq = entry.seq
    return [turn for turn in reversed(turns) if turn.lines]


def _line(events: Sequence[Event], edition: str, locale: str, doubles_matter: bool) -> str:
    told = narrate(events, edition=edition, locale=locale, doubles_matter=doubles_matter)
    return " · ".join(told) if told else "…"


def turn_text(turn: Turn, locale: str, limit: int = PAGE_CHARS) -> str:
    """The turn's heading and its actions; past `limit` characters, its newest actions after
    "…" (a turn of many sales to raise a debt)."""
    heading = (t(locale, "history.turn", turn=turn.number) if turn.number is not None
               else t(locale, "history.turn.earlier"))
    return heading + "\n" + fit_lines(turn.lines, limit - len(heading) - 1)


def turn_pages(entries: Sequence[Entry], *, edition: str, locale: str,
               doubles_matter: bool = False, current_turn: int | None = None,
               turns_per_page: int = TURNS_PER_PAGE,
               page_chars: int = PAGE_CHARS) -> list[TurnPage]:
    """The history's pages: at most `turns_per_page` whole turns and `page_chars` characters
    each (a single turn longer than a page keeps its newest lines). [] when nothing happened."""
    pages: list[TurnPage] = []
    chunk: list[tuple[Turn, str]] = []
    size = 0
    for turn in group_by_turn(entries, edition=edition, locale=locale,
                              doubles_matter=doubles_matter, current_turn=current_turn):
        text = turn_text(turn, locale, page_chars)
        if chunk and (len(chunk) >= turns_per_page or size + 2 + len(text) > page_chars):
            pages.append(_page(chunk))
            chunk, size = [], 0
        chunk.append((turn, text))
        size += len(text) + (2 if size else 0)
    if chunk:
        pages.append(_page(chunk))
    return pages


def _page(chunk: list[tuple[Turn, str]]) -> TurnPage:
    return TurnPage([turn for turn, _ in chunk], "\n\n".join(text for _, text in chunk),
                    max(turn.newest_seq for turn, _ in chunk))
