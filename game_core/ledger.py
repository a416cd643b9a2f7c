"""A game's money by kind, told from its replay (H3): what the money map's totals and the
recap's marked payments show. Pure, like `story`; derived from the seed and the choices.

    book = ledger(seed, options, edition, actions)   (or ledger_of(GameLog))
    book.paid[kind]       what the player paid the Bank: RENT; BUYING (purchases, buildings,
                          lifted mortgages); TAXES (taxes, cards, repairs, the Jail fine)
    book.received[kind]   what the Bank paid the player: RENT; SALARY (passing GO, T2);
                          OTHER (cards, mortgages, buildings and Jail cards sold)
    book.charges          every payment that was not a purchase (rent, tax, card, repairs,
                          fine), in order, with its turn and square
    book.fatal            the debt that ended a lost game (E3), where and when; else None
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .events import (
    BuildingSold, Built, Collected, GameLost, JailCardSold, MortgageLifted, Mortgaged, Moved,
    Paid, PropertyBought, RentPaid, SentToJail,
)
from .game import Game
from .options import Options
from .rng import BY_ROLL
from .story import GameLog

RENT, BUYING, TAXES, SALARY, OTHER = "rent", "buying", "taxes", "salary", "other"
PAID_KINDS = (RENT, BUYING, TAXES)
RECEIVED_KINDS = (RENT, SALARY, OTHER)
JAIL = 10


@dataclass(frozen=True, slots=True)
class Charge:
    turn: int
    square: int
    amount: int
    kind: str  # RENT or TAXES; "debt" for the fatal one


@dataclass(frozen=True, slots=True)
class Ledger:
    paid: Mapping[str, int]
    received: Mapping[str, int]
    charges: tuple[Charge, ...]
    fatal: Charge | None  # the debt that couldn't be paid (amount: the debt)


def ledger(seed: int, options: Options | Mapping[str, Any] | None, edition: str,
           actions: Iterable[Action], dice_scheme: str = BY_ROLL) -> Ledger:
    game = Game.new(seed, options, edition, dice_scheme=dice_scheme)
    paid = dict.fromkeys(PAID_KINDS, 0)
    received = dict.fromkeys(RECEIVED_KINDS, 0)
    charges: list[Charge] = []
    fatal: Charge | None = None
    where = game.s.position
    for action in actions:
        turn = game.turn
        for e in game.apply(action):
            if isinstance(e, Moved):
                where = e.end
            elif isinstance(e, SentToJail):
                where = JAIL
            elif isinstance(e, RentPaid):
                if e.payer == "player":
                    paid[RENT] += e.amount
                    if e.amount:
                        charges.append(Charge(turn, e.square, e.amount, RENT))
                else:
                    received[RENT] += e.amount
            elif isinstance(e, Paid):
                paid[TAXES] += e.amount
                square = e.square if e.square >= 0 else where
                charges.append(Charge(turn, square, e.amount, TAXES))
            elif isinstance(e, PropertyBought):
                paid[BUYING] += e.price
            elif isinstance(e, Built):
                if e.by == "player":
                    paid[BUYING] += e.cost
            elif isinstance(e, MortgageLifted):
                paid[BUYING] += e.cost
            elif isinstance(e, Collected):
                received[SALARY if e.reason == "salary" else OTHER] += e.amount
            elif isinstance(e, BuildingSold | Mortgaged | JailCardSold):
                received[OTHER] += e.amount
            elif isinstance(e, GameLost) and e.reason == "debt":
                fatal = Charge(turn, where, e.owed, "debt")
    return Ledger(paid, received, tuple(charges), fatal)


def ledger_of(log: GameLog) -> Ledger:
    return ledger(log.seed, log.options, log.edition, log.actions, log.dice_scheme)
