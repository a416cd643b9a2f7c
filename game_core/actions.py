"""The player's decisions: one small frozen value per kind, named with a verb.

Actions serialize to plain dicts (`{"type": "mortgage", "square": 5}`) for the action log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from .errors import CorruptStateError


@dataclass(frozen=True, slots=True)
class Action:
    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class SquareAction(Action):
    square: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "square": self.square}


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """T1: roll two dice and move (also the doubles try in Jail under doubles=standard)."""

    type: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """P1: buy the unowned property the pawn stands on, at its price."""

    type: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """P1: don't buy; the Bank places a pawn on it if it has one left."""

    type: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class BuildHouse(Action):
    """P2: one more house on the street the pawn stands on."""

    type: ClassVar[str] = "build_house"


@dataclass(frozen=True, slots=True)
class BuildHotel(Action):
    """P2: trade the street's 4 houses for a hotel."""

    type: ClassVar[str] = "build_hotel"


@dataclass(frozen=True, slots=True)
class BuildTo(Action):
    """P2 in one decision: build on the street the pawn stands on, one building at a time,
    until it has `level` (1-4 houses, 5 = the hotel), then end the stop. The solo text
    builds on the stop's street only and not evenly ("ne se fait pas uniformément"), so a
    level is about that one street, never its whole group."""

    type: ClassVar[str] = "build_to"
    level: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "level": self.level}


@dataclass(frozen=True, slots=True)
class DoneBuilding(Action):
    """P2: stop building and end the stop."""

    type: ClassVar[str] = "done_building"


@dataclass(frozen=True, slots=True)
class PayFine(Action):
    """P6: pay the 50 fine to leave Jail."""

    type: ClassVar[str] = "pay_fine"


@dataclass(frozen=True, slots=True)
class UseJailCard(Action):
    """P6: leave Jail with a Get Out of Jail Free card."""

    type: ClassVar[str] = "use_jail_card"


@dataclass(frozen=True, slots=True)
class SellJailCard(Action):
    """T4: sell a Get Out of Jail Free card to the Bank for 50."""

    type: ClassVar[str] = "sell_jail_card"


@dataclass(frozen=True, slots=True)
class Mortgage(SquareAction):
    """T4, M2: mortgage a property whose group has no buildings."""

    type: ClassVar[str] = "mortgage"


@dataclass(frozen=True, slots=True)
class LiftMortgage(SquareAction):
    """T4, M2: pay the mortgage value plus 10% to lift a mortgage."""

    type: ClassVar[str] = "lift_mortgage"


@dataclass(frozen=True, slots=True)
class SellBuilding(SquareAction):
    """T4, M3: sell one house, or a hotel (the street gets 4 houses back), for half its cost."""

    type: ClassVar[str] = "sell_building"


@dataclass(frozen=True, slots=True)
class Resign(Action):
    """E3: give up; the game is lost."""

    type: ClassVar[str] = "resign"


_SIMPLE: dict[str, Action] = {
    cls.type: cls()
    for cls in (Roll, Buy, Decline, BuildHouse, BuildHotel, DoneBuilding, PayFine, UseJailCard,
                SellJailCard, Resign)
}
_WITH_SQUARE: dict[str, type[SquareAction]] = {
    cls.type: cls for cls in (Mortgage, LiftMortgage, SellBuilding)
}
LEVELS = range(1, 6)  # BuildTo: 1-4 houses, 5 the hotel (board.HOTEL)
ACTION_TYPES: tuple[str, ...] = (*_SIMPLE, *_WITH_SQUARE, BuildTo.type)


def action_from_dict(data: Any) -> Action:
    """The action a dict from `Action.to_dict()` describes; CorruptStateError if it is not one."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise CorruptStateError(f"an action must be a dict with a 'type', not {data!r}")
    kind = data["type"]
    if kind in _SIMPLE and len(data) == 1:
        return _SIMPLE[kind]
    cls = _WITH_SQUARE.get(kind)
    square = data.get("square")
    if cls is not None and len(data) == 2 and type(square) is int and 0 <= square < 40:
        return cls(square)
    level = data.get("level")
    if kind == BuildTo.type and len(data) == 2 and type(level) is int and level in LEVELS:
        return BuildTo(level)
    raise CorruptStateError(f"not a valid action: {data!r}")
