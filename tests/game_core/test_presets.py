"""The presets' printed win rates are recomputed by the simulator: the measured
rate's 95% interval must lie inside the rounding the label prints."""

import pytest

from game_core.options import HOUSE, STANDARD
from game_core.presets import (
    PRESET_BY_NAME, PRESET_SEED, PRESET_STRATEGY, PRESETS, preset_options,
)
from game_core.simulate import simulate, wilson_interval


@pytest.mark.parametrize("preset", PRESETS, ids=[p.name for p in PRESETS])
@pytest.mark.slow
def test_a_presets_printed_win_rate_holds_under_the_best_strategy(preset):
    report = simulate(preset.games, PRESET_SEED, PRESET_STRATEGY, preset.options)
    low, high = wilson_interval(report.wins, report.games)
    window_low, window_high = preset.window()
    assert window_low <= low and high < window_high, (
        f"{preset.name}: measured {report.win_rate:.1%} (95% {low:.1%}-{high:.1%}), "
        f"printed as {preset.wins_in_ten} in 10 ({window_low:.0%}-{window_high:.0%})")


def test_presets_climb_from_the_standard_game_to_the_easiest():
    assert PRESETS[0].name == "standard" and PRESETS[0].rules.rule_set == STANDARD
    assert all(p.rules.rule_set == HOUSE for p in PRESETS[1:])  # never on the leaderboard
    figures = [p.wins_in_ten for p in PRESETS]
    assert figures == sorted(figures) and len(set(figures)) == len(figures)


def test_options_chosen_one_by_one_override_the_preset():
    assert preset_options("beginner", {"start_cash": 500}) == {
        "start_cash": 500, "bank_build_cap": 2}
    with pytest.raises(KeyError):
        preset_options("impossible")


def test_a_figure_prints_the_rates_that_round_to_it():
    assert PRESET_BY_NAME["relaxed"].window() == (0.45, 0.55)
    assert PRESET_BY_NAME["standard"].window() == (0.15, 0.25)
