"""A finished daily worth posting, Wordle-style, and the day's yardstick.

The Share tells the day's number, the outcome, the points or turns survived, the game's shape
as one line of marks, the player's rank of the day so far and when the next daily opens. It
gives away no square, no dice and no card: the marks say only how the cash went over each
stretch of turns, whether the player built, whether it paid a Bank hotel (H5: whoever has not
played yet learns nothing of the day's board from it).

`shape` and `focus_result` replay or play a whole game: they run in the worker pool, never
on the event loop; their arguments and answers are plain data.
"""

from __future__ import annotations

from dataclasses import dataclass

from game_core import Game
from game_core.events import Built, RentPaid
from game_core.story import GameLog
from game_core.strategies import make_strategy


SPAN = 10  # turns per mark
MAX_MARKS = 40  # a longer game gets longer spans, so the strip stays one line
UP, DOWN, FLAT, BUILT, HOTEL = "🟩", "🟥", "⬜", "🏠", "🏨"
WON, LOST, RESIGNED = "🏆", "💥", "🏳️"
YARDSTICK = "focus"  # the built-in player the day is measured against
MAX_MOVES = 20_000  # far past any game's length: a bound, not a rule


@dataclass(frozen=True, slots=True)
class Shape:
    """The game's marks, one per `span` turns, then its end."""

    marks: str
    span: int


def shape(log: GameLog) -> Shape:
    """Replay the game (H3) and mark each stretch of turns: 🏨 if the player paid rent on a
    Bank hotel in it, else 🏠 if it built, else how its cash went (🟩 up, 🟥 down, ⬜ flat);
    then 🏆, 💥 or 🏳️."""
    game = Game.new(log.seed, log.options, log.edition, dice_scheme=log.dice_scheme)
    cash = {0: game.s.cash}
    built: set[int] = set()
    hotels: set[int] = set()
    for action in log.actions:
        events = game.apply(action)
        turn = game.turn  # a roll starts the next turn: its events are that turn's
        for event in events:
            if isinstance(event, Built) and event.by == "player":
                built.add(turn)
            elif isinstance(event, RentPaid) and event.payer == "player" \
                    and event.why == "hotel":
                hotels.add(turn)
        cash[turn] = game.s.cash
    last = max(cash)
    span = SPAN * max(1, -(-last // (SPAN * MAX_MARKS)))
    marks = []
    before = cash[0]
    for start in range(1, max(last, 1) + 1, span):
        turns = range(start, start + span)
        after = next((cash[turn] for turn in reversed(turns) if turn in cash), before)
        if hotels.intersection(turns):
            marks.append(HOTEL)
        elif built.intersection(turns):
            marks.append(BUILT)
        else:
            marks.append(UP if after > before else DOWN if after < before else FLAT)
        before = after
    outcome = game.outcome
    if outcome is not None:
        marks.append(WON if outcome.result == "won"
                     else RESIGNED if outcome.reason == "resigned" else LOST)
    return Shape("".join(marks), span)


@dataclass(frozen=True, slots=True)
class Yardstick:
    """How the built-in player did on a daily: won or not, its score (E2) and its turns."""

    won: bool
    score: int
    turns: int


def focus_result(seed: int) -> Yardstick:
    """The built-in `focus` player's game on the daily of `seed` (standard rules)."""
    game, player = Game.new(seed), make_strategy(YARDSTICK)
    for _ in range(MAX_MOVES):
        if game.is_over:
            break
        game.apply(player.choose(game))
    outcome = game.outcome
    won = outcome is not None and outcome.result == "won"
    return Yardstick(won, outcome.score if outcome is not None else 0, game.turn)
