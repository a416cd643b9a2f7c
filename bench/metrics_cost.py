"""What the operators' metrics cost a click: acknowledge p50/p99 with the metrics endpoint on
(MONOPOLY_METRICS_PORT) and off, in one run. Target: p99 on within 5% of off.

Two times per click: acknowledge, from the click sent to Discord (simcord) taking the bot's
first answer, timed on simcord's adapter, which every interaction answer goes through with
the metrics on or off alike; and the round trip, until simcord has settled everything the
click set going (the board picture drawn by a worker process and edited in, when it comes
after the answer), which the machine's load weighs on most.

The same clicks both ways: each round plays the same games (same seeds, same strategy, a
fresh SQLite file each) once with the metrics on and once off, the order alternating from
round to round, so that the machine's other load falls on both alike. A click is the whole
round trip through the real discord.py client under simcord, as bench/interaction.py
measures it (gateway event, the bot's work, the answer into simcord's Discord), timed until
the click is answered. With the metrics on, the endpoint is scraped every second meanwhile
(Prometheus' usual interval is 15 s), so its cost is in the figures too. Pictures are
drawn by worker processes, as in production.

Run: .venv/bin/python bench/metrics_cost.py [--rounds 6] [--clicks 150]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

import aiohttp
import simcord

from discord.webhook.async_ import async_context

from bot.hosting.app import MonopolyBot
from bot.hosting.observability import Observability
from bot.hosting.settings import Settings
from bot.hosting.workers import WorkerPool
from bot.pictures.board import render_board
from game_core import Game
from game_core.strategies import make_strategy

TARGET = 1.05  # p99 with the metrics on, at most this times p99 with them off
MENUS = {"sell_building": "sell", "mortgage": "mortgage", "lift_mortgage": "lift"}
SCRAPE_EVERY = 1.0  # seconds; Prometheus' usual interval is 15 s: --scrape-every 15


class AckClock:
    """Notes when Discord (simcord's adapter, the one object every answer of the bot goes
    through) took the first answer to a click; set on that object for the block's length."""

    def __init__(self, adapter: Any) -> None:
        self._adapter = adapter
        self._original = adapter.create_interaction_response
        self.acked: float | None = None
        adapter.create_interaction_response = self._answer

    async def _answer(self, *args: Any, **kwargs: Any) -> Any:
        result = await self._original(*args, **kwargs)
        if self.acked is None:
            self.acked = time.perf_counter()
        return result

    def remove(self) -> None:
        del self._adapter.create_interaction_response


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def scraping(bot: MonopolyBot, every: float, scrapes: list[float]) -> None:
    """Prometheus, scraping every `every` seconds; each scrape's time into `scrapes`."""
    port = Observability.of(bot).port
    # No keep-alive: simcord counts a connection left open as work the bot hasn't finished.
    connector = aiohttp.TCPConnector(force_close=True)
    async with aiohttp.ClientSession(connector=connector) as session:
        while True:
            await asyncio.sleep(every)
            start = time.perf_counter()
            async with session.get(f"http://127.0.0.1:{port}/metrics") as response:
                await response.read()
            scrapes.append(time.perf_counter() - start)


# (acknowledge, round trip) per click, and the CPU seconds this process spent on the block's
# clicks (the bot, simcord and the scrapes; the worker processes' pictures not): the cost
# the machine's other load blurs least.
Times = tuple[list[float], list[float], list[float]]


async def block(folder: Path, workers: WorkerPool, metrics: bool, seed: int,
                clicks: int, every: float, scrapes: list[float]) -> Times:
    """`clicks` clicks of always-buy games from `seed` on, on a fresh bot and file."""
    seeds = iter(range(seed, seed + 1000))
    name = f"{'on' if metrics else 'off'}-{seed}.sqlite3"
    settings = Settings(token="bench", db_path=folder / name, shard_count=1,
                        metrics_port=0 if metrics else None)
    bot = MonopolyBot(settings, workers=workers, seed_source=lambda: next(seeds))
    times: Times = ([], [], [])
    try:
        async with simcord.run(bot) as env:
            clock = AckClock(async_context.get())  # simcord's adapter, timed
            scraper = asyncio.create_task(scraping(bot, every, scrapes)) if metrics else None
            try:
                guild = env.create_guild("bench")
                channel = guild.create_text_channel("games")
                alice = guild.add_member(env.create_user("alice"))
                game_id = 0
                cpu = time.process_time()
                while len(times[0]) < clicks:
                    started = await alice.slash(channel, "monopoly new")
                    game_id += 1
                    await play(bot, alice, clock, started.response, game_id,
                               clicks - len(times[0]), times)
                    record = await bot.service.get(game_id)
                    if not record.game.is_over:
                        await bot.service.resign(game_id, alice.id)
                times[2].append(time.process_time() - cpu)
            finally:
                clock.remove()
                if scraper is not None:
                    scraper.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await scraper
    finally:
        await Observability.of(bot).stop()
        await bot.close_service()
    return times


async def play(bot: MonopolyBot, alice: Any, clock: AckClock, message: Any, game_id: int,
               most: int, times: Times) -> None:
    player, acks, trips = make_strategy("always-buy"), times[0], times[1]
    for _ in range(most):
        record = await bot.service.get(game_id)
        if record.game.is_over:
            break
        action = player.choose(record.game)
        ids = {c["custom_id"].split(":")[-1]: c["custom_id"]
               for row in message.components for c in row["components"] if "custom_id" in c}
        clock.acked = None
        start = time.perf_counter()
        if action.type in MENUS:
            await alice.select(message, [str(action.square)], custom_id=ids[MENUS[action.type]])
        else:
            await alice.click(message, custom_id=ids[action.type])
        trips.append(time.perf_counter() - start)
        assert clock.acked is not None, "a click was never answered"
        acks.append(clock.acked - start)


def row(label: str, seconds: list[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return (f"{label:<24} {len(ms):7,} {statistics.median(ms):9.2f} "
            f"{percentile(ms, 0.99):9.2f} {max(ms):9.2f}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--clicks", type=int, default=60, help="clicks per round and way")
    parser.add_argument("--scrape-every", type=float, default=SCRAPE_EVERY, metavar="S")
    args = parser.parse_args()
    workers = WorkerPool.start()
    await workers.warm_up(partial(render_board, Game.new(1)))
    on: Times = ([], [], [])
    off: Times = ([], [], [])
    scrapes: list[float] = []
    began = time.monotonic()
    try:
        with tempfile.TemporaryDirectory() as folder:
            for round_ in range(args.rounds):
                seed = 1 + 100 * round_
                order = (True, False) if round_ % 2 == 0 else (False, True)
                for metrics in order:
                    times = await block(Path(folder), workers, metrics, seed, args.clicks,
                                        args.scrape_every, scrapes)
                    for into, got in zip(on if metrics else off, times, strict=True):
                        into.extend(got)
    finally:
        await workers.close()
    print(f"{args.rounds} rounds x {args.clicks} clicks each way (always-buy games, the "
          f"same seeds), interleaved; {time.monotonic() - began:.0f} s")
    if scrapes:
        print(f"{len(scrapes)} scrapes meanwhile, one every {args.scrape_every:g} s: "
              f"p50 {statistics.median(scrapes) * 1000:.1f} ms, "
              f"max {max(scrapes) * 1000:.1f} ms each (the client's wait, the loop's "
              "work in it)")
    print(f"{'':<24} {'clicks':>7} {'p50 ms':>9} {'p99 ms':>9} {'max ms':>9}")
    print(row("acknowledge, metrics off", off[0]))
    print(row("acknowledge, metrics on", on[0]))
    print(row("round trip, metrics off", off[1]))
    print(row("round trip, metrics on", on[1]))
    cpu_on, cpu_off = (sum(t[2]) / len(t[0]) * 1000 for t in (on, off))
    print(f"CPU of this process per click: off {cpu_off:.2f} ms, on {cpu_on:.2f} ms "
          f"(x{cpu_on / cpu_off:.3f})")
    for what, index in (("acknowledge", 0), ("round trip", 1)):
        ratio99 = percentile(on[index], 0.99) / percentile(off[index], 0.99)
        ratio50 = statistics.median(on[index]) / statistics.median(off[index])
        verdict = "within" if ratio99 <= TARGET else "OVER"
        print(f"{what} on/off: p50 x{ratio50:.3f}, p99 x{ratio99:.3f} ({verdict} the 5% "
              "target)")


if __name__ == "__main__":
    asyncio.run(main())
