"""A game played through the service up to a Roll on worth testing: always-buy's answers,
Roll on at every roll, until the next Roll on click (tried first on a copy of the engine)
would do what the test wants (a win stop, an offer it can't afford, a loss)."""

from __future__ import annotations

from collections.abc import Callable

from bot.application.records import GameRecord
from bot.application.service import GameService
from game_core import Game, Roll
from game_core.prompts import Follow, Skip, Stop
from game_core.state import ROLL
from game_core.strategies import make_strategy

# (the game after the click, why rolling on stopped, the forced ways' reasons, the moves)
Trial = Callable[[Game, Stop | None, list[Skip], int], bool]


def next_roll_on(game: Game) -> tuple[Game, Stop | None, list[Skip], int]:
    """What a Roll on click would do now, on a copy."""
    trial = game.copy()
    follow = Follow(trial, roll_on=True)
    trial.apply(Roll())
    skips, moves = [], 1
    while (found := follow.next(trial)) is not None:
        trial.apply(found[0])
        moves += 1
        if found[1] is not None:
            skips.append(found[1])
    return trial, follow.stop, skips, moves


async def drive_to(service: GameService, record: GameRecord, owner: int, wanted: Trial,
                   limit: int = 600) -> GameRecord:
    """The game played on until it waits for a roll and the next Roll on is `wanted`."""
    chooser = make_strategy("always-buy")
    for _ in range(limit):
        game = record.game
        assert not game.is_over, "the game ended before the wanted Roll on"
        if game.pending == ROLL:
            if wanted(*next_roll_on(game)):
                return record
            played = await service.autoplay.roll_on(record.id, owner, record.version)
        else:
            # Answered without rolling on, so that every roll is a Roll on click tried first
            # (a money danger doesn't stop Roll on: only a roll prompt is a place to look).
            played = await service.autoplay.play(record.id, owner, record.version,
                                                 chooser.choose(game))
        record = played.record
    raise AssertionError("no such Roll on")
