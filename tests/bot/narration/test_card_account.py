"""Roll on tells every card (S6, P4) and every jailing (P6/T3) in its turn's line, its summary
counts the money by kind, and a cash-out's last mortgage says it was the Bank's last money
(M5): in English, French and Spanish, on any board."""

from __future__ import annotations

import pytest

from bot.narration.account import account_lines, narrate_steps, plan_steps
from bot.narration.narrate import narrate
from game_core import Game, Roll
from game_core.plans import cash_out_plan
from game_core.state import PLAYER

READING, CHANCE_1, CHEST_1, INCOME_TAX, GO_TO_JAIL = 5, 7, 2, 4, 30


def _game(dice, position: int, cash: int = 500, edition: str = "us") -> Game:
    game = Game.new(seed=1, dice=list(dice), edition=edition)
    s = game.s
    s.position = position
    s.bank_cash -= cash - s.cash
    s.cash = cash
    return game


def _drawn(card: str, dice, position: int, edition: str = "us", mine=()) -> tuple[Game, list]:
    """The game after a roll onto a deck whose top card is `card`."""
    game = _game(dice, position, edition=edition)
    deck = game.s.chance if card.startswith("ch_") else game.s.chest
    deck.remove(card)
    deck.insert(0, card)
    for sq in mine:
        game.s.owner[sq] = PLAYER
    start = game.s.cash
    steps = [(game.apply(Roll()), None)]
    return game, [steps, start]


def _line(game: Game, steps, start: int, locale: str, edition: str = "us") -> str:
    text = account_lines(steps, start_cash=start, end_cash=game.s.cash, start_turn=1,
                         stop=None, edition=edition, locale=locale, end=game)
    return text.splitlines()[1]


def test_S6_P4_a_card_that_moves_the_pawn_says_where_and_the_salary_on_the_way():
    game, (steps, start) = _drawn("ch_railroad_1", [(3, 4)], 0)  # Chance at 7 -> Pennsylvania
    line = _line(game, steps, start, "en")
    assert line == "1. Pennsylvania Railroad · Chance “Nearest station”: to Pennsylvania Railroad"


@pytest.mark.parametrize(("locale", "words"), [
    ("en", "Community Chest: Get Out of Jail Free card kept"),
    ("fr", "Caisse de communauté : carte « Vous êtes libéré de prison » gardée"),
    ("es", "Caja de comunidad: tarjeta “Quedas libre de la cárcel” guardada"),
])
def test_P6_a_jail_card_drawn_is_said_kept(locale, words):
    game, (steps, start) = _drawn("cc_jail_free", [(1, 1)], 0)  # Community Chest at 2
    assert words in _line(game, steps, start, locale)


def test_P6_a_jailing_says_the_card_the_square_or_the_doubles():
    game, (steps, start) = _drawn("ch_go_to_jail", [(3, 4)], 0)
    assert _line(game, steps, start, "en") == (
        "1. In Jail · Chance “Go to Jail” · to Jail (card)")
    game = _game([(3, 4)], 23)
    start = game.s.cash
    steps = [(game.apply(Roll()), None)]
    assert _line(game, steps, start, "es") == (
        "1. En la cárcel · a la cárcel (casilla Ve a la cárcel)")


def test_P4_repairs_with_no_building_still_name_the_card():
    game, (steps, start) = _drawn("ch_repairs", [(3, 4)], 0)
    assert _line(game, steps, start, "en") == (
        "1. Chance · Chance “General repairs”: nothing to pay")


@pytest.mark.parametrize(("locale", "line"), [
    ("en", "1. Community Chest · Community Chest “Doctor's fee” −$50"),
    ("fr", "1. Caisse de communauté · Caisse de communauté « Honoraires du médecin » −50\xa0$"),
    ("es", "1. Caja de comunidad · Caja de comunidad “Honorarios del médico” −50\xa0$"),
])
def test_P4_a_card_that_charges_carries_its_amount(locale, line):
    game, (steps, start) = _drawn("cc_doctor", [(1, 1)], 0)
    assert _line(game, steps, start, locale) == line


def test_the_summary_names_rent_taxes_cards_fines_go_and_building_apart():
    game = _game([(2, 2), (1, 2)], 0, 500)  # Income Tax, then Chance (a dividend)
    deck = game.s.chance
    deck.remove("ch_dividend")
    deck.insert(0, "ch_dividend")
    steps = [(game.apply(Roll()), None), (game.apply(Roll()), None)]
    head = account_lines(steps, start_cash=500, end_cash=game.s.cash, start_turn=1, stop=None,
                         edition="uk", locale="en", end=game).splitlines()[0]
    assert head == "🎲 Rolled on for 2 turns: cash £500 → £350 (taxes −£200; cards +£50)."
    head = account_lines(steps, start_cash=500, end_cash=game.s.cash, start_turn=1, stop=None,
                         edition="fr", locale="fr", end=game).splitlines()[0]
    assert head == ("🎲 2 tours enchaînés : argent 500\xa0Cr → 350\xa0Cr (impôts −200\xa0Cr ; "
                    "cartes +50\xa0Cr).")
    # A turn with no money moved gives no brackets at all.
    game = _game([(5, 5)], 0, 500)  # Jail, just visiting
    steps = [(game.apply(Roll()), None)]
    head = account_lines(steps, start_cash=500, end_cash=500, start_turn=1, stop=None,
                         edition="us", locale="es", end=game).splitlines()[0]
    assert head == "🎲 Seguiste tirando 1 turno: dinero 500\xa0$ → 500\xa0$."


def test_M5_a_cash_outs_last_mortgage_is_the_banks_last_money():
    game = Game.new(seed=1, edition="uk", options={"treasury": 1500})
    s = game.s
    for sq in (37, 39, 1, 3):
        s.owner[sq] = PLAYER
    s.cash, s.bank_cash = 1270, 230  # Park Lane (175) and Mayfair (200): not both paid
    plan = cash_out_plan(game)
    assert plan is not None
    words = plan_steps(plan, game, "en")
    assert "(the Bank's last £" in words, words
    steps = []
    for action in plan.steps:
        steps.append((game.apply(action), None))
        if game.is_over:
            break
    lines = narrate_steps(steps, edition="uk", locale="en", end=game)
    last = [line for line in lines if "the Bank owed" in line]
    assert len(last) == 1 and last[0].startswith("💥 Mortgaged ") and "paid its last £" in last[0]
    assert not any(line.startswith("💥 The Bank owed") for line in lines)
    assert lines[-1].startswith("🏆")  # the end, said once
    assert sum(line.startswith("🏆") for line in lines) == 1


def test_S6_a_card_line_is_in_the_players_language_on_every_board():
    for edition in ("us", "uk", "fr"):
        game, (steps, _) = _drawn("ch_st_charles", [(3, 4)], 0, edition=edition)
        said = narrate(steps[0][0], edition=edition, locale="es")
        card = next(line for line in said if line.startswith("🃏"))
        assert card.startswith("🃏 Suerte: Avanza hasta ") and "Salida" in card, card
