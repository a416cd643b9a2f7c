"""The Hint's text: whatever the number of choices, in either language, it fits a
Discord message, names no choice twice, keeps its method line and never cuts its markup."""

from __future__ import annotations

import re

import pytest

from bot.narration.hints import MESSAGE_LIMIT, describe_hint
from bot.narration.narrate import action_label
from game_core import Game, Roll
from game_core.advisor import Pair, Tallies, Tally, open_choices, pairs_of, summarize
from game_core.board import PROPERTIES
from game_core.state import PLAYER, RAISE_FUNDS

ROLLOUTS = 200


def french_debt() -> Game:
    """The French board, every property the player's but the yellow and green streets
    (built up to hotels) and a debt that opens every sale and mortgage: 20+ choices."""
    game = Game.new(seed=1, edition="fr", dice=[(2, 2)])
    s = game.s
    for sq in PROPERTIES:
        s.owner[sq] = PLAYER
    for sq in (26, 27, 29, 31, 32, 34):  # the yellow and green streets: a house each
        s.buildings[sq] = 1
        s.houses_left -= 1
    s.bank_cash += s.cash
    s.cash = 0
    game.apply(Roll())  # Income Tax (impôts sur le revenu)
    assert game.pending == RAISE_FUNDS
    return game


def every_step(game: Game) -> list:
    """Each sale and mortgage as a choice of its own: the most a hint could ever list (the
    advisor itself offers a debt's few distinct plans, tested below)."""
    return [a for a in game.legal_actions() if a.type != "resign"]


def tallies(count: int, wins: list[int]) -> Tallies:
    """Figures as rollouts would give them; choices whose wins differ by a few share
    most of their winning futures (too close to call), the others don't."""
    choices = tuple(Tally(ROLLOUTS, w, 40 * ROLLOUTS, 1700 * ROLLOUTS) for w in wins)
    pairs = tuple(Pair(10 + max(0, wins[k] - wins[j]), 10 + max(0, wins[j] - wins[k]),
                       ROLLOUTS * 4) for k, j in pairs_of(count))
    return Tallies(choices, pairs)


@pytest.mark.parametrize("locale", ["en-US", "fr"])
def test_the_longest_hint_fits_names_each_choice_once_and_keeps_its_method(locale):
    game = french_debt()
    choices = every_step(game)
    assert len(choices) >= 20
    # Half the choices within a rollout or two of the best, the rest far behind.
    wins = [90 - (k if k % 2 else 40 + k) for k in range(len(choices))]
    hint = summarize(game.version, 0, choices, tallies(len(choices), wins))
    assert sum(o.too_close for o in hint.choices) >= 5
    text = "\n".join(describe_hint(hint, game, locale=locale))
    assert len(text) <= MESSAGE_LIMIT
    assert text.count("**") % 2 == 0  # no bold left open
    method = (f"How: {len(choices)} choices compared" if locale == "en-US"
              else f"Comment : {len(choices)} choix comparés")
    assert text.splitlines()[-1].startswith(method)
    assert ("200 times" if locale == "en-US" else "200 fois") in text.splitlines()[-1]
    listed = "\n".join(text.splitlines()[:-2])  # the verdict names the best once more
    for odds in hint.choices:
        label = action_label(odds.action, game, locale=locale)
        assert listed.count(f"**{label}**") <= 1, label
    assert text.count("★") == 1 and text.count("≈") >= 2  # the group, and the verdict
    counted = re.search(r"(\d+) (other choices|autres choix)", text)
    named = sum(f"**{action_label(o.action, game, locale=locale)}**" in listed
                for o in hint.choices)
    assert named + (int(counted[1]) if counted else 0) + _more(text) == len(choices)


def _more(text: str) -> int:
    """Choices of the close group left unnamed ("... and 4 more")."""
    found = re.search(r"(?:and|et) (\d+) (?:more|autres)\*?\*?:", text)
    return int(found[1]) if found else 0


@pytest.mark.parametrize("locale", ["en-US", "fr"])
def test_a_hint_cut_to_a_small_limit_still_keeps_best_verdict_and_method(locale):
    game = french_debt()
    choices = every_step(game)
    hint = summarize(game.version, 0, choices,
                     tallies(len(choices), [90 - 3 * k for k in range(len(choices))]))
    lines = describe_hint(hint, game, locale=locale, limit=900)
    assert len("\n".join(lines)) <= 900
    assert lines[1].startswith("★") and lines[-1].startswith(
        "How:" if locale == "en-US" else "Comment :")


@pytest.mark.parametrize(("locale", "one", "wrong"), [
    ("en-US", "lasts 1 more turn", "1 more turns"), ("fr", "dure encore 1 tour", "1 tours"),
])
def test_a_choice_lasting_one_more_turn_is_said_in_the_singular(locale, one, wrong):
    """Near the end of a game a choice lasts 1 more turn: plurals through the catalog."""
    game = french_debt()
    choices = every_step(game)[:3]
    tallies_ = Tallies(tuple(Tally(ROLLOUTS, w, ROLLOUTS, ROLLOUTS) for w in (90, 30, 5)),
                       tuple(Pair(60, 0, ROLLOUTS) for _ in pairs_of(3)))
    text = "\n".join(describe_hint(summarize(game.version, 0, choices, tallies_), game,
                                   locale=locale))
    assert one in text and wrong not in text


def one_choice_hint(game: Game):
    choices = [Roll()]
    return summarize(game.version, 0, choices,
                     Tallies((Tally(ROLLOUTS, 50, 40 * ROLLOUTS, 1700 * ROLLOUTS),), ()))


@pytest.mark.parametrize(("locale", "only", "whose"), [
    ("en-US", "One choice only: **Roll**.", "the bot's expert playing on from here"),
    ("fr", "Un seul choix : **Lancer les dés**.", "l'expert du bot s'il joue la suite"),
    ("es", "Solo hay una opción: **Tirar**.", "del experto del bot si sigue jugando"),
])
def test_T4_one_choice_only_is_said_only_when_the_menus_offer_nothing_else(locale, only,
                                                                           whose):
    game = Game.new(seed=3, edition="fr")  # nothing owned: no mortgage, nothing to sell
    lines = describe_hint(one_choice_hint(game), game, locale=locale)
    assert lines[1].startswith(only) and whose in lines[1]
    assert not any("Your odds" in line or "Vos chances" in line or "Tus probabilidades" in line
                   for line in lines)


@pytest.mark.parametrize(("locale", "waits", "others", "whose", "method"), [
    ("en-US", "The game waits for **Roll**", "the 6 other moves in the menus",
     "The odds of the bot's expert", "How: the bot's expert, the Hint's simulated player, "
                                     "played the rest of the game from here 200 times"),
    ("fr", "La partie attend : **Lancer les dés**", "les 6 autres coups des menus",
     "Les chances de l'expert du bot", "Comment : l'expert du bot, le joueur simulé du "
                                       "Conseil, a joué 200 fois"),
    ("es", "La partida espera: **Tirar**", "las otras 6 jugadas de los menús",
     "Las probabilidades del experto del bot", "Cómo: el experto del bot, el jugador "
                                               "simulado de la Pista, jugó 200 veces"),
])
def test_T4_a_roll_with_six_mortgages_in_the_menus_is_not_one_choice_only(locale, waits,
                                                                          others, whose,
                                                                          method):
    """T4: mortgages can be made at any moment; the Hint weighs the roll only (the decision
    the game waits for) and says so, rather than "one choice only"."""
    game = Game.new(seed=3, edition="fr")
    for sq in (1, 3, 6, 8, 9, 5):  # brown and light blue streets and a station: 6 mortgages
        game.s.owner[sq] = PLAYER
    assert sum(a.type == "mortgage" for a in game.legal_actions()) == 6
    lines = describe_hint(one_choice_hint(game), game, locale=locale)
    text = "\n".join(lines)
    assert lines[1].startswith(waits) and others in lines[1] and whose in lines[1]
    assert "One choice only" not in text and "Un seul choix" not in text
    assert "Solo hay una opción" not in text
    assert lines[-1].startswith(method)


@pytest.mark.parametrize(("locale", "said"), [
    ("en-US", "One way to pay found: **"), ("fr", "Une seule façon de payer trouvée : **"),
    ("es", "Se encontró una sola forma de pagar: **"),
])
def test_M1_one_way_found_to_pay_a_debt_is_not_said_to_be_the_only_choice(locale, said):
    """M1: while raising funds the menus' sales and mortgages are the way to pay: they
    can't "wait", and the plan weighed is not the only way."""
    game = french_debt()
    plan = open_choices(game)[0]
    hint = summarize(game.version, 0, [plan],
                     Tallies((Tally(ROLLOUTS, 50, 40 * ROLLOUTS, 1700 * ROLLOUTS),), ()))
    lines = describe_hint(hint, game, locale=locale)
    assert lines[1].startswith(said)
    assert not any(w in lines[1] for w in ("can wait", "peuvent attendre", "pueden esperar",
                                           "One choice only", "Un seul choix"))
