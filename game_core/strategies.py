"""Players for the simulator: each chooses one of `game.legal_actions()`.

Raising funds (M1) is the same for all: sell buildings first, then mortgage, then the card;
nobody resigns.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from .actions import (
    Action, Buy, BuildHotel, BuildHouse, BuildTo, Decline, DoneBuilding, LiftMortgage, Mortgage,
    PayFine, Resign, Roll, SellBuilding, SellJailCard, UseJailCard,
)
from .board import GROUP_OF, HOTEL, JAIL_CARD_VALUE, PROPERTIES, SQUARES, STREETS, Kind
from .game import Game
from .rules import hotel_refusal, house_refusal, owns_any, owns_group
from .state import BANK, BUILD, BUY, JAIL, PLAYER, RAISE_FUNDS, ROLL, GameState


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


def _raise_funds_now(s: GameState) -> Action:
    """`raise_funds(game.legal_actions())` without building the list of legal actions: the
    first building in board order, else the first property that can be mortgaged (M2: with no
    building of the player's left, any unmortgaged one), else the card."""
    owner, buildings, mortgaged = s.owner, s.buildings, s.mortgaged
    first_mortgage = -1
    for i in PROPERTIES:
        if owner[i] == PLAYER:
            if buildings[i]:
                return _SELL[i]
            if first_mortgage < 0 and not mortgaged[i]:
                first_mortgage = i
    if first_mortgage >= 0:
        return _MORTGAGE[first_mortgage]
    assert s.jail_cards, "raise-funds with nothing to raise"
    return _SELL_CARD


class Reserve:
    """Buys and builds only while keeping `reserve` in cash. Short of money it raises funds
    the common way (`raise_funds`); it never lifts a mortgage, so a property mortgaged to pay a
    debt stays mortgaged. (It is kept as it was measured: the baseline `focus` is compared to.)

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
        if pending == RAISE_FUNDS:
            return _raise_funds_now(s)
        if pending == BUILD:  # a hotel if one is allowed now (P2), else a house, else stop
            sq = s.pending_square
            if s.cash - SQUARES[sq].house_cost >= self.reserve:
                if not hotel_refusal(s, sq):
                    return _HOTEL
                if not house_refusal(s, sq):
                    return _HOUSE
            return _DONE
        return game.legal_actions()[0]


class NeverBuy:
    """Declines every property: the Bank gets its pawns' worth, the rest stays unowned."""

    name = "never-buy"

    def choose(self, game: Game) -> Action:
        s = game.s
        pending = s.pending
        if pending == ROLL:
            return _ROLL
        if pending == BUY:
            return _DECLINE
        if pending == RAISE_FUNDS:
            return _raise_funds_now(s)
        legal = game.legal_actions()
        return _first(legal, UseJailCard, PayFine, DoneBuilding) or legal[0]


class RandomPlayer:
    """Any legal action but resigning, uniformly, from its own seeded generator. Building up
    to a level (BuildTo) is left out: it is only several of the other builds in one, and
    without it a seed's random game stays the one stored games were played with."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        legal = [a for a in game.legal_actions() if type(a) not in (Resign, BuildTo)]
        # Lifting and re-mortgaging back and forth can go on forever; keep it rare.
        calm = [a for a in legal if type(a) not in (Mortgage, LiftMortgage, SellBuilding)]
        if calm and (len(calm) == len(legal) or self.rng.random() < 0.9):
            return self.rng.choice(calm)
        return self.rng.choice(legal)


FOCUS_GROUPS = frozenset(("orange", "red", "yellow", "dark_blue"))
_MORTGAGE = {i: Mortgage(i) for i in PROPERTIES}
_LIFT = {i: LiftMortgage(i) for i in PROPERTIES}
_SELL = {i: SellBuilding(i) for i in PROPERTIES}
_LIFT_COST = tuple(sq.lift_cost for sq in SQUARES)
_HOUSE_COST = tuple(sq.house_cost for sq in SQUARES)
_MORTGAGE_VALUE = tuple(sq.mortgage_value for sq in SQUARES)
_HALF_HOUSE_COST = tuple(sq.house_cost // 2 for sq in SQUARES)
_CHEAPEST_LIFT = min(SQUARES[i].lift_cost for i in PROPERTIES)
# Nothing mortgaged, as a state's flags are when so: `s.mortgaged == _UNMORTGAGED` compares
# them by identity first, a tenth of the time of `any(s.mortgaged)` or `True in s.mortgaged`
# (which compares each False to True as numbers). Never changed.
_UNMORTGAGED = [False] * 40
_IN_FOCUS = tuple(sq.kind is Kind.STREET and sq.group in FOCUS_GROUPS for sq in SQUARES)
# The most the whole estate could ever raise (all 28 mortgaged, a hotel on every street): the
# cash-out test below is skipped while the Bank holds more than that.
_MOST_RAISED = sum(SQUARES[i].mortgage_value for i in PROPERTIES) + sum(
    SQUARES[i].house_cost // 2 * HOTEL for i in STREETS)
# The most one property can raise (mortgage and a hotel): what the player owns times it bounds
# `_raisable` from above, so the exact sum is skipped while that bound is under the Bank's cash.
_MOST_PER_PROPERTY = max(SQUARES[i].mortgage_value + SQUARES[i].house_cost // 2 * HOTEL
                         for i in PROPERTIES)


class Focus:
    """Puts every unit of money into four colour groups and gives the Bank the rest.

    The solo game is won by emptying the Bank (E1, M5): every unit the player holds is one the
    Bank lacks, so the game is a race between the rent the Bank pays on the player's own
    streets and the rent it charges on its own. What the simulator showed (3,000-5,000 seeded
    games per variant, against `reserve`'s 1.7% on the same games):

    - Buy only streets of orange, red, yellow and dark blue (the most landed-on groups after
      Jail, and the highest hotel rents), and only while the Bank owns none of their group.
      Decline everything else: stations, utilities, and brown, light blue, pink and green. A
      decline hands the Bank one of its 7 pawns (P1, S4) on a square whose rent stays small
      (brown's hotel is 250, a utility 4x the dice), and once the pawns are gone every later
      decline costs nothing. Buying everything spreads 200 of starting cash over groups that
      never complete. (Declining stations, utilities and dead groups: 3% -> 8%; giving away
      brown, light blue, pink and green too: 8% -> 17%. Buying dead squares once the Bank has
      no pawn left lowered it again.)
    - Buy with whatever cash there is (no reserve: 13% with a reserve of 80, 16% with none) and
      build as soon as it lands on a whole group, down to a reserve of 20: building chances
      only come when landing on the street itself (P2), so each one missed is expensive.
    - Raising funds (M1), lose the least rent first: the Jail card (it is worth the fine
      either way), then mortgage what isn't part of a whole group, then sell houses from the
      cheapest group, and mortgage whole groups last. `raise_funds`'s order (buildings first)
      costs half the win rate (3.1% -> 1.8% in the first variant).
    - Lift a mortgage, whole groups first, when it leaves 300 in cash (so the group can be
      built on and earn rent again; within noise in the simulator, kept because it is sound).
    - Cash out: as soon as selling every building and mortgaging every property would raise
      more than the Bank holds, do it: the Bank can't pay and is bankrupt (M5), which wins.
    - Jail: the card if it has one, else the fine (P6: the solo turn has no other way out).
    """

    name = "focus"

    def __init__(self, build_reserve: int = 20, lift_reserve: int = 300) -> None:
        self.build_reserve = build_reserve
        self.lift_reserve = lift_reserve

    def choose(self, game: Game) -> Action:
        s = game.s
        pending = s.pending
        if pending == ROLL:
            bank = s.bank_cash
            if (bank < _MOST_RAISED and _MOST_PER_PROPERTY * s.owner.count(PLAYER)
                    + JAIL_CARD_VALUE * len(s.jail_cards) > bank and _raisable(s) > bank):
                return self.raise_funds(s)  # cash out: the Bank goes bankrupt (M5)
            # `_lift`'s own first test, here: nothing to lift on most rolls, and rollouts
            # roll some 60 times a game.
            if s.cash < self.lift_reserve + _CHEAPEST_LIFT or s.mortgaged == _UNMORTGAGED:
                return _ROLL
            return self._lift(s) or _ROLL
        if pending == BUY:
            sq = s.pending_square
            wanted = _IN_FOCUS[sq] and not owns_any(s, sq, BANK)
            return _BUY if wanted and s.cash >= SQUARES[sq].price else _DECLINE
        if pending == RAISE_FUNDS:
            return self.raise_funds(s)
        if pending == BUILD:
            return self._build(s, s.pending_square)
        if pending == JAIL:
            return _USE_CARD if s.jail_cards else _FINE
        return game.legal_actions()[0]

    def _build(self, s: GameState, sq: int) -> Action:
        cost = SQUARES[sq].house_cost
        for i in GROUP_OF[sq]:  # P2: no building on a group with a mortgage; lift it first
            if s.mortgaged[i]:
                if s.cash - SQUARES[i].lift_cost - cost >= self.build_reserve:
                    return _LIFT[i]
                return _DONE
        if s.cash - cost >= self.build_reserve:
            b = s.buildings[sq]
            if b < 4 and s.houses_left:
                return _HOUSE
            if b == 4 and s.hotels_left:
                return _HOTEL
        return _DONE

    def _lift(self, s: GameState) -> Action | None:
        if s.cash < self.lift_reserve + _CHEAPEST_LIFT or s.mortgaged == _UNMORTGAGED:
            return None  # the common case, checked fast: rollouts call this every turn
        best: tuple[tuple[bool, int], int] | None = None
        # A walk of the 28 properties: on the states hint rollouts meet (1-6 mortgages) it
        # takes 0.7x the time of finding them with list.count and list.index.
        mortgaged, budget = s.mortgaged, s.cash - self.lift_reserve
        for i in PROPERTIES:
            if mortgaged[i]:
                cost = _LIFT_COST[i]
                if cost <= budget:  # leaves lift_reserve in cash
                    key = (not _whole_group(s, i), cost)
                    if best is None or key < best[0]:
                        best = (key, i)
        return None if best is None else _LIFT[best[1]]

    def raise_funds(self, s: GameState) -> Action:
        """M1 in the order that loses the least rent (see the class docstring)."""
        if s.jail_cards:
            return _SELL_CARD
        owner, buildings, mortgaged = s.owner, s.buildings, s.mortgaged
        # One walk of the properties in board order for all three (every step of every debt
        # of a rollout comes here): the first to mortgage outside a whole group, the first
        # whole group's, and the first of the player's streets with the cheapest houses.
        first_whole = cheapest = -1
        for i in PROPERTIES:
            if owner[i] != PLAYER:
                continue
            if buildings[i]:  # M2: its group can't be mortgaged; its houses can be sold
                if cheapest < 0 or _HOUSE_COST[i] < _HOUSE_COST[cheapest]:
                    cheapest = i
                continue
            if mortgaged[i]:
                continue
            # One walk of the group for `owns_group` and `group_has_buildings` both.
            whole = True
            for j in GROUP_OF[i]:
                if owner[j] != PLAYER:
                    whole = False
                elif buildings[j]:
                    break  # M2: no mortgage while the group holds any of the player's buildings
            else:
                if not whole:
                    return _MORTGAGE[i]
                if first_whole < 0:
                    first_whole = i
        if cheapest >= 0:
            return _SELL[cheapest]
        assert first_whole >= 0, "raise-funds with nothing to raise"
        return _MORTGAGE[first_whole]


def _whole_group(s: GameState, square: int) -> bool:
    return owns_group(s, square, PLAYER)


def _raisable(s: GameState) -> int:
    """All the money selling every building, mortgaging every property and selling the Jail
    cards would bring in (M2, M3, T4): what the Bank would have to pay."""
    total = JAIL_CARD_VALUE * len(s.jail_cards)
    owner, mortgaged, buildings = s.owner, s.mortgaged, s.buildings
    for i in PROPERTIES:
        if owner[i] == PLAYER:
            if not mortgaged[i]:
                total += _MORTGAGE_VALUE[i]
            total += _HALF_HOUSE_COST[i] * buildings[i]
    return total


_ROLL, _BUY, _DECLINE, _DONE = Roll(), Buy(), Decline(), DoneBuilding()
ROLL_ACTION = _ROLL  # the Roll every strategy here chooses (game_core.playout tests for it)
_USE_CARD, _FINE = UseJailCard(), PayFine()
_HOUSE, _HOTEL, _SELL_CARD = BuildHouse(), BuildHotel(), SellJailCard()

STRATEGIES: dict[str, Callable[[int], Strategy]] = {
    "always-buy": lambda seed: Reserve(0),
    "never-buy": lambda seed: NeverBuy(),
    "reserve": lambda seed: Reserve(150, "reserve"),
    "random": lambda seed: RandomPlayer(seed),
    "focus": lambda seed: Focus(),
}


def make_strategy(name: str, seed: int = 0) -> Strategy:
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r}: choose from {', '.join(STRATEGIES)}")
    return STRATEGIES[name](seed)
