"""The engine made faster plays exactly as before (H3): digests recorded from the code before
the speed work (issue 38) of seeded games, every action, event and final state, and of the
advisor's figures. A change that alters one is a change of the rules or of a strategy, not of
speed: record new digests only for such a change, and say so."""

from __future__ import annotations

import pytest

from game_core.rng import BY_DRAW

from game_core.state import BUILD, BUY, JAIL

from .same_play import (
    BUY_OR_DECLINE, buy_position, choice_position, debt_position, hint_digest, play_digest,
    raise_steps,
)

# strategy: (40 games, run seed 3), (15 games, doubles=standard, seed 4), (15 by draw, seed 5)
RECORDED = {
    "always-buy": ("fa9775c4e30eee84", "1a26c9e0ffcf151a", "83aac046dcbb8ac3"),
    "never-buy": ("6f29adbc58cedbca", "fc45b783c088f52b", "d89ba5b5a2ead27a"),
    "reserve": ("bbbf23089afe9696", "a3ea332f2b59fd07", "df63ce997dd3952f"),
    "random": ("4c9d790714429a9c", "a82d1679b20ba930", "0bdf3b9e3f79ea85"),
    "focus": ("1ff4c67fd75dc6ef", "7c5f3ef3cc529b2a", "8aeb387a978fe306"),
}


@pytest.mark.parametrize("strategy", sorted(RECORDED))
def test_H3_seeded_games_play_every_action_and_event_as_recorded(strategy: str) -> None:
    assert (play_digest(strategy, 40, 3),
            play_digest(strategy, 15, 4, {"doubles": "standard"}),
            play_digest(strategy, 15, 5, dice_scheme=BY_DRAW)) == RECORDED[strategy]


def test_the_hint_for_a_buy_choice_gives_the_recorded_figures() -> None:
    assert hint_digest(buy_position(2026, 30), 100, 1, BUY_OR_DECLINE) == "89f3b0eb94df3842"


def test_the_hint_for_a_debt_gives_the_recorded_figures() -> None:
    game = debt_position(2026)
    steps = raise_steps(game)[:3]
    assert [a.to_dict() for a in steps] == [{"type": "mortgage", "square": 16},
                                            {"type": "mortgage", "square": 18},
                                            {"type": "mortgage", "square": 23}]
    assert hint_digest(game, 60, 2, steps) == "277bb0225198a7de"


# Hints of other choices and rule variants (recorded before the Hint's own speed work, issue
# 38 point 5): a house or stop, the Jail under doubles=standard (the extra rolls, speeding
# and the doubles try), and buy choices under doubles=standard and house rules.
RECORDED_HINTS = {
    "build": ((2026, BUILD, None, 10), "319e5fbe0216f84d"),
    "jail, doubles=standard": ((2026, JAIL, {"doubles": "standard"}, 10), "50b2b420b34fc6a4"),
    "buy, doubles=standard": ((7, BUY, {"doubles": "standard"}, 20), "a3987b3a695d19ec"),
    "buy, house rules": ((11, BUY, {"bank_build_cap": 2, "bank_pawns": 12, "start_cash": 500},
                          15), "700927246f288bf8"),
}


@pytest.mark.parametrize("case", sorted(RECORDED_HINTS))
def test_the_hint_of_other_choices_and_rule_variants_gives_the_recorded_figures(
        case: str) -> None:
    (seed, pending, options, after_turn), recorded = RECORDED_HINTS[case]
    game = choice_position(seed, pending, options, after_turn)
    assert hint_digest(game, 100, 5) == recorded
