"""Boards shared by the games that show the same board (a daily's first rolls: the same
dice for everyone, H4): drawn once, the same bytes for each; a drawing nobody waits for
any more is cancelled."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.pictures.board import render_board
from bot.pictures.shared import SharedBoards
from game_core import Game, Roll


class Workers:
    """Stands in for WorkerPool.run: counts the drawings, each waits for `go`."""

    def __init__(self) -> None:
        self.calls = 0
        self.go = asyncio.Event()
        self.fail = False

    async def run(self, fn: Any, *args: Any, **kwargs: Any) -> bytes:
        self.calls += 1
        await self.go.wait()
        if self.fail:
            raise RuntimeError("a worker died")
        result: bytes = fn(*args, **kwargs)
        return result


def rolled(seed: int = 7) -> tuple[Game, tuple[int, int]]:
    game = Game.new(seed)
    game.apply(Roll())
    return game, (0, game.s.position)


async def test_two_players_on_the_same_board_share_one_drawing_and_its_bytes():
    workers, shared = Workers(), SharedBoards()
    (a, move), (b, _) = rolled(), rolled()  # two games, the same seed: the same board
    asking = [asyncio.ensure_future(shared.board(workers.run, g, last_move=move, locale="en"))
              for g in (a, b)]
    await asyncio.sleep(0)
    workers.go.set()
    first, second = await asyncio.gather(*asking)
    assert workers.calls == 1 and shared.drawn == 1
    assert first == second == render_board(a, last_move=move, locale="en")
    # A moment later, the same board again: the one kept.
    again = await shared.board(workers.run, b, last_move=move, locale="en")
    assert again == first and workers.calls == 1


async def test_another_language_another_move_or_another_state_is_drawn_apart():
    workers, shared = Workers(), SharedBoards()
    workers.go.set()
    game, move = rolled()
    await shared.board(workers.run, game, last_move=move, locale="en")
    await shared.board(workers.run, game, last_move=move, locale="fr")
    await shared.board(workers.run, game, last_move=None, locale="en")
    other, other_move = rolled(seed=8)
    await shared.board(workers.run, other, last_move=other_move, locale="en")
    assert workers.calls == 4


async def test_a_drawing_every_asker_gave_up_is_cancelled_and_one_still_wanted_is_not():
    workers, shared = Workers(), SharedBoards()
    game, move = rolled()
    one = asyncio.ensure_future(shared.board(workers.run, game, last_move=move, locale="en"))
    two = asyncio.ensure_future(shared.board(workers.run, game, last_move=move, locale="en"))
    await asyncio.sleep(0)
    [drawing] = [d.task for d in shared._drawing.values()]
    one.cancel()
    await asyncio.sleep(0)
    assert not drawing.cancelled()  # the other asker still waits for it
    two.cancel()
    with pytest.raises(asyncio.CancelledError):
        await two
    with pytest.raises(asyncio.CancelledError):
        await drawing
    assert drawing.cancelled() and workers.calls == 1


async def test_a_failed_drawing_is_drawn_again_for_the_next_asker():
    workers, shared = Workers(), SharedBoards()
    workers.go.set()
    workers.fail = True
    game, move = rolled()
    with pytest.raises(RuntimeError):
        await shared.board(workers.run, game, last_move=move, locale="en")
    workers.fail = False
    assert await shared.board(workers.run, game, last_move=move, locale="en")
    assert workers.calls == 2


async def test_only_the_last_boards_drawn_are_kept():
    workers, shared = Workers(), SharedBoards(keep=2)
    workers.go.set()
    games = [rolled(seed) for seed in (1, 2, 3)]
    for game, move in games:
        await shared.board(workers.run, game, last_move=move, locale="en")
    game, move = games[0]
    await shared.board(workers.run, game, last_move=move, locale="en")
    assert workers.calls == 4  # the first was dropped, drawn again
