"""A choice's name and the game service call that carries it out: one table for both ways of
playing, the game message's controls (cogs/play/clicks.py) and the Activity's board
(bot/activity/moves.py), so a new one-click choice is added here once.

The names are the controls' own (cogs/common/custom_ids.py, bot/activity/choice_ids.py):
an engine action's type (`roll`, `buy`: `play`), or a one-click flow (FLOW_CALLS). Only the
mapping is here: every rule is the engine's, every check the service's (versions, one
writer per game, the same click twice applied once). How a choice was parsed, acknowledged
or answered stays with its adapter.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from game_core import Action, Decline
from game_core.plans import CASH_OUT, LEAST_RENT, PAY_DEBT, RAISE_TO_BUY, UNBLOCK

from bot.errors import InvalidRequest

from .autoplay import Autoplay, Played

# The one-click flows (not one engine action each).
ROLL_ON, PLAN_BUY, PLAN_UNBLOCK = "roll_on", "plan_buy", "plan_unblock"
PLAN_DEBT_GO, PLAN_CASH_OUT, DECLINE_ALWAYS = "plan_debt_go", "plan_cash_out", "decline_always"


@dataclass(frozen=True, slots=True)
class Move:
    """Who makes a choice, on which game at which version, and how its answer goes on."""

    game_id: int
    user_id: int
    version: int
    rolling: bool = False  # a control shown while rolling on: its answer goes on rolling
    keep: frozenset[int] = frozenset()  # properties not to be offered again, rolling on
    way: str = LEAST_RENT  # a debt's plan: the way to pay it (game_core.plans.WAYS)


Call = Callable[[Autoplay, Move], Awaitable[Played]]


def _roll_on(auto: Autoplay, move: Move) -> Awaitable[Played]:
    # Roll on always rolls on: only the squares kept declining go with it.
    return auto.roll_on(move.game_id, move.user_id, move.version, move.keep)


def _plan(kind: str) -> Call:
    def call(auto: Autoplay, move: Move) -> Awaitable[Played]:
        return auto.carry_out(move.game_id, move.user_id, move.version, kind, move.way,
                              roll_on=move.rolling, keep_declining=move.keep)
    return call


def _decline_always(auto: Autoplay, move: Move) -> Awaitable[Played]:
    # Offered only while rolling on, and answering it goes on rolling.
    return auto.play(move.game_id, move.user_id, move.version, Decline(), roll_on=True,
                     keep_declining=move.keep, never_again=True)


FLOW_CALLS: dict[str, Call] = {
    ROLL_ON: _roll_on,
    PLAN_BUY: _plan(RAISE_TO_BUY),
    PLAN_UNBLOCK: _plan(UNBLOCK),
    PLAN_DEBT_GO: _plan(PAY_DEBT),
    PLAN_CASH_OUT: _plan(CASH_OUT),
    DECLINE_ALWAYS: _decline_always,
}


async def make_choice(auto: Autoplay, name: str, move: Move,
                      action: Action | None = None) -> Played:
    """Carry out the choice `name`: a flow of FLOW_CALLS, else `action` (the engine action
    a button or a menu's option stands for). InvalidRequest when it is neither; the
    service's errors as they are (NotYourGame, StaleVersion, IllegalActionError...)."""
    call = FLOW_CALLS.get(name)
    if call is not None:
        return await call(auto, move)
    if action is None:
        raise InvalidRequest(f"not a move: {name}")
    return await auto.play(move.game_id, move.user_id, move.version, action,
                           roll_on=move.rolling, keep_declining=move.keep)
