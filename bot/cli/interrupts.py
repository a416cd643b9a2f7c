"""Ctrl-C in the terminal game: save and quit at once, wherever the game is.

asyncio.run's own SIGINT handler only cancels the main task, and the game asks for keys
with a blocking input() inside that task: a Ctrl-C at the prompt went unnoticed until the
next key had been played. Python's default handler raises KeyboardInterrupt wherever the
main thread is, also halfway through starting a worker process (which then never gets its
instructions, and the pool can't be shut down). So, one handler of our own:

- at a prompt (inside `ask`), KeyboardInterrupt is raised there: input() returns at once;
- anywhere else (a hint, a move being saved), the game's task is cancelled: it stops at its
  next `await`, and its clean-up (closing the workers and the database) runs as usual.
"""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")


class Interrupted(Exception):
    """The game was stopped by Ctrl-C (after its clean-up)."""


class CtrlC:
    def __init__(self) -> None:
        self.pressed = False
        self._prompting = False
        self._task: asyncio.Task[Any] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def asking(self, ask: Callable[[str], str]) -> Callable[[str], str]:
        """`ask`, during which Ctrl-C raises KeyboardInterrupt."""
        def guarded(question: str) -> str:
            self._prompting = True
            try:
                return ask(question)
            finally:
                self._prompting = False
        return guarded

    def _on_sigint(self, signum: int, frame: object) -> None:
        self.pressed = True
        if self._prompting or self._task is None or self._loop is None:
            raise KeyboardInterrupt
        self._loop.call_soon_threadsafe(self._task.cancel)

    def run(self, main: Coroutine[Any, Any, T]) -> T:
        """asyncio.run(main) with this handler; Interrupted if Ctrl-C cancelled it, and
        KeyboardInterrupt if one at a prompt was not caught."""
        async def watched() -> T:
            self._task, self._loop = asyncio.current_task(), asyncio.get_running_loop()
            return await main

        with self._installed():
            try:
                return asyncio.run(watched())
            except asyncio.CancelledError:
                if self.pressed:
                    raise Interrupted from None
                raise

    @contextmanager
    def _installed(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield  # signals reach the main thread only: nothing to change here
            return
        # Not Python's default handler, so asyncio.run leaves this one in place.
        previous = signal.signal(signal.SIGINT, self._on_sigint)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)
