"""Picture speed and size: median and p99 time of each picture a worker
draws, and its PNG, on three games:

- a US game: a 232-turn win ("focus", seed 2), drawn in English;
- a French game: the same choices on the French board (Cr), drawn in French;
- a 300-turn game: "always-buy" on a rich start (never broke), drawn in English, its board
  crowded with houses, its recap and money map the longest there are.

For each: the board as it stands at the end (`render_board`; its first render, which draws
and caches the static board, is timed apart), the recap and the money map as the worker's
jobs run them (replay of the log, H3, included). Then the record chart of a player with 200
finished games, a fifth won, a third under house rules (/monopoly stats).

Targets: board median <= 15 ms; recap, money map, record chart p99 <= 100 ms; every PNG
<= 300 KB. The machine is shared: keep --renders small (the default takes ~15 s).

    .venv/bin/python bench/render.py [--renders 40]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from bot.application.records import FinishedGame
from bot.pictures import jobs
from bot.pictures.board import render_board
from bot.pictures.record_chart import render_record
from game_core import Game
from game_core.events import Moved
from game_core.story import GameLog
from game_core.strategies import make_strategy

MAX_PNG = 300_000
BOARD_MEDIAN_MS, P99_MS = 15.0, 100.0
RICH = {"start_cash": 10_000_000, "treasury": 10**12}


def timed(draw: Callable[[], bytes], renders: int) -> tuple[float, float, float, int]:
    """First call, median and p99 of the following ones (ms), and the PNG's size."""
    start = time.perf_counter()
    png = draw()
    first = time.perf_counter() - start
    times = []
    for _ in range(renders):
        start = time.perf_counter()
        draw()
        times.append(time.perf_counter() - start)
    times.sort()
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    return first * 1000, statistics.median(times) * 1000, p99 * 1000, len(png)


def played(seed: int, strategy: str, edition: str, options: dict[str, int] | None = None,
           turns: int | None = None) -> tuple[GameLog, Game, tuple[int, int] | None]:
    """A game played to its end (or `turns` turns), its log, and its last move."""
    game, chooser, actions = Game.new(seed, options, edition), make_strategy(strategy, seed), []
    move = None
    while not game.is_over and (turns is None or game.turn < turns):
        actions.append(chooser.choose(game))
        moved = [e for e in game.apply(actions[-1]) if isinstance(e, Moved)]
        if moved:
            move = (moved[0].start, moved[-1].end)
    return GameLog(seed, game.options.to_dict(), edition, tuple(actions)), game, move


def record(n: int = 200) -> list[FinishedGame]:
    rng = random.Random(16)
    return [FinishedGame(won=rng.random() < 0.2, score=rng.randint(20_000, 28_000),
                         turns=rng.randint(20, 300), standard=rng.random() < 0.67)
            for _ in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--renders", type=int, default=40)
    args = parser.parse_args()
    games = [("US game", "en", played(2, "focus", "us")),
             ("French game", "fr", played(2, "focus", "fr")),
             ("300-turn game", "en", played(3, "never-buy", "us", RICH, turns=300))]
    rows: list[tuple[str, Callable[[], bytes], str, float]] = []
    for name, locale, (log, game, move) in games:
        print(f"{name}: edition {log.edition}, {game.turn} turns, {len(log.actions)} actions, "
              f"drawn in {locale}")

        def board(game: Game = game, move: tuple[int, int] | None = move,
                  locale: str = locale) -> bytes:
            return render_board(game, last_move=move, locale=locale)

        def recap(log: GameLog = log, locale: str = locale) -> bytes:
            return jobs.recap(log, locale).png or b""

        def money_map(log: GameLog = log, locale: str = locale) -> bytes:
            return jobs.money_map(log, locale).png or b""

        rows += [(f"{name}: board", board, "median", BOARD_MEDIAN_MS),
                 (f"{name}: recap (job)", recap, "p99", P99_MS),
                 (f"{name}: money map (job)", money_map, "p99", P99_MS)]
    chart = record()
    rows.append(("record chart, 200 games", lambda: render_record(chart, locale="en"), "p99",
                 P99_MS))
    load = os.getloadavg()[0]
    print(f"\nload average {load:.1f} on {os.cpu_count()} cores (the p99s rise with it)")
    print(f"{'picture':<34}{'first':>9}{'median':>9}{'p99':>9}{'PNG':>11}  target")
    for name, draw, which, limit in rows:
        first, median, p99, size = timed(draw, args.renders)
        value = median if which == "median" else p99
        verdict = "ok" if value <= limit and size <= MAX_PNG else "OVER"
        print(f"{name:<34}{first:7.1f}ms{median:7.1f}ms{p99:7.1f}ms{size:>9,} B  "
              f"{which} <= {limit:.0f} ms, PNG <= 300 KB: {verdict}")


if __name__ == "__main__":
    main()
