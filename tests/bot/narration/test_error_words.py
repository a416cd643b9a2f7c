"""Every error the game service or the engine raises on purpose reaches a player in their
language, worded from its type or code (bot.narration.errors), never as its English text."""

from __future__ import annotations

import inspect

import pytest

import bot.application.hints  # noqa: F401 -- its errors, found among ServiceError's
import bot.storage.sqlite  # noqa: F401
from bot.errors import (
    DatabaseBusy, GameFinished, NotYourGame, ServiceError, StaleVersion,
)
from bot.i18n import t
from bot.narration.errors import CLAUSES, OTHER, error_clause, reply_key
from game_core import Game
from game_core.errors import CorruptStateError, GameError, IllegalActionError
from game_core.errors import InvalidOptionError, Refusal


def subclasses(base: type) -> list[type]:
    found, todo = [], [base]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return found


def instance(kind: type[Exception]) -> Exception:
    """An error of `kind`, its arguments made up from their names."""
    values = {"detail": "disk I/O error", "path": "/tmp/x.sqlite3", "source": "/tmp/old"}
    # the required arguments only: an optional code (InvalidRequest's) is left out
    args = [values.get(name, 3)
            for name, p in inspect.signature(kind.__init__).parameters.items()
            if name != "self" and p.kind is not p.VAR_KEYWORD and p.default is p.empty]
    return kind(*args)


def test_every_service_error_has_its_own_words():
    """A new ServiceError without a line in CLAUSES would be said "refused, nothing changed":
    this lists it instead."""
    kinds = subclasses(ServiceError)
    assert {"DatabaseBusy", "AlreadyThinking", "DamagedGame"} <= {k.__name__ for k in kinds}
    assert [k.__name__ for k in kinds if k not in CLAUSES] == []


@pytest.mark.parametrize("locale", ["en", "fr", "es"])
@pytest.mark.parametrize("kind", [*subclasses(ServiceError), CorruptStateError],
                         ids=lambda k: k.__name__)
def test_a_service_error_is_worded_in_the_players_language_never_its_english(kind, locale):
    error = instance(kind)
    said = error_clause(error, Game.new(1), locale=locale)
    assert said == t(locale, CLAUSES[kind])
    assert str(error) not in said and said != t(locale, OTHER)


def test_an_engine_refusal_is_worded_from_its_code_and_an_unknown_error_says_nothing_changed():
    game = Game.new(1, edition="fr")
    refusal = IllegalActionError("can't buy now: first roll", Refusal.MUST_ROLL, action="buy")
    assert error_clause(refusal, game, locale="fr") == ("pas maintenant : la partie attend "
                                                           "que vous lanciez les dés")
    assert error_clause(GameError("boom"), game, locale="fr") == ("la partie l'a refusé ; rien "
                                                                  "n'a été changé")


@pytest.mark.parametrize(("locale", "said"), [
    ("en", "this game option can't be used."),
    ("fr", "cette option de partie ne peut pas être utilisée."),
    ("es", "esta opción de partida no se puede usar."),
])
def test_a_game_option_error_without_a_known_code_is_not_said_in_english(locale, said):
    error = InvalidOptionError("unknown dice scheme 'x': choose by_roll or by_draw",
                               "dice_scheme")
    assert error_clause(error, None, locale=locale) == said


def test_discords_replies_and_the_ways_a_caller_words_an_error_its_own_way():
    assert reply_key(GameFinished(1)) == "error.game_over"
    assert reply_key(StaleVersion(1, 2, 3), {StaleVersion: "hint.stale"}) == "hint.stale"
    assert reply_key(NotYourGame(1, 2)) is None  # the cog names the owner
    assert reply_key(DatabaseBusy()) is None  # an outage: the cog's error report says it
