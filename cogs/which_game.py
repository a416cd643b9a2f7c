"""Which game a command means (issue 19): a player may have an ordinary game and a daily
going at once (H1 holds for each slot). `status`, `board`, `history`, `hint`, `mortgage`,
`lift`, `sell`, `resign` and `resume` take a `game` option (ordinary or daily); without it,
the game in progress (with both going, the one played last), else the last one played. The
answer names the game whenever the player has a daily in the picture, so that it never acts
on one while the player thinks of the other.

Only translation: the service says which games there are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.application.daily import day_number
from bot.application.service import GameRecord
from bot.i18n import t

from .replies import ephemeral, locale_for, service_of
from .translator import choice, en

GAME_KINDS = ("ordinary", "daily")
F = TypeVar("F", bound=Callable[..., Any])


def game_option(command: str) -> Callable[[F], F]:
    """The `game` option's description and choices on `/monopoly <command>` (its parameter
    is `game: str | None = None`)."""
    def wrap(func: F) -> F:
        func = app_commands.choices(
            game=[choice(f"monopoly {command}", "game", kind) for kind in GAME_KINDS])(func)
        return app_commands.describe(
            game=en(f"cmd.monopoly.{command}.option.game.description"))(func)
    return wrap


@dataclass(frozen=True, slots=True)
class Picked:
    """The game meant (None: there is none, and `refusal` says so) and whether the answer
    should name it (a daily is in the picture)."""

    record: GameRecord | None
    refusal: str
    named: bool


async def pick(interaction: discord.Interaction[Any], game: str | None, *,
               finished_too: bool = False) -> Picked:
    """The game `game` (ordinary/daily/None) means for the player: in progress, or with
    `finished_too` the last one played if none is."""
    service, user_id = service_of(interaction), interaction.user.id
    if game == "daily":
        daily = await (service.latest_daily if finished_too else service.active_daily)(user_id)
        return Picked(daily, "which.no_daily_yet" if finished_too else "which.no_daily", True)
    ordinary = await (service.latest_game if finished_too else service.active_game)(user_id)
    daily = await (service.latest_daily if finished_too else service.active_daily)(user_id)
    if game == "ordinary":
        refusal = "which.no_ordinary_yet" if finished_too else "which.no_ordinary"
        if daily is None:
            refusal = "error.no_game"
        return Picked(ordinary, refusal, daily is not None)
    if ordinary is None or daily is None:
        return Picked(ordinary or daily, "error.no_game", daily is not None)
    if ordinary.status != daily.status:  # one in progress, one finished: the one going on
        going = ordinary if ordinary.status == "active" else daily
        return Picked(going, "", True)
    latest = daily if daily.updated_at > ordinary.updated_at else ordinary
    return Picked(latest, "", True)


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


__all__ = ["GAME_KINDS", "Picked", "game_option", "my_game", "name_of", "named", "pick"]
