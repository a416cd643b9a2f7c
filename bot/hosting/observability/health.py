"""/healthz and /readyz: is this process alive, and may it be sent players.

Alive (`LoopWatch`): the event loop answers. A thread of its own asks the loop to run a
tiny callback every PING_EVERY seconds and notes how late it ran; the loop is healthy while
no answer in the last WINDOW seconds came later than BUDGET. A thread, because a loop that
is stuck can't time itself; the endpoint itself is served on the loop, so a loop stuck for
good isn't answered at all, which a probe takes as a failure too.

Ready (`readiness`): the database answers a statement that needs what a click needs (the
write lock on SQLite, which another program may hold; a writable server on PostgreSQL)
within READY_BUDGET, every shard this process runs is connected to Discord (one away says
since when, and when its next reconnect is: bot.hosting.reconnect), and in a rolling restart
this process serves them (not standing by: bot.hosting.handoff).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from typing import TYPE_CHECKING

from bot.errors import DatabaseBusy, DatabaseUnavailable
from bot.hosting.reconnect import ShardWatch
from bot.storage.probe import answers

if TYPE_CHECKING:
    from bot.hosting.host import Host

PING_EVERY = 0.5
BUDGET = 1.0  # seconds a callback may wait for the loop before the process is unhealthy
WINDOW = 5.0  # seconds an answer that late keeps /healthz at 503
READY_BUDGET = 2.0  # seconds the database has to answer /readyz's statement


class LoopWatch:
    """Times the event loop's answers from a thread; `verdict()` on the loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._late: deque[tuple[float, float]] = deque(maxlen=64)  # (answered at, lateness)
        self._sent: float | None = None  # a ping not answered yet, sent at
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="loop-watch", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.wait(PING_EVERY):
            if self._sent is not None:
                continue  # the last one is still waiting: its lateness is being measured
            self._sent = time.monotonic()
            try:
                self._loop.call_soon_threadsafe(self._answered)
            except RuntimeError:  # the loop is closed: the process is stopping
                return

    def _answered(self) -> None:
        sent, self._sent = self._sent, None
        if sent is not None:
            now = time.monotonic()
            self._late.append((now, now - sent))

    def verdict(self) -> str | None:
        """None when healthy, else why not (one line)."""
        now = time.monotonic()
        if self._sent is not None and now - self._sent > BUDGET:
            return f"the event loop has not answered for {now - self._sent:.1f} s"
        worst = max((late for at, late in self._late if now - at <= WINDOW), default=0.0)
        if worst > BUDGET:
            return f"the event loop answered {worst:.1f} s late in the last {WINDOW:g} s"
        return None


async def readiness(bot: Host) -> str | None:
    """None when this process may be sent players, else why not (one line)."""
    if bot.is_closed() or bot.drain.draining:  # draining: clicks are being refused
        return "stopping"
    try:
        service = bot.service
    except RuntimeError:  # setup_hook hasn't opened it yet
        return "starting: the database is not open yet"
    try:
        await answers(service.core.storage, READY_BUDGET)
    except DatabaseBusy:
        return "database busy: another program holds its lock"
    except DatabaseUnavailable as exc:
        return f"database unavailable ({exc.detail})"
    except TimeoutError:
        return f"database: no answer within {READY_BUDGET:g} s"
    except Exception as exc:  # noqa: BLE001 -- any other failure is "not ready", told
        return f"database error ({type(exc).__name__})"
    closed = sorted(shard_id for shard_id, shard in bot.shards.items() if shard.is_closed())
    watch = ShardWatch.of(bot)
    away = [f"shard {s} not connected to Discord ({watch.describe(s)})" for s in closed
            if s in watch.away]
    if away:
        return "; ".join(away)
    if not bot.is_ready():
        return "not connected to Discord yet"
    if closed:
        return f"shard {', '.join(map(str, closed))} not connected to Discord"
    if bot.handoff is not None and bot.handoff.waiting:
        shards = ", ".join(map(str, sorted(bot.handoff.waiting)))
        return f"standing by for shard {shards}: another process serves it"
    return None
