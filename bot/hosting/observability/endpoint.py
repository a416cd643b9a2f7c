"""What one bot process tells its operators: metrics, health and readiness, on one port.

`Observability` is a part of the bot (bot.parts): the interaction hook (always: the JSON
log lines' context comes from it), and with MONOPOLY_METRICS_PORT set, the metrics, the
storage's timing and an HTTP endpoint served by aiohttp on the bot's own event loop:

    GET /metrics   Prometheus' text format (bot.hosting.observability.metrics)
    GET /healthz   200 "ok", or 503 and why: the event loop doesn't answer in time
    GET /readyz    200 "ready", or 503 and why: the database doesn't answer, a shard
                   isn't connected, or the bot is starting or stopping

It listens on 127.0.0.1 unless MONOPOLY_METRICS_HOST says otherwise: the numbers are no
secret, but nothing outside the machine needs them unless its operator says so.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from aiohttp import web
from prometheus_client.core import Metric

from bot.storage import Storage
from bot.storage.probe import active_games
from bot.storage.timed import timed

from .clicks import InteractionHook
from .health import LoopWatch, readiness
from .metrics import Metrics, exposition, gauge

from bot.hosting.host import StartupError
from bot.hosting.reconnect import ShardWatch

if TYPE_CHECKING:
    from bot.hosting.host import Host

log = logging.getLogger(__name__)
COUNT_EVERY = 15.0  # seconds between counts of the games in play (a scrape asks at most this)
COUNT_BUDGET = 1.0  # seconds a scrape waits for that count before serving the last one


class Observability:
    def __init__(self, bot: Host) -> None:
        self._bot = bot
        port = bot.settings.metrics_port
        self.metrics = Metrics() if port is not None else None
        self._hook = InteractionHook(bot, self.metrics)
        self._watch: LoopWatch | None = None
        self._runner: web.AppRunner | None = None
        self.port: int | None = None  # the port listened on, once started
        self._active: float = float("nan")  # games in play, as last counted
        self._counted = 0.0  # monotonic time of that count
        self._connected: set[int] = set()  # shards that connected once already
        self._levels_now: list[Metric] = []  # read on the loop for the scrape being served

    @staticmethod
    def of(bot: Host) -> Observability:
        return bot.parts.get_or_make(Observability, lambda: Observability(bot))

    def storage_wrap(self) -> Callable[[Storage], Storage] | None:
        """How the service's storage is wrapped to be timed (None: metrics off)."""
        metrics = self.metrics
        if metrics is None:
            return None

        def on_call(call: str, seconds: float, error: str | None) -> None:
            metrics.db_seconds.labels(call).observe(seconds)
            if error is not None:
                metrics.db_errors.labels(call, error).inc()

        def on_game(what: str) -> None:
            if what == "started":
                metrics.games_started.inc()
            else:
                metrics.games_finished.labels(what).inc()

        return lambda storage: timed(storage, on_call, on_game)

    async def start(self) -> None:
        """The hook always; the endpoint when a port is set (in setup_hook, before the
        database opens: /healthz answers while the bot starts, /readyz says it isn't)."""
        self._hook.install()
        if self.metrics is None or self._runner is not None:
            return
        self.metrics.add_levels(lambda: self._levels_now)
        for event in ("on_shard_connect", "on_shard_resumed", "on_shard_disconnect"):
            self._bot.add_listener(getattr(self, f"_{event[3:]}"), event)
        self._watch = LoopWatch(asyncio.get_running_loop())
        self._watch.start()
        app = web.Application()
        app.router.add_get("/metrics", self._serve_metrics)
        app.router.add_get("/healthz", self._serve_health)
        app.router.add_get("/readyz", self._serve_ready)
        runner = web.AppRunner(app, access_log=None)  # no log line per scrape
        await runner.setup()
        host, port = self._bot.settings.metrics_host, self._bot.settings.metrics_port
        try:
            await web.TCPSite(runner, host, port).start()
        except OSError as exc:
            await runner.cleanup()
            self._watch.stop()

            reason = exc.strerror or str(exc)
            raise StartupError(f"can't serve the metrics on {host}:{port} ({reason}): check "
                               "MONOPOLY_METRICS_PORT and MONOPOLY_METRICS_HOST") from exc
        self._runner = runner
        self.port = int(runner.addresses[0][1])
        log.info("metrics and health on http://%s:%d (/metrics, /healthz, /readyz)", host,
                 self.port)

    async def stop(self) -> None:
        """Close the endpoint (first, when the bot stops: probes see the process go)."""
        if self._watch is not None:
            self._watch.stop()
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    # ---- the endpoint ------------------------------------------------------------------

    async def _serve_metrics(self, request: web.Request) -> web.Response:
        assert self.metrics is not None
        await self._count_games()
        # The bot's levels read here, on its loop; the text (some milliseconds for a few
        # hundred series) is written in a thread, so that the loop goes on answering clicks.
        self._levels_now = list(self._levels())
        body, content_type = await asyncio.to_thread(exposition, self.metrics)
        return web.Response(body=body, headers={"Content-Type": content_type})

    async def _serve_health(self, request: web.Request) -> web.Response:
        assert self._watch is not None
        problem = self._watch.verdict()
        return _answer(problem, "ok")

    async def _serve_ready(self, request: web.Request) -> web.Response:
        return _answer(await readiness(self._bot), "ready")

    async def _count_games(self) -> None:
        if time.monotonic() - self._counted < COUNT_EVERY:
            return
        try:
            service = self._bot.service
        except RuntimeError:  # not open yet
            return
        self._counted = time.monotonic()
        try:
            self._active = await asyncio.wait_for(active_games(service.core.storage),
                                                  COUNT_BUDGET)
        except Exception as exc:  # noqa: BLE001 -- the last count stands; the errors are counted
            log.debug("games in play not counted (%r)", exc)

    def _levels(self) -> Iterable[Metric]:
        """The levels, read from the bot at each scrape."""
        bot = self._bot
        try:
            workers = bot.workers
            depth = [(("pictures",), float(workers.backlog)),
                     (("hints",), float(workers.waiting_later))]
        except RuntimeError:  # not started yet
            depth = []
        yield gauge("worker_queue_depth", "Jobs waiting for a worker process, by lane "
                    "(pictures go first, hints' slices after).", depth, ("lane",))
        try:
            hints = [((), float(bot.hints.queued))]
        except RuntimeError:
            hints = []
        yield gauge("hint_queue_length", "Hints being computed or waiting for the workers.",
                    hints)
        yield gauge("games_active", "Games in play in the database (every process's: the "
                    f"same number from each, counted every {COUNT_EVERY:g} s at most).",
                    [((), self._active)])
        yield gauge("shard_latency_seconds", "Time between a gateway heartbeat and its "
                    "acknowledgement, by shard.",
                    [((str(shard),), latency) for shard, latency in bot.latencies], ("shard",))
        yield gauge("shard_connected", "1 while the shard is connected to Discord's gateway.",
                    [((str(shard),), 0.0 if info.is_closed() else 1.0)
                     for shard, info in bot.shards.items()], ("shard",))
        watch = ShardWatch.of(bot)
        now = time.monotonic()
        yield gauge("shard_away_seconds", "Seconds since the shard lost its connection to "
                    "Discord's gateway, while it is away (0 when connected).",
                    [((str(shard),), watch.seconds_away(shard, now)) for shard in bot.shards],
                    ("shard",))

    # ---- the shards' events ------------------------------------------------------------

    async def _shard_connect(self, shard_id: int) -> None:
        assert self.metrics is not None
        if shard_id in self._connected:
            self.metrics.shard_reconnects.labels(str(shard_id)).inc()
        self._connected.add(shard_id)

    async def _shard_resumed(self, shard_id: int) -> None:
        assert self.metrics is not None
        self.metrics.shard_reconnects.labels(str(shard_id)).inc()

    async def _shard_disconnect(self, shard_id: int) -> None:
        assert self.metrics is not None
        self.metrics.shard_disconnects.labels(str(shard_id)).inc()


def _answer(problem: str | None, fine: str) -> web.Response:
    if problem is None:
        return web.Response(text=f"{fine}\n")
    return web.Response(status=503, text=f"{problem}\n")
