"""The Share of a finished daily, Wordle-style, and the day's yardstick.

Only translation: the service says the rank, the streak and the clock; the worker pool
replays the game into its marks (`bot.application.share.shape`) and plays the built-in
player on the day's seed (`focus_result`), never the event loop. The yardstick is the
application's (`bot.application.yardsticks`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.application.daily import day_number, next_opening
from bot.application.service import GameRecord
from bot.application.share import Shape, Yardstick, shape
from bot.i18n import points, t, tn

from cogs.common.replies import service_of, workers_of

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

YARDSTICK_WAIT = 1.0  # an answer waits this long for the yardstick, then says it's coming


def next_daily(day: int, now: float, *, locale: str) -> str:
    """When the daily after `day` opens (UTC midnight), seen at `now`: in how long, or open
    already (a daily finished after midnight counts for its own day)."""
    opens = next_opening(day)
    if now >= opens:
        return t(locale, "share.next.open")
    minutes = -(-int(opens - now) // 60)  # rounded up: never "in 0 min" before it opens
    return t(locale, "share.next.in", hours=minutes // 60, minutes=minutes % 60)


def share_text(record: GameRecord, marks: Shape, *, rank: int, players: int, streak: int,
               now: float, locale: str, player: str) -> str:
    """The post: spoiler-free (no square, no dice, no card), in the sharer's language."""
    assert record.daily_day is not None
    values = {"number": day_number(record.daily_day), "player": player,
              "turns": tn(locale, "turns", record.turns)}
    head = (t(locale, "share.head.won", points=points(record.score, locale), **values)
            if record.status == "won" else t(locale, "share.head.lost", **values))
    return "\n".join((
        head, marks.marks,
        t(locale, "share.rank", rank=rank, players=players,
          streak=tn(locale, "daily.days", streak)),
        next_daily(record.daily_day, now, locale=locale)))


async def share_of(interaction: discord.Interaction[Any], record: GameRecord, *,
                   locale: str, player: str) -> tuple[str, Shape]:
    """The finished daily's post as of now, and its marks."""
    service = service_of(interaction)
    log = await service.game_log(record.id)
    marks = await workers_of(interaction).run(shape, log)
    rank, players = await service.daily.rank(record)
    streak = await service.daily.streak(record.owner_id)
    return share_text(record, marks, rank=rank, players=players, streak=streak.current,
                      now=service.daily.now(), locale=locale, player=player), marks


def yardstick_line(result: Yardstick | None, *, locale: str, today: bool) -> str:
    """The built-in player's result on a daily, for a day's board or a player's result."""
    if result is None:
        return t(locale, "yardstick.pending")
    suffix = "" if today else ".day"
    turns = tn(locale, "turns", result.turns)
    if result.won:
        return t(locale, "yardstick.won" + suffix, points=points(result.score, locale),
                 turns=turns)
    return t(locale, "yardstick.lost" + suffix, turns=turns)


async def yardstick(interaction: discord.Interaction[Any], day: int, *,
                    wait: float = YARDSTICK_WAIT) -> Yardstick | None:
    """How the built-in `focus` player did on `day`'s daily (the application's
    `Yardsticks`); None if it isn't done within `wait` seconds."""
    bot: MonopolyBot = interaction.client
    return await bot.yardsticks.of_day(day, wait=wait)


__all__ = ["next_daily", "share_of", "share_text", "yardstick", "yardstick_line"]
