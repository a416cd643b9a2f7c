"""An engine refusal is worded from its code and values (bot.narration.refusals), in the player's
language: the same words whether the error is at hand or asked for in advance."""

from __future__ import annotations

import random

import pytest

from bot.i18n import LOCALES, t
from bot.narration import refusal_reason, refusal_text, waiting_for
from bot.narration.refusals import _CLAUSES
from game_core import (
    BuildHouse, Buy, Game, IllegalActionError, LiftMortgage, Refusal, Resign, Roll,
    action_from_dict,
)
from game_core.actions import ACTION_TYPES
from game_core.state import BUILD, PLAYER

NBSP = "\u00a0"
# A value of each kind a code carries (errors.Refusal): a square, amounts, a count.
SAMPLE = {"action": "roll", "square": 39, "cost": 220, "cash": 100, "debt": 250, "fine": 50,
          "building": "house", "houses": 2}


def refusal_of(game: Game, action: object) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize("locale", LOCALES)
def test_every_code_the_engine_gives_is_worded_in_every_language(locale):
    game = Game.new(seed=1, edition="fr")
    for code in Refusal:
        if code is Refusal.UNKNOWN_ACTION:
            continue  # a caller's mistake, not a player's: told as what the game waits for
        assert code in _CLAUSES, code
        text = refusal_text(IllegalActionError("", code, **SAMPLE), game, locale=locale)
        assert text and "{" not in text and "_" not in text, (code, text)


def test_the_error_at_hand_is_told_in_french_without_the_engines_english():
    game = Game.new(seed=1, edition="fr", dice=[(2, 3)])
    game.apply(Roll())  # Gare Montparnasse, unowned: buy or decline first (P1)
    error = refusal_of(game, Roll())
    assert error.code == Refusal.MUST_DECIDE_BUY and "can't" in str(error)
    assert t("fr", "error.illegal", reason=refusal_text(error, game, locale="fr")) == (
        "Impossible : pas maintenant : décidez d'abord si vous achetez Gare Montparnasse")
    game.s.cash = 150  # P1: the price is paid in cash
    assert refusal_text(refusal_of(game, Buy()), game, locale="fr") == (
        f"cela coûte 200{NBSP}Cr et vous avez 150{NBSP}Cr")


def test_amounts_and_squares_are_said_the_editions_way():
    game = Game.new(seed=1, edition="uk")
    game.s.owner[39], game.s.mortgaged[39], game.s.cash = PLAYER, True, 100
    error = refusal_of(game, LiftMortgage(39))
    assert refusal_text(error, game, locale="en") == "it costs £220 and you have £100"
    assert refusal_text(refusal_of(game, LiftMortgage(45)), game, locale="en") == (
        "you don't own 45")


def test_P2_every_reason_not_to_build_is_said_as_before():
    game = Game.new(seed=1)
    game.s.pending, game.s.pending_square, game.s.owner[1] = BUILD, 1, PLAYER
    error = refusal_of(game, BuildHouse())
    assert error.code == Refusal.NOT_WHOLE_GROUP
    assert refusal_text(error, game, locale="en") == (
        "you can't build on Mediterranean Avenue now")


def test_an_error_without_a_code_is_told_as_what_the_game_waits_for():
    game = Game.new(seed=1, edition="fr")
    nameless = IllegalActionError("there is no way to raise_to_buy now")
    assert refusal_text(nameless, game, locale="fr") == (
        "pas maintenant : la partie attend que vous lanciez les dés")
    game.apply(Resign())
    assert refusal_text(nameless, game, locale="en") == "the game is over"
    assert waiting_for(game, locale="fr") == "la partie est finie"


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_asked_in_advance_or_at_hand_the_words_are_the_same(locale):
    rng = random.Random(locale)
    for seed in range(25):
        game = Game.new(seed, edition=("us", "uk", "fr")[seed % 3])
        for _ in range(60):
            legal = game.legal_actions()
            for kind in ACTION_TYPES:
                square = {"square": rng.randrange(40)} if "mortgage" in kind or kind == (
                    "sell_building") else {"level": rng.randint(1, 5)} if kind == (
                    "build_to") else {}
                probe = action_from_dict({"type": kind, **square})
                if probe in legal:
                    continue
                error = refusal_of(game.copy(), probe)
                assert refusal_text(error, game, locale=locale) == refusal_reason(
                    probe, game, locale=locale)
            if game.is_over:
                break
            game.apply(rng.choice(legal))
