"""The games every open view of the Activity shows, kept up to date from either side.

Each view (a WebSocket of the page) follows one player: the viewer, or for a watcher the
player whose game the instance was launched for. When this process stores a move or a new
game of that player (a click on the chat message, a tap on the board, a command), the
game core's change listener hands the new record here and every view of that player is
woken with it: only the newest state is kept per view, so a Roll on's fifty moves wake a
slow view once, not fifty times.

Another process of a cluster moves games too (any process serves any click): each followed
game is also read from the database every POLL_SECONDS, and a version newer than the one
shown wakes its views the same way. That costs one indexed row read per followed game per
period, whatever the number of views.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence

from game_core import Event

from bot.application.core import GameCore
from bot.application.records import GameRecord

log = logging.getLogger(__name__)
POLL_SECONDS = 2.0


class View:
    """One open view: the player it follows and the newest state not shown yet."""

    def __init__(self, owner_id: int, game_id: int | None, version: int) -> None:
        self.owner_id = owner_id
        self.game_id = game_id
        self.version = version  # of the newest state handed over
        self.newest: tuple[GameRecord, Sequence[Event]] | None = None
        self._woken = asyncio.Event()

    def offer(self, record: GameRecord, events: Sequence[Event]) -> None:
        if record.id == self.game_id and record.version <= self.version:
            return
        if self.game_id is not None and record.id < self.game_id:
            return  # an older game of the player, moved by nothing but a repeat
        self.game_id, self.version = record.id, record.version
        self.newest = (record, events)
        self._woken.set()

    def again(self, record: GameRecord) -> None:
        """The state shown, with something new said about it (the Hint asked): shown again."""
        if record.id == self.game_id and record.version == self.version:
            self.newest = (record, ())
            self._woken.set()

    async def next(self) -> tuple[GameRecord, Sequence[Event]]:
        """The newest state since the last call, waiting for one."""
        while self.newest is None:
            self._woken.clear()
            await self._woken.wait()
        newest, self.newest = self.newest, None
        return newest


class LiveGames:
    """The views open in this process, by the player they follow."""

    def __init__(self, core: GameCore, poll_seconds: float = POLL_SECONDS) -> None:
        self._core = core
        self._views: dict[int, set[View]] = {}
        self._poll_seconds = poll_seconds
        self._poller: asyncio.Task[None] | None = None
        core.on_change.append(self._changed)
        self.pushes = 0  # states handed to views (tests, the bench)

    def open(self, owner_id: int, record: GameRecord | None) -> View:
        view = View(owner_id, record.id if record else None, record.version if record else -1)
        self._views.setdefault(owner_id, set()).add(view)
        if self._poller is None and self._poll_seconds > 0:
            self._poller = asyncio.create_task(self._poll())
        return view

    def close(self, view: View) -> None:
        views = self._views.get(view.owner_id)
        if views is not None:
            views.discard(view)
            if not views:
                del self._views[view.owner_id]

    @property
    def open_views(self) -> int:
        return sum(len(views) for views in self._views.values())

    async def stop(self) -> None:
        with contextlib.suppress(ValueError):
            self._core.on_change.remove(self._changed)
        poller, self._poller = self._poller, None
        if poller is not None:
            poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await poller

    def said(self, record: GameRecord) -> None:
        """Something new to show about `record` as it is (its Hint): every view of its
        player that shows this version gets it again. Only this process's views: the
        Hint is remembered by the process that computed it (a view elsewhere in a cluster
        shows it once the player asks there, or never if a move comes first)."""
        for view in self._views.get(record.owner_id, ()):
            view.again(record)
            self.pushes += 1

    def _changed(self, record: GameRecord, events: Sequence[Event]) -> None:
        for view in self._views.get(record.owner_id, ()):
            view.offer(record, events)
            self.pushes += 1

    async def _poll(self) -> None:
        """Moves made by other processes: read each followed game now and then."""
        while True:
            await asyncio.sleep(self._poll_seconds)
            followed = {view.game_id: view.version for views in self._views.values()
                        for view in views if view.game_id is not None}
            for game_id, shown in followed.items():
                try:
                    record = await self._core.read(game_id)
                except Exception as exc:  # noqa: BLE001 -- the next period tries again
                    log.debug("game %d: not read for its views (%r)", game_id, exc)
                    continue
                if record.version > shown:
                    self._changed(record, ())
