"""Every word a player reads of a game, and the phrases of another language among them.

`foreign_phrases(locale)`: what a reader of `locale` should never meet: each literal run of
another language's catalog (between placeholders, two words or more), each game-term name
(GO, Free Parking, Community Chest...: the catalog's `square.*` and `deck.*`, and each
board's own) and each board's own card text, that `locale`'s catalog doesn't also write. The
boards' street and station names are every language's (S1) and are taken out of a text
before it is searched.

`game_texts(...)`: a seeded game played through Roll on, as the bot and the terminal tell it:
each click's lines (a Roll on's account, or each event), the decision waited for, the labels
of what is on offer, the board's alt text and text board; with `pictures`, the words drawn on
the board, the recap and the money map at the end (bot.pictures.measure records every text a
picture draws), and their texts and alt texts.

Used by tests/bot/narration/test_one_language.py and bench/words.py.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from functools import cache

from bot.i18n import LOCALES, MESSAGES
from bot.i18n.squares import jail_cell_name
from bot.narration.account import account_lines, narrate_steps
from bot.narration.narrate import action_label, describe_pending
from bot.pictures import jobs, measure
from bot.pictures.alt_text import board_alt
from bot.pictures.board import render_board
from bot.pictures.board_text import render_board_text
from bot.pictures.heatmap import render_money_map
from bot.pictures.recap import render_recap
from bot.pictures.short_names import board_name
from game_core import Game, Roll
from game_core.board import SQUARES, Kind
from game_core.editions import EDITIONS
from game_core.ledger import ledger_of
from game_core.prompts import Follow
from game_core.state import ROLL
from game_core.story import GameLog
from game_core.strategies import make_strategy

TERM_SQUARES = tuple(sq.index for sq in SQUARES if not sq.is_property or sq.kind is Kind.UTILITY)


@cache
def board_names() -> tuple[str, ...]:
    """Every board's street and station names (a player reads them in any language), the
    longest first (so that "Gare de Lyon" is taken out before a shorter name inside it)."""
    names = {ed.square_names[sq.index] for ed in EDITIONS.values() for sq in SQUARES
             if sq.is_property and sq.kind is not Kind.UTILITY}
    return tuple(sorted(names, key=len, reverse=True))


def _literals(template: str) -> list[str]:
    out = []
    for literal, *_ in string.Formatter().parse(template):
        for part in re.split(r"[.:;!?()·—\n*«»“”]", literal):
            phrase = " ".join(part.strip(" ,-'’").split())
            if phrase:
                out.append(phrase)
    return out


@cache
def foreign_phrases(locale: str) -> tuple[str, ...]:
    own = MESSAGES[locale]
    own_text = "\n".join(own.values())
    found: set[str] = set()
    for other in LOCALES:
        if other == locale:
            continue
        for key, template in MESSAGES[other].items():
            if template == own[key]:
                continue
            term = key.startswith(("square.", "deck.")) and not key.startswith("square.short.")
            for phrase in _literals(template):
                long_enough = len(phrase.split()) >= 2 and len(phrase) >= 8
                if (long_enough or (term and len(phrase) >= 2)) and phrase not in own_text:
                    found.add(phrase)
    for ed in EDITIONS.values():  # each board's own words for its terms and cards, in
        if ed.language == locale:  # another language than the reader's
            continue
        words = [ed.square_names[i] for i in TERM_SQUARES]
        words += [ed.jail_name, ed.just_visiting_name, ed.chance_name, ed.community_chest_name]
        for text in ed.card_texts.values():  # its opening words, up to an amount
            opening = re.match(r"[^\W\d]+(?:['’ ][^\W\d]+){1,2}", text)
            if opening:
                words.append(opening.group(0))
        found |= {w for w in words if w not in own_text and len(w) >= 2}
    return tuple(sorted(found, key=len, reverse=True))


def _words(text: str) -> list[str]:
    """The words of `text` (letters, digits and apostrophes), for matching whole phrases."""
    return re.findall(r"[\w'’]+", text)


@cache
def _phrase_index(locale: str) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The foreign phrases as word tuples, by their first word."""
    index: dict[str, set[tuple[str, ...]]] = {}
    for phrase in foreign_phrases(locale):
        words = tuple(_words(phrase))
        if words:
            index.setdefault(words[0], set()).add(words)
    return {first: tuple(found) for first, found in index.items()}


@cache
def _board_names_pattern() -> re.Pattern[str]:
    return re.compile("|".join(re.escape(name) for name in board_names()))


def foreign_in(text: str, locale: str) -> list[str]:
    """The phrases of another language in `text` for a reader of `locale`: whole runs of
    words (the board's street and station names taken out first)."""
    words = _words(_board_names_pattern().sub(" ▪ ", text))
    index = _phrase_index(locale)
    found = []
    for i, word in enumerate(words):
        for phrase in index.get(word, ()):
            if tuple(words[i:i + len(phrase)]) == phrase:
                found.append(" ".join(phrase))
    return found


def game_texts(seed: int, edition: str, locale: str, *, clicks: int = 400,
               pictures: bool = False, strategy: str = "focus") -> Iterator[tuple[str, str]]:
    """(where, text) of everything a player reads of seeded game `seed` played by
    `strategy` with Roll on, in `locale` on `edition`'s board."""
    game = Game.new(seed, None, edition)
    chooser = make_strategy(strategy)
    actions = []
    for _ in range(clicks):
        if game.is_over:
            break
        action = Roll() if game.pending == ROLL else chooser.choose(game)
        follow = Follow(game, roll_on=True)
        start_cash = game.s.cash
        steps = [(game.apply(action), None)]
        actions.append(action)
        while (found := follow.next(game)) is not None:
            steps.append((game.apply(found[0]), found[1]))
            actions.append(found[0])
        if isinstance(action, Roll):
            yield "account", account_lines(
                steps, start_cash=start_cash, end_cash=game.s.cash,
                start_turn=follow.start_turn, stop=follow.stop, edition=edition,
                locale=locale, limit=100_000, start_square=follow.start_square,
                start_in_jail=follow.start_in_jail, end=game)
        for line in narrate_steps(steps, edition=edition, locale=locale, end=game):
            yield "line", line
        yield "pending", describe_pending(game, locale=locale)
        if not game.is_over:
            for legal in game.legal_actions():
                yield "label", action_label(legal, game, locale=locale)
        yield "alt", board_alt(game, steps[-1][0], locale=locale)
    yield "text board", render_board_text(game, locale=locale)
    log = GameLog(seed, game.options.to_dict(), edition, tuple(actions))
    for picture in (jobs.recap(log, locale, False), jobs.money_map(log, locale, False)):
        yield "picture text", picture.text
        yield "alt", picture.alt
    for square in range(40):  # the seam the board picture takes its squares' names from
        yield "picture name", board_name(edition, square, locale).replace("- ", "")
    yield "picture name", jail_cell_name(locale)
    if pictures:  # and every word the pictures draw, in the order drawn (a name's lines
        story, book = log.story(), ledger_of(log)  # one after the other: "Free Parking")
        for draw in (lambda: render_board(game, locale=locale),
                     lambda: render_recap(story, locale=locale, book=book),
                     lambda: render_money_map(story, locale=locale, book=book)):
            with measure.recording() as drawn:
                draw()
            yield "picture", " ".join(d.text.replace("\n", " ") for d in drawn)
