"""Why the service said no, in the player's words: the one table from each domain error to its
reply lives in bot.narration.errors (the terminal words the same errors); this adds the
reply naming a Discord user. The few places that word an error their own way (a hint about
an older position, a resign prompt that arrived as the game moved) name their wording, and
only that.

An error no table words (an outage, a bug) is raised again, to the caller's
`errors.report_error`, which logs it and answers with an error id.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.errors import InvalidRequest, NotYourGame, ServiceError
from bot.i18n import t
from bot.narration.errors import reply_key
from bot.narration.refusals import request_text

from cogs.common.player_names import player_label


def not_your_game(locale: str, owner_id: int) -> str:
    """Why a stranger's click or command is refused, naming the owner as the boards do ("a
    former player" once forgotten)."""
    return t(locale, "error.not_owner", owner=player_label(owner_id, None, locale))


def reply_to(locale: str, error: ServiceError,
             instead: Mapping[type[ServiceError], str] | None = None) -> str:
    """The reply to `error` in `locale`, `instead`'s wording first; `error` itself is raised
    again when nothing words it."""
    key = reply_key(error, instead)
    if key is not None:
        return t(locale, key)
    if isinstance(error, NotYourGame):
        return not_your_game(locale, error.owner_id)
    if isinstance(error, InvalidRequest) and (text := request_text(error, locale=locale)):
        return text
    raise error
