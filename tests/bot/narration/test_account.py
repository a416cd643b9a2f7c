"""Roll on's and plans' words: why a decision was taken for the player, plans step by step,
Roll on's account (bot.narration.account), in English and French."""

from __future__ import annotations

from bot.narration.account import account_lines, describe_buy_plan, describe_skip, plan_label
from game_core import Decline, Game, Roll
from game_core.plans import buy_plan
from game_core.prompts import BUILD_MORTGAGED, STOP_RISK, Stop, forced
from game_core.state import PLAYER

ST_JAMES, TENNESSEE, NEW_YORK, READING, ORIENTAL = 16, 18, 19, 5, 6


def _game(dice, position: int, cash: int, mine) -> Game:
    game = Game.new(seed=1, dice=list(dice))
    s = game.s
    s.position = position
    s.bank_cash -= cash - s.cash
    s.cash = cash
    for sq in mine:
        s.owner[sq] = PLAYER
    return game


def test_P2_M2_a_build_stop_with_a_mortgaged_group_says_what_lifting_costs():
    game = _game([(4, 4)], 10, 50, [ST_JAMES, TENNESSEE, NEW_YORK])
    game.s.mortgaged[ST_JAMES] = game.s.mortgaged[NEW_YORK] = True
    game.apply(Roll())
    skip = forced(game)
    assert skip is not None and skip.why == BUILD_MORTGAGED
    assert describe_skip(skip, "us", "en") == (
        "Nothing to build on Tennessee Avenue: St. James Place and New York Avenue are "
        "mortgaged; lifting them costs $209 and you have $64.")
    assert describe_skip(skip, "us", "fr") == (
        "Rien à construire sur Tennessee Avenue : St. James Place et New York Avenue sont "
        "sous hypothèque ; lever les hypothèques coûte 209\xa0$ et vous avez 64\xa0$.")


def test_T4_P1_a_buy_plan_is_told_step_by_step_and_fits_a_button():
    game = _game([(5, 6)], 0, 100, [READING, ORIENTAL])
    game.apply(Roll())
    plan = buy_plan(game)
    assert plan is not None
    assert describe_buy_plan(plan, game, "en") == (
        "St. Charles Place costs $140 and you have $100. To buy it: mortgage Oriental Avenue "
        "(+$50).")
    assert plan_label(plan, game, "en") == "Raise $50 and buy ($140)"
    assert len(plan_label(plan, game, "fr")) <= 80


def test_the_account_folds_go_into_the_money_and_keeps_the_newest_turns():
    game = Game.new(seed=9)
    steps = []
    while game.turn <= 60 and not game.is_over:
        action = Decline() if game.pending == "buy" else game.legal_actions()[0]
        steps.append((game.apply(action), None))
    for locale in ("en", "fr"):
        text = account_lines(steps, start_cash=200, end_cash=game.s.cash, start_turn=1,
                             stop=Stop(STOP_RISK, 200, 39), edition="us", locale=locale,
                             limit=1024)
        lines = text.splitlines()
        assert len(text) <= 1024 and lines[0].startswith("🎲")
        assert "history" in lines[1] or "historique" in lines[1]  # the older turns cut
        assert lines[-1].startswith("⏸️") and "Boardwalk" in lines[-1]
        assert not any("GO" in line and "salary" in line for line in lines)
