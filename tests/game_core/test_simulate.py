"""The simulator's statistics: Wilson intervals and strategies compared on the same games."""

from __future__ import annotations

import pytest

from game_core.simulate import compare, simulate, wilson_interval


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(0, 100)  # no win still leaves a chance above 0
    assert low == 0.0 and high == pytest.approx(0.0370, abs=1e-4)
    low, high = wilson_interval(1, 100)
    assert 0 < low < 0.01 < high < 0.06


def test_wilson_interval_narrows_with_more_games():
    small = wilson_interval(2, 100)
    large = wilson_interval(200, 10_000)
    assert large[1] - large[0] < (small[1] - small[0]) / 5


def test_compare_plays_every_strategy_on_the_same_seeded_games():
    reports = compare(8, 3, ("always-buy", "focus"))
    assert [r.strategy for r in reports] == ["always-buy", "focus"]
    alone = simulate(8, 3, "focus")
    assert (reports[1].wins, reports[1].turns) == (alone.wins, alone.turns)
