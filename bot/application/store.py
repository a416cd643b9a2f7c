"""The game service's hold on its storage (bot.storage: SQLite or PostgreSQL), and what
every call goes through.

Closing lets the calls already running finish first: a click in flight is stored and
answered, and no checkpoint starts on a closed connection.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, TypeVar

from bot.errors import DatabaseBusy, DatabaseIncomplete, DatabaseUnavailable
from bot.storage import Storage

_S = TypeVar("_S", bound="Store")
_P = ParamSpec("_P")
_R = TypeVar("_R")


def call(method: Callable[Concatenate[_S, _P], Coroutine[Any, Any, _R]],
         ) -> Callable[Concatenate[_S, _P], Coroutine[Any, Any, _R]]:
    """Marks a public entry point: counted while it runs, so that close() lets it finish;
    and ended at the storage's call budget, whatever it waits for (issue 23): DatabaseBusy,
    or DatabaseUnavailable in an outage. A write it was waiting for goes on or fails by
    itself; the same click made again is then a duplicate or a new move."""
    async def counted(self: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        if self._closing:
            raise RuntimeError("the game service is closed")
        self._calls += 1
        self._idle.clear()
        budget = self._storage.call_budget
        try:
            if budget is None:
                return await method(self, *args, **kwargs)
            timer = asyncio.timeout(budget)
            try:
                async with timer:
                    return await method(self, *args, **kwargs)
            except TimeoutError:
                if not timer.expired():
                    raise
                if self._storage.unavailable:
                    raise DatabaseUnavailable(f"no answer within {budget:g} s") from None
                raise DatabaseBusy() from None
        finally:
            self._calls -= 1
            if not self._calls:
                self._idle.set()
    functools.update_wrapper(counted, method)
    return counted


class Store:
    def __init__(self, storage: Storage) -> None:
        self._storage = storage
        self._calls = 0  # public calls running: close() waits for them
        self._idle = asyncio.Event()
        self._idle.set()
        self._closing = False

    async def close(self) -> None:
        """Let the calls already running finish, then close the storage; a call made after
        this is a RuntimeError."""
        self._closing = True
        await self._idle.wait()
        await self._storage.close()


async def refuse_unfinished_copy(storage: Storage) -> None:
    """DatabaseIncomplete if migrate-db began copying into this database and never finished
    (bot.cli.migrate_db): the bot must not play on a database missing games."""
    marker = await storage.copy_marker()
    if marker is not None:
        began = json.loads(marker)
        raise DatabaseIncomplete(str(began.get("source")), int(began.get("games", 0)))
