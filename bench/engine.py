"""Engine speed: full-rule turns per second on one core (always-buy), against bare loops.

Two bare loops only roll two dice and move a pawn: the plain one with `random.random`
(`int(r()*6)+int(r()*6)+2`, position mod 40), the yardstick of the targets, and one with
the engine's own dice generator (`game_core.rng.dice`, slower than `random.random`). The ratios
say what the rules cost. Targets: engine >= 8% of the plain loop (issue 38; 6% before); >= 5%
of the own-dice loop. Prints medians of several repeats, all measured in the same run.
Then it checks that the engine still plays as it did before it was made faster: 300 seeded
always-buy games (every action, event and final saved state) against the digest recorded
from the code before (tests/game_core/same_play.py; the test suite pins smaller ones).
run: .venv/bin/python bench/engine.py
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from game_core.rng import dice
from game_core.simulate import simulate

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/game_core/same_play
from tests.game_core.same_play import play_digest  # noqa: E402

# play_digest("always-buy", 300, 7) of the code before the speed work (issue 38)
RECORDED_GAMES = "3220e0ff82be3aea"


def plain_loop(n: int) -> float:
    """Turns per second of: roll two dice with random.random, move a pawn."""
    r = random.Random(12345).random
    position = 0
    start = time.perf_counter()
    for _ in range(n):
        position = (position + int(r() * 6) + int(r() * 6) + 2) % 40
    return n / (time.perf_counter() - start)


def own_dice_loop(n: int) -> float:
    """Turns per second of: roll two dice with the engine's generator, move a pawn."""
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
    plain, own, full = [], [], []
    for seed in range(args.repeats):  # interleaved: a load change hits all three alike
        plain.append(plain_loop(1_000_000))
        own.append(own_dice_loop(1_000_000))
        full.append(engine(args.games, seed))
    p, o, f = (statistics.median(x) for x in (plain, own, full))
    n = args.repeats
    print(f"plain loop (random.random):    {p:12,.0f} turns/s  (median of {n})")
    print(f"own-dice loop (rng.dice):      {o:12,.0f} turns/s  (median of {n})")
    print(f"engine, always-buy, all rules: {f:12,.0f} turns/s  (median of {n})")
    print(f"ratio engine / plain loop:     {f / p:12.1%}  (target >= 8%)")
    print(f"ratio engine / own-dice loop:  {f / o:12.1%}  (target >= 5%)")
    digest = play_digest("always-buy", 300, 7)
    same = "the same as" if digest == RECORDED_GAMES else "NOT the same as"
    print(f"300 seeded always-buy games, every action and event: {digest}, {same} before "
          f"the speed work ({RECORDED_GAMES})")


if __name__ == "__main__":
    main()
