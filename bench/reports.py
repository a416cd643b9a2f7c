"""Report speed: the leaderboard, a day's daily board and `stats` (with the daily
streak) on a large database: 100,000 finished games and 10,000 finished dailies.

The rows are written straight into a fresh database (copies of one real finished game,
with varied owners, servers, rule sets, outcomes, scores and turns: playing 110,000 games
through the service would take an hour), then each report is asked one call at a time
through the real service. Target: p99 <= 10 ms each, on SQLite and on PostgreSQL.
Run: .venv/bin/python bench/service.py --reports [--postgres | --db URL | --table]
(or .venv/bin/python bench/reports.py, SQLite)
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg

from bot.application import seasons
from bot.application.records import dumps
from bot.application.service import GameService
from game_core import Game, Options
from game_core.simulate import play_one

REPORT_TARGET_P99_MS = 10.0
REPORT_GUILDS = 20
DAILY_DAYS = 10
SEASON_MONTHS = 12  # the games finished over the last year: a season's board is a month's


def report_rows(games: int, dailies: int, seed: int = 7) -> tuple[int, list[tuple[object, ...]]]:
    """`games` finished ordinary games and `dailies` finished dailies as the service leaves
    them (rows copied from one real finished game, with varied owners, servers, rule sets,
    outcomes, scores and turns): playing 110,000 games through the service would take an
    hour. Returns the day of the last daily, and the rows (INSERT_COLUMNS)."""
    rng = random.Random(seed)
    game = play_one(Game.new(seed), "always-buy", seed)
    state, options = dumps(game.to_dict()), dumps(game.options.to_dict())
    house = dumps(Options(start_cash=1_500).to_dict())
    now = time.time()
    today = int(now // 86_400)
    players = max(games // 20, 1)

    def finished(owner: int, standard: bool, daily_day: int | None) -> tuple[object, ...]:
        won = rng.random() < (0.2 if standard else 0.6)
        turns = rng.randint(20, 400)
        score = rng.randint(20_000, 28_000) if won else 0
        return (owner, rng.randrange(REPORT_GUILDS), seed, options if standard else house,
                "won" if won else "lost", state, float(owner), float(owner),
                now - rng.random() * SEASON_MONTHS * 30 * 86_400,
                score, turns, "standard" if standard else "house", daily_day)

    rows = [finished(rng.randrange(players), rng.random() < 0.8, None) for _ in range(games)]
    per_day = max(dailies // DAILY_DAYS, 1)
    for day in range(today - DAILY_DAYS + 1, today + 1):
        owners = rng.sample(range(players), min(per_day, players))
        rows += [finished(owner, True, day) for owner in owners]
    return today, rows


INSERT_COLUMNS = ("owner_id", "guild_id", "seed", "options", "status", "state", "created_at",
                  "updated_at", "finished_at", "score", "turns", "rule_set", "daily_day")


async def fill_reports(database: str, games: int, dailies: int) -> int:
    """Store the rows of `report_rows` straight into `database` (a SQLite file or a
    postgresql:// URL, its schema made); returns the day of the last daily."""
    today, rows = report_rows(games, dailies)
    if database.startswith(("postgresql://", "postgres://")):
        conn = await asyncpg.connect(database)
        try:
            await conn.copy_records_to_table("games", records=[(*row, "us") for row in rows],
                                             columns=(*INSERT_COLUMNS, "edition"))
            await conn.execute("ANALYZE")
        finally:
            await conn.close()
        return today
    lite = sqlite3.connect(database, isolation_level=None)
    try:
        lite.execute("BEGIN")
        lite.executemany(f"INSERT INTO games ({', '.join(INSERT_COLUMNS)}, edition)"
                         f" VALUES ({', '.join('?' * len(INSERT_COLUMNS))}, 'us')", rows)
        lite.execute("COMMIT")
        lite.execute("ANALYZE")
    finally:
        lite.close()
    return today


async def time_calls(name: str, calls: int, call: Callable[[int], Awaitable[object]]) -> float:
    """Prints the p50/p99 of `calls` awaited one at a time; returns the p99 in ms."""
    for i in range(20):  # warm-up: the pages the query reads
        await call(i)
    latencies = []
    for i in range(calls):
        began = time.perf_counter()
        await call(i)
        latencies.append(time.perf_counter() - began)
    ordered = sorted(latencies)
    p50 = statistics.median(ordered) * 1000
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000
    print(f"{name:<28} {calls:>6,} calls  p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  "
          f"max {ordered[-1] * 1000:6.2f} ms")
    return p99


async def reports_async(args: argparse.Namespace, database: str) -> None:
    service = await GameService.open(database)  # the schema first
    backend = service.backend
    await service.close()
    began = time.perf_counter()
    today = await fill_reports(database, args.report_games, args.dailies)
    print(f"{backend}: stored {args.report_games:,} finished games and {args.dailies:,} "
          f"dailies in {time.perf_counter() - began:.2f} s")
    service = await GameService.open(database)
    try:
        players = max(args.report_games // 20, 1)
        n = args.calls
        p99s = [
            await time_calls("leaderboard, global", n,
                             lambda i: service.leaderboard(None, limit=100)),
            await time_calls("leaderboard, a server", n,
                             lambda i: service.leaderboard(i % REPORT_GUILDS, limit=100)),
            await time_calls("daily board, global", n,
                             lambda i: service.daily.board(today - i % DAILY_DAYS, None)),
            await time_calls("daily board, a server", n,
                             lambda i: service.daily.board(today - i % DAILY_DAYS,
                                                           i % REPORT_GUILDS)),
            await time_calls("stats (with the streak)", n,
                             lambda i: _stats(service, (i * 7919) % players)),
            # A month's board (one of the last year's), a quarter's; a server's
            # reads its settings (its hidden players) first.
            await time_calls("season board, global", n,
                             lambda i: service.seasons.leaderboard(None, month(i), limit=100)),
            await time_calls("season board, a server", n,
                             lambda i: service.seasons.leaderboard(i % REPORT_GUILDS, month(i),
                                                                   limit=100)),
            await time_calls("quarter board, a server", n,
                             lambda i: service.seasons.leaderboard(
                                 i % REPORT_GUILDS, quarter(i), limit=100)),
        ]
        met = max(p99s) <= REPORT_TARGET_P99_MS
        print(f"{backend} target: each p99 <= {REPORT_TARGET_P99_MS:g} ms with "
              f"{args.report_games:,} "
              f"finished games and {args.dailies:,} dailies stored: "
              f"{'met' if met else 'MISSED'}")
    finally:
        await service.close()


def month(i: int) -> seasons.Season:
    """One of the last SEASON_MONTHS months, in turn."""
    this = seasons.month_of(time.time())
    return seasons.Season(seasons.MONTH, this - i % SEASON_MONTHS)


def quarter(i: int) -> seasons.Season:
    """One of the last few quarters, in turn."""
    return seasons.Season(seasons.QUARTER, seasons.month_of(time.time()) // 3 - i % 4)


async def _stats(service: GameService, owner: int) -> None:
    # What /monopoly stats asks: the record and the daily streak.
    await service.stats(owner)
    await service.daily.streak(owner)


def run_reports(args: argparse.Namespace, database: str | None = None) -> None:
    """On `database` (an empty SQLite file's path or PostgreSQL database's URL), else on a
    SQLite file in a scratch folder."""
    if database is not None:
        asyncio.run(reports_async(args, database))
        return
    folder = Path(tempfile.mkdtemp(prefix="bench-reports-"))
    try:
        asyncio.run(reports_async(args, str(folder / "reports.sqlite3")))
    finally:
        shutil.rmtree(folder, ignore_errors=True)  # leave nothing behind in /tmp


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--report-games", type=int, default=100_000,
                        help="finished ordinary games stored for --reports")
    parser.add_argument("--dailies", type=int, default=10_000,
                        help="finished dailies stored for --reports (over 10 days)")
    parser.add_argument("--calls", type=int, default=1_000, help="calls per report timed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    run_reports(parser.parse_args())


if __name__ == "__main__":
    main()
