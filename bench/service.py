"""Game service speed: `act` latency and actions per second on one process (issue #3).

A fresh SQLite file gets 1,000 stored games; then 200 players act concurrently on their own
games (the simulator's strategies choose), each starting a new game when one ends.

Two runs, because with 200 players always waiting on an answer the latency is only queueing
(Little's law: 200 in flight / throughput):
- saturated: no pause between a player's actions: the most actions per second;
- paced: each player pauses a random think time between actions (exponential, its mean set so
  the 200 players together ask for --rate actions per second, like real clicks): the latency
  of one `act` under that load.
Target: p99 <= 5 ms and at least 1,000 actions/s.  Run: .venv/bin/python bench/service.py
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.service import GameRecord, GameService
from game_core.strategies import make_strategy

STRATEGIES = ("always-buy", "reserve", "never-buy", "random")


class Player:
    def __init__(self, service: GameService, owner_id: int, record: GameRecord) -> None:
        self.service = service
        self.owner_id = owner_id
        self.record = record
        self.strategy = make_strategy(STRATEGIES[owner_id % len(STRATEGIES)], owner_id)
        self.rng = random.Random(owner_id)

    async def play(self, deadline: float, think: float, latencies: list[float]) -> None:
        if think:  # arrive at random moments, not all 200 at once
            await asyncio.sleep(self.rng.uniform(0, 2 * think))
        while time.perf_counter() < deadline:
            if self.record.game.is_over:
                self.record = await self.service.start(self.owner_id, 1, 1)
            action = self.strategy.choose(self.record.game)
            began = time.perf_counter()
            result = await self.service.act(self.record.id, self.owner_id, self.record.version,
                                            action)
            latencies.append(time.perf_counter() - began)
            self.record = result.record
            if think:
                await asyncio.sleep(min(self.rng.expovariate(1 / think), deadline - began))


async def run(players: list[Player], seconds: float, think: float) -> tuple[list[float], float]:
    latencies: list[float] = []
    began = time.perf_counter()
    deadline = began + seconds
    await asyncio.gather(*(p.play(deadline, think, latencies) for p in players))
    return latencies, time.perf_counter() - began


def report(name: str, latencies: list[float], elapsed: float) -> None:
    ordered = sorted(latencies)
    p50 = statistics.median(ordered) * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    print(f"{name:<10} {len(ordered):>7,} acts  {len(ordered) / elapsed:>7,.0f} actions/s  "
          f"act latency p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  max {ordered[-1] * 1000:7.2f} ms")


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
        report("saturated", *await run(players, args.seconds, 0.0))
        report("paced", *await run(players, args.seconds, args.players / args.rate))
        print(f"target: p99 <= 5 ms and >= 1,000 actions/s ({args.players} players, "
              f"paced run asks for {args.rate:,} actions/s)")
    finally:
        await service.close()


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
