"""The Hint's text: whatever the number of choices, in either language, it fits a
Discord message, names no choice twice, keeps its method line and never cuts its markup."""

from __future__ import annotations

import re

import pytest

from bot.narration.hints import MESSAGE_LIMIT, describe_hint
from bot.narration.narrate import action_label
from game_core import Game, Roll
from game_core.advisor import Pair, Tallies, Tally, pairs_of, summarize
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
    method = "played 200 times" if locale == "en-US" else "jouée 200 fois"
    assert method in text.splitlines()[-1]
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
        "Each choice" if locale == "en-US" else "Pour chaque choix")


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
