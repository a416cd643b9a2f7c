"""Standing orders: answers a player gives once, for every decision of a kind, so that the
game asks only where the player has something left to decide.

    orders = Orders(build_reserve=100, decline_bank_groups=True, pay_debts=True)
    found = ordered(game, orders)      # (action, why) the orders answer now, or None

Each order answers with an ordinary engine action (the same a click would make), so a game
played under orders is stored and replayed like any other (H3): the orders themselves are
the player's settings, not the game's, and nothing here changes a rule.

- build_reserve (P2): at a build stop, build on the street while the cash stays at or above
  the reserve after the building; then end the stop (a building that would go under the
  reserve is the order's "no"). A group held back by mortgages is left to the player: the
  order never lifts.
- decline_bank_groups (P1, E1): decline an offer in a colour group (or the stations, the
  utilities) the Bank already has a share of: the Bank never sells (E1), so the group can
  never be the player's whole.
- pay_debts (M1): raise a debt the way that loses the least rent (plans.debt_plan), without
  asking: the same steps Pay it for me would list.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, BuildHotel, BuildHouse, Decline, DoneBuilding
from .board import SQUARES
from .game import Game
from .plans import debt_plan
from .rules import hotel_refusal, house_refusal, owns_any
from .state import BANK, BUILD, BUY, RAISE_FUNDS

# Why an order answered (prompts.Skip.why).
ORDER_BUILD = "order_build"  # built, the cash staying at or above the reserve
ORDER_RESERVE = "order_reserve"  # the stop ended: the next building would go under it
ORDER_DECLINE = "order_decline"  # declined: the Bank has a share of the group
ORDER_DEBT = "order_debt"  # a step of the least-rent way of paying a debt
ORDER_WHYS = (ORDER_BUILD, ORDER_RESERVE, ORDER_DECLINE, ORDER_DEBT)

# The player settings' names of the orders (bot.application.player_settings), and which
# order each why comes from (what one click undoes).
BUILD_ORDER, DECLINE_ORDER, DEBT_ORDER = "build_reserve", "decline_bank_groups", "pay_debts"
ORDER_OF_WHY = {ORDER_BUILD: BUILD_ORDER, ORDER_RESERVE: BUILD_ORDER,
                ORDER_DECLINE: DECLINE_ORDER, ORDER_DEBT: DEBT_ORDER}
MAX_RESERVE = 10**13  # the largest treasury a rule option allows (S3): no cash goes past it


@dataclass(frozen=True, slots=True)
class Orders:
    """The player's standing orders; the defaults order nothing."""

    build_reserve: int | None = None
    decline_bank_groups: bool = False
    pay_debts: bool = False

    def __bool__(self) -> bool:
        return (self.build_reserve is not None or self.decline_bank_groups
                or self.pay_debts)


NO_ORDERS = Orders()
# The decisions a standing order may answer (`ordered`); at any other the orders are not
# needed, so a click that never reaches one need not read them (bot.application.autoplay).
ANSWERABLE = frozenset({BUILD, BUY, RAISE_FUNDS})


def may_answer(game: Game) -> bool:
    """Whether some standing order could answer the decision `game` waits on."""
    return game.s.pending in ANSWERABLE


def ordered(game: Game, orders: Orders) -> tuple[Action, str] | None:
    """The action the orders take for the pending decision, with why (ORDER_WHYS); None
    when no order covers it (the player decides)."""
    if not orders:
        return None
    s = game.s
    p = s.pending
    if p == BUILD and orders.build_reserve is not None:
        sq = s.pending_square
        house, hotel = house_refusal(s, sq) is None, hotel_refusal(s, sq) is None
        if not (house or hotel):
            return None  # mortgages in the way (the unblock plan), or nothing to build
        if s.cash - SQUARES[sq].house_cost >= orders.build_reserve:
            return (BuildHotel() if hotel else BuildHouse()), ORDER_BUILD
        return DoneBuilding(), ORDER_RESERVE
    if p == BUY and orders.decline_bank_groups and owns_any(s, s.pending_square, BANK):
        return Decline(), ORDER_DECLINE
    if p == RAISE_FUNDS and orders.pay_debts:
        plan = debt_plan(game)
        if plan is not None and plan.steps:
            return plan.steps[0], ORDER_DEBT
    return None
