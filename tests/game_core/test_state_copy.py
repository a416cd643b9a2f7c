"""GameState.copy: what a hint's rollouts play on (game_core.advisor)."""

from __future__ import annotations

from game_core import Game
from game_core.simulate import game_seed
from game_core.state import RAISE_FUNDS, GameState
from game_core.strategies import Focus


def _a_debt() -> Game:
    for k in range(200):
        game, player = Game.new(game_seed(11, k), {"doubles": "standard"}), Focus()
        while not game.is_over:
            if game.pending == RAISE_FUNDS:
                return game
            game.apply(player.choose(game))
    raise AssertionError("no debt found")


def test_a_copy_has_every_field_and_shares_no_list() -> None:
    s = _a_debt().s
    c = s.copy()
    for name in GameState.__slots__:  # a field added to GameState and not copied fails here
        mine, theirs = getattr(s, name), getattr(c, name)
        assert mine == theirs, name
        if isinstance(mine, list | dict | set):
            assert mine is not theirs, name
    assert c.to_dict() == s.to_dict()


def test_playing_on_a_copy_leaves_the_original_as_it_was() -> None:
    game = _a_debt()
    saved = game.to_dict()
    copy, player = Game(game.s.copy()), Focus()
    while not copy.is_over:
        copy.apply(player.choose(copy))
    assert game.to_dict() == saved
