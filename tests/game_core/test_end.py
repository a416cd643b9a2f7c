"""E1-E3 and H3: winning, scoring, losing, and replaying a game exactly."""

from game_core import Buy, Game, Mortgage, Resign, Roll, action_from_dict
from game_core.strategies import make_strategy
from game_core.board import HOTEL, PROPERTIES
from game_core.state import PLAYER

from .helpers import BOARDWALK, MEDITERRANEAN, PARK_PLACE, READING, new_game, put_houses


def test_E1_owning_all_28_properties_wins():
    game = new_game((5, 5), position=29, cash=1000)  # to 39, Boardwalk
    for sq in PROPERTIES:
        if sq != BOARDWALK:
            game.s.owner[sq] = PLAYER
    game.apply(Roll())
    events = game.apply(Buy())
    assert events[-1].type == "game_won" and events[-1].reason == "all_properties"
    assert game.outcome.result == "won"


def test_E2_score_is_cash_plus_unmortgaged_mortgage_values_plus_half_the_buildings():
    game = new_game(mine=[PARK_PLACE, BOARDWALK, READING, MEDITERRANEAN], cash=1000,
                    treasury=1000 + 500)
    put_houses(game, BOARDWALK, HOTEL)
    put_houses(game, PARK_PLACE, 2)
    game.s.mortgaged[MEDITERRANEAN] = True
    # Bankrupt the Bank with a mortgage it can't pay in full.
    game.s.bank_cash = 50
    events = game.apply(Mortgage(READING))
    expected = (1000 + 50) + 175 + 200 + 5 * 100 + 2 * 100  # READING now mortgaged: 0
    assert events[-1].score == expected == game.outcome.score


def test_E3_resigning_loses_with_score_0():
    game = new_game(cash=5000)
    events = game.apply(Resign())
    assert events[-1].to_dict() == {"type": "game_lost", "reason": "resigned", "owed": 0}
    assert game.outcome.score == 0 and game.is_over


def test_H3_replaying_the_seed_and_the_choices_gives_the_identical_game():
    log = []
    game = Game.new(seed=42)
    strategy = make_strategy("random", 7)
    while not game.is_over:
        action = strategy.choose(game)
        log.append(action.to_dict())
        game.apply(action)
    replay = Game.replay(42, None, "us", [action_from_dict(a) for a in log])
    assert replay == game and replay.to_dict() == game.to_dict()
