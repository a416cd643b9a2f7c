"""Players for the simulator: each chooses one of `game.legal_actions()`.

Raising funds (M1) is the same for all: sell buildings first, then mortgage, then the card;
nobody resigns.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from .actions import (
    Action, Buy, BuildHotel, BuildHouse, Decline, DoneBuilding, LiftMortgage, Mortgage, PayFine,
    Resign, Roll, SellBuilding, SellJailCard, UseJailCard,
)
from .board import SQUARES
from .game import Game
from .state import BUILD, BUY, JAIL, RAISE_FUNDS, ROLL


class Strategy(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


def _first(legal: list[Action], *kinds: type[Action]) -> Action | None:
    for kind in kinds:
        for action in legal:
            if type(action) is kind:
                return action
    return None


def raise_funds(legal: list[Action]) -> Action:
    """M1: buildings first (they keep the properties earning), then mortgages, then the card."""
    action = _first(legal, SellBuilding, Mortgage, SellJailCard)
    assert action is not None, "raise-funds with nothing to raise"
    return action


class Reserve:
    """Buys and builds only while keeping `reserve` in cash; lifts mortgages when flush.

    `reserve=0` is always-buy (buy and build whenever the cash allows).
    """

    def __init__(self, reserve: int = 0, name: str = "") -> None:
        self.reserve = reserve
        self.name = name or ("always-buy" if reserve == 0 else f"reserve-{reserve}")

    def choose(self, game: Game) -> Action:
        s = game.s
        pending = s.pending
        if pending == ROLL:
            return _ROLL
        if pending == BUY:
            price = SQUARES[s.pending_square].price
            return _BUY if s.cash - price >= self.reserve else _DECLINE
        if pending == JAIL:  # P6: a card if it has one, else the fine (always legal in Jail)
            return _USE_CARD if s.jail_cards else _FINE
        legal = game.legal_actions()
        if pending == RAISE_FUNDS:
            return raise_funds(legal)
        if pending == BUILD:
            cost = SQUARES[s.pending_square].house_cost
            if s.cash - cost >= self.reserve:
                choice = _first(legal, BuildHotel, BuildHouse)
                if choice is not None:
                    return choice
            return _DONE
        return legal[0]


class NeverBuy:
    """Declines every property: the Bank gets its pawns' worth, the rest stays unowned."""

    name = "never-buy"

    def choose(self, game: Game) -> Action:
        pending = game.s.pending
        if pending == ROLL:
            return _ROLL
        if pending == BUY:
            return _DECLINE
        legal = game.legal_actions()
        if pending == RAISE_FUNDS:
            return raise_funds(legal)
        return _first(legal, UseJailCard, PayFine, DoneBuilding) or legal[0]


class RandomPlayer:
    """Any legal action but resigning, uniformly, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        legal = [a for a in game.legal_actions() if type(a) is not Resign]
        # Lifting and re-mortgaging back and forth can go on forever; keep it rare.
        calm = [a for a in legal if type(a) not in (Mortgage, LiftMortgage, SellBuilding)]
        if calm and (len(calm) == len(legal) or self.rng.random() < 0.9):
            return self.rng.choice(calm)
        return self.rng.choice(legal)


_ROLL, _BUY, _DECLINE, _DONE = Roll(), Buy(), Decline(), DoneBuilding()
_USE_CARD, _FINE = UseJailCard(), PayFine()

STRATEGIES: dict[str, Callable[[int], Strategy]] = {
    "always-buy": lambda seed: Reserve(0),
    "never-buy": lambda seed: NeverBuy(),
    "reserve": lambda seed: Reserve(150, "reserve"),
    "random": lambda seed: RandomPlayer(seed),
}


def make_strategy(name: str, seed: int = 0) -> Strategy:
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r}: choose from {', '.join(STRATEGIES)}")
    return STRATEGIES[name](seed)
