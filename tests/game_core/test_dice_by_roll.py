"""H4: dice by roll. The k-th movement roll depends only on the seed and k: a utility's rent
roll (R3) and a Jail doubles try (T3 standard) come from streams of their own. With doubles
off, two players of one seed stand on the same square after every roll whatever they choose.

"The k-th movement roll" (rng): the k-th Roll made to move (T1), the extra roll after
doubles included (T3 standard: it is the next k); a Jail doubles try is none, even when its
double moves the pawn.
"""

from __future__ import annotations

import itertools

import pytest

from game_core import Game, Mortgage, Roll, action_from_dict
from game_core.dice_trace import OneFlipped, same_dice_through, squares_agree, trace
from game_core.rng import BY_DRAW, BY_ROLL, JAIL_STREAM, UTILITY_STREAM, dice, side_dice
from game_core.simulate import game_seed
from game_core.strategies import STRATEGIES, make_strategy

from .helpers import ELECTRIC, JAIL, new_game

ISSUE_SEED = 4533194259214665235
ISSUE_ACTIONS = ["roll", "buy", "roll", "decline", "roll", "buy", "roll", "roll"]
# Daily-like seeds (uniform 64-bit, as the daily's HMAC gives): the issue's 2,000, six games
# each (about 5 s); bench/daily_dice.py plays them under both dice schemes.
SEEDS = 2_000
STYLES = tuple(STRATEGIES)  # focus, always-buy, reserve, never-buy, random


def movement_rolls(game: Game, actions: list[dict]) -> list[tuple[int, int]]:
    rolls = []
    for action in actions:
        rolls += [e.dice for e in game.apply(action_from_dict(action))
                  if e.type == "dice_rolled" and e.purpose == "move"]
    return rolls


def test_H4_issue_19_mortgaging_the_utility_no_longer_shifts_the_fifth_roll():
    """The dice-by-draw reproduction: standard rules, US edition. After roll, buy (Electric
    Company), one player mortgages it; the other lands there later and rolls its rent (R3).
    By draw, that rent roll shifted the fifth movement roll ((5, 1) against (2, 2))."""
    plain = [{"type": a} for a in ISSUE_ACTIONS]
    mortgaged = plain[:2] + [Mortgage(ELECTRIC).to_dict()] + plain[2:]
    for scheme, same in ((BY_ROLL, True), (BY_DRAW, False)):
        a = movement_rolls(Game.new(ISSUE_SEED, None, "us", dice_scheme=scheme), plain)
        b = movement_rolls(Game.new(ISSUE_SEED, None, "us", dice_scheme=scheme), mortgaged)
        assert len(a) == len(b) == 5 and a[:4] == b[:4]
        assert (a[4] == b[4]) is same, scheme
    assert b[4] == (2, 2) and a[4] == (5, 1)  # by draw, as the issue measured it


def test_H4_the_kth_movement_roll_is_the_kth_of_the_seeds_stream():
    for name in STYLES:
        rolls = trace(77, make_strategy(name, 77)).dice
        assert len(rolls) > 20 and rolls == tuple(dice(77, k) for k in range(len(rolls)))


def test_H4_the_extra_roll_after_doubles_is_the_next_movement_roll_and_a_jail_try_is_none():
    """T3 standard: a double rolls again within the turn, and that roll is movement roll k + 1;
    the doubles tries of a player in Jail (random tries them) take no movement roll number."""
    extra = tries = 0
    for seed in range(40):
        game = Game.new(seed, {"doubles": "standard"})
        player = make_strategy("random", seed)
        k, last_double, last_turn = 0, False, 0
        while not game.is_over and k < 150:
            pending, turn = game.pending, game.turn
            events = game.apply(player.choose(game))
            rolled = [e for e in events if e.type == "dice_rolled" and e.purpose != "utility"]
            if pending == "roll" and rolled:
                assert rolled[0].dice == dice(seed, k)
                extra += last_double and turn == last_turn  # the roll after a double
                last_double, last_turn, k = rolled[0].doubles, turn, k + 1
            tries += pending == "jail" and bool(rolled)
    assert extra > 20 and tries > 5


def test_H4_a_utility_rent_roll_and_a_jail_try_take_no_movement_roll():
    """R3 and T3 standard: each rolls dice of a stream of its own, at (movement rolls made,
    rolls of its kind since); the next movement roll is still the stream's next one."""
    game = new_game(mine=[ELECTRIC], doubles="standard")  # seed 1, no dice fixed
    s = game.s
    s.position = (ELECTRIC - sum(dice(1, 0))) % 40  # movement roll 0 lands on it
    events = game.apply(Roll())
    rolled = [e for e in events if e.type == "dice_rolled"]
    assert [e.purpose for e in rolled] == ["move", "utility"]
    assert rolled[1].dice == side_dice(1, UTILITY_STREAM, 1, 0)
    assert (s.move_rolls, s.utility_rolls, s.jail_rolls) == (1, 1, 0)
    s.position, s.in_jail, s.pending, s.extra_roll = JAIL, True, "jail", False  # P6
    tries = []
    while s.pending == "jail" and len(tries) < 6:
        tries += [e.dice for e in game.apply(Roll()) if e.type == "dice_rolled"
                  and e.purpose == "jail"]
        while s.pending not in ("roll", "jail", "over"):  # a stop after leaving Jail
            game.apply(game.legal_actions()[0])
    assert tries == [side_dice(1, JAIL_STREAM, 1, n) for n in range(len(tries))]
    assert s.jail_rolls == len(tries) and s.move_rolls == 1
    if s.pending == "roll":
        assert game.apply(Roll())[0].dice == dice(1, 1)  # the stream's second movement roll
        assert (s.move_rolls, s.utility_rolls, s.jail_rolls) == (2, 0, 0)


def pairs_of_styles(seeds: int, options: dict | None = None, scheme: str = BY_ROLL):
    """For each seed: every strategy's trace, and focus with one decision flipped."""
    for i in range(seeds):
        seed = game_seed(19, i)
        traces = {name: trace(seed, make_strategy(name, seed), options, scheme)
                  for name in STYLES}
        traces["focus, one flipped"] = trace(seed, OneFlipped(make_strategy("focus"), i % 4),
                                             options, scheme)
        yield seed, traces


@pytest.mark.slow
def test_H4_H5_on_2000_seeds_every_pair_of_styles_sees_the_same_dice_and_squares():
    """Doubles off (the daily's standard rules): the five strategies and focus with one
    buy/decline flipped see the same dice on every common movement roll and stand on the
    same square after each (while the card order agrees: P4, a Get Out of Jail Free card
    back in its deck at another moment changes it)."""
    rolls = squares = 0
    for seed, traces in pairs_of_styles(SEEDS):
        for (x, a), (y, b) in itertools.combinations(traces.items(), 2):
            common = min(len(a.dice), len(b.dice))
            assert same_dice_through(a, b) == common, (seed, x, y)
            agree, compared = squares_agree(a, b)
            assert agree, (seed, x, y)
            rolls, squares = rolls + common, squares + compared
    assert squares > 0.75 * rolls  # the card order seldom parts them: the test compares


def test_H4_the_same_check_finds_the_drift_of_the_old_dice_by_draw():
    """The comparison above can fail: by draw (games stored before H4), skipped or extra
    utility rent rolls shift the movement dice of many pairs."""
    drifted = sum(
        same_dice_through(a, b) < min(len(a.dice), len(b.dice))
        for _, traces in pairs_of_styles(100, scheme=BY_DRAW)
        for a, b in itertools.combinations(traces.values(), 2))
    assert drifted > 100


def test_H4_under_doubles_standard_the_kth_movement_roll_is_still_the_same_for_all():
    """T3 standard: doubles roll again (the next k) and Jail tries come from their own
    stream, so the movement rolls agree, even for a player who tries doubles in Jail (random
    does) while the others pay; squares may part after a Jail try moves the pawn."""
    for _, traces in pairs_of_styles(300, {"doubles": "standard"}):
        for a, b in itertools.combinations(traces.values(), 2):
            assert same_dice_through(a, b) == min(len(a.dice), len(b.dice))


@pytest.mark.parametrize("scheme", [BY_ROLL, BY_DRAW])
def test_H3_both_dice_schemes_round_trip_and_replay(scheme):
    game = Game.new(5, dice_scheme=scheme)
    strategy = make_strategy("always-buy")
    for _ in range(300):
        if game.is_over:
            break
        game.apply(strategy.choose(game))
    data = game.to_dict()
    assert data["format"] == (2 if scheme == BY_ROLL else 1)
    assert ("draws" in data) is (scheme == BY_DRAW)
    assert ("move_rolls" in data) is (scheme == BY_ROLL)
    again = Game.from_dict(data)
    assert again == game and again.dice_scheme == scheme
