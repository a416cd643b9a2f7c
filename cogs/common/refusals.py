"""Why the service said no, in the player's words: one table from each domain error to its
reply. The few places that word an error their own way (a hint about an older position,
a resign prompt that arrived as the game moved) name their wording, and only that.

An error no table words (an outage, a bug) is raised again, to the caller's
`errors.report_error`, which logs it and answers with an error id.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.application.hints import AlreadyThinking, NoHints
from bot.errors import (
    GameFinished, GameNotFound, InvalidRequest, NotYourGame, ServiceError, StaleVersion,
)
from bot.i18n import t
from bot.narration.refusals import request_text

from cogs.common.player_names import player_label

REPLIES: Mapping[type[ServiceError], str] = {
    GameFinished: "error.game_over",
    GameNotFound: "error.unknown_game",  # a custom_id the bot never made, or a forgotten game
    StaleVersion: "error.stale",
    AlreadyThinking: "hint.already_thinking",
    NoHints: "hint.no_hints",
}


def not_your_game(locale: str, owner_id: int) -> str:
    """Why a stranger's click or command is refused, naming the owner as the boards do ("a
    former player" once forgotten)."""
    return t(locale, "error.not_owner", owner=player_label(owner_id, None, locale))


def reply_to(locale: str, error: ServiceError,
             instead: Mapping[type[ServiceError], str] | None = None) -> str:
    """The reply to `error` in `locale`, `instead`'s wording first; `error` itself is raised
    again when nothing words it."""
    for kind, key in (*(instead or {}).items(), *REPLIES.items()):
        if isinstance(error, kind):
            return t(locale, key)
    if isinstance(error, NotYourGame):
        return not_your_game(locale, error.owner_id)
    if isinstance(error, InvalidRequest) and (text := request_text(error, locale=locale)):
        return text
    raise error
