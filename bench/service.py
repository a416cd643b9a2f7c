"""Game service speed: `act` latency and actions per second on one process (issue #3).

A fresh SQLite file gets 1,000 stored games; then 200 players act concurrently on their own
games (the simulator's strategies choose), each starting a new game when one ends.

Two runs, because with 200 players always waiting on an answer the latency is only queueing
(Little's law: 200 in flight / throughput):
- saturated: no pause between a player's actions: the most actions per second;
- paced: each player clicks at random moments (a Poisson process: exponential gaps, counted
  from the previous click whatever its latency, their mean set so that the 200 players
  together ask for --rate actions per second, like real clicks): the latency of one `act`
  under that load.
Target: p99 <= 5 ms and at least 1,000 actions/s, i.e. the saturated run does 1,000 actions/s
or more and the paced run, at 1,000 actions/s (give or take the 1% a random count may fall
short), answers 99% of the calls within 5 ms.  Run: .venv/bin/python bench/service.py
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import shutil
import tempfile
import time
from pathlib import Path

from bot.service import GameRecord, GameService
from game_core.strategies import make_strategy

STRATEGIES = ("always-buy", "reserve", "never-buy", "random")
TARGET_P99_MS = 5.0
TARGET_RATE = 1_000


class Player:
    def __init__(self, service: GameService, owner_id: int, record: GameRecord) -> None:
        self.service = service
        self.owner_id = owner_id
        self.record = record
        self.strategy = make_strategy(STRATEGIES[owner_id % len(STRATEGIES)], owner_id)
        self.rng = random.Random(owner_id)

    async def play(self, deadline: float, think: float, latencies: list[float]) -> None:
        # Paced: the player's clicks come at the moments of a Poisson process (a random think
        # time after the previous click, however long its answer took), so the 200 players
        # together ask for exactly the rate set, whatever the latency; the first click comes
        # at a random moment too, not all 200 at once.
        next_click = time.perf_counter()
        while True:
            if think:
                next_click += self.rng.expovariate(1 / think)
                await asyncio.sleep(max(0.0, min(next_click, deadline) - time.perf_counter()))
            if time.perf_counter() >= deadline:
                return
            if self.record.game.is_over:
                self.record = await self.service.start(self.owner_id, 1, 1)
            action = self.strategy.choose(self.record.game)
            began = time.perf_counter()
            result = await self.service.act(self.record.id, self.owner_id, self.record.version,
                                            action)
            latencies.append(time.perf_counter() - began)
            self.record = result.record


async def run(players: list[Player], seconds: float, think: float) -> tuple[list[float], float]:
    latencies: list[float] = []
    began = time.perf_counter()
    deadline = began + seconds
    await asyncio.gather(*(p.play(deadline, think, latencies) for p in players))
    return latencies, time.perf_counter() - began


def report(name: str, latencies: list[float], elapsed: float) -> tuple[float, float]:
    """Prints the run's figures; returns its actions per second and p99 latency (ms)."""
    ordered = sorted(latencies)
    p50 = statistics.median(ordered) * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    rate = len(ordered) / elapsed
    print(f"{name:<10} {len(ordered):>7,} acts  {rate:>7,.0f} actions/s  "
          f"act latency p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  max {ordered[-1] * 1000:7.2f} ms")
    return rate, p99


async def main_async(args: argparse.Namespace) -> None:
    folder = Path(args.db) if args.db else Path(tempfile.mkdtemp(prefix="bench-service-"))
    service = await GameService.open(folder / "bench.sqlite3")
    try:
        began = time.perf_counter()
        records = [await service.start(owner, owner % 7, owner, seed=owner)
                   for owner in range(1, args.games + 1)]
        print(f"stored {len(records):,} games in {time.perf_counter() - began:.2f} s "
              f"({folder / 'bench.sqlite3'})")
        players = [Player(service, r.owner_id, r) for r in records[:args.players]]
        await run(players, 1.0, 0.0)  # warm-up: caches, the log's first pages
        most, _ = report("saturated", *await run(players, args.seconds, 0.0))
        rate, p99 = report("paced", *await run(players, args.seconds, args.players / args.rate))
        met = most >= TARGET_RATE and rate >= TARGET_RATE * 0.99 and p99 <= TARGET_P99_MS
        print(f"target: p99 <= {TARGET_P99_MS:g} ms at >= {TARGET_RATE:,} actions/s "
              f"({args.players} players, paced run asks for {args.rate:,} actions/s): "
              f"{'met' if met else 'MISSED'}")
    finally:
        await service.close()
        if not args.db:  # our own scratch folder: leave nothing behind in /tmp
            shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games stored before the runs")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each run")
    parser.add_argument("--rate", type=int, default=1000,
                        help="actions per second all players together ask for in the paced run")
    parser.add_argument("--db", help="folder for the database (default: a new temp folder)")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
