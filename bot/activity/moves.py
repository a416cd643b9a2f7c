"""A choice made on the Activity's board, carried out through the same game service calls
as the same control on the game message (bot.application.choice_calls, the one table both
use): versions, one writer per game, the same click twice applied once. Only how the
board's choice names its debt's way is here; every rule is the engine's, every check the
service's."""

from __future__ import annotations

from game_core.plans import LEAST_RENT, WAYS

from bot.application.autoplay import Played
from bot.application.choice_calls import PLAN_DEBT_GO, Move, make_choice
from bot.application.service import GameService

from .choice_ids import Choice


async def play_choice(service: GameService, game_id: int, user_id: int, version: int,
                      choice: Choice) -> Played:
    """Apply `choice` (a move, not NEW/AGAIN/HINT) for `user_id` on `game_id` at `version`.
    The service's errors as they are: NotYourGame, StaleVersion, GameFinished,
    IllegalActionError, InvalidRequest (not a move)..."""
    way = LEAST_RENT
    if choice.base == PLAN_DEBT_GO:
        # A way the Hint's plans name; else the one it rated best at this version, as
        # the message's Pay it for me (cogs/play/clicks.py).
        way = WAYS[choice.value] if choice.value is not None else (
            service.hinted.way(game_id, version) or LEAST_RENT)
    move = Move(game_id, user_id, version, choice.rolling, choice.keep, way)
    return await make_choice(service.autoplay, choice.base, move, choice.action())
