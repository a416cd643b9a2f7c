"""Do two players of one daily see the same dice? (H4.) Before: dice by draw (the
scheme of games stored before H4, one counter for every die); after: dice by roll.

For 2,000 daily seeds (the daily's own HMAC seeds, under a fixed bench secret, standard rules)
each strategy plays the daily, and so does focus with one buy/decline decision flipped. For
each pair of players: the share of pairs whose movement dice are identical through roll 25,
50 and 100, among the pairs whose two games both reach that roll. Prints a markdown table.

    .venv/bin/python bench/daily_dice.py [--seeds 2000]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections.abc import Sequence
from datetime import date

from bot.application.daily import FIRST_DAILY, daily_seed
from game_core.dice_trace import OneFlipped, Trace, same_dice_through, trace
from game_core.rng import BY_DRAW, BY_ROLL
from game_core.strategies import STRATEGIES, make_strategy

SECRET = b"bench/daily_dice.py: a fixed secret, so every run plays the same dailies"
ROLLS = (25, 50, 100)
FLIPPED = "focus, 1 flipped"


def traces(seed: int, scheme: str, flip: int) -> dict[str, Trace]:
    out = {name: trace(seed, make_strategy(name, seed), dice_scheme=scheme)
           for name in STRATEGIES}
    out[FLIPPED] = trace(seed, OneFlipped(make_strategy("focus"), flip), dice_scheme=scheme)
    return out


def shares(games: Sequence[dict[str, Trace]], a: str, b: str) -> list[tuple[int, int]]:
    """For each roll of ROLLS: (pairs with the same dice through it, pairs alive at it)."""
    out = []
    for roll in ROLLS:
        alive = same = 0
        for game in games:
            x, y = game[a], game[b]
            if len(x.dice) >= roll and len(y.dice) >= roll:
                alive += 1
                same += same_dice_through(x, y) >= roll
        out.append((same, alive))
    return out


def drift(games: Sequence[dict[str, Trace]], a: str, b: str) -> str:
    """The share of pairs whose dice differ on some common roll, and the median first one."""
    parted = []
    for game in games:
        x, y = game[a], game[b]
        n = same_dice_through(x, y)
        if n < min(len(x.dice), len(y.dice)):
            parted.append(n + 1)
    if not parted:
        return "0%"
    return f"{len(parted) / len(games):.1%} (roll {statistics.median(parted):.0f})"


def cell(same: int, alive: int) -> str:
    return f"{same / alive:.1%} ({alive:,})" if alive else "n/a"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=2000)
    args = parser.parse_args()
    first = (FIRST_DAILY - date(1970, 1, 1)).days
    seeds = [daily_seed(SECRET, first + i) for i in range(args.seeds)]
    start = time.perf_counter()
    played = {scheme: [traces(seed, scheme, i % 4) for i, seed in enumerate(seeds)]
              for scheme in (BY_DRAW, BY_ROLL)}
    names = sorted(STRATEGIES, key=lambda name: name != "focus")  # the strong player first
    pairs = list(itertools.combinations(names, 2)) + [("focus", FLIPPED)]
    head = " | ".join(column for when in ("before", "after")
                      for column in [*(f"{when} {r}" for r in ROLLS), f"{when}: ever differ"])
    print(f"Same dice through roll N, among pairs alive at N ({args.seeds:,} daily seeds, "
          "standard rules; before: dice by draw, after: dice by roll, H4)\n")
    print(f"| pair | {head} |")
    print("|---" * (3 + 2 * len(ROLLS)) + "|")
    for a, b in pairs:
        cells = []
        for scheme in (BY_DRAW, BY_ROLL):
            cells += [cell(*s) for s in shares(played[scheme], a, b)]
            cells.append(drift(played[scheme], a, b))
        print(f"| {a} / {b} | " + " | ".join(cells) + " |")
    print("\n(in brackets: the pairs alive at that roll; ever differ: the share of pairs whose "
          "dice differ on some roll both games made, and the median first such roll; "
          f"{time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
