"""A game's story, told from its replay (H3): what the recap picture, the heat map and the
history pages show. Derived from the seed and the player's choices alone, never stored.

    story = tell(seed, options, edition, actions)   (or GameLog(...).story())
    story.points[t]         cash, estate (E2) and the Bank's treasury at the end of turn t
                            (t = 0: the start, before the first roll)
    story.markers           turns where a property was bought, the Bank took one (P1),
                            the player built (P2), and where the game was decided (E1-E3)
    story.paid / received   money per square, player -> Bank and Bank -> player
    story.headline          the figures a recap leads with

Where the money changed hands: an event that names a square counts there (rent, tax, a
purchase, a building, a mortgage). The rest count where the pawn stands when it happens: a
card's money on the Chance or Community Chest square drawn from, the Jail fine on Jail; the
salary for passing GO counts on GO, and a Get Out of Jail Free card sold, on Jail.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .events import (
    BuildingSold, Built, Collected, Event, GameLost, GameWon, JailCardSold, MortgageLifted,
    Mortgaged, Moved, Paid, PropertyBought, PropertyDeclined, RentPaid, SentToJail,
)
from .game import Game, Outcome
from .options import Options
from .rng import BY_ROLL
from .rules import estate_value
from .state import PLAYER

GO, JAIL = 0, 10
BOUGHT, BANK_TOOK, BUILT, DECIDED = "bought", "bank_took", "built", "decided"
MARKER_KINDS = (BOUGHT, BANK_TOOK, BUILT, DECIDED)


@dataclass(frozen=True, slots=True)
class TurnPoint:
    turn: int
    cash: int
    worth: int  # E2: what the estate is worth to the Bank (cash included)
    bank: int  # the Bank's treasury


@dataclass(frozen=True, slots=True)
class Marker:
    turn: int
    kind: str  # one of MARKER_KINDS
    square: int  # -1 for DECIDED


@dataclass(frozen=True, slots=True)
class Headline:
    turns: int
    rent_paid: int  # rent the player paid the Bank
    rent_received: int  # rent the Bank paid the player
    biggest_payment: int  # the largest single charge: rent, tax, fine, card or repairs
    biggest_payment_square: int  # where it was charged (-1: none)
    properties: int  # owned by the player at the end
    outcome: Outcome | None  # None while the game goes on


@dataclass(frozen=True, slots=True)
class Story:
    edition: str
    points: tuple[TurnPoint, ...]  # points[t].turn == t, from 0 to the last turn
    markers: tuple[Marker, ...]
    paid: tuple[int, ...]  # 40 squares: what the player paid out there
    received: tuple[int, ...]  # 40 squares: what the player received there
    headline: Headline


@dataclass(frozen=True, slots=True)
class GameLog:
    """A game as its replay needs it (H3): the seed, the rule options, the edition, the
    player's choices in order and the dice scheme it was made with (rng: by roll since H4).
    Plain data, so a worker process can be handed it."""

    seed: int
    options: Mapping[str, Any]
    edition: str
    actions: tuple[Action, ...]
    dice_scheme: str = BY_ROLL

    def game(self, upto: int | None = None) -> Game:
        """The game as it stood after its first `upto` actions (all by default)."""
        return Game.replay(self.seed, self.options, self.edition, self.actions[:upto],
                           dice_scheme=self.dice_scheme)

    def story(self) -> Story:
        return tell(self.seed, self.options, self.edition, self.actions, self.dice_scheme)


def tell(seed: int, options: Options | Mapping[str, Any] | None, edition: str,
         actions: Iterable[Action], dice_scheme: str = BY_ROLL) -> Story:
    """Replay the game (H3) and keep what its pictures show."""
    game = Game.new(seed, options, edition, dice_scheme=dice_scheme)
    teller = _Teller(game)
    for action in actions:
        turn = game.turn  # the turn the action is played in; its end state is kept for it
        teller.told(turn, game.apply(action))
    return teller.story()


class _Teller:
    def __init__(self, game: Game) -> None:
        self.game = game
        s = game.s
        self.points: dict[int, TurnPoint] = {0: TurnPoint(0, s.cash, estate_value(s),
                                                          s.bank_cash)}
        self.markers: list[Marker] = []
        self.paid, self.received = [0] * 40, [0] * 40
        self.rent_paid = self.rent_received = 0
        self.biggest, self.biggest_square = 0, -1
        self.where = s.position

    def told(self, turn: int, events: list[Event]) -> None:
        for event in events:
            self._event(turn, event)
        s = self.game.s
        self.points[turn] = TurnPoint(turn, s.cash, estate_value(s), s.bank_cash)

    def _event(self, turn: int, e: Event) -> None:
        if isinstance(e, Moved):
            self.where = e.end
        elif isinstance(e, SentToJail):
            self.where = JAIL
        elif isinstance(e, RentPaid):
            if e.payer == "player":
                self._charge(e.square, e.amount)
                self.rent_paid += e.amount
            else:
                self.received[e.square] += e.amount
                self.rent_received += e.amount
        elif isinstance(e, Paid):
            self._charge(e.square if e.square >= 0 else self.where, e.amount)
        elif isinstance(e, Collected):
            self.received[GO if e.reason == "salary" else self.where] += e.amount
        elif isinstance(e, JailCardSold):
            self.received[JAIL] += e.amount
        elif isinstance(e, PropertyBought):
            self.paid[e.square] += e.price
            self.markers.append(Marker(turn, BOUGHT, e.square))
        elif isinstance(e, PropertyDeclined):
            if e.bank_took:
                self.markers.append(Marker(turn, BANK_TOOK, e.square))
        elif isinstance(e, Built):
            if e.by == "player":
                self.paid[e.square] += e.cost
                self.markers.append(Marker(turn, BUILT, e.square))
        elif isinstance(e, BuildingSold):
            self.received[e.square] += e.amount
        elif isinstance(e, Mortgaged):
            self.received[e.square] += e.amount
        elif isinstance(e, MortgageLifted):
            self.paid[e.square] += e.cost
        elif isinstance(e, GameWon | GameLost):
            self.markers.append(Marker(turn, DECIDED, -1))

    def _charge(self, square: int, amount: int) -> None:
        self.paid[square] += amount
        if amount > self.biggest:
            self.biggest, self.biggest_square = amount, square

    def story(self) -> Story:
        game = self.game
        last = max(self.points)
        points, previous = [], self.points[0]
        for turn in range(last + 1):  # a turn with no action of its own (none today) repeats
            previous = self.points.get(turn, previous)
            points.append(TurnPoint(turn, previous.cash, previous.worth, previous.bank))
        owned = sum(1 for owner in game.s.owner if owner == PLAYER)
        headline = Headline(last, self.rent_paid, self.rent_received, self.biggest,
                            self.biggest_square, owned, game.outcome)
        return Story(game.edition, tuple(points), tuple(self.markers), tuple(self.paid),
                     tuple(self.received), headline)
