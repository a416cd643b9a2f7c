"""Picture speed and size: median and p99 time of each picture a worker draws, and its PNG.

- board: `render_board` on a mid-game board (issue 5). The first render, which draws and
  caches the static board, is timed apart; the rest time what every action costs the bot.
  Target: median <= 30 ms.
- recap, money map (issue 16): the jobs the worker runs for a finished game, replay of its
  log (H3) included: a 232-turn win ("focus", seed 2). Targets: recap <= 100 ms, money map
  <= 30 ms.
- record chart (issue 16): /monopoly stats of a player with 200 finished games, a fifth of
  them won, a third under house rules. Target <= 100 ms.
Every PNG <= 300 KB. Run: .venv/bin/python bench/render.py [--renders 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from bot.pictures import jobs
from bot.pictures.board import render_board, sample_game
from bot.pictures.heatmap import render_money_map
from bot.pictures.recap import render_recap
from bot.pictures.record_chart import render_record
from bot.application.records import FinishedGame
from game_core import Game
from game_core.story import GameLog
from game_core.strategies import make_strategy

MAX_PNG = 300_000


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


def finished_log(seed: int = 2, strategy: str = "focus") -> GameLog:
    game, chooser, actions = Game.new(seed), make_strategy(strategy, seed), []
    while not game.is_over:
        actions.append(chooser.choose(game))
        game.apply(actions[-1])
    return GameLog(seed, game.options.to_dict(), game.edition, tuple(actions))


def record(n: int = 200) -> list[FinishedGame]:
    rng = random.Random(16)
    return [FinishedGame(won=rng.random() < 0.2, score=rng.randint(20_000, 28_000),
                         turns=rng.randint(20, 300), standard=rng.random() < 0.67)
            for _ in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--renders", type=int, default=200)
    parser.add_argument("--edition", default="us")
    args = parser.parse_args()
    game, move = sample_game(edition=args.edition)
    log = finished_log()
    story = log.story()
    games = record()
    print(f"board: edition {args.edition}, turn {game.turn}, last move {move}; "
          f"recap and money map: a {story.headline.turns}-turn win, {len(log.actions)} actions; "
          f"record chart: {len(games)} games")
    print(f"{'picture':<22}{'first':>9}{'median':>9}{'p99':>9}{'PNG':>11}  target")
    pictures: list[tuple[str, Callable[[], bytes], str]] = [
        ("board", lambda: render_board(game, last_move=move), "median <= 30 ms"),
        ("recap (job)", lambda: jobs.recap(log, "en").png or b"", "<= 100 ms"),
        ("  of which drawing", lambda: render_recap(story, locale="en"), ""),
        ("money map (job)", lambda: jobs.money_map(log, "en").png or b"", "<= 30 ms"),
        ("  of which drawing", lambda: render_money_map(story, locale="en"), ""),
        ("record chart", lambda: render_record(games, locale="en"), "<= 100 ms"),
    ]
    for name, draw, target in pictures:
        first, median, p99, size = timed(draw, args.renders)
        print(f"{name:<22}{first:7.1f}ms{median:7.1f}ms{p99:7.1f}ms{size:>9,} B  {target}"
              + ("" if size <= MAX_PNG else "  PNG OVER 300 KB"))


if __name__ == "__main__":
    main()
