"""Game.apply calls no check for an action legal whenever its prompt is open (a roll while
the game waits for a roll): that claim must hold on every state, or apply would skip a
refusal."""

from __future__ import annotations

from game_core import Game
from game_core.game import _LEGAL_WHILE
from game_core.legality import CHECKS
from game_core.simulate import game_seed
from game_core.strategies import make_strategy


def test_an_action_skipped_by_the_fast_path_is_legal_on_every_state_of_played_games() -> None:
    seen: set[str] = set()
    for k in range(40):
        game = Game.new(game_seed(6, k), {"doubles": "standard"} if k % 2 else None)
        player = make_strategy("random", k)
        while not game.is_over:
            for kind, pending in _LEGAL_WHILE.items():
                if game.pending == pending:
                    seen.add(pending)
                    action = kind()
                    assert CHECKS[kind](game.s, action) is None
                    assert action in game.legal_actions()
            game.apply(player.choose(game))
    assert seen == set(_LEGAL_WHILE.values())
