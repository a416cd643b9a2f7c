"""Digests of what the engine decides, to show that a change made for speed changed nothing
else: seeded games played by each built-in strategy (every action, every event, the final
saved state) and the advisor's figures for fixed positions. `test_same_play.py` pins digests
recorded from the code before the engine was made faster; `bench/engine.py` and
`bench/advisor.py` print theirs beside their timings.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from game_core import Game
from game_core.actions import Buy, Decline
from game_core.advisor import Choice, advise, choice_to_data, open_choices, tally_chunk
from game_core.rng import BY_ROLL
from game_core.simulate import MAX_ACTIONS, game_seed
from game_core.state import BUY, RAISE_FUNDS
from game_core.strategies import Focus, make_strategy


def _dump(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def play_digest(strategy: str, games: int, seed: int,
                options: Mapping[str, Any] | None = None, dice_scheme: str = BY_ROLL) -> str:
    """Games game_seed(seed, 0..games-1) played by `strategy` as the simulator plays them:
    every action chosen, every event, and each game's final saved state, in one digest."""
    h = hashlib.sha256()
    for i in range(games):
        s = game_seed(seed, i)
        game = Game.new(s, options, dice_scheme=dice_scheme)
        player = make_strategy(strategy, s)
        for _ in range(MAX_ACTIONS):
            if game.is_over:
                break
            action = player.choose(game)
            h.update(_dump(action.to_dict()))
            for event in game.apply(action):
                h.update(_dump(event.to_dict()))
        h.update(_dump(game.to_dict()))
    return h.hexdigest()[:16]


def hint_digest(game: Game, rollouts: int, seed: int,
                choices: Sequence[Choice] | None = None) -> str:
    """The advisor's whole hint (every figure, exact floats) for `game`, in one digest; and
    the same tallies cut in two chunks from saved data, as the bot's workers compute them."""
    picked = list(open_choices(game) if choices is None else choices)
    hint = advise(game, rollouts, seed, picked)
    figures = [[repr(getattr(odds, name)) for name in odds.__slots__ if name != "action"]
               for odds in hint.choices]
    data = [choice_to_data(c) for c in picked]
    half = rollouts // 2
    chunks = [tally_chunk(game.to_dict(), data, seed, 0, half),
              tally_chunk(game.to_dict(), data, seed, half, rollouts)]
    return hashlib.sha256(_dump([hint.by_turns, figures, chunks])).hexdigest()[:16]


def buy_position(seed: int, after_turn: int, affordable: bool = False) -> Game:
    """The first choice between buying and declining after `after_turn` in a focus game
    (bench/advisor.py's `midgame` with its defaults: seed 2026, turn 30); `affordable`:
    one the cash pays for, so that Buy itself is legal."""
    for k in range(1000):
        game, player = Game.new(game_seed(seed, k)), Focus()
        while not game.is_over:
            if (game.turn > after_turn and game.pending == BUY
                    and len(open_choices(game)) == 2
                    and (not affordable or Buy() in game.legal_actions())):
                return game
            game.apply(player.choose(game))
    raise RuntimeError("no buy choice found")


def debt_position(seed: int) -> Game:
    """The first debt of a focus game (M1) with two ways or more to raise money (found by
    the legal actions, not the plans: the plans may change, this position doesn't)."""
    for k in range(1000):
        game, player = Game.new(game_seed(seed, k)), Focus()
        while not game.is_over:
            if game.pending == RAISE_FUNDS and len(raise_steps(game)) >= 2:
                return game
            game.apply(player.choose(game))
    raise RuntimeError("no debt found")


def raise_steps(game: Game) -> list[Choice]:
    """The single steps that raise money now (M1), as choices of their own."""
    return [a for a in game.legal_actions() if a.type != "resign"]


BUY_OR_DECLINE: tuple[Choice, ...] = (Buy(), Decline())


def choice_position(seed: int, pending: str, options: Mapping[str, Any] | None = None,
                    after_turn: int = 10, choices: int = 2) -> Game:
    """The first time after `after_turn` that a focus game under `options` waits on
    `pending` with `choices` open choices or more (the advisor's `open_choices`)."""
    for k in range(1000):
        game, player = Game.new(game_seed(seed, k), options), Focus()
        while not game.is_over:
            if (game.turn > after_turn and game.pending == pending
                    and len(open_choices(game)) >= choices):
                return game
            game.apply(player.choose(game))
    raise RuntimeError(f"no {pending} choice found")
