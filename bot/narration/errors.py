"""Why the game said no, in the player's words, for every front end: an error's English text is
for logs only and never reaches a player.

Two tables, one per way of saying it, each from an error's type to its catalog key:

    REPLIES      a whole reply (Discord's ephemeral answers; cogs.common.refusals adds the
                 few that name a Discord user), for the errors a click can meet on purpose.
                 An error it doesn't word is an outage or a bug: the cog reports it.
    error_clause the clause after "Can't do that: " (the terminal): every error the service
                 or the engine raises is worded, the engine's refusals from their codes
                 (refusals.refusal_text), a type no table names as "nothing was changed".
"""

from __future__ import annotations

from collections.abc import Mapping

from game_core.errors import CorruptStateError, IllegalActionError, InvalidOptionError
from game_core.game import Game

from bot.errors import (
    ActiveGameExists, AlreadyThinking, DamagedGame, DatabaseBusy, DatabaseIncomplete,
    DatabaseReadOnly, DatabaseTooNew, DatabaseTooOld, DatabaseUnavailable, GameFinished,
    GameNotFound, InvalidRequest, NoHints, NotYourGame, ServiceError, StaleVersion,
)
from bot.i18n.catalog import t

from .refusals import option_refusal, refusal_text, request_text

REPLIES: Mapping[type[ServiceError], str] = {
    GameFinished: "error.game_over",
    GameNotFound: "error.unknown_game",  # a custom_id the bot never made, or a forgotten game
    StaleVersion: "error.stale",
    AlreadyThinking: "hint.already_thinking",
    NoHints: "hint.no_hints",
}

# Every error the service raises on purpose, as a clause. A new ServiceError gets a line
# here (tests/bot/narration/test_error_words.py finds any left out).
CLAUSES: Mapping[type[Exception], str] = {
    GameFinished: "refusal.service.game_over",
    GameNotFound: "refusal.service.no_game",
    NotYourGame: "refusal.service.not_yours",
    StaleVersion: "refusal.service.stale",
    ActiveGameExists: "refusal.service.active_game",
    AlreadyThinking: "refusal.service.thinking",
    NoHints: "refusal.service.no_hints",
    DamagedGame: "refusal.service.damaged",
    CorruptStateError: "refusal.service.damaged",  # a stored game the engine can't read
    InvalidRequest: "refusal.service.invalid",
    DatabaseBusy: "refusal.service.busy",
    DatabaseUnavailable: "refusal.service.unavailable",
    DatabaseReadOnly: "refusal.service.read_only",
    DatabaseTooNew: "refusal.service.database",
    DatabaseTooOld: "refusal.service.database",
    DatabaseIncomplete: "refusal.service.database",
}
OTHER = "refusal.service.other"


def reply_key(error: ServiceError,
              instead: Mapping[type[ServiceError], str] | None = None) -> str | None:
    """The catalog key of the reply to `error`, `instead`'s wording first; None when no
    table words it (NotYourGame names its owner: the cog words it)."""
    for kind, key in (*(instead or {}).items(), *REPLIES.items()):
        if isinstance(error, kind):
            return key
    return None


def error_clause(error: Exception, game: Game | None, *, locale: str) -> str:
    """Why `error` refused a move, as a lowercase clause in the player's language: an engine
    refusal from its code (about `game` as it stands now), a game option from its code, a
    service error from its type; an error no table names says only that nothing changed."""
    if isinstance(error, IllegalActionError) and game is not None:
        return refusal_text(error, game, locale=locale)
    if isinstance(error, InvalidOptionError):
        return option_refusal(error, locale=locale)
    if isinstance(error, InvalidRequest) and (text := request_text(error, locale=locale)):
        return text
    for kind in type(error).__mro__:
        key = CLAUSES.get(kind)
        if key is not None:
            return t(locale, key)
    return t(locale, OTHER)
