"""Roll on's and plans' words: why a decision was taken for the player, plans step by step,
Roll on's account (bot.narration.account), in English and French."""

from __future__ import annotations

from bot.narration.account import (
    account_lines, describe_buy_plan, describe_skip, key_name, narrate_steps, plan_label,
    stop_line,
)
from game_core import Buy, Decline, Game, PayFine, Roll
from game_core.plans import buy_plan
from game_core.prompts import BUILD_MORTGAGED, STOP_LOSS, STOP_RISK, STOP_WIN, Stop, forced
from game_core.state import BANK, PLAYER

ST_JAMES, TENNESSEE, NEW_YORK, READING, ORIENTAL = 16, 18, 19, 5, 6
VERMONT, CONNECTICUT, BOARDWALK = 8, 9, 39


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


def test_T2_the_account_gives_go_its_own_item_and_keeps_the_newest_turns():
    game = Game.new(seed=9)
    steps = []
    while game.turn <= 60 and not game.is_over:
        action = Decline() if game.pending == "buy" else game.legal_actions()[0]
        steps.append((game.apply(action), None))
    for locale, go in (("en", "GO +$200"), ("fr", "Départ +200\xa0$"),
                       ("es", "Salida +200\xa0$")):
        text = account_lines(steps, start_cash=200, end_cash=game.s.cash, start_turn=1,
                             stop=Stop(STOP_RISK, 200, 39), edition="us", locale=locale,
                             limit=1024)
        lines = text.splitlines()
        assert len(text) <= 1024 and lines[0].startswith("🎲")
        assert "histor" in lines[1]  # the older turns cut
        assert lines[-1].startswith("⏸️") and "Boardwalk" in lines[-1]
        assert any(f" · {go}" in line for line in lines[2:-1])


def test_P1_the_first_line_after_a_decision_names_its_square():
    game = _game([(3, 3)], 0, 500, [])
    game.apply(Roll())  # Oriental Avenue, for sale
    start = game.s.position
    steps = [(game.apply(Buy()), None)]
    text = account_lines(steps, start_cash=500, end_cash=game.s.cash, start_turn=game.turn - 1,
                         stop=None, edition="us", locale="en", start_square=start, end=game)
    assert text.splitlines()[1] == "1. Oriental Avenue · bought −$100"


def test_P6_R1_a_turn_lists_the_fine_and_the_rent_each_with_its_own_amount():
    # Out of Jail with the fine, onto the player's own Tennessee Avenue (rent 28 doubled
    # with the group): −50 and +28, not one netted −22.
    game = _game([(4, 4)], 10, 200, [ST_JAMES, TENNESSEE, NEW_YORK])
    game.s.in_jail, game.s.pending = True, "jail"
    steps = [(game.apply(PayFine()), None), (game.apply(Roll()), None)]
    line = account_lines(steps, start_cash=200, end_cash=game.s.cash, start_turn=1, stop=None,
                         edition="us", locale="en", start_square=10, start_in_jail=True,
                         end=game).splitlines()[1]
    assert line == "1. Tennessee Avenue · Jail fine −$50 · out of Jail · rent +$28"


def test_M1_E3_a_loss_names_the_debt_its_houses_and_what_could_be_raised():
    game = _game([(3, 3)], 3, 90, [BOARDWALK])
    for sq in (ORIENTAL, VERMONT, CONNECTICUT):
        game.s.owner[sq] = BANK
    game.s.buildings[CONNECTICUT], game.s.houses_left = 3, 29  # rent 300
    steps = [(game.apply(Roll()), None)]
    assert game.is_over
    en = narrate_steps(steps, edition="us", locale="en", end=game)[-1]
    assert en == ("💸 rent $300 (3 houses) can't be paid: cash $90 + sales and mortgages $200 "
                  "= $290; game lost")
    fr = account_lines(steps, start_cash=90, end_cash=90, start_turn=1, stop=None,
                       edition="fr", locale="fr", end=game).splitlines()[1]
    assert fr == ("1. Avenue de la République · 💸 loyer de 300\xa0Cr (3 maisons) impayable : "
                  "argent 90\xa0Cr + ventes et hypothèques 200\xa0Cr = 290\xa0Cr ; partie perdue")


def test_T2_M1_stop_lines_count_go_on_the_way_and_name_a_fatal_landing():
    risk = stop_line(Stop(STOP_RISK, 450, 3, salary=200), 150, 2, edition="us", locale="en")
    assert risk == ("⏸️ Stopped: the next roll could cost $450 (Baltic Avenue) and you have "
                    "$150, $350 with GO's salary on the way.")
    loss = stop_line(Stop(STOP_LOSS, 600, CONNECTICUT, raisable=100), 100, 2, edition="us",
                     locale="fr")
    assert "Connecticut Avenue" in loss and "600\xa0$" in loss and "(100\xa0$)" in loss


def test_M5_the_win_stop_names_the_buttons_by_default_and_the_keys_when_given():
    win = Stop(STOP_WIN)
    assert stop_line(win, 0, 1, edition="us", locale="en").endswith(
        "To win, press the “Cash out: break the Bank” button; to play on, press the “Roll on” "
        "button.")
    fr = stop_line(win, 0, 1, edition="fr", locale="fr", cash_out=key_name("p", "fr"),
                   roll_on=key_name("o", "fr"))
    assert fr.endswith("Pour gagner, appuyez sur la touche p ; pour continuer, sur la touche o.")


def test_M1_E3_a_danger_rolled_past_is_said_once_at_the_end_of_its_turn_line():
    # Roll on went past a loss no choice on offer could change (game_core.prompts
    # .danger_decides): the account says it once, on the turn it appeared after.
    game = Game.new(seed=9)
    steps = []
    while game.turn <= 3 and not game.is_over:
        action = Decline() if game.pending == "buy" else game.legal_actions()[0]
        steps.append((game.apply(action), None))
    danger = Stop(STOP_LOSS, 600, CONNECTICUT, raisable=100, turn=2)
    for locale, words in (("en", "⚠️ the next roll could land on Connecticut Avenue ($600), "
                                 "more than everything you could raise ($100)"),
                          ("fr", "⚠️ le prochain lancer pourrait tomber sur Connecticut Avenue "
                                 "(600\xa0$), plus que tout ce que vous pourriez réunir "
                                 "(100\xa0$)")):
        text = account_lines(steps, start_cash=200, end_cash=game.s.cash, start_turn=1,
                             stop=None, edition="us", locale=locale, dangers=[danger])
        said = [line for line in text.splitlines() if words in line]
        assert len(said) == 1 and said[0].startswith("2. ")
        assert "⏸️" not in text  # no stop: play went on
