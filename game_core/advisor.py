"""The advisor: the odds of each choice open now, from Monte-Carlo rollouts of the rest of the
game played by the strong built-in player (`focus`).

    hint = advise(game, rollouts=1000, seed=7)
    for odds in hint.choices:      # win chance with its 95% interval, turns survived, best
        print(odds.action, odds.win_rate, odds.win_low, odds.win_high, odds.turns, odds.best)

What a rollout may know is what the player knows. Each rollout replaces the game's own
future: the dice come from a fresh stream drawn from the advisor's seed (never the game's
seed, never dice loaded in advance), and each deck is shuffled afresh: the cards still in it
keep their count, not their order. (The player saw the cards drawn so far go to the bottom;
the advisor forgets that order too, so it errs on the side of knowing less, never more.)

Common random numbers: rollout i plays the same future (same dice stream, same deck order)
after every choice, so that the difference between two choices comes from the choices, not
from luck; the comparison is sharper than each figure alone.

Choices are what the player can decide now: the buttons, and the short plans the
menus make possible (`game_core.plans`): buy after raising the price the least-rent way,
build after lifting what blocks the group, and for a debt its distinct ways to pay (never
every single sale and mortgage). A plan is played step by step in each rollout, then the
rest of the game as for any choice.

Work splits into chunks of rollouts (`tally_chunk`, plain data in and out) that worker
processes can run apart and `summarize` adds up: rollout i's future depends on i only, so
the figures don't depend on how the work was split.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import (
    Action, BuildHotel, BuildHouse, Buy, Decline, DoneBuilding, PayFine, Roll, UseJailCard,
    action_from_dict,
)
from .board import SQUARES
from .game import Game
from .plans import Plan, apply_plan, buy_plan, debt_plans, unblock_plan
from .playout import play_out
from .rng import BY_ROLL, MASK64, mix, shuffled
from .rules import hotel_refusal, house_refusal
from .simulate import wilson_interval
from .state import BUILD, BUY, JAIL, RAISE_FUNDS, ROLL, GameState
from .strategies import Focus

DEFAULT_ROLLOUTS = 1000
MAX_DEBT_CHOICES = 6  # a debt's hint: a handful of distinct ways to pay, not every step
Choice = Action | Plan  # a button, or a plan through the menus carried out in one click
Z95 = 1.96


@dataclass(frozen=True, slots=True)
class Tally:
    """Raw sums over some rollouts of one choice; tallies of disjoint chunks add up."""

    rollouts: int = 0
    wins: int = 0
    turns: int = 0  # turns survived, summed
    turns_sq: int = 0  # their squares, summed (for the interval of the mean)

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.rollouts + other.rollouts, self.wins + other.wins,
                     self.turns + other.turns, self.turns_sq + other.turns_sq)


@dataclass(frozen=True, slots=True)
class Pair:
    """Two choices k < j compared rollout by rollout on the same futures (paired sums)."""

    only_first_won: int = 0  # rollouts where k won and j didn't
    only_second_won: int = 0
    turns_diff_sq: int = 0  # sum over rollouts of (turns after k - turns after j) ** 2

    def __add__(self, other: Pair) -> Pair:
        return Pair(self.only_first_won + other.only_first_won,
                    self.only_second_won + other.only_second_won,
                    self.turns_diff_sq + other.turns_diff_sq)


@dataclass(frozen=True, slots=True)
class Tallies:
    """What rollouts of every choice add up to: one Tally per choice, one Pair per two
    choices (k < j, in the order of `pairs_of`). Chunks run apart add up (`+`)."""

    choices: tuple[Tally, ...]
    pairs: tuple[Pair, ...]

    def __add__(self, other: Tallies) -> Tallies:
        return Tallies(tuple(a + b for a, b in zip(self.choices, other.choices, strict=True)),
                       tuple(a + b for a, b in zip(self.pairs, other.pairs, strict=True)))

    def to_data(self) -> list[list[int]]:
        """Plain lists, to send back from a worker process."""
        return [[t.rollouts, t.wins, t.turns, t.turns_sq] for t in self.choices] + [
            [p.only_first_won, p.only_second_won, p.turns_diff_sq] for p in self.pairs]

    @classmethod
    def from_data(cls, data: list[list[int]], choices: int) -> Tallies:
        return cls(tuple(Tally(*row) for row in data[:choices]),
                   tuple(Pair(*row) for row in data[choices:]))


def pairs_of(count: int) -> list[tuple[int, int]]:
    return [(k, j) for k in range(count) for j in range(k + 1, count)]


@dataclass(frozen=True, slots=True)
class ChoiceOdds:
    """One choice's figures. turns: the mean number of turns the game goes on after this
    choice, until it is won or lost (a win ends it too). vs_best: the 95% interval of this
    choice's lead over the best one, rollout by rollout on the same futures (in win rate, or
    in turns when no rollout wins); (0, 0) for the best itself."""

    action: Choice
    rollouts: int
    wins: int
    win_rate: float
    win_low: float  # 95% Wilson interval of the win rate
    win_high: float
    turns: float
    turns_low: float  # 95% interval of the mean turns survived
    turns_high: float
    vs_best_low: float = 0.0
    vs_best_high: float = 0.0
    best: bool = False
    too_close: bool = False  # can't be told apart from the best: too close to call


@dataclass(frozen=True, slots=True)
class Hint:
    version: int  # the game version the hint is about
    seed: int
    rollouts: int  # per choice
    by_turns: bool  # no rollout won: the choices are ranked by turns survived
    choices: tuple[ChoiceOdds, ...]

    @property
    def best(self) -> ChoiceOdds | None:
        return next((c for c in self.choices if c.best), None)

    @property
    def too_close(self) -> bool:
        """Another choice can't be told apart from the best."""
        return any(c.too_close for c in self.choices)


def open_choices(game: Game) -> list[Choice]:
    """The choices a hint weighs: buy (or, when the cash falls short, the plan raising the
    price, then buy) or decline (P1, T4); a house, a hotel, the plan lifting what blocks the
    group, or stop (P2, M2); the fine or the card (P6, and a doubles try under T3
    standard); the distinct ways to pay a debt (M1); the roll itself when nothing else is
    asked."""
    s = game.s
    pending = s.pending
    out: list[Choice] = []
    if pending == BUY:
        if s.cash >= SQUARES[s.pending_square].price:
            out.append(Buy())
        else:
            plan = buy_plan(game)
            if plan is not None:
                out.append(plan)
        out.append(Decline())
    elif pending == BUILD:
        if not house_refusal(s, s.pending_square):
            out.append(BuildHouse())
        if not hotel_refusal(s, s.pending_square):
            out.append(BuildHotel())
        plan = unblock_plan(game)
        if plan is not None and plan.then is not None:
            out.append(plan)
        out.append(DoneBuilding())
    elif pending == JAIL:
        out.append(PayFine())
        if s.jail_cards:
            out.append(UseJailCard())
        if s.options.doubles == "standard":
            out.append(Roll())
    elif pending == RAISE_FUNDS:
        out = list(debt_plans(game)[:MAX_DEBT_CHOICES])
        if not out:  # no plan found (none should be missing): the single steps
            out = [a for a in game.legal_actions() if a.type != "resign"]
    elif pending == ROLL:
        out.append(Roll())
    return out


def choice_to_data(choice: Choice) -> dict[str, Any]:
    """A choice as plain data, for a worker process."""
    if isinstance(choice, Plan):
        return {"plan": {"kind": choice.kind, "way": choice.way,
                         "steps": [a.to_dict() for a in choice.steps],
                         "then": None if choice.then is None else choice.then.to_dict(),
                         "numbers": [choice.square, choice.target, choice.raised,
                                     choice.cost, choice.cash_after]}}
    return choice.to_dict()


def choice_from_data(data: dict[str, Any]) -> Choice:
    plan = data.get("plan")
    if plan is None:
        return action_from_dict(data)
    then = plan["then"]
    return Plan(plan["kind"], plan["way"], tuple(action_from_dict(a) for a in plan["steps"]),
                None if then is None else action_from_dict(then), *plan["numbers"])


def _choose(game: Game, choice: Choice) -> None:
    if isinstance(choice, Plan):
        apply_plan(game, choice)
    else:
        game.apply(choice)


def advise(game: Game, rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0,
           choices: Sequence[Choice] | None = None) -> Hint:
    """The whole hint in this process (the bot splits it over workers with `tally_chunk`).
    The game is not changed."""
    picked = list(open_choices(game) if choices is None else choices)
    tallies = rollout_tallies(game, picked, seed, 0, rollouts)
    return summarize(game.version, seed, picked, tallies)


def rollout_tallies(game: Game, choices: Sequence[Choice], seed: int, start: int,
                    stop: int) -> Tallies:
    """Rollouts start..stop-1 of each choice, on the same futures for every choice."""
    count = len(choices)
    sums = [[0, 0, 0, 0] for _ in choices]
    pair_index = pairs_of(count)
    pair_sums = [[0, 0, 0] for _ in pair_index]
    player = Focus()
    origin = game.s
    start_turn = origin.turn
    won = [False] * count
    lasted = [0] * count
    last = count - 1
    decks = tuple(sorted(origin.chance)), tuple(sorted(origin.chest))  # see _fresh_future
    for i in range(start, stop):
        # Rollout i's future, drawn once and played after every choice (common random
        # numbers): each choice plays a copy of it (the last one the future itself).
        fresh = _clone(origin)
        _fresh_future(fresh, mix(seed & MASK64, i), *decks)
        rolls: list[int] = []  # its movement dice, worked out once for every choice
        for k, action in enumerate(choices):
            state = fresh if k == last else _clone(fresh)
            _choose(Game(state), action)
            play_out(state, player, rolls)
            won[k] = state.result == "won"
            lasted[k] = turns = state.turn - start_turn
            row = sums[k]
            row[0] += 1
            row[1] += won[k]
            row[2] += turns
            row[3] += turns * turns
        for (k, j), pair in zip(pair_index, pair_sums, strict=True):
            pair[0] += won[k] and not won[j]
            pair[1] += won[j] and not won[k]
            pair[2] += (lasted[k] - lasted[j]) ** 2
    return Tallies(tuple(Tally(*row) for row in sums), tuple(Pair(*row) for row in pair_sums))


def tally_chunk(game_data: dict[str, Any], choice_data: list[dict[str, Any]], seed: int,
                start: int, stop: int) -> list[list[int]]:
    """`rollout_tallies` on plain data, for a worker process: a saved game and actions in,
    sums out (`Tallies.from_data` reads them back)."""
    game = Game.from_dict(game_data)
    choices = [choice_from_data(a) for a in choice_data]
    return rollout_tallies(game, choices, seed, start, stop).to_data()


def split(rollouts: int, parts: int) -> list[tuple[int, int]]:
    """`rollouts` as `parts` nearly equal (start, stop) ranges, the empty ones left out."""
    parts = max(1, parts)
    bounds = [rollouts * p // parts for p in range(parts + 1)]
    return [(a, b) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]


def summarize(version: int, seed: int, choices: Sequence[Choice], tallies: Tallies) -> Hint:
    """The figures of each choice, the best marked, and which are too close to call.

    Best: the highest chance of winning (then the most turns). When no rollout of any choice
    wins, the choices are ranked by turns survived instead. Too close to call: the 95%
    interval of the difference from the best, compared rollout by rollout on the same
    futures, includes no difference at all.
    """
    odds = [_odds(a, t) for a, t in zip(choices, tallies.choices, strict=True)]
    if not odds:
        return Hint(version, seed, 0, False, ())
    by_turns = all(o.wins == 0 for o in odds)
    if by_turns:
        top = max(range(len(odds)), key=lambda k: (odds[k].turns, -k))
    else:
        top = max(range(len(odds)), key=lambda k: (odds[k].win_rate, odds[k].turns, -k))
    pairs = dict(zip(pairs_of(len(odds)), tallies.pairs, strict=True))
    n = tallies.choices[0].rollouts
    marked = []
    for k, o in enumerate(odds):
        if k == top:
            marked.append(_with(o, 0.0, 0.0, best=True, too_close=False))
            continue
        pair = pairs[(min(k, top), max(k, top))]
        sign = 1 if k < top else -1
        if by_turns:  # the mean of (turns after k - turns after the best) and its spread
            total = tallies.choices[k].turns - tallies.choices[top].turns
            low, high = _paired_interval(n, total, pair.turns_diff_sq)
        else:  # per rollout: +1 when only k won, -1 when only the best won, else 0
            only_k, only_top = ((pair.only_first_won, pair.only_second_won) if sign > 0
                                else (pair.only_second_won, pair.only_first_won))
            low, high = _paired_interval(n, only_k - only_top, only_k + only_top)
        marked.append(_with(o, low, high, best=False, too_close=low <= 0.0 <= high))
    return Hint(version, seed, n, by_turns, tuple(marked))


def _paired_interval(n: int, total: int, total_sq: int) -> tuple[float, float]:
    """95% interval of the mean of n paired differences, from their sum and sum of squares."""
    if n < 2:
        return -math.inf, math.inf
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    half = Z95 * math.sqrt(var / n)
    return mean - half, mean + half


def _odds(action: Choice, t: Tally) -> ChoiceOdds:
    n = t.rollouts
    low, high = wilson_interval(t.wins, n)
    mean = t.turns / n if n else 0.0
    half = 0.0
    if n > 1:
        half = Z95 * math.sqrt(max(0.0, (t.turns_sq - n * mean * mean) / (n - 1)) / n)
    return ChoiceOdds(action, n, t.wins, t.wins / n if n else 0.0, low, high, mean,
                      max(0.0, mean - half), mean + half)


def _with(o: ChoiceOdds, low: float, high: float, best: bool, too_close: bool) -> ChoiceOdds:
    return ChoiceOdds(o.action, o.rollouts, o.wins, o.win_rate, o.win_low, o.win_high,
                      o.turns, o.turns_low, o.turns_high, low, high, best, too_close)


def _clone(s: GameState) -> GameState:
    """A copy a rollout may change: lists copied, the rest is immutable."""
    return s.copy()


def _fresh_future(s: GameState, future: int, chance: tuple[str, ...],
                  chest: tuple[str, ...]) -> None:
    """Forget the game's own future (see the module docstring): new dice, new deck orders.
    `chance`, `chest`: the cards in each deck, sorted (once for all the rollouts of a hint):
    sorting first makes the shuffle depend on which cards are in a deck, not on their order.
    Whatever the game's dice scheme, rollouts roll by roll (H4): a choice that skips a
    utility rent roll leaves the rollout's movement dice as they were, so the choices of one
    rollout are compared on the very same movement rolls."""
    s.seed = future
    s.dice_scheme = BY_ROLL
    s.draws = s.move_rolls = s.utility_rolls = s.jail_rolls = 0
    s.loaded = []
    s.chance = shuffled(chance, future)
    s.chest = shuffled(chest, future ^ 1)
