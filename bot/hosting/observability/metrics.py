"""The bot's metrics, in Prometheus' text format through its standard client library.

One `Metrics` per bot, on its own CollectorRegistry (never the library's global one): two
bots in one process (the tests) keep their counts apart. No label ever carries a user,
server, channel or game id, nor a token: a label's values are a short, fixed list (an
interaction's kind, an outcome, a storage call's name, a shard's number), so that a series
can't be made per player, and nothing a player types or a custom_id says reaches a label
except through the cogs' fixed list of kinds.

What is counted as it happens (interactions, storage calls, games started and finished,
shard reconnects) is kept here; what is a level (queue depths, shard latency, games active)
is read from the bot when Prometheus scrapes (`add_levels`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from importlib import metadata

from prometheus_client import CollectorRegistry, Counter, Histogram, Info
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

PREFIX = "monopoly"
# Seconds: Discord wants an acknowledgement within 3 s; a board follows within a few.
ANSWER_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0)
# Storage calls: a SQLite statement takes well under a millisecond, a PostgreSQL one a
# round trip; the busy timeout and the call budget are 5 to 6 s.
DB_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 6.0)
OUTCOMES = ("answered", "refused", "failed")


def build_version() -> str:
    try:
        return metadata.version("solo-monopoly")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


class Metrics:
    """The metrics of one bot: `registry` is what its endpoint serves."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry(auto_describe=True)
        self.interactions = Counter(
            f"{PREFIX}_interactions", "Interactions handled, by kind (a command's name, a "
            "control's kind) and outcome (answered, refused, failed).",
            ["kind", "outcome"], registry=registry)
        self.ack_seconds = Histogram(
            f"{PREFIX}_interaction_ack_seconds", "From an interaction's arrival to Discord "
            "taking its first answer (the acknowledgement).", ["type"],
            buckets=ANSWER_BUCKETS, registry=registry)
        self.board_seconds = Histogram(
            f"{PREFIX}_board_update_seconds", "From a click's or command's arrival to the "
            "board picture shown (the answer or the edit carrying it).",
            buckets=ANSWER_BUCKETS, registry=registry)
        self.db_seconds = Histogram(
            f"{PREFIX}_db_call_seconds", "Storage calls' time, by call.", ["call"],
            buckets=DB_BUCKETS, registry=registry)
        self.db_errors = Counter(
            f"{PREFIX}_db_errors", "Storage calls that failed, by call and error "
            "(busy, unavailable, or the error's type).", ["call", "error"], registry=registry)
        self.games_started = Counter(
            f"{PREFIX}_games_started", "Games started by this process.", registry=registry)
        self.games_finished = Counter(
            f"{PREFIX}_games_finished", "Games finished by this process, by result.",
            ["result"], registry=registry)
        self.shard_reconnects = Counter(
            f"{PREFIX}_shard_reconnects", "Gateway connections after a shard's first "
            "(resumed or connected again).", ["shard"], registry=registry)
        self.shard_disconnects = Counter(
            f"{PREFIX}_shard_disconnects", "Gateway connections lost.", ["shard"],
            registry=registry)
        Info(f"{PREFIX}_build", "The bot's version.", registry=registry).info(
            {"version": build_version()})

    def add_levels(self, read: Callable[[], Iterable[Metric]]) -> None:
        """Levels read from the bot at each scrape: `read` gives the families the endpoint
        read on the bot's event loop for this scrape (the text is written in a thread)."""
        self.registry.register(_Levels(read))


class _Levels(Collector):
    def __init__(self, read: Callable[[], Iterable[Metric]]) -> None:
        self._read = read

    def collect(self) -> Iterable[Metric]:
        return self._read()

    def describe(self) -> Iterable[Metric]:
        return []  # read at scrape time: nothing to check at registration


def gauge(name: str, documentation: str, values: Iterable[tuple[tuple[str, ...], float]],
          labels: tuple[str, ...] = ()) -> GaugeMetricFamily:
    """A gauge family of `values` ((label values, value) each); values that aren't finite
    (a shard's latency before its first heartbeat) are left out."""
    family = GaugeMetricFamily(f"{PREFIX}_{name}", documentation, labels=list(labels))
    for label_values, value in values:
        if math.isfinite(value):
            family.add_metric(list(label_values), value)
    return family


def exposition(metrics: Metrics) -> tuple[bytes, str]:
    """The text Prometheus scrapes, and its content type."""
    from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

    return generate_latest(metrics.registry), CONTENT_TYPE_LATEST


__all__ = ["ANSWER_BUCKETS", "DB_BUCKETS", "OUTCOMES", "Metrics", "exposition", "gauge"]
