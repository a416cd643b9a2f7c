"""A hint's rollouts played to the end, action for action as `Game.apply(player.choose(game))`
would play them, with less work per action: a hint plays some 2,000 games of about 120
actions each, and the player waits for them.

What `Game.apply` does that a rollout needs not, and why it can go:
- the legality check of each action: `Focus` chooses from the state exactly what its rules
  allow (tests/game_core/test_strategies.py checks it on every state of played games, and
  test_playout.py on the states of hint rollouts), and a check that can't fail costs a
  twentieth of a rollout;
- a fresh list of events per action: a rollout reads only the final state, so every action
  appends to one list, thrown away with the rollout;
- counting the state's version (`actions`): nobody reads a rollout's version;
- catching `GameOver` at each action: it ends the whole play-out, caught once (and the
  end of the game needs no test at each action: it comes only with that exception).

And the movement dice, hashed once per future rather than once per choice: by roll (H4) the
k-th movement roll of a game is `mix(seed, k) % 36` whatever was chosen before it, and a
rollout plays the same future (the same seed) after every choice (common random numbers,
game_core.advisor). So the first play-out of a future works out its rolls and keeps them in
`rolls`, and the next ones read them (`moves.roll`'s `known`).
"""

from __future__ import annotations

from .events import Event
from .game import HANDLERS, Game
from .moves import roll
from .rng import BY_ROLL
from .simulate import MAX_ACTIONS
from .state import OVER, ROLL, GameState
from .strategies import ROLL_ACTION as FOCUS_ROLL, Focus
from .turn import GameOver


def play_out(state: GameState, player: Focus, rolls: list[int] | None = None) -> None:
    """Play `state` by `player` until the game is over (or MAX_ACTIONS, as the simulator).

    `rolls`: the dice indexes of this future's movement rolls known so far (roll k at index
    k), shared by the play-outs of one seed; filled in as they go. Only for a future rolled
    by roll with no dice fixed in advance (advisor's `_fresh_future` makes them so);
    otherwise the dice are drawn as `Game.apply` draws them."""
    game = Game(state)
    choose, handlers = player.choose, HANDLERS
    if state.loaded or state.dice_scheme != BY_ROLL:
        rolls = None  # dice fixed in advance, or by draw: not the k-th of the seed's stream
    # Only appended to: at most a few events per action, for a few hundred actions.
    ev: list[Event] = []
    if state.pending == OVER:
        return
    try:
        # No test for the end at each action: a game ends only in `turn.finish`, which
        # raises GameOver.
        for _ in range(MAX_ACTIONS):
            action = choose(game)
            # Focus's own Roll (an identity test, cheaper than a type's): a movement roll.
            if action is FOCUS_ROLL and rolls is not None and state.pending == ROLL:
                k = state.move_rolls
                if k < len(rolls):
                    roll(state, action, ev, rolls[k])
                else:
                    roll(state, action, ev)  # hashed there, kept for the next choices
                    if k == len(rolls):  # every roll before it kept: keep this one next
                        d1, d2 = state.last_dice  # set by this roll only: DICE_PAIRS[r]
                        rolls.append(d1 * 6 + d2 - 7)
                continue
            handlers[type(action)](state, action, ev)
    except GameOver:  # the game ended mid-action: nothing happens after its last event
        return
