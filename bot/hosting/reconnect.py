"""Back in seconds after one of Discord's outages: each shard's reconnects capped, logged and
watched.

discord.py waits between a shard's reconnects with its ExponentialBackoff: up to 2^10 s
(17 min), so after an outage of a few minutes a shard may stay away for minutes more
(436 s was seen). `CappedBackoff` replaces it on every shard (`ShardWatch.adopt`, from the
bot's `launch_shard`): the wait doubles from 1 s to at most MAX_DELAY, each wait drawn
between half and all of it (jitter: the shards, and every bot that Discord's outage cut,
don't all come back at the same instant), and starts again from 1 s once the shard is back.

`ShardWatch` notes since when each shard is away and how many tries it has made; /readyz and
the `monopoly_shard_away_seconds` metric say it, and discord.py's log line for each try
("Attempting a reconnect ... in N s" and a traceback) becomes one line saying which shard,
for how long, why the last try failed and when the next one is.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass
from typing import Any, cast

from discord.backoff import ExponentialBackoff

from .registry import Registry

log = logging.getLogger(__name__)

FIRST_DELAY = 1.0  # seconds: the first wait is between half of this and this
MAX_DELAY = 40.0  # seconds: no wait between two tries is longer (Discord back: here within it)
# discord.py's line for each try (discord/shard.py, Shard._handle_disconnect).
DISCORD_LINE = "Attempting a reconnect for shard ID %s in %.2fs"


class CappedBackoff(ExponentialBackoff[bool]):
    """Exponential, capped at MAX_DELAY, with jitter; `reset()` once connected."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__()
        self._rng = rng or random.Random()
        self.tries = 0

    def delay(self) -> float:
        self.tries += 1
        ceiling = min(MAX_DELAY, FIRST_DELAY * 2 ** (self.tries - 1))
        return self._rng.uniform(ceiling / 2, ceiling)

    def reset(self) -> None:
        self.tries = 0


@dataclass
class Away:
    since: float  # time.monotonic() the shard lost its connection
    tries: int = 0  # reconnects tried since
    next_try: float | None = None  # time.monotonic() of the next one, once scheduled


class ShardWatch:
    """Per bot: the shards' backoffs and which shards are away since when."""

    def __init__(self) -> None:
        self.away: dict[int, Away] = {}
        self._backoffs: dict[int, CappedBackoff] = {}
        self._filter = _RewordRetries(self)
        logging.getLogger("discord.shard").addFilter(self._filter)

    @staticmethod
    def of(bot: Any) -> ShardWatch:
        return Registry.of(bot).get_or_make(ShardWatch, ShardWatch)

    def adopt(self, shard_id: int, shard: Any) -> None:
        """Give discord.py's Shard object our backoff (it reads `shard._backoff`)."""
        backoff = self._backoffs.setdefault(shard_id, CappedBackoff())
        shard._backoff = backoff

    def listen(self, bot: Any) -> None:
        for event in ("on_shard_connect", "on_shard_resumed"):
            bot.add_listener(self._back, event)
        bot.add_listener(self._gone, "on_shard_disconnect")

    def close(self) -> None:
        logging.getLogger("discord.shard").removeFilter(self._filter)

    async def _back(self, shard_id: int) -> None:
        away = self.away.pop(shard_id, None)
        backoff = self._backoffs.get(shard_id)
        if backoff is not None:
            backoff.reset()
        if away is not None:
            log.info("shard %d connected to Discord again after %.1f s away (%d tries)",
                     shard_id, time.monotonic() - away.since, away.tries)

    async def _gone(self, shard_id: int) -> None:
        self.away.setdefault(shard_id, Away(time.monotonic()))

    def retried(self, shard_id: int, delay: float) -> Away:
        away = self.away.setdefault(shard_id, Away(time.monotonic()))
        away.tries += 1
        away.next_try = time.monotonic() + delay
        return away

    def seconds_away(self, shard_id: int, now: float | None = None) -> float:
        away = self.away.get(shard_id)
        return 0.0 if away is None else (now or time.monotonic()) - away.since

    def describe(self, shard_id: int) -> str:
        """`away 42 s, next try in 7 s` (for /readyz)."""
        away = self.away.get(shard_id)
        if away is None:
            return ""
        now = time.monotonic()
        text = f"away {now - away.since:.0f} s"
        if away.next_try is not None and away.next_try > now:
            text += f", next try in {away.next_try - now:.0f} s"
        return text


class _RewordRetries(logging.Filter):
    """discord.py's line for a reconnect try, with its traceback, made one line of ours."""

    def __init__(self, watch: ShardWatch) -> None:
        super().__init__()
        self._watch = watch

    def filter(self, record: logging.LogRecord) -> bool:
        # discord.py's logger is the process's: with several bots in one process (the
        # tests) every watch sees the line; the first rewords it, each counts the try.
        retry = getattr(record, "monopoly_retry", None)
        if retry is not None:
            self._watch.retried(*retry)
            return True
        if record.msg != DISCORD_LINE or not isinstance(record.args, tuple):
            return True
        shard_id, delay = cast(tuple[int, float], record.args)
        record.monopoly_retry = (int(shard_id), float(delay))
        away = self._watch.retried(int(shard_id), float(delay))
        error = record.exc_info[1] if record.exc_info else None
        reason = " ".join(str(error).split())[:200] if error is not None else "closed"
        record.msg = ("shard %s away for %.0f s, try %d failed (%s: %s); next try in %.1f s")
        record.args = (shard_id, time.monotonic() - away.since, away.tries,
                       type(error).__name__ if error is not None else "connection", reason,
                       delay)
        record.exc_info = None
        record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True
