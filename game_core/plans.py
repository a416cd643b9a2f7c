"""Plans: several T4 moves found for the player and carried out as one choice.

A plan is an ordered list of engine actions, each legal when its turn comes, that reaches one
goal: raise the price of a property the player can't afford (P1), lift the mortgages that
keep a colour group from being built on (P2, M2), or pay a debt (M1). The engine still checks
every step (`apply_plan` plays them one by one through `Game.apply`); a plan only chooses.

    plan = buy_plan(game)            # None: affordable already, or even everything falls short
    plan = unblock_plan(game)        # lift what blocks building on the street the pawn is on
    plans = debt_plans(game)         # the least-rent way first, then other distinct ways
    events = apply_plan(game, plans[0])

Which money to raise first (`LEAST_RENT`, the order of the `focus` player, measured best in
the simulator, refined): the Get Out of Jail Free card (it sells for the fine it replaces, so
nothing is lost), then mortgages of what is not part of a whole colour group (the one that
earns the least rent per unit raised first, and the property of the group being bought into
last), then buildings (the cheapest group first; in it, the step that loses the least rent per
unit raised), then mortgages of whole groups (cheapest first). A last pass drops every step
the others can do without, so the plan raises what is needed and not a step more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .actions import (
    Action, BuildHotel, BuildHouse, Buy, LiftMortgage, Mortgage, SellBuilding, SellJailCard,
)
from .board import GROUP_OF, HOTEL, PROPERTIES, SQUARES, Kind
from .errors import IllegalActionError
from .events import BuildingSold, Event, JailCardSold, Mortgaged
from .game import Game
from .rules import (
    group_has_buildings, hotel_refusal, house_refusal, liquidation_value, owns_group,
    station_rent, street_rent, utility_factor,
)
from .state import BUILD, BUY, OVER, PLAYER, RAISE_FUNDS, GameState

# Plan kinds: what the plan is for.
RAISE_TO_BUY = "buy"  # P1 + T4: raise the price, then buy
UNBLOCK = "unblock"  # P2 + M2: lift the group's mortgages, then build
PAY_DEBT = "debt"  # M1: raise what is owed; it is paid as soon as the cash covers it
CASH_OUT = "cash_out"  # M5, E1: raise more than the Bank holds: it can't pay and is bankrupt

# Ways to raise money, each a distinct order (see the module docstring for LEAST_RENT).
LEAST_RENT = "least_rent"  # keeps whole colour groups and their buildings as long as it can
BUILDINGS_FIRST = "buildings_first"  # sell buildings, then mortgage, then the card
KEEP_BUILDINGS = "keep_buildings"  # mortgage everything that can be before selling buildings
WAYS = (LEAST_RENT, BUILDINGS_FIRST, KEEP_BUILDINGS)

_AVERAGE_DICE = 7  # R3: a utility's rent is a multiple of a roll of two dice


@dataclass(frozen=True, slots=True)
class Plan:
    """What a plan does, in enough detail for a one-line description.

    kind: RAISE_TO_BUY | UNBLOCK | PAY_DEBT. way: how the money is raised (WAYS).
    steps: the engine actions, in order. then: the action the plan leads to once the steps
    are done (Buy, BuildHouse, BuildHotel) or None (a debt is paid by the steps themselves).
    square: the property bought or built on, -1 for a debt. target: the price, the lifts'
    cost or the debt. raised: what the sales, mortgages and card bring in. cost: what the
    lifts cost. cash_after: the player's cash once the steps and `then` are done (for a debt:
    once it is paid)."""

    kind: str
    way: str
    steps: tuple[Action, ...]
    then: Action | None
    square: int
    target: int
    raised: int
    cost: int
    cash_after: int

    @property
    def mortgaged(self) -> tuple[int, ...]:
        return tuple(a.square for a in self.steps if type(a) is Mortgage)

    @property
    def sold(self) -> tuple[int, ...]:
        """Squares a building is sold on, once per building (a square may repeat)."""
        return tuple(a.square for a in self.steps if type(a) is SellBuilding)

    @property
    def lifted(self) -> tuple[int, ...]:
        return tuple(a.square for a in self.steps if type(a) is LiftMortgage)

    @property
    def sells_card(self) -> bool:
        return any(type(a) is SellJailCard for a in self.steps)


def raisable(game: Game) -> int:
    """M1: everything together could bring in this much cash now (the cash included)."""
    return liquidation_value(game.s)


# ---- choosing what to raise ---------------------------------------------------------------

def _rent_now(s: GameState, i: int) -> int:
    """The rent the Bank pays when the player lands on its property `i` (R1-R3)."""
    kind = SQUARES[i].kind
    if kind is Kind.STREET:
        return street_rent(s, i)[0]
    if kind is Kind.STATION:
        return station_rent(s, i)[0]
    return utility_factor(s, i) * _AVERAGE_DICE


def _sale_value(s: GameState, i: int) -> int:
    """M3: what selling one building on `i` brings (a hotel: the houses the supply lacks too)."""
    half = SQUARES[i].house_cost // 2
    if s.buildings[i] == HOTEL:
        return half * (1 + 4 - min(4, s.houses_left))
    return half


def _sale_loss(s: GameState, i: int) -> int:
    """The rent lost on `i` by selling one building there (R1)."""
    rents, b = SQUARES[i].rents, s.buildings[i]
    after = min(4, s.houses_left) if b == HOTEL else b - 1
    return rents[b] - (rents[after] if after else 2 * rents[0])


Key = tuple[int, ...]


def _candidates(s: GameState, way: str, keep: int) -> list[tuple[Key, Action]]:
    """Every T4 move that brings in money now, with its rank in `way` (lowest first).
    `keep`: a square whose group is spared while anything else can be raised."""
    out: list[tuple[Key, Action]] = []
    if s.jail_cards:
        card_tier = 9 if way == BUILDINGS_FIRST else 0
        out.append(((card_tier,), SellJailCard()))
    for i in PROPERTIES:
        if s.owner[i] != PLAYER:
            continue
        spared = int(keep >= 0 and i in GROUP_OF[keep])
        value = SQUARES[i].mortgage_value
        if s.buildings[i]:
            tier = {LEAST_RENT: 2, BUILDINGS_FIRST: 1, KEEP_BUILDINGS: 4}[way]
            amount = _sale_value(s, i)
            out.append(((tier, spared, SQUARES[i].house_cost,
                         _sale_loss(s, i) * 1000 // amount, i), SellBuilding(i)))
        elif not s.mortgaged[i] and not group_has_buildings(s, i):  # M2
            whole = SQUARES[i].kind is Kind.STREET and owns_group(s, i, PLAYER)
            tier = 3 if whole else 1
            if way == BUILDINGS_FIRST:
                tier = 5 + tier
            cost_rank = SQUARES[i].house_cost if whole else 0
            out.append(((tier, spared, cost_rank, _rent_now(s, i) * 1000 // value, i),
                        Mortgage(i)))
    out.sort(key=lambda c: c[0])
    return out


Done = Callable[[Game], bool]


def _raise_steps(game: Game, done: Done, way: str, keep: int,
                 prune: bool = True) -> list[Action] | None:
    """The steps, in `way`'s order, until `done`; None when everything falls short."""
    trial = game.copy()
    steps: list[Action] = []
    while not done(trial):
        candidates = _candidates(trial.s, way, keep)
        if not candidates:
            return None
        action = candidates[0][1]
        trial.apply(action)
        steps.append(action)
    return _pruned(game, steps, done) if prune else steps


def _replays(game: Game, steps: list[Action], done: Done) -> list[Action] | None:
    """`steps` cut at the first point `done` holds, or None when one is illegal or they
    never get there."""
    trial = game.copy()
    for n, action in enumerate(steps):
        if done(trial):
            return steps[:n]
        try:
            trial.apply(action)
        except IllegalActionError:
            return None
    return steps if done(trial) else None


def _played(game: Game, steps: list[Action]) -> Game | None:
    """A copy of the game with every step played, or None when one is refused."""
    trial = game.copy()
    for action in steps:
        if trial.is_over:
            break
        try:
            trial.apply(action)
        except IllegalActionError:
            return None
    return trial


def _pruned(game: Game, steps: list[Action], done: Done) -> list[Action]:
    """Drop each step the others can do without, the costliest (latest) first."""
    k = len(steps) - 1
    while k >= 0:
        shorter = _replays(game, steps[:k] + steps[k + 1:], done)
        if shorter is not None:
            steps = shorter
        k = min(k, len(steps)) - 1
    return steps


def _money(events: list[Event]) -> int:
    total = 0
    for e in events:
        if isinstance(e, (Mortgaged, JailCardSold)):
            total += e.amount
        elif isinstance(e, BuildingSold):
            total += e.amount
    return total


def _plan(game: Game, kind: str, way: str, steps: list[Action], then: Action | None,
          square: int, target: int) -> Plan:
    trial = game.copy()
    raised = cost = 0
    for action in steps:
        events = trial.apply(action)
        raised += _money(events)
        if type(action) is LiftMortgage:
            cost += SQUARES[action.square].lift_cost
    if then is not None and not trial.is_over:
        trial.apply(then)
    return Plan(kind, way, tuple(steps), then, square, target, raised, cost, trial.s.cash)


# ---- the three goals ----------------------------------------------------------------------

def buy_plan(game: Game, way: str = LEAST_RENT) -> Plan | None:
    """P1 + T4: the way to raise the price of the property offered, then buy it. None when
    the cash already covers it or when even everything together falls short (`raisable`)."""
    s = game.s
    if s.pending != BUY:
        return None
    sq = s.pending_square
    price = SQUARES[sq].price
    if s.cash >= price or liquidation_value(s) < price:
        return None
    steps = _raise_steps(game, lambda g: g.s.cash >= price or g.is_over, way, sq)
    if steps is None:
        return None
    return _plan(game, RAISE_TO_BUY, way, steps, Buy(), sq, price)


def blocking_mortgages(game: Game, square: int) -> tuple[int, ...]:
    """P2/M2: the mortgaged streets of `square`'s group when the player owns all of it."""
    s = game.s
    if SQUARES[square].kind is not Kind.STREET or not owns_group(s, square, PLAYER):
        return ()
    return tuple(i for i in GROUP_OF[square] if s.mortgaged[i])


def unblock_plan(game: Game, square: int | None = None, way: str = LEAST_RENT) -> Plan | None:
    """P2 + M2: lift the mortgages of `square`'s group (default: the street the build choice
    is about) so it can be built on; money raised elsewhere first when the cash falls short
    (never from this group). None when nothing blocks it or the money can't be found.
    `then` is the building the cash left affords, if any."""
    s = game.s
    sq = s.pending_square if square is None else square
    if sq < 0 or s.pending == RAISE_FUNDS or s.pending == OVER:
        return None  # T4: no lifting while raising funds
    blocked = blocking_mortgages(game, sq)
    if not blocked:
        return None
    cost = sum(SQUARES[i].lift_cost for i in blocked)
    lifts = [LiftMortgage(i) for i in blocked]
    raised: list[Action] = []
    if s.cash < cost:
        found = _raise_steps(game, lambda g: g.s.cash >= cost or g.is_over, way, sq)
        if found is None:
            return None
        raised = found
    steps = raised + lifts
    trial = _played(game, steps)
    if trial is None:  # a lift refused (it would leave the Jail fine unpayable)
        return None
    then: Action | None = None
    if s.pending == BUILD and s.pending_square == sq and not trial.is_over:
        if not hotel_refusal(trial.s, sq):
            then = BuildHotel()
        elif not house_refusal(trial.s, sq):
            then = BuildHouse()
    return _plan(game, UNBLOCK, way, steps, then, sq, cost)


def debt_plans(game: Game) -> list[Plan]:
    """M1: the distinct ways to raise exactly the debt being raised, the least-rent one first
    (empty when no debt is pending; M1 ends a game nothing could pay before it asks)."""
    s = game.s
    if s.pending != RAISE_FUNDS:
        return []
    plans: list[Plan] = []
    seen: set[tuple[Action, ...]] = set()
    for way in WAYS:
        steps = _raise_steps(game, lambda g: g.s.pending != RAISE_FUNDS, way, -1)
        if steps is None or tuple(steps) in seen:
            continue
        seen.add(tuple(steps))
        plans.append(_plan(game, PAY_DEBT, way, steps, None, -1, s.debt))
    return plans


def cash_out_plan(game: Game) -> Plan | None:
    """M5, E1: the sales and mortgages that leave the Bank owing more than it holds, so that
    it is bankrupt and the game won, the least-rent way (whatever is kept scores, E2). None
    when everything together would not break the Bank, or with a debt pending (M1 first)."""
    s = game.s
    if s.pending in (RAISE_FUNDS, OVER) or liquidation_value(s) - s.cash <= s.bank_cash:
        return None
    # Not pruned: once the Bank is bankrupt, what was sold or mortgaged scores the same as
    # what was kept (E2 counts the mortgage value and half the buildings' cost either way).
    steps = _raise_steps(game, lambda g: g.is_over, LEAST_RENT, -1, prune=False)
    if steps is None:
        return None
    return _plan(game, CASH_OUT, LEAST_RENT, steps, None, -1, s.bank_cash)


def debt_plan(game: Game) -> Plan | None:
    """M1: the least-rent way to pay the debt being raised, None when there is none."""
    plans = debt_plans(game)
    return plans[0] if plans else None


# ---- carrying a plan out ------------------------------------------------------------------

def apply_plan(game: Game, plan: Plan) -> list[Event]:
    """Play the plan's steps, then its `then`, one legal action at a time (each checked by
    `Game.apply`). A step refused raises IllegalActionError; the steps before it stay played,
    each one a legal T4 move on its own. Stops early once the game is over (M5 may end it)."""
    events: list[Event] = []
    for action in plan.steps:
        if game.is_over:
            return events
        events += game.apply(action)
    if plan.then is not None and not game.is_over:
        events += game.apply(plan.then)
    return events


def plan_is_current(game: Game, plan: Plan) -> bool:
    """Whether every step of `plan` is still legal in order from the game as it stands."""
    return _played(game, list(plan.steps)) is not None


__all__ = [
    "BUILDINGS_FIRST", "CASH_OUT", "KEEP_BUILDINGS", "LEAST_RENT", "PAY_DEBT", "Plan",
    "RAISE_TO_BUY", "UNBLOCK", "WAYS", "apply_plan", "blocking_mortgages", "buy_plan",
    "cash_out_plan", "debt_plan", "debt_plans", "plan_is_current", "raisable", "unblock_plan",
]
