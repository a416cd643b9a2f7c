"""Hint speed: the time for a hint of 1,000 rollouts per choice on a typical
mid-game decision with two choices (buy or decline), the worker process pool warm, and the
event loop's worst lag while hints compute.

The position: a seeded game played by `focus` to its first buy choice after turn 30 (see
`midgame`). The pool is the bot's own (`bot.hosting.workers.WorkerPool.start()`, one process per
CPU this process may use), warmed up first; the hint goes through
`bot.application.hints.compute_hint`,
as the Hint button's does. While the hints compute, a probe on the event loop sleeps 1 ms
at a time and records how late it wakes: the worst of that is the lag another player's
click would have seen; the same probe then runs as long again with no hint, for the
machine's own noise (this machine is shared).
Then a debt: the first debt of a focus game that its plans pay in distinct ways
(`game_core.plans.debt_plans`), hinted the same way with those plans as its choices.
Targets: buy-or-decline hint <= 0.25 s (median; issue 38, 0.5 s before), debt hint with its
plans <= 1 s (median), worst loop lag <= 20 ms. The machine is shared: the load average is
printed. Then the same figures as before the engine was made faster: the hint's odds for this
position (Buy and Decline, 300 rollouts, seed 3, every figure) and as the workers compute
them from saved data, against the digest recorded from the code before
(tests/game_core/same_play.py).
Run: .venv/bin/python bench/advisor.py [--hints 5] [--rollouts 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

from bot.application.hints import compute_hint, rollouts_per_choice, warm_advisor
from bot.hosting.workers import WorkerPool
from game_core import Game
from game_core.advisor import open_choices
from game_core.simulate import game_seed
from game_core.state import BUY, RAISE_FUNDS
from game_core.strategies import Focus

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/game_core/same_play
from tests.game_core.same_play import BUY_OR_DECLINE, hint_digest  # noqa: E402

# hint_digest(midgame(), 300, 3, BUY_OR_DECLINE) of the code before the speed work (issue 38)
RECORDED_HINT = "27e6b19726e8e618"

PROBE_SLEEP = 0.001


def midgame(seed: int = 2026, after_turn: int = 30) -> Game:
    """The first buy choice (Buy or Decline both open) after `after_turn` of a focus game."""
    for k in range(1000):
        game, player = Game.new(game_seed(seed, k)), Focus()
        while not game.is_over:
            if (game.turn > after_turn and game.pending == BUY
                    and len(open_choices(game)) == 2):
                return game
            game.apply(player.choose(game))
    raise RuntimeError("no mid-game buy choice found")


def middebt(seed: int = 2026) -> Game:
    """The first debt of a focus game whose plans pay it in two or more distinct ways."""
    for k in range(1000):
        game, player = Game.new(game_seed(seed, k)), Focus()
        while not game.is_over:
            if game.pending == RAISE_FUNDS and len(open_choices(game)) >= 2:
                return game
            game.apply(player.choose(game))
    raise RuntimeError("no debt with several ways to pay found")


async def _probe(stop: asyncio.Event, lags: list[float]) -> None:
    while not stop.is_set():
        start = time.perf_counter()
        await asyncio.sleep(PROBE_SLEEP)
        lags.append(time.perf_counter() - start - PROBE_SLEEP)


async def run(hints: int, rollouts: int) -> None:
    game = midgame()
    workers = WorkerPool.start()
    try:
        await workers.warm_up(warm_advisor)
        times: list[float] = []
        lags: list[float] = []
        stop = asyncio.Event()
        probe = asyncio.create_task(_probe(stop, lags))
        hint = None
        for i in range(hints):
            start = time.perf_counter()
            hint = await compute_hint(workers, game, seed=i, rollouts=rollouts)
            times.append(time.perf_counter() - start)
        busy = list(lags)
        # The same probe as long again with no hint running: the machine's own noise.
        await asyncio.sleep(sum(times))
        stop.set()
        await probe
        quiet = lags[len(busy):]
        debt = middebt()
        debt_times = []
        for i in range(hints):
            start = time.perf_counter()
            debt_hint = await compute_hint(workers, debt, seed=i,
                                           rollouts=rollouts_per_choice(
                                               rollouts, len(open_choices(debt))))
            debt_times.append(time.perf_counter() - start)
    finally:
        await workers.close()
    assert hint is not None
    s = game.s
    print(f"position: turn {game.turn}, cash {s.cash}, Bank {s.bank_cash}, buy square "
          f"{game.pending_square}; choices {[c.action.type for c in hint.choices]}")
    print(f"workers: {workers.size} processes (warm); {os.cpu_count()} CPUs, load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for odds in hint.choices:
        print(f"  {getattr(odds.action, 'type', 'plan'):<8} win {odds.win_rate:6.1%} "
              f"({odds.win_low:.1%}-{odds.win_high:.1%}), turns {odds.turns:5.1f}"
              f"{'  best' if odds.best else ''}{'  too close to call' if odds.too_close else ''}")
    print(f"hint of {rollouts:,} rollouts per choice, {hints} hints: median "
          f"{statistics.median(times):.3f} s, max {max(times):.3f} s  (target <= 0.25 s)")
    print(f"debt hint: turn {debt.turn}, debt {debt.s.debt}, {len(debt_hint.choices)} plans, "
          f"{debt_hint.rollouts:,} rollouts each: median {statistics.median(debt_times):.3f} s, "
          f"max {max(debt_times):.3f} s  (target <= 1 s)")
    print(f"event loop worst lag while hints compute: {max(busy) * 1000:.1f} ms, p99 "
          f"{_p99(busy) * 1000:.1f} ms, median {statistics.median(busy) * 1000:.2f} ms over "
          f"{len(busy):,} wake-ups  (target <= 20 ms)")
    print(f"the same probe with no hint running:      {max(quiet) * 1000:.1f} ms, p99 "
          f"{_p99(quiet) * 1000:.1f} ms, median {statistics.median(quiet) * 1000:.2f} ms over "
          f"{len(quiet):,} wake-ups")
    digest = hint_digest(game, 300, 3, BUY_OR_DECLINE)
    same = "the same as" if digest == RECORDED_HINT else "NOT the same as"
    print(f"this position's odds (buy, decline; 300 rollouts, seed 3): {digest}, {same} "
          f"before the speed work ({RECORDED_HINT})")


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hints", type=int, default=5)
    parser.add_argument("--rollouts", type=int, default=1000)
    args = parser.parse_args()
    asyncio.run(run(args.hints, args.rollouts))


if __name__ == "__main__":
    main()
