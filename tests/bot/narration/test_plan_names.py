"""A plan's name says what it does (issue 37): "keeping the buildings" sells none unless
the name says how many it sells, "selling buildings first" sells some, each street is
listed once in the steps, and where nothing limits the length (the terminal) the Hint
shows every plan whole, with no "…"."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.narration.account import plan_steps
from bot.narration.hints import choice_label, describe_hint
from bot.narration.narrate import square_name
from tests.bot.narration.test_hint_text import tallies
from game_core import Game, Roll
from game_core.advisor import open_choices, summarize
from game_core.board import PROPERTIES, SQUARES, Kind
from game_core.plans import BUILDINGS_FIRST, KEEP_BUILDINGS, debt_plans
from game_core.state import BANK, PLAYER, RAISE_FUNDS

ORANGE, RED, YELLOW = (16, 18, 19), (21, 23, 24), (26, 27, 29)


def _debt(houses: dict[int, int], mortgaged: tuple[int, ...] = (), edition: str = "us",
          mine: tuple[int, ...] = ()) -> Game:
    """A debt of the Income Tax (200, P5) with no cash, the player owning `mine` and the
    streets built as `houses` says."""
    game = Game.new(seed=1, edition=edition, dice=[(2, 2)])
    s = game.s
    for sq in (*mine, *houses):
        s.owner[sq] = PLAYER
    for sq, count in houses.items():
        s.buildings[sq] = count
        s.houses_left -= count
    for sq in mortgaged:
        s.mortgaged[sq] = True
    s.bank_cash += s.cash
    s.cash = 0
    game.apply(Roll())  # 0 + 4: Income Tax, 200
    assert game.pending == RAISE_FUNDS
    return game


GAMES = {
    # Mortgages can't cover it: "keeping the buildings" must sell some.
    "sells": lambda: _debt({i: 4 for i in ORANGE + RED}, mine=(1, 3)),
    # Mortgages cover it: keeping the buildings sells none.
    "keeps": lambda: _debt({i: 2 for i in ORANGE}, mine=(5, 15, 25, 35, 12, 28)),
    # Nothing to sell: selling buildings first can't.
    "bare": lambda: _debt({}, mine=(5, 15, 25, 35, 1, 3)),
}


@pytest.mark.parametrize("locale", ["en", "fr", "es"])
@pytest.mark.parametrize("name", list(GAMES))
def test_M1_a_debt_plans_name_says_what_it_sells(name, locale):
    game = GAMES[name]()
    plans = debt_plans(game)
    assert plans
    keeping = t(locale, "hint.plan.debt.keep_buildings", steps="", cash="").split(":")[0]
    first = t(locale, "hint.plan.debt.buildings_first", steps="", cash="").split(":")[0]
    for plan in plans:
        label = choice_label(plan, game, locale=locale, steps_limit=None)
        if label.startswith(keeping):
            assert not plan.sold, label  # it keeps them all
        if label.startswith(first):
            assert plan.sold, label
        if plan.way == KEEP_BUILDINGS and plan.sold:
            assert not label.startswith(keeping) and str(len(plan.sold)) in label
        if plan.way == BUILDINGS_FIRST and not plan.sold:
            assert not label.startswith(first)


@pytest.mark.parametrize("locale", ["en", "fr", "es"])
def test_M3_a_street_sold_on_more_than_once_is_listed_once(locale):
    game = GAMES["sells"]()
    for plan in debt_plans(game):
        words = plan_steps(plan, game, locale)
        for sq in set(plan.sold) | set(plan.mortgaged):
            assert words.count(square_name(game.edition, sq, locale)) == 1, words


def test_the_terminals_hint_shows_each_plan_whole():
    # A Bank hotel on Boardwalk (2,000, R1) paid by mortgaging some twenty properties.
    game = Game.new(seed=1, dice=[(1, 1)])
    s = game.s
    for sq in PROPERTIES:
        s.owner[sq] = PLAYER
    s.owner[39], s.owner[37] = BANK, BANK
    s.pawns_left -= 2
    s.buildings[39] = 5
    s.hotels_left -= 1
    s.position = 37
    game.apply(Roll())
    assert game.pending == RAISE_FUNDS
    choices = open_choices(game)
    assert choices
    hint = summarize(game.version, 0, choices, tallies(len(choices),
                                                       [20 + 30 * k for k in range(len(choices))]))
    long = [choice_label(c, game, locale="en") for c in choices]
    assert any("…" in label for label in long)  # cut on Discord (a message's 2,000)
    lines = describe_hint(hint, game, locale="en", bold=False, limit=None)
    assert not any("…" in line for line in lines)
    for plan in choices:
        assert choice_label(plan, game, locale="en", steps_limit=None) in "\n".join(lines)


def test_the_game_helpers_make_what_they_say():
    assert all(SQUARES[i].kind is Kind.STREET for i in ORANGE + RED + YELLOW)
    assert len(PROPERTIES) == 28
