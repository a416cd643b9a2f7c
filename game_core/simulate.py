"""Many seeded games played by a strategy, and the landing frequencies of the real engine."""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import Decline, PayFine, Roll
from .game import Game
from .options import Options
from .rng import mix
from .state import BUY, JAIL, OVER, ROLL
from .strategies import STRATEGIES, make_strategy

MAX_ACTIONS = 100_000  # a game still going after this is counted as unfinished


@dataclass
class SimulationReport:
    games: int
    wins: int
    strategy: str
    outcomes: Counter[str] = field(default_factory=Counter)  # "won:bank_bankrupt", ...
    turns: list[int] = field(default_factory=list)
    win_scores: list[int] = field(default_factory=list)
    rolls: int = 0
    seconds: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        turns = sorted(self.turns)
        total_turns = sum(turns)
        return {
            "games": self.games,
            "strategy": self.strategy,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "outcomes": dict(sorted(self.outcomes.items())),
            "turns": {
                "total": total_turns,
                "mean": round(statistics.fmean(turns), 1) if turns else 0,
                "median": statistics.median(turns) if turns else 0,
                "p90": turns[min(len(turns) - 1, int(len(turns) * 0.9))] if turns else 0,
            },
            "score": {
                "mean": round(statistics.fmean(self.win_scores), 1) if self.win_scores else 0,
                "max": max(self.win_scores, default=0),
            },
            "rolls": self.rolls,
            "seconds": round(self.seconds, 3),
            "turns_per_second": round(total_turns / self.seconds) if self.seconds else 0,
        }


def game_seed(seed: int, index: int) -> int:
    """The seed of the index-th game of a run: independent streams from one run seed."""
    return mix(seed, index)


def play_one(game: Game, strategy_name: str, seed: int) -> Game:
    strategy = make_strategy(strategy_name, seed)
    apply, choose, state = game.apply, strategy.choose, game.s
    for _ in range(MAX_ACTIONS):
        if state.pending == OVER:
            break
        apply(choose(game))
    return game


def simulate(games: int, seed: int, strategy: str,
             options: Options | Mapping[str, Any] | None = None,
             clock: Callable[[], float] = time.perf_counter) -> SimulationReport:
    opts = options if isinstance(options, Options) else Options.from_mapping(options)
    report = SimulationReport(games=games, wins=0, strategy=strategy)
    start = clock()
    for i in range(games):
        s = game_seed(seed, i)
        game = play_one(Game.new(s, opts), strategy, s)
        outcome = game.outcome
        if outcome is None:
            report.outcomes["unfinished"] += 1
        else:
            report.outcomes[f"{outcome.result}:{outcome.reason}"] += 1
            if outcome.result == "won":
                report.wins += 1
                report.win_scores.append(outcome.score)
        report.turns.append(game.turn)
        report.rolls += game.s.rolls
    report.seconds = clock() - start
    return report


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for z=1.96). Unlike p +/- z*se it stays
    inside [0, 1] and holds up for rates near 0, such as 1 win in 100."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def compare(games: int, seed: int, strategies: tuple[str, ...] = tuple(STRATEGIES),
            options: Options | Mapping[str, Any] | None = None) -> list[SimulationReport]:
    """Every strategy on the same seeded games (game i has the same seed for each), so that
    their win rates differ by the strategy only."""
    return [simulate(games, seed, name, options) for name in strategies]


IN_JAIL = 40  # the 41st landing entry, apart from Just Visiting (square 10)


def landings(rolls: int, seed: int, doubles: str = "off") -> list[float]:
    """For N rolls of the real engine with money out of play (bottomless cash, no owner on
    any square), the share of rolls whose movement ended on each square, after cards and
    Go to Jail; index 40 is In Jail."""
    huge = 10**12
    game = Game.new(seed, Options(doubles=doubles, treasury=2 * huge, start_cash=huge,
                                  bank_pawns=0))
    counts = [0] * 41
    s = game.s
    roll, decline, fine = Roll(), Decline(), PayFine()
    done = 0
    while done < rolls:
        pending = s.pending
        if pending == ROLL or (pending == JAIL and doubles == "standard"):
            game.apply(roll)
            done += 1
            counts[IN_JAIL if s.in_jail else s.position] += 1
        elif pending == BUY:
            game.apply(decline)  # no pawn left: the property stays unowned (P1)
        elif pending == JAIL:
            game.apply(fine)
        else:
            game.apply(game.legal_actions()[0])
    return [c / rolls for c in counts]
