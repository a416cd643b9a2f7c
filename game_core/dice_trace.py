"""What two players of one seed see (H4, and the daily, H5): each movement roll's dice and
the square the pawn stands on once that roll is carried out, in a game a strategy plays.

    a = trace(seed, make_strategy("focus"))
    b = trace(seed, OneFlipped(make_strategy("focus"), 2))
    same_dice_through(a, b)      # how many movement rolls from the first agree
    squares_agree(a, b)          # the same square after each roll while the cards agree

Card order is the same for both too, except once a Get Out of Jail Free card went back to
the bottom of its deck at another moment (kept, used or sold: P4, T4); from then on a card
can move one pawn and not the other, so squares are compared while the decks agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action, Buy, Decline, Roll
from .board import SQUARES
from .events import DiceRolled
from .game import Game
from .options import Options
from .rng import BY_ROLL
from .simulate import MAX_ACTIONS
from .state import BUY, OVER, ROLL
from .strategies import Strategy


@dataclass(frozen=True, slots=True)
class Trace:
    """Index k: the k-th movement roll of the game (rng)."""

    dice: tuple[tuple[int, int], ...]
    squares: tuple[int, ...]  # where the pawn stood once roll k was carried out
    decks: tuple[int, ...]  # a fingerprint of the card order just before roll k


def trace(seed: int, strategy: Strategy, options: Options | Mapping[str, Any] | None = None,
          dice_scheme: str = BY_ROLL, edition: str = "us") -> Trace:
    game = Game.new(seed, options, edition, dice_scheme=dice_scheme)
    s, apply, choose = game.s, game.apply, strategy.choose
    dice: list[tuple[int, int]] = []
    squares: list[int] = []
    decks: list[int] = []
    for _ in range(MAX_ACTIONS):
        if s.pending == OVER:
            break
        action = choose(game)
        if s.pending != ROLL or type(action) is not Roll:
            apply(action)
            continue
        decks.append(hash((tuple(s.chance), tuple(s.chest))))
        events = apply(action)
        first = events[0]
        assert isinstance(first, DiceRolled) and first.purpose == "move"
        dice.append(first.dice)
        squares.append(s.position)
    return Trace(tuple(dice), tuple(squares), tuple(decks))


def same_dice_through(a: Trace, b: Trace) -> int:
    """How many movement rolls, from the first, have the same dice in both."""
    n = 0
    for x, y in zip(a.dice, b.dice, strict=False):
        if x != y:
            break
        n += 1
    return n


def squares_agree(a: Trace, b: Trace) -> tuple[bool, int]:
    """(the pawns stood on the same square after every roll made while both decks were in
    the same order, how many rolls that was)."""
    compared = 0
    for da, db, sa, sb in zip(a.decks, b.decks, a.squares, b.squares, strict=False):
        if da != db:
            break
        if sa != sb:
            return False, compared
        compared += 1
    return True, compared


class OneFlipped:
    """`inner`'s choices, except its n-th buy-or-decline choice with both open (n = 0, 1, ...),
    made the other way: one flipped decision."""

    def __init__(self, inner: Strategy, n: int) -> None:
        self.inner, self.n, self.seen = inner, n, 0
        self.name = f"{inner.name} with decision {n} flipped"

    def choose(self, game: Game) -> Action:
        action = self.inner.choose(game)
        s = game.s
        if (type(action) in (Buy, Decline) and s.pending == BUY
                and s.cash >= SQUARES[s.pending_square].price):
            if self.seen == self.n:
                action = _DECLINE if type(action) is Buy else _BUY
            self.seen += 1
        return action


_BUY, _DECLINE = Buy(), Decline()
