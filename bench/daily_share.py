"""What the daily's Share and yardstick cost: both run in the worker pool, off the
event loop; this times them in one process on the daily's own seeds (a fixed bench secret).

- yardstick: the built-in `focus` player plays the whole daily (once per day, then kept);
- marks: the Share's replay of a finished game into its one-line strip (each Share and each
  result shown), here on the focus games themselves.

Also prints how long the dailies last and how many marks their strips have.

    .venv/bin/python bench/daily_share.py [--days 300]
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import date

from bot.application.daily import FIRST_DAILY, daily_seed
from bot.application.share import focus_result, shape
from game_core import Game
from game_core.story import GameLog
from game_core.strategies import make_strategy

SECRET = b"bench/daily_share.py: a fixed secret, so every run plays the same dailies"


def focus_log(seed: int) -> GameLog:
    game, player, actions = Game.new(seed), make_strategy("focus"), []
    while not game.is_over:
        action = player.choose(game)
        game.apply(action)
        actions.append(action)
    return GameLog(seed, game.options.to_dict(), "us", tuple(actions))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=300)
    days = parser.parse_args().days
    first = (FIRST_DAILY - date(1970, 1, 1)).days
    seeds = [daily_seed(SECRET, first + i) for i in range(days)]
    yard_ms, mark_ms, turns, marks, won = [], [], [], [], 0
    for seed in seeds:
        start = time.perf_counter()
        result = focus_result(seed)
        yard_ms.append((time.perf_counter() - start) * 1000)
        log = focus_log(seed)
        start = time.perf_counter()
        strip = shape(log)
        mark_ms.append((time.perf_counter() - start) * 1000)
        turns.append(result.turns)
        marks.append(len(strip.marks))
        won += result.won
    print(f"{days} dailies, focus won {won} ({won / days:.1%}); turns median "
          f"{statistics.median(turns):.0f}, max {max(turns)}; marks median "
          f"{statistics.median(marks):.0f}, max {max(marks)}")
    print(f"yardstick (a whole focus game): median {statistics.median(yard_ms):.1f} ms, "
          f"p99 {percentile(yard_ms, 0.99):.1f} ms")
    print(f"share marks (a replay): median {statistics.median(mark_ms):.1f} ms, "
          f"p99 {percentile(mark_ms, 0.99):.1f} ms")


if __name__ == "__main__":
    main()
