"""The game service's checks of what it is handed, before anything is read or written.

Python lets a bool pass for an int (`Mortgage(True)` would be stored as `{"square": true}`
and the game would no longer replay), and SQLite holds signed 64-bit integers only (a larger
id raises OverflowError as it is bound). Every call is checked here and refused with the
service's own errors: InvalidRequest for what no caller should send, GameNotFound for a game
id no game can have, the engine's InvalidOptionError for rule options and editions.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from game_core import Action, InvalidOptionError
from game_core.actions import SquareAction

from bot.errors import GameNotFound, InvalidRequest

MAX_INT = 2**63 - 1  # SQLite integers are signed 64-bit
# The last day a date can name (9999-12-31), as days since 1970-01-01: far below the 2^31 - 1
# a PostgreSQL INTEGER column holds.
MAX_DAY = (date.max - date(1970, 1, 1)).days


def _whole(value: object, what: str) -> int:
    """`value` if it is an int: not a bool (an int to Python), nor a float that is whole."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRequest(f"{what} must be a whole number, not {_show(value)}")
    return value


def an_id(value: object, what: str) -> int:
    """A Discord or database id: a whole number from 0 to 2^63 - 1."""
    number = _whole(value, what)
    if not 0 <= number <= MAX_INT:
        raise InvalidRequest(f"{what} must be from 0 to {MAX_INT}, not {number}")
    return number


def an_optional_id(value: object, what: str) -> int | None:
    return None if value is None else an_id(value, what)


def a_game_id(value: object) -> int:
    """A game id; a whole number out of SQLite's range names no game (GameNotFound)."""
    number = _whole(value, "a game id")
    if not 0 <= number <= MAX_INT:
        raise GameNotFound(number)
    return number


def a_version(value: object) -> int:
    """The version an action was chosen at; any whole number (an unknown one is stale)."""
    return _whole(value, "a version")


def a_count(value: object, what: str) -> int:
    """A LIMIT or OFFSET: a whole number, negatives read as 0, at most MAX_INT."""
    return min(max(_whole(value, what), 0), MAX_INT)


def a_day(value: object) -> int:
    """A UTC day, as days since 1970-01-01: from 0 to 9999-12-31's."""
    number = _whole(value, "a day")
    if not 0 <= number <= MAX_DAY:
        raise InvalidRequest(f"a day must be from 0 to {MAX_DAY} (9999-12-31), not {number}")
    return number


def an_action(value: object) -> Action:
    """One of the engine's actions, its square (if any) a real int. An int out of the board
    is left to the engine, which refuses it with a reason (IllegalActionError)."""
    if not isinstance(value, Action):
        raise InvalidRequest(f"not a game action: {_show(value)}")
    if isinstance(value, SquareAction):
        _whole(value.square, f"the square of {type(value).__name__}")
    return value


def options_and_edition(options: object, edition: object) -> Mapping[str, Any] | None:
    """Rule options (a mapping of names) and an edition name, or the engine's
    InvalidOptionError."""
    if not isinstance(edition, str):
        raise InvalidOptionError(f"an edition is a name (us, uk or fr), not {_show(edition)}",
                                 "unknown_edition", edition=str(edition))
    if options is None:
        return None
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise InvalidOptionError(f"rule options must map option names to values, not "
                                 f"{_show(options)}", "bad_options")
    return options


def _show(value: object) -> str:
    """A value for an error message, short: what a caller sent may be anything."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
