"""Difficulty presets for newcomers: the standard game and a ladder of house rules
built from the two levers that give a smooth ladder, the player's start cash (S2) and the
cap on what the Bank builds for free (P3).

Each preset carries the measured win rate of the best built-in strategy under it, as a whole
number of games in ten (0: fewer than 1 game in 20). This table is the one place the figures
live: the `new` command's labels are built from it, and a test (tests/game_core/
test_presets.py) replays `games` seeded games with PRESET_STRATEGY and checks that the 95%
interval of the measured rate lies inside the printed rounding, so a label can never drift
from the engine. With a stronger strategy, change PRESET_STRATEGY and the figures here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .options import Options

PRESET_STRATEGY = "focus"  # the best built-in strategy (game_core.strategies)
PRESET_SEED = 1  # the simulator's run seed for the measurement


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    options: Mapping[str, int]  # house rules on top of the standard solo rules
    wins_in_ten: int  # measured win rate, rounded to games in ten; 0: under 1 in 20
    games: int  # games the test plays to hold that rounding (95% interval inside it)

    @property
    def rules(self) -> Options:
        return Options.from_mapping(self.options)

    def window(self) -> tuple[float, float]:
        """The win rates [low, high) that print as this preset's figure."""
        if self.wins_in_ten == 0:
            return 0.0, 0.05
        return (self.wins_in_ten - 0.5) / 10, (self.wins_in_ten + 0.5) / 10


# From the hardest (the standard rules) to the easiest. Measured on 20,000 games each
# (bench/presets.py: focus, run seed 1, dice by roll, H4), the 95% Wilson interval inside
# each label's window: 17.93% (17.40-18.47), 27.94% (27.33-28.57), 50.24% (49.55-50.93),
# 69.80% (69.15-70.43), 93.53% (93.18-93.86). The test replays the first `games` of them
# (CI's time): gentle needs 4,000 to stay inside its window.
PRESETS: tuple[Preset, ...] = (
    Preset("standard", {}, 2, 2_000),
    Preset("gentle", {"start_cash": 400}, 3, 4_000),
    Preset("relaxed", {"start_cash": 900}, 5, 2_000),
    Preset("easy", {"start_cash": 1_500}, 7, 2_000),
    Preset("beginner", {"start_cash": 1_500, "bank_build_cap": 2}, 9, 2_000),
)
PRESET_BY_NAME: dict[str, Preset] = {p.name: p for p in PRESETS}


def preset_options(name: str, overrides: Mapping[str, object] | None = None) -> dict[str, object]:
    """The options of preset `name`, with `overrides` (options chosen one by one) on top.
    KeyError for an unknown preset."""
    return {**PRESET_BY_NAME[name].options, **(overrides or {})}

