"""The simulator's players, above all `focus`, the strong one the advisor imagines."""

from __future__ import annotations

import pytest

from game_core import (
    BuildHouse, Buy, Decline, DoneBuilding, LiftMortgage, Mortgage, Roll, SellBuilding,
    SellJailCard,
)
from game_core.board import HOTEL, SQUARES
from game_core.events import Paid
from game_core.simulate import game_seed
from game_core.state import BUILD, BUY, OVER, RAISE_FUNDS
from game_core.strategies import STRATEGIES, Focus, Reserve, make_strategy, raise_funds
from game_core import Game

from .helpers import (
    BALTIC, BOARDWALK, ILLINOIS, MEDITERRANEAN, PARK_PLACE, READING, new_game, put_houses,
)

KENTUCKY, INDIANA = 21, 23  # red, with Illinois
NEW_YORK = 19  # orange


@pytest.mark.parametrize("rules", [None, {"doubles": "standard"}, {"bank_pawns": 0},
                                   {"treasury": 4000}, {"start_cash": 1500}])
def test_every_strategy_plays_only_legal_actions_until_the_game_ends(rules):
    for name in STRATEGIES:
        for i in range(6):
            seed = game_seed(11, i)
            game, player = Game.new(seed, rules), make_strategy(name, seed)
            for _ in range(20_000):
                if game.is_over:
                    break
                action = player.choose(game)
                assert action in game.legal_actions(), (name, seed, action)
                game.apply(action)
            assert game.is_over, (name, seed)


def test_P1_focus_buys_a_street_of_its_groups_while_the_bank_owns_none_of_the_group():
    game = new_game(position=NEW_YORK, cash=200)
    game.s.pending, game.s.pending_square = BUY, NEW_YORK
    assert Focus().choose(game) == Buy()


@pytest.mark.parametrize("square", [READING, MEDITERRANEAN, 12, 31])
def test_P1_focus_declines_stations_utilities_and_the_groups_it_gives_the_bank(square):
    game = new_game(position=square, cash=1500)
    game.s.pending, game.s.pending_square = BUY, square
    assert Focus().choose(game) == Decline()


def test_P1_focus_declines_a_street_whose_group_the_bank_already_owns_part_of():
    game = new_game(position=KENTUCKY, cash=1500, banks=[ILLINOIS])
    game.s.pending, game.s.pending_square = BUY, KENTUCKY
    assert Focus().choose(game) == Decline()


def test_P2_focus_lifts_the_groups_mortgage_before_building_on_it():
    game = new_game(position=PARK_PLACE, cash=1000, mine=[PARK_PLACE, BOARDWALK])
    game.s.mortgaged[BOARDWALK] = True
    game.s.pending, game.s.pending_square = BUILD, PARK_PLACE
    assert Focus().choose(game) == LiftMortgage(BOARDWALK)
    game.apply(LiftMortgage(BOARDWALK))
    assert Focus().choose(game) == BuildHouse()


def test_M1_focus_sells_the_jail_card_then_mortgages_loose_squares_before_selling_houses():
    game = new_game(cash=0, mine=[MEDITERRANEAN, KENTUCKY, PARK_PLACE, BOARDWALK])
    put_houses(game, BOARDWALK, 2)
    s = game.s
    s.jail_cards.append("ch_jail_free")
    s.pending, s.debt, s.debt_then = RAISE_FUNDS, 10_000, "end"
    s.debt_event = Paid(10_000, "card")
    focus = Focus()
    assert focus.choose(game) == SellJailCard()
    s.jail_cards.clear()
    assert focus.choose(game) == Mortgage(MEDITERRANEAN)  # not part of a whole group
    s.mortgaged[MEDITERRANEAN] = s.mortgaged[KENTUCKY] = True
    assert focus.choose(game) == SellBuilding(BOARDWALK)


def test_M5_focus_cashes_out_when_its_estate_would_raise_more_than_the_bank_holds():
    game = new_game(cash=19_000, mine=[PARK_PLACE, BOARDWALK])
    put_houses(game, PARK_PLACE, HOTEL)
    put_houses(game, BOARDWALK, HOTEL)
    focus = Focus()
    assert game.s.bank_cash == 1_580  # more than the 1,375 the hotels and mortgages raise
    assert focus.choose(game) == Roll()
    game.s.cash, game.s.bank_cash = 19_300, 1_280
    assert focus.choose(game) == SellBuilding(PARK_PLACE)
    while not game.is_over:
        game.apply(focus.choose(game))
    assert game.outcome is not None and game.outcome.reason == "bank_bankrupt"


def test_focus_lifts_a_mortgage_only_when_it_keeps_300_in_cash():
    game = new_game(cash=400, mine=[BALTIC])
    game.s.mortgaged[BALTIC] = True  # lifting costs 33
    assert Focus().choose(game) == LiftMortgage(BALTIC)
    game.s.cash = 320
    assert Focus().choose(game) == Roll()


def test_reserve_never_lifts_a_mortgage_as_its_docstring_says():
    game = new_game(cash=5_000, mine=[BALTIC])
    game.s.mortgaged[BALTIC] = True
    assert Reserve(150).choose(game) == Roll()
    assert "never lifts a mortgage" in (Reserve.__doc__ or "")


def test_focus_game_ends_and_is_reproducible_from_its_seed():
    def play(seed: int) -> dict[str, object]:
        game, focus = Game.new(seed), Focus()
        while game.s.pending != OVER:
            game.apply(focus.choose(game))
        return game.to_dict()

    assert play(42) == play(42)


def test_M1_P2_reserve_chooses_from_the_state_what_it_chose_from_the_legal_actions():
    """Reserve and never-buy no longer build the list of legal actions to raise funds
    or build; on every such choice of 300 games they pick what the list gave: the first
    building to sell (board order), else the first mortgage, else the card (M1); a hotel,
    else a house, else stop (P2)."""
    checked = 0
    for i in range(300):
        game = Game.new(game_seed(21, i), {"start_cash": 600} if i % 2 else None)
        for name in ("always-buy", "reserve", "never-buy"):
            player = make_strategy(name)
            played = game.copy()
            while not played.is_over:
                s = played.s
                if s.pending in (RAISE_FUNDS, BUILD):
                    legal = played.legal_actions()
                    if s.pending == RAISE_FUNDS:
                        expected = raise_funds(legal)
                    else:
                        cost = SQUARES[s.pending_square].house_cost
                        build = sorted((a for a in legal if a.type.startswith("build_h")),
                                       key=lambda a: a.type != "build_hotel")
                        reserve = getattr(player, "reserve", None)
                        expected = (build[0] if build and reserve is not None
                                    and s.cash - cost >= reserve else DoneBuilding())
                    assert player.choose(played) == expected
                    checked += 1
                played.apply(player.choose(played))
    assert checked > 1000
