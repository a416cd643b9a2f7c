"""The `/monopoly` slash commands: a player's game, their record, the leaderboard, their
settings and data. Each one asks the game service and shows its answer; none decides a rule.

What a game offers now (buy, build, mortgage, lift, sell...) is on its message's buttons and
menus, from the engine's legal actions. The daily has its own command, `/monopoly-daily`
(cogs.commands.daily). Each top-level command stays within 3,000 of the 4,000 characters
Discord allows, counted its way (bot.hosting.discord_limits; README, "Commands").
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import edition_for, quote_user_text, t
from bot.pictures import jobs
from game_core.orders import MAX_RESERVE
from game_core.presets import PRESET_BY_NAME, PRESETS, preset_options

from cogs.commands import game as game_commands
from cogs.common.pictures import RECORD_FETCH, RECORD_NAME, attach, draw, with_file
from cogs.common.player_names import shown_name
from cogs.common.replies import can_attach, ephemeral, locale_for, server_id, service_of
from cogs.common.translator import choice, en
from cogs.play.starting import start_game
from cogs.privacy.data import ask_to_forget, send_my_data
from cogs.privacy.settings import show_settings
from cogs.reports.embeds import leaderboard_arg, stats_embed
from cogs.reports.pages import show_pages

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

log = logging.getLogger(__name__)


def _d(key: str) -> str:
    return en(f"cmd.monopoly.{key}")


# Play anywhere: installed in a server, or by a player on their own account and
# used in any server, DM or group DM, where every game message is an interaction's answer.
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.allowed_installs(guilds=True, users=True)
class MonopolyCog(commands.GroupCog, group_name=en("cmd.monopoly.name"),
                  group_description=en("cmd.monopoly.description")):
    def __init__(self, bot: MonopolyBot) -> None:
        self.bot = bot
        super().__init__()

    # ---- starting and finding a game ----------------------------------------------------

    @app_commands.command(name=_d("new.name"), description=_d("new.description"))
    @app_commands.describe(
        edition=_d("new.option.edition.description"), doubles=_d("new.option.doubles.description"),
        treasury=_d("new.option.treasury.description"),
        bank_pawns=_d("new.option.bank_pawns.description"),
        start_cash=_d("new.option.start_cash.description"),
        preset=_d("new.option.preset.description"),
        bank_build_cap=_d("new.option.bank_build_cap.description"))
    @app_commands.choices(
        edition=[choice("monopoly new", "edition", v) for v in ("us", "uk", "fr")],
        doubles=[choice("monopoly new", "doubles", v) for v in ("off", "standard")],
        preset=[choice("monopoly new", "preset", p.name) for p in PRESETS])
    async def new(self, interaction: discord.Interaction[Any], edition: str | None = None,
                  doubles: str = "off",
                  treasury: app_commands.Range[int, 1, 10_000_000] | None = None,
                  bank_pawns: app_commands.Range[int, 0, 28] | None = None,
                  start_cash: app_commands.Range[int, 0, 10_000_000] | None = None,
                  preset: str | None = None,
                  bank_build_cap: app_commands.Range[int, 0, 5] | None = None) -> None:
        # What the player leaves out, the server's admins may have chosen.
        server = await service_of(interaction).servers.settings(server_id(interaction))
        # No edition named by either: the board of the player's language.
        edition = edition or server.edition or edition_for(str(interaction.locale))
        preset = preset or server.preset or "standard"
        chosen: dict[str, Any] = {"doubles": doubles}
        for key, value in (("treasury", treasury), ("bank_pawns", bank_pawns),
                           ("start_cash", start_cash), ("bank_build_cap", bank_build_cap)):
            if value is not None:
                chosen[key] = value
        # A preset's house rules, with the options chosen one by one on top.
        options = preset_options(preset, chosen) if preset in PRESET_BY_NAME else chosen
        await start_game(interaction, edition, options)

    # ---- the game: the one in progress (with a daily going too, the ordinary one) ---------
    # The daily's are under /monopoly-daily (cogs.commands.daily); mortgages, lifts and sales
    # are the game message's menus (one command surface that fits Discord's size).

    @app_commands.command(name=_d("resume.name"), description=_d("resume.description"))
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        await game_commands.resume(interaction, None)

    @app_commands.command(name=_d("board.name"), description=_d("board.description"))
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        await game_commands.board(interaction, None)

    @app_commands.command(name=_d("status.name"), description=_d("status.description"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        await game_commands.status(interaction, None)

    @app_commands.command(name=_d("hint.name"), description=_d("hint.description"))
    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        await game_commands.hint(interaction, None)

    @app_commands.command(name=_d("history.name"), description=_d("history.description"))
    @app_commands.describe(page=_d("history.option.page.description"))
    async def history(self, interaction: discord.Interaction[Any],
                      page: app_commands.Range[int, 1, 100] = 1) -> None:
        await game_commands.history(interaction, page, None)

    @app_commands.command(name=_d("resign.name"), description=_d("resign.description"))
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        await game_commands.resign(interaction, None)

    # ---- reading ---------------------------------------------------------------------

    @app_commands.command(name=_d("rules.name"), description=_d("rules.description"))
    @app_commands.describe(page=_d("rules.option.page.description"))
    async def rules(self, interaction: discord.Interaction[Any],
                    page: app_commands.Range[int, 1, 20] = 1) -> None:
        await show_pages(interaction, "rules", "", page, ephemeral=True)

    @app_commands.command(name=_d("leaderboard.name"), description=_d("leaderboard.description"))
    @app_commands.describe(scope=_d("leaderboard.option.scope.description"),
                           page=_d("leaderboard.option.page.description"),
                           season=_d("leaderboard.option.season.description"))
    @app_commands.choices(
        scope=[choice("monopoly leaderboard", "scope", v) for v in ("server", "global")])
    async def leaderboard(self, interaction: discord.Interaction[Any], scope: str = "server",
                          page: app_commands.Range[int, 1, 10] = 1,
                          season: app_commands.Range[str, 1, 20] | None = None) -> None:
        # Public: anyone in the channel may turn its pages. A season: this one
        # unless another is named; "all" for all time.
        arg = await leaderboard_arg(interaction, scope, season)
        if arg is None:
            await ephemeral(interaction, t(locale_for(interaction), "season.bad",
                                           season=quote_user_text(season or "")))
            return
        await show_pages(interaction, "leaderboard", arg, page, ephemeral=False)

    @app_commands.command(name=_d("stats.name"), description=_d("stats.description"))
    @app_commands.describe(user=_d("stats.option.user.description"))
    async def stats(self, interaction: discord.Interaction[Any],
                    user: discord.User | None = None) -> None:
        who = user or interaction.user
        service = service_of(interaction)
        record = await service.stats(who.id)
        streak = await service.daily.streak(who.id)
        embed = stats_embed(record, locale=locale_for(interaction),
                            player=shown_name(who, locale_for(interaction)),
                            streak=streak)
        games = await service.finished_games(who.id, limit=RECORD_FETCH)
        if len(games) < 2:  # a chart needs two games
            await interaction.response.send_message(embed=embed)
            return
        await interaction.response.defer(thinking=True)  # the chart may wait behind a queue
        chart = await draw(interaction, jobs.record, games, locale_for(interaction),
                           can_attach(interaction))
        file = attach(embed, chart, RECORD_NAME)  # the chart, or its text without Attach Files
        await interaction.followup.send(embed=embed, **with_file(file))

    # ---- privacy: cogs.privacy answers ---------------------------------------

    @app_commands.command(name=_d("mydata.name"), description=_d("mydata.description"))
    async def mydata(self, interaction: discord.Interaction[Any]) -> None:
        await send_my_data(interaction)

    @app_commands.command(name=_d("forget.name"), description=_d("forget.description"))
    async def forget(self, interaction: discord.Interaction[Any]) -> None:
        await ask_to_forget(interaction)

    # ---- the player's own settings: cogs.player_settings answers -----------

    @app_commands.command(name=_d("settings.name"), description=_d("settings.description"))
    @app_commands.describe(debt_confirm=_d("settings.option.debt_confirm.description"),
                           auto_build=_d("settings.option.auto_build.description"),
                           reserve=_d("settings.option.reserve.description"),
                           auto_decline=_d("settings.option.auto_decline.description"),
                           auto_pay=_d("settings.option.auto_pay.description"))
    @app_commands.choices(
        debt_confirm=[choice("monopoly settings", "debt_confirm", v) for v in ("on", "off")],
        auto_build=[choice("monopoly settings", "auto_build", v) for v in ("on", "off")],
        auto_decline=[choice("monopoly settings", "auto_decline", v) for v in ("on", "off")],
        auto_pay=[choice("monopoly settings", "auto_pay", v) for v in ("on", "off")])
    async def settings(self, interaction: discord.Interaction[Any],
                       debt_confirm: str | None = None, auto_build: str | None = None,
                       reserve: app_commands.Range[int, 0, MAX_RESERVE] | None = None,
                       auto_decline: str | None = None, auto_pay: str | None = None) -> None:
        await show_settings(interaction, debt_confirm, auto_build=auto_build, reserve=reserve,
                            auto_decline=auto_decline, auto_pay=auto_pay)
