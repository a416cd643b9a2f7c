"""Rate limits for the Activity's endpoints: a token bucket per key (a session's user, or
an address for the token exchange). A key over its rate is refused at once (429 with how
long to wait) without costing the others anything: no waiting, no shared lock, one dict
lookup a request. Buckets idle long enough to be full again are forgotten, so a flood of
new keys can't grow the memory without bound."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

MAX_KEYS = 50_000


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class RateLimit:
    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self._clock = rate, burst, clock
        self._buckets: dict[object, _Bucket] = {}
        self.refused = 0  # how many requests were held off (tests, metrics)

    def take(self, key: object) -> float:
        """0.0 if `key` may go now (and it is counted), else the seconds to wait."""
        now = self._clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= MAX_KEYS:
                self._forget(now)
            bucket = self._buckets[key] = _Bucket(float(self.burst), now)
        else:
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.rate)
            bucket.at = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        self.refused += 1
        return (1.0 - bucket.tokens) / self.rate

    def _forget(self, now: float) -> None:
        full = self.burst / self.rate
        for key in [k for k, b in self._buckets.items() if now - b.at >= full]:
            del self._buckets[key]
        if len(self._buckets) >= MAX_KEYS:  # all busy: drop the oldest half
            for key in sorted(self._buckets, key=lambda k: self._buckets[k].at)[
                    :MAX_KEYS // 2]:
                del self._buckets[key]


def retry_after(seconds: float) -> str:
    """A Retry-After header's value: whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))
