"""A player's own settings, the service's part (GameService's `prefs`): what the
player chose for themselves, wherever they play.

Settings (each unset one takes the bot's default):
- confirm_debts: Pay it for me lists its plan and waits for a confirm click (on, the
  default), or pays at once (off), the message still listing what it did.
- The standing orders (game_core.orders; all off by default): build_reserve, a whole number
  of 0 or more (build at a stop while the cash stays at or above it; unset: off);
  decline_bank_groups and pay_debts, on or off. The service applies them to every game of
  the player's (bot.application.autoplay), each answer an ordinary stored move.

A setting is only a preference: a stored value the bot can't read is the default, never an
error that would stop a game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game_core.orders import (
    BUILD_ORDER, DEBT_ORDER, DECLINE_ORDER, MAX_RESERVE, NO_ORDERS, Orders,
)

from bot.errors import InvalidRequest
from bot.storage import Row
from bot.storage.player_settings import PlayerRows

from . import checks
from .store import Store, call

NAMES = ("confirm_debts", BUILD_ORDER, DECLINE_ORDER, DEBT_ORDER)
_ON, _OFF = "on", "off"


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    confirm_debts: bool = True
    orders: Orders = NO_ORDERS


PLAYER_DEFAULTS = PlayerSettings()


def _reserve(text: str | None) -> int | None:
    if text is None or not (text.isascii() and text.isdigit()) or len(text) > 14:
        return None
    value = int(text)
    return value if value <= MAX_RESERVE else None


def player_settings_from_rows(rows: Iterable[Row]) -> PlayerSettings:
    """The settings a player's rows hold; a value the bot can't read is the default."""
    found = {row["name"]: row["value"] for row in rows}
    orders = Orders(build_reserve=_reserve(found.get(BUILD_ORDER)),
                    decline_bank_groups=found.get(DECLINE_ORDER) == _ON,
                    pay_debts=found.get(DEBT_ORDER) == _ON)
    return PlayerSettings(confirm_debts=found.get("confirm_debts") != _OFF, orders=orders)


def stored_player_value(name: str, value: object) -> str | None:
    """The text a setting is kept as; None to unset it (the default). InvalidRequest for a
    setting the bot doesn't have or a value it can't take."""
    if name not in NAMES:
        raise InvalidRequest(f"no player setting {name!r}")
    if value is None:
        return None
    if name == BUILD_ORDER:
        if isinstance(value, bool) or not isinstance(value, int) or not (
                0 <= value <= MAX_RESERVE):
            raise InvalidRequest(f"{name} must be a whole number from 0 to {MAX_RESERVE:,}, "
                                 f"not {str(value)[:20]!r}")
        return str(value)
    if isinstance(value, bool):
        return _ON if value else _OFF
    raise InvalidRequest(f"{name} can't be set to {str(value)[:20]!r}")


class PlayerPrefs:
    """The player's settings' part of the game service: its store (the database, and the
    calls close() waits for)."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._storage = store.storage

    @call
    async def get(self, user_id: int) -> PlayerSettings:
        """The player's settings (the defaults for a player who changed none)."""
        rows = await PlayerRows(self._storage).settings(checks.an_id(user_id, "a user id"))
        return player_settings_from_rows(rows)

    @call
    async def change(self, user_id: int, name: str,
                                    value: object) -> PlayerSettings:
        """Set one of NAMES (None: back to the default); the settings as they are now."""
        checks.an_id(user_id, "a user id")
        stored = stored_player_value(name, value)
        rows = PlayerRows(self._storage)
        await rows.change(user_id, name, stored)
        return player_settings_from_rows(await rows.settings(user_id))
