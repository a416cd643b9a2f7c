"""The ids of the choices the Activity's read model offers, and what each one stands for.

They are the very names the game message's controls carry after their game, version and
owner (cogs/common/custom_ids.py): an engine action's type (`roll`, `buy`), a one-click
flow (`roll_on`, `plan_buy`...), a menu's option (`mortgage=39`, `build=3`), each with the
message's `.on[.<hex>]` suffix while rolling on. So one grammar, parsed once here, serves
both views, and tests/bot/activity check that a choice offered on the board is the name of
a control the message shows for the same game. The page treats them as opaque.

Nothing here is trusted: a choice the engine doesn't allow now is refused by the service.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game_core import Action, BuildTo, action_from_dict

from bot.application.choice_calls import (
    DECLINE_ALWAYS, FLOW_CALLS, PLAN_BUY, PLAN_CASH_OUT, PLAN_DEBT_GO, PLAN_UNBLOCK, ROLL_ON,
)

__all__ = ["AGAIN", "BUILD_MENU", "BUTTON_ACTIONS", "DEBT_WAYS", "DECLINE_ALWAYS", "FLOWS",
           "HINT", "MENU_ACTIONS", "NEW", "PLAN_BUY", "PLAN_CASH_OUT", "PLAN_DEBT_GO",
           "PLAN_OF_KIND", "PLAN_UNBLOCK", "ROLL_ON", "Choice", "decode", "encode"]
# The one-click flows: the names of bot.application.choice_calls's table, which the game
# message's controls (cogs/play/controls.py) carry too.
FLOWS = frozenset(FLOW_CALLS)
# A plan's kind (game_core.plans) and the flow that carries it out; a debt's flow may name
# the way to pay it (`plan_debt_go=<index in WAYS>`: the plans under a Hint).
PLAN_OF_KIND = {"buy": PLAN_BUY, "unblock": PLAN_UNBLOCK}
DEBT_WAYS = 3
# The menus' kinds and the engine action each option stands for.
MENU_ACTIONS = {"sell": "sell_building", "mortgage": "mortgage", "lift": "lift_mortgage"}
BUILD_MENU = "build"
# Not a move: a new game (none going), the next one (a finished game), ask for the Hint.
NEW, AGAIN, HINT = "new", "again", "hint"
BUTTON_ACTIONS = frozenset((
    "roll", "pay_fine", "use_jail_card", "buy", "decline", "build_house", "build_hotel",
    "done_building", "sell_jail_card"))
SQUARES = 40
MAX_LENGTH = 64
_ID = re.compile(r"^(?P<base>[a-z_]+)(?:=(?P<value>\d{1,2}))?"
                 r"(?P<on>\.on(?:\.(?P<keep>[0-9a-f]{1,10}))?)?$")


@dataclass(frozen=True, slots=True)
class Choice:
    """A parsed choice: `base` (an action type, a flow, a menu kind or NEW/AGAIN/HINT),
    its `value` (a menu's square or level), and whether its answer goes on rolling."""

    base: str
    value: int | None = None
    rolling: bool = False
    keep: frozenset[int] = frozenset()

    def action(self) -> Action | None:
        """The one engine action this choice is, if it is one (not a flow)."""
        if self.base in BUTTON_ACTIONS and self.value is None:
            return action_from_dict({"type": self.base})
        if self.base == BUILD_MENU and self.value is not None and 1 <= self.value <= 5:
            return BuildTo(self.value)
        if self.base in MENU_ACTIONS and self.value is not None and self.value < SQUARES:
            return action_from_dict({"type": MENU_ACTIONS[self.base], "square": self.value})
        return None

    @property
    def known(self) -> bool:
        if self.base in (NEW, AGAIN, HINT):
            return self.value is None and not self.rolling
        if self.base == PLAN_DEBT_GO and self.value is not None:
            return self.value < DEBT_WAYS and not self.rolling
        if self.base in FLOWS:
            return self.value is None and (self.rolling or self.base != DECLINE_ALWAYS)
        return self.action() is not None and not (self.rolling and self.base == "roll")


def encode(base: str, value: int | None = None, *, rolling: bool = False,
           keep: frozenset[int] = frozenset()) -> str:
    """A choice's id: as the message's control name (custom_ids.rolling_id)."""
    text = base if value is None else f"{base}={value}"
    if not rolling:
        return text
    mask = sum(1 << i for i in keep)
    return f"{text}.on.{mask:x}" if mask else f"{text}.on"


def decode(text: object) -> Choice | None:
    """The choice an id names, or None for anything we never make."""
    if not isinstance(text, str) or len(text) > MAX_LENGTH:
        return None
    found = _ID.match(text)
    if found is None:
        return None
    value = int(found["value"]) if found["value"] is not None else None
    mask = int(found["keep"] or "0", 16)
    choice = Choice(found["base"], value, found["on"] is not None,
                    frozenset(i for i in range(SQUARES) if mask >> i & 1))
    return choice if choice.known else None
