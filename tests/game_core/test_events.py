"""Events are frozen records (fast to build, never mutable): every
event class takes its fields as dataclass's own __init__ did, refuses a change afterwards,
and round-trips through to_dict()/event_from_dict(); the shared instances the hot path uses
are equal to events made afresh."""

from __future__ import annotations

import dataclasses

import pytest

from game_core.events import (
    EVENT_TYPES, MOVE_ROLLED, MOVED_FORWARD, SALARY, TURN_STARTED, Collected, DiceRolled, Moved,
    RentPaid, TurnStarted, event_from_dict,
)

# A value of each field type (events.py's annotations are strings: postponed evaluation).
SAMPLE = {"int": 7, "str": "x", "bool": True, "tuple[int, int]": (2, 5)}


def sample_fields(cls: type) -> dict[str, object]:
    return {f.name: SAMPLE[f.type] for f in dataclasses.fields(cls)}


@pytest.mark.parametrize("cls", list(EVENT_TYPES.values()), ids=list(EVENT_TYPES))
def test_an_event_takes_its_fields_refuses_changes_and_round_trips(cls):
    values = sample_fields(cls)
    event = cls(**values)
    assert event == cls(*values.values())  # positional, in field order
    assert event_from_dict(event.to_dict()) == event
    name = next(iter(values))
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(event, name, values[name])
    with pytest.raises(TypeError):
        cls(**values, surprise=1)
    with pytest.raises(TypeError):
        cls()


def test_defaults_are_dataclass_defaults():
    assert DiceRolled((1, 1)).purpose == "move"
    assert RentPaid(5, 25, "player", "stations") == RentPaid(5, 25, "player", "stations", 0, 1, 0)


def test_the_shared_events_equal_events_made_afresh():
    assert MOVE_ROLLED[(3, 4)] == DiceRolled((3, 4), "move")
    assert MOVED_FORWARD["dice"][35][3] == Moved(35, 3, True, "dice")
    assert MOVED_FORWARD["card"][7][24] == Moved(7, 24, False, "card")
    assert TURN_STARTED[12] == TurnStarted(12) and SALARY == Collected(200, "salary")
