"""A storage whose every call is timed and whose failures are counted (the bot's metrics),
and which notes games started and finished as it stores them.

`timed(storage, on_call, on_game)` wraps either backend at the one seam every call crosses:
the service and its parts only ever hold the wrapped one. A call is named by its method
(`store_move`, `game_row`, `read`...), never by its arguments. The cost is two clock reads
and one callback per call; attributes that are no call (`backend`, `unavailable`) are read
through unchanged.
"""

from __future__ import annotations

import functools
import inspect
import time
from collections.abc import Callable
from typing import Any, cast

from bot.errors import DatabaseBusy, DatabaseUnavailable

from . import Move, Storage

# on_call(call, seconds, error): error None when the call answered, else "busy",
# "unavailable" or the error's type name.
OnCall = Callable[[str, float, str | None], None]
OnGame = Callable[[str], None]  # "started", or a finished game's result ("won", "lost")
FINISHED = ("won", "lost")


def timed(storage: Storage, on_call: OnCall, on_game: OnGame) -> Storage:
    return cast(Storage, _Timed(storage, on_call, on_game))


def error_kind(exc: BaseException) -> str:
    if isinstance(exc, DatabaseBusy):
        return "busy"
    if isinstance(exc, DatabaseUnavailable):
        return "unavailable"
    return type(exc).__name__


class _Timed:
    def __init__(self, inner: Storage, on_call: OnCall, on_game: OnGame) -> None:
        self._inner = inner
        self._on_call = on_call
        self._on_game = on_game

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._inner, name)
        if not inspect.iscoroutinefunction(attr):
            return attr  # read each time: `unavailable` changes
        wrapped = self._wrap(name, attr)
        setattr(self, name, wrapped)  # found directly from now on
        return wrapped

    def _wrap(self, name: str, call: Callable[..., Any]) -> Callable[..., Any]:
        on_call, on_game = self._on_call, self._on_game

        @functools.wraps(call)
        async def timed_call(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                result = await call(*args, **kwargs)
            except Exception as exc:
                on_call(name, time.perf_counter() - started, error_kind(exc))
                raise
            on_call(name, time.perf_counter() - started, None)
            if name == "insert_game" and result is not None:
                on_game("started")
            elif name == "store_move" and result and isinstance(args[0], Move) \
                    and args[0].status in FINISHED:
                on_game(args[0].status)
            elif name == "abandon" and result:
                on_game("lost")
            return result

        return timed_call
