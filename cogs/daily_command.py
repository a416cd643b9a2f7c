"""`/monopoly daily` (issues 12, 19): play today's daily in private, see a day's board, or
see another player's daily once nobody can be spoiled by it (H5).

Without `day` or `player`: today's daily, started or brought back as the player's private
message (a client reload or a restart loses an ephemeral message: this brings it back), or
its result once finished. With `day`: that day's board. With `player`: that player's daily of
`day` (today by default): its recap, where the money went and its history, once it is
finished and its day is over, or once the viewer has finished its own daily of that day.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.application.daily import day_date, day_number
from bot.i18n import points, t, tn
from bot.pictures import jobs

from .daily import COLOUR, bad_day, board_arg, board_day, show_result
from .pagers import PageButton, show_pages
from .pictures import MoneyMapButton, attach, draw, with_file
from .play import show_game
from .replies import can_attach, ephemeral, last_events, locale_for, service_of

RECAP_NAME = "recap.png"


async def daily_command(interaction: discord.Interaction[Any], *, day: str | None, scope: str,
                        page: int, edition: str, player: discord.User | None) -> None:
    chosen = None
    if day is not None:
        chosen = board_day(interaction, day)
        if chosen is None:
            await ephemeral(interaction, bad_day(interaction, day))
            return
    if player is not None:
        await show_players_daily(interaction, player,
                                 service_of(interaction).today() if chosen is None else chosen)
        return
    if chosen is not None:
        where = scope if interaction.guild is not None else "global"
        await show_pages(interaction, "daily", board_arg(where, chosen), page, ephemeral=False)
        return
    service = service_of(interaction)
    record, started = await service.start_daily(
        interaction.user.id, interaction.guild_id, interaction.channel_id, edition=edition)
    if record.status != "active":
        await show_result(interaction, record)
        return
    await show_game(interaction, record,
                    [] if started else await last_events(service, record.id))


async def show_players_daily(interaction: discord.Interaction[Any], player: discord.User,
                             day: int) -> None:
    """Privately: `player`'s daily of `day` (its recap, money map and history), if the
    viewer may see it (H5); else why not."""
    locale, service = locale_for(interaction), service_of(interaction)
    record = await service.daily_of(player.id, day)
    if record is None:
        await ephemeral(interaction, t(locale, "daily.view.none", player=player.display_name,
                                       number=day_number(day)))
        return
    if not await service.may_see(record, interaction.user.id):
        await ephemeral(interaction, t(locale, "daily.hidden"))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)  # the recap is drawn
    log = await service.game_log(record.id)
    picture = await draw(interaction, jobs.recap, log, locale, can_attach(interaction))
    turns = tn(locale, "turns", record.turns)
    line = (t(locale, "daily.result.won", points=points(record.score, locale), turns=turns)
            if record.status == "won" else t(locale, "daily.result.lost", turns=turns))
    embed = discord.Embed(title=t(locale, "daily.view.title", number=day_number(day),
                                  date=day_date(day).isoformat(), player=player.display_name),
                          colour=COLOUR)
    file = attach(embed, picture, RECAP_NAME)
    embed.description = f"{line}\n{embed.description or ''}".strip()[:4096]
    view = discord.ui.View(timeout=None)
    view.add_item(MoneyMapButton(record.id, label=t(locale, "button.money_map")))
    view.add_item(PageButton("history", str(record.id), locale, 0, "n",
                             label=t(locale, "daily.view.history")))
    await interaction.followup.send(embed=embed, view=view, ephemeral=True, **with_file(file))


__all__ = ["daily_command", "show_players_daily"]
