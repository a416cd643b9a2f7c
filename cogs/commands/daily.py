"""`/monopoly-daily`: today's daily, played in private, a day's board, and
another player's daily once nobody can be spoiled by it (H5); and the commands that act on
the player's daily (status, board, history, resign), as `/monopoly`'s act on their game.

`play`: today's daily, started or brought back as the player's private message (a client
reload or a restart loses an ephemeral message: this brings it back), or its result once
finished. `results`: a day's board (today's by default). `player`: that player's daily of a
day (today by default): its recap, where the money went and its history, once it is finished
and its day is over, or once the viewer has finished their own daily of that day; the
player's own daily still going is said to be going on (a recap would read as a loss).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.application.daily import day_date, day_number
from bot.i18n import edition_for, points, t, tn
from bot.pictures import jobs

from cogs.commands import game as game_commands
from cogs.daily.result import COLOUR, bad_day, board_arg, board_day, show_result
from cogs.reports.pages import PageButton, show_pages
from cogs.common.pictures import MoneyMapButton, attach, draw, with_file
from cogs.play.clicks import show_game
from cogs.common.replies import (
    can_attach, ephemeral, last_events, locale_for, server, server_id, service_of,
)
from cogs.common.translator import choice, en

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

RECAP_NAME = "recap.png"
GROUP = "monopoly-daily"
DayOption = app_commands.Range[str, 1, 40]


def _d(key: str) -> str:
    return en(f"cmd.{GROUP}.{key}")


# Play anywhere: installed in a server, or by a player on their own account and
# used in any server, DM or group DM, where every game message is an interaction's answer.
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.allowed_installs(guilds=True, users=True)
class DailyCog(commands.GroupCog, group_name=_d("name"), group_description=_d("description")):
    def __init__(self, bot: MonopolyBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=_d("play.name"), description=_d("play.description"))
    @app_commands.describe(edition=_d("play.option.edition.description"))
    @app_commands.choices(
        edition=[choice(f"{GROUP} play", "edition", v) for v in ("us", "uk", "fr")])
    async def play(self, interaction: discord.Interaction[Any],
                   edition: str | None = None) -> None:
        # No edition named: the server's, else the board of the player's language.
        if edition is None:
            edition = (await service_of(interaction).servers.settings(
                server_id(interaction))).edition
        await play_daily(interaction, edition or edition_for(str(interaction.locale)))

    @app_commands.command(name=_d("results.name"), description=_d("results.description"))
    @app_commands.describe(day=_d("results.option.day.description"),
                           scope=_d("results.option.scope.description"),
                           page=_d("results.option.page.description"))
    @app_commands.choices(
        scope=[choice(f"{GROUP} results", "scope", v) for v in ("server", "global")])
    async def results(self, interaction: discord.Interaction[Any], day: DayOption | None = None,
                      scope: str = "server", page: app_commands.Range[int, 1, 10] = 1) -> None:
        chosen = await _day(interaction, day)
        if chosen is not None:
            where = scope if server(interaction) is not None else "global"
            await show_pages(interaction, "daily", board_arg(where, chosen), page,
                             ephemeral=False)

    @app_commands.command(name=_d("player.name"), description=_d("player.description"))
    @app_commands.describe(player=_d("player.option.player.description"),
                           day=_d("player.option.day.description"))
    async def player(self, interaction: discord.Interaction[Any], player: discord.User,
                     day: DayOption | None = None) -> None:
        chosen = await _day(interaction, day)
        if chosen is not None:
            await show_players_daily(interaction, player, chosen)

    # ---- the player's daily, as /monopoly's commands act on their game -------------------

    @app_commands.command(name=_d("status.name"), description=_d("status.description"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await game_commands.status(interaction, "daily")

    @app_commands.command(name=_d("board.name"), description=_d("board.description"))
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await game_commands.board(interaction, "daily")

    @app_commands.command(name=_d("history.name"), description=_d("history.description"))
    @app_commands.describe(page=_d("history.option.page.description"))
    async def history(self, interaction: discord.Interaction[Any],
                      page: app_commands.Range[int, 1, 100] = 1) -> None:
        await game_commands.history(interaction, page, "daily")

    @app_commands.command(name=_d("resign.name"), description=_d("resign.description"))
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await game_commands.resign(interaction, "daily")


async def _day(interaction: discord.Interaction[Any], day: str | None) -> int | None:
    """The day a `day` option names (today without one); None after saying why not."""
    if day is None:
        return service_of(interaction).daily.today()
    chosen = board_day(interaction, day)
    if chosen is None:
        await ephemeral(interaction, bad_day(interaction, day))
    return chosen


async def play_daily(interaction: discord.Interaction[Any], edition: str) -> None:
    """Today's daily: started, or brought back, as the player's private message; its result
    once it is over."""
    service = service_of(interaction)
    record, started = await service.daily.start(
        interaction.user.id, server_id(interaction), interaction.channel_id, edition=edition)
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
    record = await service.daily.of(player.id, day)
    if record is None:
        await ephemeral(interaction, t(locale, "daily.view.none", player=player.display_name,
                                       number=day_number(day)))
        return
    if not await service.daily.may_see(record, interaction.user.id):
        await ephemeral(interaction, t(locale, "daily.hidden"))
        return
    if record.status == "active":  # the player's own, still going: a recap would say "lost"
        await ephemeral(interaction, t(locale, "daily.view.in_progress", number=day_number(day),
                                       turn=record.game.turn))
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


__all__ = ["DailyCog", "play_daily", "show_players_daily"]
