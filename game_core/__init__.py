"""Solo Monopoly's pure rules engine: one player against the Bank (see shared RULES.md).

No Discord, no asyncio, no SQL, no I/O: a deterministic game from a seed.
"""

from .actions import (
    Action, BuildHotel, BuildHouse, BuildTo, Buy, Decline, DoneBuilding, LiftMortgage, Mortgage,
    PayFine, Resign, Roll, SellBuilding, SellJailCard, UseJailCard, action_from_dict,
)
from .errors import CorruptStateError, GameError, IllegalActionError, InvalidOptionError, Refusal
from .events import Event, event_from_dict
from .game import Game, Outcome
from .options import Options

__all__ = [
    "Action", "BuildHotel", "BuildHouse", "BuildTo", "Buy", "CorruptStateError", "Decline",
    "DoneBuilding", "Event", "Game", "GameError", "IllegalActionError", "InvalidOptionError",
    "LiftMortgage", "Mortgage", "Options", "Outcome", "PayFine", "Refusal", "Resign", "Roll",
    "SellBuilding", "SellJailCard", "UseJailCard", "action_from_dict", "event_from_dict",
]
