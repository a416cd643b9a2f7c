"""Handlers for T4: mortgage, lift a mortgage, sell a building, sell a jail card.

They are allowed at any moment of the player's own turn. While raising funds (M1), each one
that brings in money may cover the debt, which is then paid and the turn goes on. `Game.apply`
calls them only once `legality.why_illegal` found the action legal.
"""

from __future__ import annotations

from .actions import Action, SquareAction
from .board import HOTEL, JAIL_CARD_VALUE, SQUARES
from .common_events import HOTEL_SOLD, HOUSE_SOLD, MORTGAGE_LIFTED, MORTGAGED
from .events import BuildingSold, Event, JailCardSold, Mortgaged
from .moves import return_jail_card
from .state import RAISE_FUNDS, GameState
from . import turn as t

_MORTGAGE_VALUE = tuple(sq.mortgage_value for sq in SQUARES)  # M2


def mortgage(s: GameState, action: Action, ev: list[Event]) -> None:
    """M2: the Bank pays the mortgage value of a property whose group has no buildings."""
    sq = _square(action)
    s.mortgaged[sq] = True
    value = _MORTGAGE_VALUE[sq]
    if value <= s.bank_cash:  # bank_pays, inlined for the common case
        s.bank_cash -= value
        s.cash += value
        ev.append(MORTGAGED[sq])
    else:
        t.bank_pays(s, ev, value, lambda paid: Mortgaged(sq, paid))
    _maybe_settle(s, ev)


def lift_mortgage(s: GameState, action: Action, ev: list[Event]) -> None:
    """M2: pay the mortgage value plus 10% (rounded up); not while raising funds (T4), nor
    when it would leave the Jail fine owed unpayable (M1)."""
    sq = _square(action)
    cost = SQUARES[sq].lift_cost
    s.cash -= cost
    s.bank_cash += cost
    s.mortgaged[sq] = False
    ev.append(MORTGAGE_LIFTED[sq])


def sell_building(s: GameState, action: Action, ev: list[Event]) -> None:
    """M3: half the cost back; a hotel sold leaves 4 houses, and houses the supply lacks
    are sold as well."""
    sq = _square(action)
    b = s.buildings[sq]
    half = SQUARES[sq].house_cost // 2
    if b == HOTEL:
        s.hotels_left += 1
        houses = min(4, s.houses_left)
        s.houses_left -= houses
        s.buildings[sq] = houses
        amount = half * (1 + 4 - houses)
        kind = "hotel"
        whole = HOTEL_SOLD[sq][houses]
    else:
        s.houses_left += 1
        s.buildings[sq] = houses = b - 1
        amount = half
        kind = "house"
        whole = HOUSE_SOLD[sq][houses]
    t.bank_pays(s, ev, amount, lambda paid: BuildingSold(sq, kind, paid, houses), whole)
    _maybe_settle(s, ev)


def sell_jail_card(s: GameState, action: Action, ev: list[Event]) -> None:
    """T4: the Bank buys a Get Out of Jail Free card for 50, the fine it replaces."""
    card = return_jail_card(s)
    t.bank_pays(s, ev, JAIL_CARD_VALUE, lambda paid: JailCardSold(card, paid))
    _maybe_settle(s, ev)


def _square(action: Action) -> int:
    assert isinstance(action, SquareAction)
    return action.square


def _maybe_settle(s: GameState, ev: list[Event]) -> None:
    """M1: once the cash covers the debt being raised, it is paid and the turn goes on."""
    if s.pending != RAISE_FUNDS or s.cash < s.debt:
        return
    amount, then, record = s.debt, s.debt_then, s.debt_event
    s.cash -= amount
    s.bank_cash += amount
    s.debt, s.debt_then, s.debt_event = 0, "", None
    if record is not None:
        ev.append(record)
    t.after_debt(s, ev, then)
