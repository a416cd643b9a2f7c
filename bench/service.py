"""Game service speed: `act` latency and actions per second (issues #3 and #15).

A fresh database gets 1,000 stored games; then 200 players act concurrently on their own
games (the simulator's strategies choose), each starting a new game when one ends. The
database is a SQLite file (default), a PostgreSQL database (--db postgresql://...), or a
PostgreSQL server this script starts for itself (--postgres, the pgserver dev package). With
--processes 2 the players are split between two service processes on the one database, as
in a cluster of bot processes. --table runs all of these and prints one table.

Two runs, because with 200 players always waiting on an answer the latency is only queueing
(Little's law: 200 in flight / throughput):
- saturated: no pause between a player's actions: the most actions per second;
- paced: each player clicks at random moments (a Poisson process: exponential gaps, counted
  from the previous click whatever its latency, their mean set so that the 200 players
  together ask for --rate actions per second, like real clicks): the latency of one `act`
  under that load.
Target: p99 <= 5 ms and at least 1,000 actions/s, i.e. the saturated run does 1,000 actions/s
or more and the paced run, at 1,000 actions/s (give or take the 1% a random count may fall
short), answers 99% of the calls within 5 ms (10 ms for PostgreSQL, a network round trip
away).  Run: .venv/bin/python bench/service.py [--table]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import reports  # bench/reports.py, beside this file
from bot.application.service import GameRecord, GameService
from game_core.strategies import make_strategy

STRATEGIES = ("always-buy", "reserve", "never-buy", "random")
TARGET_P99_MS = {"sqlite": 5.0, "postgresql": 10.0}
TARGET_RATE = 1_000
PHASES = ("warm-up", "saturated", "paced")


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


def figures(latencies: list[float], elapsed: float) -> tuple[float, float, float, float]:
    """Actions per second, p50, p99 and max latency (ms)."""
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    return (len(ordered) / elapsed, statistics.median(ordered) * 1000, p99,
            ordered[-1] * 1000)


def report(name: str, latencies: list[float], elapsed: float) -> tuple[float, float]:
    """Prints the run's figures; returns its actions per second and p99 latency (ms)."""
    rate, p50, p99, most = figures(latencies, elapsed)
    print(f"{name:<10} {len(latencies):>7,} acts  {rate:>7,.0f} actions/s  "
          f"act latency p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  max {most:7.2f} ms")
    return rate, p99


# ---- one service process -------------------------------------------------------------------

def serve(database: str, owners: list[int], seconds: float, think: float,
          barrier: Any, results: Any) -> None:
    """A service process: its own GameService on `database`, playing `owners`' games; before
    each phase it waits for the other processes (`barrier`), after it sends
    (phase, latencies, elapsed) to `results`."""
    async def go() -> None:
        service = await GameService.open(database)
        try:
            players = []
            for owner in owners:
                record = await service.active_game(owner)
                assert record is not None
                players.append(Player(service, owner, record))
            for phase in PHASES:
                await asyncio.to_thread(barrier.wait)
                length = 1.0 if phase == "warm-up" else seconds
                latencies, elapsed = await run(players, length,
                                               think if phase == "paced" else 0.0)
                results.put((phase, latencies, elapsed))
        finally:
            await service.close()

    asyncio.run(go())


async def store_games(database: str, games: int) -> None:
    service = await GameService.open(database)
    try:
        for owner in range(1, games + 1):
            await service.start(owner, owner % 7, owner, seed=owner)
    finally:
        await service.close()


def measure(database: str, args: argparse.Namespace, processes: int,
            ) -> dict[str, tuple[float, float, float, float]]:
    """Store the games, run the phases on `processes` service processes; each phase's
    figures (all processes' calls together; elapsed: the longest process's)."""
    began = time.perf_counter()
    asyncio.run(store_games(database, args.games))
    print(f"stored {args.games:,} games in {time.perf_counter() - began:.2f} s", flush=True)
    owners = list(range(1, args.players + 1))
    think = args.players / args.rate  # each process's players ask for their share
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(processes), context.Queue()
    workers = [context.Process(target=serve, args=(
        database, owners[i::processes], args.seconds, think, barrier, results))
        for i in range(processes)]
    for worker in workers:
        worker.start()
    collected: dict[str, tuple[list[float], float]] = {phase: ([], 0.0) for phase in PHASES}
    for _ in range(len(PHASES) * processes):
        phase, latencies, elapsed = results.get(timeout=300)
        so_far, longest = collected[phase]
        collected[phase] = (so_far + latencies, max(longest, elapsed))
    for worker in workers:
        worker.join(60)
    if any(worker.exitcode != 0 for worker in workers):
        raise SystemExit("a service process failed")
    return {phase: figures(*collected[phase]) for phase in PHASES[1:]}


# ---- databases -----------------------------------------------------------------------------

@contextmanager
def sqlite_database(folder: str | None) -> Iterator[str]:
    scratch = Path(folder) if folder else Path(tempfile.mkdtemp(prefix="bench-service-"))
    try:
        yield str(scratch / "bench.sqlite3")
    finally:
        if not folder:  # our own scratch folder: leave nothing behind in /tmp
            shutil.rmtree(scratch, ignore_errors=True)


@contextmanager
def own_postgres() -> Iterator[str]:
    """A PostgreSQL server of our own (pgserver) in a scratch folder, deleted after."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver

    scratch = tempfile.mkdtemp(prefix="bench-postgres-")
    server = pgserver.get_server(scratch, cleanup_mode="delete")
    try:
        yield server.get_uri()
    finally:
        server.cleanup()
        shutil.rmtree(scratch, ignore_errors=True)


@contextmanager
def database_for(args: argparse.Namespace, backend: str) -> Iterator[str]:
    if backend == "sqlite":
        with sqlite_database(None if _is_url(args.db) else args.db) as path:
            yield path
    elif _is_url(args.db):
        yield with_settings(args.db, args.pg_setting)  # an empty database made for the bench
    else:
        with own_postgres() as url:
            yield with_settings(url, args.pg_setting)


def with_settings(url: str, settings: list[str]) -> str:
    """`url` with PostgreSQL settings for the bot's sessions (asyncpg passes unknown query
    parameters on as server settings), e.g. synchronous_commit=off."""
    if not settings:
        return url
    return url + ("&" if "?" in url else "?") + "&".join(settings)


def _is_url(text: str | None) -> bool:
    return bool(text) and str(text).startswith(("postgresql://", "postgres://"))


# ---- main ----------------------------------------------------------------------------------

def one_run(args: argparse.Namespace) -> None:
    backend = "postgresql" if args.postgres or _is_url(args.db) else "sqlite"
    with database_for(args, backend) as database:
        results = measure(database, args, args.processes)
    print(f"{backend}, {args.processes} service process(es), {args.players} players:")
    for phase, (rate, p50, p99, most) in results.items():
        print(f"{phase:<10} {rate:>7,.0f} actions/s  act latency p50 {p50:6.2f} ms  "
              f"p99 {p99:6.2f} ms  max {most:7.2f} ms")
    rate, p99 = results["paced"][0], results["paced"][2]
    met = (results["saturated"][0] >= TARGET_RATE and rate >= TARGET_RATE * 0.99
           and p99 <= TARGET_P99_MS[backend])
    print(f"target: p99 <= {TARGET_P99_MS[backend]:g} ms at >= {TARGET_RATE:,} actions/s "
          f"({args.players} players, paced run asks for {args.rate:,} actions/s): "
          f"{'met' if met else 'MISSED'}")


def table(args: argparse.Namespace) -> None:
    rows = []
    for backend in ("sqlite", "postgresql"):
        for processes in (1, 2):
            print(f"-- {backend}, {processes} process(es)", flush=True)
            with database_for(args, backend) as database:
                rows.append((backend, processes, measure(database, args, processes)))
    print()
    print(f"{args.players} players, {args.games:,} stored games, {args.seconds:g} s per run; "
          f"paced: {args.rate:,} actions/s asked for")
    print("| Database | Service processes | Saturated actions/s | Paced actions/s "
          "| Paced p50 ms | Paced p99 ms |")
    print("|---|---|---|---|---|---|")
    for backend, processes, results in rows:
        paced = results["paced"]
        print(f"| {backend} | {processes} | {results['saturated'][0]:,.0f} | {paced[0]:,.0f} "
              f"| {paced[1]:.2f} | {paced[2]:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games stored before the runs")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each run")
    parser.add_argument("--rate", type=int, default=1000,
                        help="actions per second all players together ask for in the paced run")
    parser.add_argument("--db", help="folder for the SQLite file (default: a new temp folder), "
                        "or an empty PostgreSQL database's postgresql:// URL")
    parser.add_argument("--postgres", action="store_true",
                        help="start a PostgreSQL server of our own (pgserver) and use it")
    parser.add_argument("--processes", type=int, default=1, help="service processes")
    parser.add_argument("--pg-setting", action="append", default=[], metavar="NAME=VALUE",
                        help="a PostgreSQL setting for the bot's sessions, e.g. "
                             "synchronous_commit=off (see README, Scaling out)")
    parser.add_argument("--table", action="store_true",
                        help="SQLite and PostgreSQL, 1 and 2 processes: one table")
    parser.add_argument("--reports", action="store_true",
                        help="time the leaderboard, the daily board and stats on 100,000 "
                             "finished games and 10,000 dailies instead (bench/reports.py); "
                             "with --postgres or --db URL on PostgreSQL, with --table on both")
    reports.add_arguments(parser)
    args = parser.parse_args()
    if args.reports:
        backends = ("sqlite", "postgresql") if args.table else (
            "postgresql" if args.postgres or _is_url(args.db) else "sqlite",)
        for backend in backends:
            with database_for(args, backend) as database:
                reports.run_reports(args, database)
    elif args.table:
        table(args)
    else:
        one_run(args)


if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())  # spawned service processes import this file's modules
    main()


