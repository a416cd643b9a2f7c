"""Board pictures shared by the games that show the same board.

At a daily's start everyone plays the same game with the same dice (H4): a thousand players
rolling at once reach a handful of boards, one per language. A picture is a function of
what it shows (the game's state, the last move, the language), so the boards are drawn by
that key: a drawing asked for while the same one is in progress waits for it, and the last
few drawn are kept for the clicks that come a moment later.

    shared = SharedBoards()
    png = await shared.board(pool.run, game, last_move=(7, 11), locale="fr")

A drawing nobody waits for any more (every asker gave it up for a newer state) is cancelled,
as an unshared one is: a worker never draws a board that no one will see.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from game_core.game import Game

from .board import Move, render_board

Run = Callable[..., Awaitable[bytes]]  # WorkerPool.run: fn(*args, **kwargs) in a worker
Key = tuple[str, Move | None, str]


@dataclass(eq=False)
class _Drawing:
    task: asyncio.Future[bytes]
    waiting: int = 0


class SharedBoards:
    KEEP = 128  # boards kept once drawn (~85 kB each)

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._drawing: dict[Key, _Drawing] = {}
        self._kept: OrderedDict[Key, bytes] = OrderedDict()
        self.drawn = 0  # drawings asked of the workers (the others shared one)

    async def board(self, run: Run, game: Game, *, last_move: Move | None,
                    locale: str) -> bytes:
        """The PNG of render_board(game, last_move=..., locale=...), drawn by `run`."""
        key: Key = (json.dumps(game.to_dict(), sort_keys=True), last_move, locale)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        drawing = self._drawing.get(key)
        if drawing is None:
            self.drawn += 1
            task = asyncio.ensure_future(run(render_board, game, last_move=last_move,
                                             locale=locale))
            drawing = self._drawing[key] = _Drawing(task)
            task.add_done_callback(lambda done: self._finished(key, done))
        drawing.waiting += 1
        try:
            return await asyncio.shield(drawing.task)
        finally:
            drawing.waiting -= 1
            if not drawing.waiting and not drawing.task.done():
                drawing.task.cancel()  # every asker gave it up: not drawn for no one

    def _finished(self, key: Key, task: asyncio.Future[Any]) -> None:
        if self._drawing.get(key) is not None and self._drawing[key].task is task:
            del self._drawing[key]
        if task.cancelled() or task.exception() is not None:
            return  # the next asker draws it again
        self._kept[key] = task.result()
        while len(self._kept) > self.keep:
            self._kept.popitem(last=False)
