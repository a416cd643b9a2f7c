"""What an action caused, told as frozen records a UI can narrate.

Events are language-free data: squares are indices, cards are ids (with the edition's text
for convenience), reasons are short fixed keywords. `to_dict()` gives plain JSON.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in fields(self))
        for name in names:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    type: ClassVar[str] = "turn_started"
    turn: int


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """T1/R3/T3. purpose: "move" | "utility" (a new roll for utility rent) | "jail"."""

    type: ClassVar[str] = "dice_rolled"
    dice: tuple[int, int]
    purpose: str = "move"

    @property
    def total(self) -> int:
        return self.dice[0] + self.dice[1]

    @property
    def doubles(self) -> bool:
        return self.dice[0] == self.dice[1]


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """The pawn moved. by: "dice" | "card". passed_go means the GO salary is due (T2)."""

    type: ClassVar[str] = "moved"
    start: int
    end: int
    passed_go: bool
    by: str = "dice"


@dataclass(frozen=True, slots=True)
class Collected(Event):
    """The Bank paid the player. reason: "salary" | "card" | "jail_card" | ..."""

    type: ClassVar[str] = "collected"
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Paid(Event):
    """The player paid the Bank. reason: "tax" | "card" | "repairs" | "fine"."""

    type: ClassVar[str] = "paid"
    amount: int
    reason: str
    square: int = -1


@dataclass(frozen=True, slots=True)
class RentPaid(Event):
    """Rent between the player and the Bank (P2, P3, R1-R4).

    payer: "player" (a Bank property) or "bank" (the player's own). why: "bare" | "group"
    (doubled, R1) | "houses" | "hotel" | "stations" | "utility" | "mortgaged" (R4, amount 0).
    count: houses, stations owned, or the utility factor. multiplier: 2 for the nearest-station
    card, 1 otherwise. dice: the utility roll total, else 0.
    """

    type: ClassVar[str] = "rent_paid"
    square: int
    amount: int
    payer: str
    why: str
    count: int = 0
    multiplier: int = 1
    dice: int = 0


@dataclass(frozen=True, slots=True)
class PropertyBought(Event):
    type: ClassVar[str] = "property_bought"
    square: int
    price: int


@dataclass(frozen=True, slots=True)
class PropertyDeclined(Event):
    """P1. bank_took: the Bank placed a pawn; pawns_left after it."""

    type: ClassVar[str] = "property_declined"
    square: int
    bank_took: bool
    pawns_left: int


@dataclass(frozen=True, slots=True)
class Built(Event):
    """P2 (by "player", cost paid) or P3 (by "bank", free). building: "house" | "hotel"."""

    type: ClassVar[str] = "built"
    square: int
    building: str
    by: str
    cost: int
    buildings_after: int


@dataclass(frozen=True, slots=True)
class BuildingSold(Event):
    """M3. houses_after: the street's houses after the sale (4 or fewer after a hotel)."""

    type: ClassVar[str] = "building_sold"
    square: int
    building: str
    amount: int
    houses_after: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    type: ClassVar[str] = "card_drawn"
    deck: str
    card: str
    text: str


@dataclass(frozen=True, slots=True)
class SentToJail(Event):
    """P6/T3. reason: "square" | "card" | "doubles"."""

    type: ClassVar[str] = "sent_to_jail"
    reason: str


@dataclass(frozen=True, slots=True)
class LeftJail(Event):
    """P6/T3. how: "fine" | "card" | "doubles"."""

    type: ClassVar[str] = "left_jail"
    how: str


@dataclass(frozen=True, slots=True)
class StayedInJail(Event):
    """T3 (doubles=standard): a failed doubles try."""

    type: ClassVar[str] = "stayed_in_jail"
    attempt: int


@dataclass(frozen=True, slots=True)
class JailCardKept(Event):
    type: ClassVar[str] = "jail_card_kept"
    card: str


@dataclass(frozen=True, slots=True)
class JailCardUsed(Event):
    type: ClassVar[str] = "jail_card_used"
    card: str


@dataclass(frozen=True, slots=True)
class JailCardSold(Event):
    type: ClassVar[str] = "jail_card_sold"
    card: str
    amount: int


@dataclass(frozen=True, slots=True)
class Mortgaged(Event):
    type: ClassVar[str] = "mortgaged"
    square: int
    amount: int


@dataclass(frozen=True, slots=True)
class MortgageLifted(Event):
    type: ClassVar[str] = "mortgage_lifted"
    square: int
    cost: int


@dataclass(frozen=True, slots=True)
class FundsNeeded(Event):
    """M1: a debt the cash can't cover opened a raise-funds step."""

    type: ClassVar[str] = "funds_needed"
    amount: int
    reason: str
    cash: int


@dataclass(frozen=True, slots=True)
class BankBankrupt(Event):
    """M5: the Bank owed more than its treasury; it paid all it had."""

    type: ClassVar[str] = "bank_bankrupt"
    owed: int
    paid: int


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """E1/E2. reason: "all_properties" | "bank_bankrupt"."""

    type: ClassVar[str] = "game_won"
    reason: str
    score: int


@dataclass(frozen=True, slots=True)
class GameLost(Event):
    """E3. reason: "debt" | "resigned". owed: the debt that couldn't be paid (0 on resign)."""

    type: ClassVar[str] = "game_lost"
    reason: str
    owed: int = 0


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (TurnStarted, DiceRolled, Moved, Collected, Paid, RentPaid, PropertyBought,
                PropertyDeclined, Built, BuildingSold, CardDrawn, SentToJail, LeftJail,
                StayedInJail, JailCardKept, JailCardUsed, JailCardSold, Mortgaged,
                MortgageLifted, FundsNeeded, BankBankrupt, GameWon, GameLost)
}


def _fast_init(cls: type[Event]) -> None:
    """Give a frozen event class an __init__ that sets its slots through their descriptors.

    dataclass's own __init__ for a frozen class calls object.__setattr__ once per field
    (its __setattr__ refuses every change); the engine makes several events on every turn,
    and this one, with the same parameters, defaults and order, is about twice as fast. The
    class stays frozen: assigning a field afterwards still raises FrozenInstanceError."""
    names = [f.name for f in fields(cls)]
    defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    scope: dict[str, Any] = {f"_set_{n}": cls.__dict__[n].__set__ for n in names}
    scope.update({f"_default_{n}": value for n, value in defaults.items()})
    params = ", ".join(["self"] + [f"{n}=_default_{n}" if n in defaults else n for n in names])
    body = "".join(f"\n    _set_{n}(self, {n})" for n in names) or "\n    pass"
    exec(f"def __init__({params}):{body}", scope)  # a fixed text: field names only
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]


for _cls in EVENT_TYPES.values():
    _fast_init(_cls)
_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls)) for cls in EVENT_TYPES.values()}


# The commonest events, made once: events are immutable values, so one instance serves every
# game, and the hot path of a turn looks them up instead of building them.
_PAIRS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
MOVE_ROLLED: dict[tuple[int, int], DiceRolled] = {d: DiceRolled(d, "move") for d in _PAIRS}
# [by][start][end] for a move forward (T2: ending on or past GO means passing it).
MOVED_FORWARD: dict[str, tuple[tuple[Moved, ...], ...]] = {
    by: tuple(tuple(Moved(a, b, b <= a, by) for b in range(40)) for a in range(40))
    for by in ("dice", "card")}
TURN_STARTED: tuple[TurnStarted, ...] = tuple(TurnStarted(n) for n in range(2048))
SALARY = Collected(200, "salary")  # T2, when the Bank can pay it whole


def event_from_dict(data: dict[str, Any]) -> Event:
    """The event `Event.to_dict()` described (used for the action log and saved debts)."""
    fields_ = dict(data)
    cls = EVENT_TYPES[fields_.pop("type")]
    if "dice" in fields_ and isinstance(fields_["dice"], list):
        fields_["dice"] = tuple(fields_["dice"])
    return cls(**fields_)
