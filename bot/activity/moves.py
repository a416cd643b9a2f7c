"""A choice made on the Activity's board, carried out through the same game service calls
as the same control on the game message (cogs/play/clicks.py): versions, one writer per
game, the same click twice applied once. Only the mapping from a choice's name to a
service call is here; every rule is the engine's, every check the service's."""

from __future__ import annotations

from game_core import Decline
from game_core.plans import CASH_OUT, LEAST_RENT, PAY_DEBT, RAISE_TO_BUY, UNBLOCK, WAYS

from bot.application.autoplay import Played
from bot.application.service import GameService
from bot.errors import InvalidRequest

from .choice_ids import (
    DECLINE_ALWAYS, PLAN_BUY, PLAN_CASH_OUT, PLAN_DEBT_GO, PLAN_UNBLOCK, ROLL_ON, Choice,
)

PLANS = {PLAN_BUY: RAISE_TO_BUY, PLAN_UNBLOCK: UNBLOCK, PLAN_DEBT_GO: PAY_DEBT,
         PLAN_CASH_OUT: CASH_OUT}


async def play_choice(service: GameService, game_id: int, user_id: int, version: int,
                      choice: Choice) -> Played:
    """Apply `choice` (a move, not NEW/AGAIN/HINT) for `user_id` on `game_id` at `version`.
    The service's errors as they are: NotYourGame, StaleVersion, GameFinished,
    IllegalActionError..."""
    auto = service.autoplay
    keep = choice.keep
    if choice.base == ROLL_ON:
        return await auto.roll_on(game_id, user_id, version, keep)
    if choice.base in PLANS:
        way = LEAST_RENT
        if choice.base == PLAN_DEBT_GO:
            # A way the Hint's plans name; else the one it rated best at this version, as
            # the message's Pay it for me (cogs/play/clicks.py).
            way = WAYS[choice.value] if choice.value is not None else (
                service.hinted.way(game_id, version) or LEAST_RENT)
        return await auto.carry_out(game_id, user_id, version, PLANS[choice.base], way,
                                    roll_on=choice.rolling, keep_declining=keep)
    if choice.base == DECLINE_ALWAYS:
        return await auto.play(game_id, user_id, version, Decline(), roll_on=True,
                               keep_declining=keep, never_again=True)
    action = choice.action()
    if action is None:
        raise InvalidRequest(f"not a move: {choice.base}")
    return await auto.play(game_id, user_id, version, action, roll_on=choice.rolling,
                           keep_declining=keep)
