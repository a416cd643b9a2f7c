"""The difficulty presets' win rates on 20,000 games each: the figure each preset's
label prints (game_core/presets.py, "about N games in 10 won") against what `focus` (the
player the labels speak of) wins on 20,000 seeded games under its house rules, with the 95%
Wilson interval. Each label's rounding window must hold the whole interval.

Run: .venv/bin/python bench/presets.py [--games 20000] [--processes 2]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from game_core import Game
from game_core.presets import PRESET_SEED, PRESET_STRATEGY, PRESETS, Preset
from game_core.simulate import game_seed, play_one, wilson_interval


def wins(preset_name: str, first: int, games: int) -> int:
    """Wins of games first..first+games-1 of the preset's seeded run (the simulator's game i
    has the same seed whatever the split)."""
    preset = next(p for p in PRESETS if p.name == preset_name)
    won = 0
    for i in range(first, first + games):
        seed = game_seed(PRESET_SEED, i)
        outcome = play_one(Game.new(seed, preset.rules), PRESET_STRATEGY, seed).outcome
        won += outcome is not None and outcome.result == "won"
    return won


def measure(preset: Preset, games: int, pool: ProcessPoolExecutor, parts: int) -> int:
    step = -(-games // parts)
    futures = [pool.submit(wins, preset.name, first, min(step, games - first))
               for first in range(0, games, step)]
    return sum(f.result() for f in futures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    print(f"{PRESET_STRATEGY}, {args.games:,} games per preset (run seed {PRESET_SEED}):")
    print("| Preset | House rules | Wins | Win rate | 95% interval (Wilson) | Label says "
          "| Inside its window |")
    print("|---|---|---|---|---|---|---|")
    began = time.perf_counter()
    all_inside = True
    with ProcessPoolExecutor(args.processes) as pool:
        for preset in PRESETS:
            won = measure(preset, args.games, pool, args.processes * 4)
            low, high = wilson_interval(won, args.games)
            window = preset.window()
            inside = window[0] <= low and high < window[1]
            all_inside &= inside
            rules = ", ".join(f"{k}={v}" for k, v in preset.options.items()) or "-"
            label = ("under 1 in 20" if preset.wins_in_ten == 0
                     else f"about {preset.wins_in_ten} in 10")
            print(f"| {preset.name} | {rules} | {won:,} | {won / args.games:.2%} "
                  f"| {low:.2%} - {high:.2%} | {label} | {'yes' if inside else 'NO'} |")
    print(f"({time.perf_counter() - began:.0f} s) every label's window holds its interval: "
          f"{'yes' if all_inside else 'NO'}")


if __name__ == "__main__":
    main()
