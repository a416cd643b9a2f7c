"""The day's yardstick: how the built-in `focus` player did on a day's daily.

Played once per day in the worker pool (never on the event loop) and kept for a few days;
the day's seed is computed here from the service's secret and never leaves the application
(a seed would let anyone replay the daily before playing it).
"""

from __future__ import annotations

import asyncio

from .hints import WorkerPool
from .service import GameService
from .share import Yardstick, focus_result

KEPT_DAYS = 4  # today's, with room for yesterday's and late games


class Yardsticks:
    def __init__(self, service: GameService, workers: WorkerPool) -> None:
        self._service, self._workers = service, workers
        self._kept: dict[int, asyncio.Future[Yardstick]] = {}  # by day

    async def of_day(self, day: int, *, wait: float) -> Yardstick | None:
        """The yardstick of `day`; None if it isn't done within `wait` seconds (an answer to
        Discord must not wait longer: it says the yardstick is coming)."""
        future = self._kept.get(day)
        if future is None or (future.done() and (future.cancelled()
                                                 or future.exception() is not None)):
            seed = self._service.daily.seed_of_day(day)
            future = asyncio.ensure_future(self._workers.run(focus_result, seed))
            self._kept[day] = future
            while len(self._kept) > KEPT_DAYS:
                del self._kept[next(iter(self._kept))]
        await asyncio.wait({future}, timeout=wait)
        if future.done() and not future.cancelled() and future.exception() is None:
            return future.result()
        return None
