"""`/monopoly-daily`: today's game, the same for everyone; one attempt per
player per day, in a slot beside the ordinary game, played in private (H5); a day's board with
the built-in player's result above it; the result with its streak, and a Share button that
posts a spoiler-free result publicly in the sharer's language (`cogs.daily.sharing`).

Only translation: the service decides the day, the seed, the attempt and the order.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord

from bot.application.daily import DailyRow, Streak, day_date, day_number, parse_day
from bot.errors import GameNotFound
from bot.i18n import points, t, tn
from bot.application.service import GameRecord

from cogs.common.custom_ids import ShareDaily, fits
from cogs.common.errors import report_error
from cogs.common.refusals import not_your_game
from cogs.common.pictures import MoneyMapButton
from cogs.common.player_names import player_label, player_names
from cogs.common.replies import (
    ephemeral, last_events, locale_for, refuse, server, service_of,
)
from cogs.daily.sharing import share_of, yardstick, yardstick_line

COLOUR = 0xC8102E
BOARD_FETCH = 100
BOARD_PER_PAGE = 10


def daily_label(day: int) -> dict[str, object]:
    return {"number": day_number(day), "date": day_date(day).isoformat()}


def result_embed(record: GameRecord, streak: Streak, *, locale: str,
                 post: str = "", focus: str = "") -> discord.Embed:
    """The player's result of a finished daily, with its streak (private to the player), the
    post its Share button makes and the built-in player's result on the same daily."""
    assert record.daily_day is not None
    turns = tn(locale, "turns", record.turns)
    line = (t(locale, "daily.result.won", points=points(record.score, locale), turns=turns)
            if record.status == "won" else t(locale, "daily.result.lost", turns=turns))
    streak_line = t(locale, "daily.result.streak",
                    current=tn(locale, "daily.days", streak.current),
                    best=tn(locale, "daily.days", streak.best))
    return discord.Embed(title=t(locale, "daily.result.title", **daily_label(record.daily_day)),
                         description="\n".join(
                             part for part in (line, streak_line, focus, post and f"\n{post}")
                             if part),
                         colour=COLOUR)


def board_pages(rows: list[DailyRow], *, title: str, locale: str,
                focus: str = "", names: Mapping[int, str] | None = None) -> list[discord.Embed]:
    """The day's board, `focus` (the built-in player's result) above it on every page; with
    `names` (the global board), players by name, not by mention."""
    top = f"{focus}\n\n" if focus else ""
    if not rows:
        return [discord.Embed(title=title, description=top + t(locale, "daily.board.empty"),
                              colour=COLOUR)]
    groups = [rows[i:i + BOARD_PER_PAGE] for i in range(0, len(rows), BOARD_PER_PAGE)]
    pages = []
    for number, group in enumerate(groups, 1):
        lines = []
        for row in group:
            turns = tn(locale, "turns", row.turns)
            if row.won:
                lines.append(t(locale, "daily.board.won", rank=row.rank,
                               player=player_label(row.owner_id, names, locale),
                               points=points(row.score, locale), turns=turns))
            else:  # E3: a loss scores 0; the turns survived only order the losers
                lines.append(t(locale, "daily.board.lost", rank=row.rank,
                               player=player_label(row.owner_id, names, locale),
                               turns=turns))
        embed = discord.Embed(title=title, description=top + "\n".join(lines), colour=COLOUR)
        embed.set_footer(text=t(locale, "daily.board.footer", page=number, pages=len(groups)))
        pages.append(embed)
    return pages


def board_arg(scope: str, day: int) -> str:
    """The pager's argument for a day's board: "s20780" (this server) or "g20780"."""
    return f"{scope[0]}{day}"


async def build_board(interaction: discord.Interaction[Any], arg: str,
                      locale: str, index: int = 0) -> list[discord.Embed]:
    """The pages of a day's board from a pager argument; ValueError if it isn't one. `index`:
    the page about to be shown, whose players the global board names."""
    match = re.fullmatch(r"([sg])(\d{1,7})", arg)
    if match is None:
        raise ValueError(f"no daily board {arg}")
    day = int(match[2])
    guild = server(interaction) if match[1] == "s" else None
    rows = await service_of(interaction).daily.board(day, guild.id if guild else None,
                                                     limit=BOARD_FETCH)
    title = (t(locale, "daily.board.title.server", server=guild.name, **daily_label(day))
             if guild else t(locale, "daily.board.title.global", **daily_label(day)))
    today = service_of(interaction).daily.today()
    focus = yardstick_line(await yardstick(interaction, day), locale=locale, today=day == today)
    names = None
    if guild is None:  # names, not mentions most readers can't resolve
        page = min(index, max(len(rows) - 1, 0) // BOARD_PER_PAGE)
        shown = rows[page * BOARD_PER_PAGE:(page + 1) * BOARD_PER_PAGE]
        names = await player_names(interaction.client, [r.owner_id for r in shown],
                                   [r.owner_id for r in rows])
    return board_pages(rows, title=title, locale=locale, focus=focus, names=names)


def bad_day(interaction: discord.Interaction[Any], text: str) -> str:
    today = service_of(interaction).daily.today()
    return t(locale_for(interaction), "daily.bad_day", day=text[:40],
             number=day_number(today))


def board_day(interaction: discord.Interaction[Any], text: str) -> int | None:
    return parse_day(text, service_of(interaction).daily.today())


async def show_result(interaction: discord.Interaction[Any], record: GameRecord) -> None:
    """The finished daily's result, privately: the post its Share button makes, the streak,
    the built-in player's result on the same daily, and where the money went."""
    locale, service = locale_for(interaction), service_of(interaction)
    if not interaction.response.is_done():  # a replay in a worker first
        await interaction.response.defer(ephemeral=True, thinking=True)
    streak = await service.daily.streak(record.owner_id)
    post, marks = await share_of(interaction, record, locale=locale,
                                 player=interaction.user.display_name)
    post += "\n\n" + t(locale, "share.legend", span=marks.span)
    assert record.daily_day is not None
    focus = yardstick_line(await yardstick(interaction, record.daily_day), locale=locale,
                           today=record.daily_day == service.daily.today())
    view = discord.ui.View(timeout=None)
    view.add_item(ShareButton(record.id, record.owner_id, label=t(locale, "button.share")))
    view.add_item(MoneyMapButton(record.id, label=t(locale, "button.money_map")))
    embed = result_embed(record, streak, locale=locale, post=post, focus=focus)
    await interaction.followup.send(embed=embed, view=view, ephemeral=True)


async def share(interaction: discord.Interaction[Any], game_id: int) -> None:
    """Post the player's finished daily publicly here, in the sharer's language."""
    locale, service = locale_for(interaction), service_of(interaction)
    try:
        record = await service.get(game_id)
    except GameNotFound:
        await refuse(interaction, "error.unknown_game")
        return
    if record.daily_day is None:
        await refuse(interaction, "daily.share.not_daily")
        return
    if record.status == "active":
        await refuse(interaction, "daily.share.not_finished")
        return
    await interaction.response.defer(thinking=True)  # public: the post; a replay first
    post, _ = await share_of(interaction, record, locale=locale,
                             player=interaction.user.display_name)
    await interaction.followup.send(post, allowed_mentions=discord.AllowedMentions.none())


class ShareButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=ShareDaily.TEMPLATE):
    """Under a finished daily: its player posts the result in the channel."""

    def __init__(self, game_id: int, owner_id: int, *, label: str) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           custom_id=ShareDaily(game_id, owner_id).to_id()))
        self.game_id, self.owner_id = game_id, owner_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> ShareButton:
        assert isinstance(item, discord.ui.Button)
        found = ShareDaily.from_match(match)
        return cls(found.game_id, found.owner_id, label=item.label or "")

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id != self.owner_id:
            await ephemeral(interaction, not_your_game(locale_for(interaction), self.owner_id))
            return False
        return True

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not fits(self.game_id):
            await refuse(interaction, "error.unknown_game")
            return
        try:
            await share(interaction, self.game_id)
        except Exception as exc:  # noqa: BLE001 -- every failure gets an answer and a log line
            await report_error(interaction, exc)


__all__ = ["ShareButton", "board_arg", "build_board", "last_events", "show_result"]
