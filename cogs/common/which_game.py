"""Which game a command means: a player may have an ordinary game and a daily
going at once (H1 holds for each slot). `/monopoly`'s status, board, history, hint, resign and
resume act on the player's game: the one in progress, and with both going, the ordinary one
(the daily's are under `/monopoly-daily`); with no ordinary game at all, the daily. The
answer names the game whenever the player has a daily in the picture, so that it never acts
on one while the player thinks of the other.

Only translation: the service says which games there are.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot.application.daily import day_number
from bot.application.service import GameRecord
from bot.i18n import t

from cogs.common.replies import ephemeral, locale_for, service_of

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Picked:
    """The game meant (None: there is none, and `refusal` says so) and whether the answer
    should name it (a daily is in the picture)."""

    record: GameRecord | None
    refusal: str
    named: bool


async def pick(interaction: discord.Interaction[Any], game: str | None, *,
               finished_too: bool = False) -> Picked:
    """The game `game` ("daily", or None for `/monopoly`'s) means for the player: in
    progress, or with `finished_too` the last one played if none is."""
    service, user_id = service_of(interaction), interaction.user.id
    if game == "daily":
        daily = await (service.daily.latest if finished_too else service.daily.active)(user_id)
        return Picked(daily, "which.no_daily_yet" if finished_too else "which.no_daily", True)
    ordinary = await (service.latest_game if finished_too else service.active_game)(user_id)
    daily = await (service.daily.latest if finished_too else service.daily.active)(user_id)
    if ordinary is None or daily is None:
        return Picked(ordinary or daily, "error.no_game", daily is not None)
    if (ordinary.status == "active") != (daily.status == "active"):  # the one going on
        going = ordinary if ordinary.status == "active" else daily
        return Picked(going, "", True)
    return Picked(ordinary, "", True)  # both going (or both over): /monopoly-daily for the daily


async def my_game(interaction: discord.Interaction[Any], game: str | None, *,
                  finished_too: bool = False) -> tuple[GameRecord | None, str]:
    """(the game meant, its name for the answer: "" when no daily is in the picture); None
    after telling the player why there is none."""
    picked = await pick(interaction, game, finished_too=finished_too)
    locale = locale_for(interaction)
    if picked.record is None:
        await ephemeral(interaction, t(locale, picked.refusal))
        return None, ""
    return picked.record, name_of(picked.record, locale) if picked.named else ""


def name_of(record: GameRecord, locale: str) -> str:
    """"Your daily #329" / "Your game #12"."""
    if record.daily_day is not None:
        return t(locale, "which.daily", number=day_number(record.daily_day))
    return t(locale, "which.ordinary", game_id=record.id)


def named(name: str, text: str) -> str:
    """`text` after the game's name in bold, when there is a name to give."""
    return f"**{name}**\n{text}" if name else text


async def name_the_answer(interaction: discord.Interaction[Any], name: str) -> None:
    """Put the game's name above an answer already sent by code that takes no name (a hint,
    a finished game's money map): one edit of the answer, nothing when there is no name."""
    if not name:
        return
    try:
        answer = await interaction.original_response()
        text = named(name, answer.content).strip()
        await interaction.edit_original_response(content=text[:2000])
    except discord.HTTPException as exc:  # the answer itself is there: only its name is lost
        log.info("could not name the answer: %s", exc)


__all__ = ["Picked", "my_game", "name_of", "name_the_answer",
           "named", "pick"]
