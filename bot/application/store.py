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
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from bot.errors import DatabaseBusy, DatabaseIncomplete, DatabaseUnavailable
from bot.storage import Storage


class Gated(Protocol):
    """What `call` wraps the methods of: the game service and its parts, which all go
    through the one Store, so that close() waits for every part's calls."""

    _store: Store


_S = TypeVar("_S", bound=Gated)
_P = ParamSpec("_P")
_R = TypeVar("_R")


def call(method: Callable[Concatenate[_S, _P], Coroutine[Any, Any, _R]],
         ) -> Callable[Concatenate[_S, _P], Coroutine[Any, Any, _R]]:
    """Marks a public entry point: counted while it runs, so that close() lets it finish;
    and ended at the storage's call budget, whatever it waits for: DatabaseBusy,
    or DatabaseUnavailable in an outage. A write it was waiting for goes on or fails by
    itself; the same click made again is then a duplicate or a new move."""
    async def counted(self: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        store = self._store
        if store._closing:
            raise RuntimeError("the game service is closed")
        store._calls += 1
        store._idle.clear()
        budget = store._storage.call_budget
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
                if store._storage.unavailable:
                    raise DatabaseUnavailable(f"no answer within {budget:g} s") from None
                raise DatabaseBusy() from None
        finally:
            store._calls -= 1
            if not store._calls:
                store._idle.set()
    functools.update_wrapper(counted, method)
    return counted


class Store:
    def __init__(self, storage: Storage) -> None:
        self._storage = storage
        self._calls = 0  # public calls running: close() waits for them
        self._idle = asyncio.Event()
        self._idle.set()
        self._closing = False

    @property
    def storage(self) -> Storage:
        """The database the calls go to (for the parts that read or write it)."""
        return self._storage

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
