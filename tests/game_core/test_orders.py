"""Standing orders (game_core.orders): answers a player sets once, taken by what follows a
click (prompts.Follow) as ordinary actions, so the game asks only where something is left
to decide. Fixed dice, plain sync tests."""

from __future__ import annotations

from game_core.actions import BuildHotel, BuildHouse, Decline, DoneBuilding, Roll
from game_core import Game
from game_core.orders import (
    NO_ORDERS, ORDER_BUILD, ORDER_DEBT, ORDER_DECLINE, ORDER_RESERVE, Orders,
    may_answer, ordered,
)
from game_core.strategies import make_strategy
from game_core.plans import debt_plan
from game_core.prompts import Follow
from game_core.state import BUILD, BUY, RAISE_FUNDS, ROLL

from .helpers import (
    BALTIC, BOARDWALK, MEDITERRANEAN, ORIENTAL, PARK_PLACE, VERMONT, new_game, put_houses,
)


def _follow(game, orders: Orders, roll_on: bool = False) -> list[tuple[object, str]]:
    """Play what follows a click under `orders`: (action, why) of each move taken."""
    follow, taken = Follow(game, roll_on, orders=orders), []
    while (found := follow.next(game)) is not None and not isinstance(found[0], Roll):
        action, skip = found
        taken.append((action, skip.why if skip else ""))
        game.apply(action)
    return taken


def test_P2_the_build_order_builds_while_the_cash_stays_at_or_above_the_reserve():
    # Park Place + Boardwalk: a house costs 200. Cash 700, reserve 250: two houses (700 ->
    # 500 -> 300), the third would leave 100: the stop ends there.
    game = new_game((1, 1), position=37, cash=700, mine=[PARK_PLACE, BOARDWALK])
    game.apply(Roll())  # 37 + 2 = Boardwalk: rent from the Bank, then the build stop
    assert game.pending == BUILD
    cash = game.s.cash
    taken = _follow(game, Orders(build_reserve=cash - 450))
    assert taken == [(BuildHouse(), ORDER_BUILD), (BuildHouse(), ORDER_BUILD),
                     (DoneBuilding(), ORDER_RESERVE)]
    assert game.s.buildings[BOARDWALK] == 2 and game.s.cash == cash - 400
    assert game.pending == ROLL


def test_P2_the_build_order_puts_the_hotel_on_four_houses():
    game = new_game((1, 1), position=37, cash=1500, mine=[PARK_PLACE, BOARDWALK])
    put_houses(game, BOARDWALK, 4)
    game.apply(Roll())
    assert ordered(game, Orders(build_reserve=0)) == (BuildHotel(), ORDER_BUILD)


def test_P2_M2_a_group_held_back_by_a_mortgage_is_left_to_the_player():
    game = new_game((1, 1), position=37, cash=1500, mine=[PARK_PLACE, BOARDWALK])
    game.s.mortgaged[PARK_PLACE] = True
    game.apply(Roll())
    assert game.pending == BUILD  # the unblock plan is the player's choice
    assert ordered(game, Orders(build_reserve=0)) is None
    assert _follow(game, Orders(build_reserve=0)) == []


def test_P1_E1_the_decline_order_declines_a_group_the_bank_has_a_share_of_only():
    game = new_game((2, 1), position=0, cash=1500, banks=[MEDITERRANEAN])
    game.apply(Roll())  # Baltic Avenue: the Bank has Mediterranean
    assert game.pending == BUY
    orders = Orders(decline_bank_groups=True)
    assert _follow(game, orders) == [(Decline(), ORDER_DECLINE)]
    other = new_game((3, 3), position=0, cash=1500, banks=[MEDITERRANEAN])
    other.apply(Roll())  # Oriental Avenue: the light blues are nobody's yet
    assert other.pending == BUY and ordered(other, orders) is None


def test_M1_the_debt_order_pays_the_least_rent_way_without_asking():
    # A hotel on Baltic (450) the Bank owns; cash 100; four properties to mortgage.
    game = new_game((1, 2), position=0, cash=100,
                    mine=[ORIENTAL, VERMONT, PARK_PLACE, BOARDWALK],
                    banks=[MEDITERRANEAN, BALTIC])
    put_houses(game, BALTIC, 5)
    game.apply(Roll())
    assert game.pending == RAISE_FUNDS
    plan = debt_plan(game)
    assert plan is not None
    taken = _follow(game, Orders(pay_debts=True))
    assert [a for a, _ in taken] == list(plan.steps)
    assert {why for _, why in taken} == {ORDER_DEBT}
    assert game.pending != RAISE_FUNDS


def test_no_orders_leave_every_decision_to_the_player():
    game = new_game((1, 1), position=37, cash=700, mine=[PARK_PLACE, BOARDWALK])
    game.apply(Roll())
    assert ordered(game, NO_ORDERS) is None and not NO_ORDERS
    assert _follow(game, NO_ORDERS) == []
    assert game.pending == BUILD


def test_the_orders_are_needed_only_at_the_decisions_they_may_answer():
    """The service reads a player's orders only once a click reaches a decision `may_answer`
    names (bot.application.autoplay): every decision any order answers must be one of them,
    checked on every state of seeded games played with every order on."""
    every = Orders(build_reserve=0, decline_bank_groups=True, pay_debts=True)
    answered = 0
    for seed in range(12):
        game = Game.new(seed, {"bank_build_cap": 2})
        strategy = make_strategy("focus")
        while not game.is_over and game.turn < 150:
            found = ordered(game, every)
            if found is not None:
                answered += 1
                assert may_answer(game), (seed, game.turn, game.pending)
                game.apply(found[0])
            else:
                game.apply(strategy.choose(game))
    assert answered > 50  # the orders did answer: the check above was exercised
