"""rules.can_raise: M1's test of a debt (all the player could raise against the amount),
stopping early; it must agree with liquidation_value everywhere."""

from __future__ import annotations

from game_core import Game
from game_core.rules import can_raise, liquidation_value
from game_core.simulate import game_seed
from game_core.strategies import make_strategy


def test_M1_can_raise_agrees_with_liquidation_value_on_every_state_of_played_games() -> None:
    checked = 0
    for k in range(30):
        game = Game.new(game_seed(5, k))
        player = make_strategy("random" if k % 2 else "focus", k)
        while not game.is_over and checked < 20_000:
            s = game.s
            value = liquidation_value(s)
            for amount in (0, s.cash, value - 1, value, value + 1, 50, 5_000):
                assert can_raise(s, amount) == (value >= amount), (k, amount, value)
            checked += 1
            game.apply(player.choose(game))
    assert checked > 1_000
