"""A hint's rollouts (game_core.playout) play each game exactly as `Game.apply` would, with
the same movement dice whether a roll is hashed or read from the future's kept rolls, and
focus never chooses an action a rollout would apply without its check."""

from __future__ import annotations

from typing import Any

import pytest

import game_core.advisor as advisor
from game_core import Game
from game_core.actions import Action
from game_core.advisor import _fresh_future, open_choices, rollout_tallies
from game_core.playout import play_out
from game_core.rng import mix
from game_core.simulate import MAX_ACTIONS
from game_core.state import BUILD, BUY, JAIL, RAISE_FUNDS, GameState
from game_core.strategies import Focus

from .same_play import buy_position, choice_position, debt_position

POSITIONS: dict[str, Any] = {
    "buy": lambda: buy_position(2026, 30),
    "debt": lambda: debt_position(2026),
    "build": lambda: choice_position(2026, BUILD),
    "jail, doubles=standard": lambda: choice_position(2026, JAIL, {"doubles": "standard"}),
    "buy, doubles=standard": lambda: choice_position(7, BUY, {"doubles": "standard"}, 20),
    "buy, house rules": lambda: choice_position(
        11, BUY, {"bank_build_cap": 2, "bank_pawns": 12, "start_cash": 500}, 15),
    "raise funds, small treasury": lambda: choice_position(3, RAISE_FUNDS, {"treasury": 4000}),
}


def _futures(game: Game, count: int) -> list[GameState]:
    """`count` rollout states of `game`: its future forgotten, as the advisor draws them."""
    states = []
    for i in range(count):
        s = game.s.copy()
        _fresh_future(s, mix(17, i), tuple(sorted(s.chance)), tuple(sorted(s.chest)))
        states.append(s)
    return states


def _applied(state: GameState) -> dict[str, Any]:
    """The final state of `state` played by Game.apply(focus.choose(game)), every action."""
    game, player = Game(state.copy()), Focus()
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        game.apply(player.choose(game))
    return _without_version(game.to_dict())


def _without_version(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "actions"}  # a rollout's is never read


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_a_rollout_ends_in_the_very_state_game_apply_reaches(position: str) -> None:
    for state in _futures(POSITIONS[position](), 25):
        expected = _applied(state)
        hashed, kept = state.copy(), state.copy()
        rolls: list[int] = []
        play_out(hashed, Focus(), rolls)  # each roll hashed, and kept
        assert _without_version(hashed.to_dict()) == expected
        assert rolls == [mix(state.seed, k) % 36 for k in range(len(rolls))]
        # H4: every movement roll, once (but one that ended the game: nothing after it)
        assert hashed.move_rolls - 1 <= len(rolls) <= hashed.move_rolls
        play_out(kept, Focus(), rolls)  # each roll read from those kept
        assert _without_version(kept.to_dict()) == expected


def test_H3_a_rollout_of_dice_fixed_in_advance_rolls_them_not_the_kept_ones() -> None:
    state = _futures(buy_position(2026, 30), 1)[0]
    state.loaded = [(6, 6), (1, 2), (3, 3)]
    expected = _applied(state)
    played = state.copy()
    play_out(played, Focus(), [0] * 500)  # wrong dice kept: must not be read
    assert _without_version(played.to_dict()) == expected


class _Checked(Focus):
    """Focus, asserting that each action it chooses is one Game.apply would accept."""

    def choose(self, game: Game) -> Action:
        action = super().choose(game)
        assert game.why_illegal(action) is None, (game.to_dict(), action)
        return action


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_focus_chooses_only_legal_actions_in_every_state_of_hint_rollouts(
        position: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = POSITIONS[position]()
    monkeypatch.setattr(advisor, "Focus", _Checked)
    checked = rollout_tallies(game, open_choices(game), 5, 0, 40)
    monkeypatch.undo()
    assert checked == rollout_tallies(game, open_choices(game), 5, 0, 40)
