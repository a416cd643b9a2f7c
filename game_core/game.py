"""`Game`: the one public way to play. Ask `legal_actions()`, then `apply(action) -> events`.

    >>> game = Game.new(seed=7, dice=[(3, 4)])
    >>> [e.type for e in game.apply(Roll())]
    ['dice_rolled', 'moved', 'card_drawn', ...]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from . import finance, moves
from .actions import (
    LEVELS, Action, Buy, BuildHotel, BuildHouse, BuildTo, Decline, DoneBuilding, LiftMortgage,
    Mortgage, PayFine, Resign, Roll, SellBuilding, SellJailCard, UseJailCard,
)
from .board import PROPERTIES, SQUARES
from .editions import EDITIONS
from .errors import CorruptStateError, IllegalActionError, InvalidOptionError
from .events import Event
from .legality import CHECKS, Check, why_illegal
from .options import Options
from .rng import BY_ROLL, DICE_SCHEMES
from .rules import build_levels, hotel_refusal, house_refusal, lift_leaves_fine_unpayable
from .state import BUILD, BUY, JAIL, OVER, PLAYER, RAISE_FUNDS, ROLL, GameState
from .turn import GameOver

ROLL_ACTION, BUY_ACTION, DECLINE_ACTION = Roll(), Buy(), Decline()
HOUSE_ACTION, HOTEL_ACTION, DONE_ACTION = BuildHouse(), BuildHotel(), DoneBuilding()
FINE_ACTION, USE_CARD_ACTION, SELL_CARD_ACTION = PayFine(), UseJailCard(), SellJailCard()
RESIGN_ACTION = Resign()
_MORTGAGE = {i: Mortgage(i) for i in PROPERTIES}
_LIFT = {i: LiftMortgage(i) for i in PROPERTIES}
_SELL = {i: SellBuilding(i) for i in PROPERTIES}
_BUILD_TO = {level: BuildTo(level) for level in LEVELS}
_GROUP = tuple(sq.group for sq in SQUARES)


@dataclass(frozen=True, slots=True)
class Outcome:
    """E1-E3. result: "won" | "lost"; reason: "all_properties" | "bank_bankrupt" | "debt" |
    "resigned"; score: E2's for a win, 0 for a loss."""

    result: str
    reason: str
    score: int


class Game:
    """One solo game: the player against the Bank."""

    __slots__ = ("s",)

    def __init__(self, state: GameState) -> None:
        self.s = state

    # ---- creation and persistence -----------------------------------------------------

    @classmethod
    def new(cls, seed: int, options: Options | Mapping[str, Any] | None = None,
            edition: str = "us", dice: Iterable[tuple[int, int]] = (),
            dice_scheme: str = BY_ROLL) -> Game:
        """A new game. `dice`: values to use before the seeded ones (tests fix them so).
        `dice_scheme`: dice by roll (H4); BY_DRAW only to replay a game stored before it
        (`dice_scheme_of` its saved state; see rng)."""
        if edition not in EDITIONS:
            raise InvalidOptionError(f"unknown edition {edition!r}: choose us, uk or fr",
                                     "unknown_edition", edition=edition)
        if dice_scheme not in DICE_SCHEMES:
            raise InvalidOptionError(f"unknown dice scheme {dice_scheme!r}: choose "
                                     f"{' or '.join(DICE_SCHEMES)}", "dice_scheme")
        opts = options if isinstance(options, Options) else Options.from_mapping(options)
        state = GameState(seed, edition, opts, dice_scheme)
        for d in dice:
            if len(d) != 2 or not all(1 <= v <= 6 for v in d):
                raise InvalidOptionError(f"dice must be pairs of 1-6, not {d!r}", "bad_dice")
            state.loaded.append((d[0], d[1]))
        return cls(state)

    @classmethod
    def replay(cls, seed: int, options: Options | Mapping[str, Any] | None, edition: str,
               actions: Iterable[Action], dice: Iterable[tuple[int, int]] = (),
               dice_scheme: str = BY_ROLL) -> Game:
        """H3: the same seed, dice scheme and choices give the identical game."""
        game = cls.new(seed, options, edition, dice, dice_scheme)
        for action in actions:
            game.apply(action)
        return game

    def to_dict(self) -> dict[str, Any]:
        return self.s.to_dict()

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        state = GameState.from_dict(data)
        if state.edition not in EDITIONS:
            raise CorruptStateError(f"saved game has an unknown edition {state.edition!r}")
        return cls(state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:  # games are mutable: hash by identity
        return id(self)

    def copy(self) -> Game:
        return Game.from_dict(self.to_dict())

    # ---- what the game waits for ------------------------------------------------------

    @property
    def pending(self) -> str:
        """roll | jail | buy | build | raise_funds | over."""
        return self.s.pending

    @property
    def pending_square(self) -> int:
        """The square a buy or build choice is about, else -1."""
        return self.s.pending_square

    @property
    def debt(self) -> int:
        """While raising funds (M1): the amount owed."""
        return self.s.debt if self.s.pending == RAISE_FUNDS else 0

    @property
    def is_over(self) -> bool:
        return self.s.pending == OVER

    @property
    def outcome(self) -> Outcome | None:
        s = self.s
        return Outcome(s.result, s.result_reason, s.score) if s.pending == OVER else None

    @property
    def version(self) -> int:
        """How many actions have been applied: a game's optimistic-lock version."""
        return self.s.actions

    @property
    def turn(self) -> int:
        return self.s.turn

    @property
    def edition(self) -> str:
        return self.s.edition

    @property
    def options(self) -> Options:
        return self.s.options

    @property
    def dice_scheme(self) -> str:
        """rng.BY_ROLL (H4), or BY_DRAW for a game stored before dice by roll."""
        return self.s.dice_scheme

    def legal_actions(self) -> list[Action]:
        """Exactly the actions `apply` accepts now; empty only once the game is over."""
        s = self.s
        p = s.pending
        if p == OVER:
            return []
        out: list[Action]
        if p == RAISE_FUNDS:
            out = self._raise_actions()
            out.append(RESIGN_ACTION)
            return out
        if p == ROLL:
            out = [ROLL_ACTION]
        elif p == BUY:
            sq = s.pending_square
            out = [BUY_ACTION, DECLINE_ACTION] if s.cash >= SQUARES[sq].price else [DECLINE_ACTION]
        elif p == BUILD:
            sq = s.pending_square
            out = []
            if not house_refusal(s, sq):
                out.append(HOUSE_ACTION)
            if not hotel_refusal(s, sq):
                out.append(HOTEL_ACTION)
            # P2 in one go: one per level the cash and the supply reach (at most five).
            out += [_BUILD_TO[level] for level in build_levels(s, sq)]
            out.append(DONE_ACTION)
        else:  # JAIL
            out = [FINE_ACTION]
            if s.jail_cards:
                out.append(USE_CARD_ACTION)
            if s.options.doubles == "standard":
                out.append(ROLL_ACTION)
        # T4: at any moment of its own turn the player may raise money or lift a mortgage.
        out += self._raise_actions()
        owner, mortgaged, cash = s.owner, s.mortgaged, s.cash
        for i in PROPERTIES:
            if (owner[i] == PLAYER and mortgaged[i] and cash >= SQUARES[i].lift_cost
                    and not lift_leaves_fine_unpayable(s, i)):
                out.append(_LIFT[i])
        out.append(RESIGN_ACTION)
        return out

    def _raise_actions(self) -> list[Action]:
        """M1/T4: what brings in money now: sell buildings, mortgage, sell the jail card."""
        s = self.s
        owner, mortgaged, buildings = s.owner, s.mortgaged, s.buildings
        mine = [i for i in PROPERTIES if owner[i] == PLAYER]
        # M2: a group with any of the player's buildings can't be mortgaged.
        built = {_GROUP[i] for i in mine if buildings[i]}
        out: list[Action] = []
        for i in mine:
            if buildings[i]:
                out.append(_SELL[i])
            elif not mortgaged[i] and _GROUP[i] not in built:
                out.append(_MORTGAGE[i])
        if s.jail_cards:
            out.append(SELL_CARD_ACTION)
        return out

    # ---- playing ----------------------------------------------------------------------

    def why_illegal(self, action: Action) -> IllegalActionError | None:
        """The refusal `apply(action)` would raise now (its code and values say why, for a
        UI to word), or None when the action is legal."""
        return why_illegal(self.s, action)

    def apply(self, action: Action) -> list[Event]:
        """Carry out `action`; return the events it caused. IllegalActionError if not legal
        (`why_illegal`'s), and then the game is unchanged."""
        s = self.s
        rule = ACTION_RULES.get(type(action))
        if rule is None or s.pending == OVER:
            refusal = why_illegal(s, action)
            assert refusal is not None  # over, or no such action: refused whatever the state
            raise refusal
        legal_while, check, handler = rule
        if s.pending != legal_while:  # else legal for sure: no check to call (ACTION_RULES)
            refusal = check(s, action)
            if refusal is not None:
                raise refusal
        ev: list[Event] = []
        try:
            handler(s, action, ev)
        except GameOver:
            pass
        s.actions += 1
        return ev


_Handler = Callable[[GameState, Action, list[Event]], None]
# Each kind of action's handler, called once the action is known to be legal (a hint's
# rollouts call them straight: game_core.playout).
HANDLERS: dict[type[Action], _Handler] = {
    Roll: moves.roll,
    Buy: moves.buy,
    Decline: moves.decline,
    BuildHouse: moves.build,
    BuildHotel: moves.build,
    BuildTo: moves.build_to,
    DoneBuilding: moves.done_building,
    PayFine: moves.pay_fine,
    UseJailCard: moves.use_jail_card,
    Resign: moves.resign,
    SellJailCard: finance.sell_jail_card,
    Mortgage: finance.mortgage,
    LiftMortgage: finance.lift_mortgage,
    SellBuilding: finance.sell_building,
}
# The actions that are legal whenever the game waits for one thing, whatever else holds
# (legality: `_roll`, `_waits_for`): then `apply` needs no call to their check. A roll is
# most of a game's actions.
_LEGAL_WHILE: dict[type[Action], str] = {
    Roll: ROLL, Decline: BUY, DoneBuilding: BUILD, PayFine: JAIL,
}
# Each kind of action with the pending state it is surely legal in ("" for none: its check
# always runs), its legality check (game_core.legality) and its handler: one look-up per
# action on the hot path.
ACTION_RULES: dict[type[Action], tuple[str, Check, _Handler]] = {
    kind: (_LEGAL_WHILE.get(kind, ""), CHECKS[kind], handler)
    for kind, handler in HANDLERS.items()
}
