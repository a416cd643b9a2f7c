"""Engine speed: full-rule turns per second on one core (always-buy), against a bare loop.

The bare loop only rolls two dice and moves a pawn, with the engine's own dice generator;
the ratio says what the rules cost. Target (issue #2): engine >= 5% of the bare loop.
Prints medians of several repeats; run: .venv/bin/python bench/engine.py
"""

from __future__ import annotations

import argparse
import statistics
import time

from game_core.rng import dice
from game_core.simulate import simulate


def bare_loop(n: int) -> float:
    """Turns per second of: roll two dice, move a pawn."""
    position = 0
    start = time.perf_counter()
    for i in range(n):
        d1, d2 = dice(12345, i)
        position = (position + d1 + d2) % 40
    return n / (time.perf_counter() - start)


def engine(games: int, seed: int) -> float:
    report = simulate(games, seed, "always-buy")
    return sum(report.turns) / report.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    bare = [bare_loop(1_000_000) for _ in range(args.repeats)]
    full = [engine(args.games, seed) for seed in range(args.repeats)]
    b, f = statistics.median(bare), statistics.median(full)
    print(f"bare loop (roll + move):      {b:12,.0f} turns/s  (median of {args.repeats})")
    print(f"engine, always-buy, all rules: {f:11,.0f} turns/s  (median of {args.repeats})")
    print(f"ratio engine / bare loop:      {f / b:11.1%}  (target >= 5%)")


if __name__ == "__main__":
    main()
