"""The `/monopoly` slash commands. Each one asks the game service and shows its answer.

Commands never decide a rule: what may be mortgaged, lifted or sold comes from the engine's
legal actions (autocomplete lists exactly those), and refusals come back as domain errors.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import DamagedGame, GameFinished, StaleVersion
from bot.i18n import action_label, narrate, quote_user_text, refusal_reason, square_name, t
from bot.pictures import jobs
from bot.application.service import GameRecord
from game_core import (
    IllegalActionError, LiftMortgage, Mortgage, SellBuilding,
)
from game_core.actions import SquareAction
from game_core.presets import PRESET_BY_NAME, PRESETS, preset_options

from .confirm import ExpiredPrompt
from .daily import ShareButton, bad_day, board_arg, board_day, show_result
from .controls import ActionButton, ActionSelect, ClickAnswers, PlayAgainButton, answer_clicks_with
from .errors import on_tree_error
from .hint_button import HintButton, answer_hints_with
from .hinting import show_hint
from .pagers import PageButton, show_pages
from .pictures import (
    RECORD_FETCH, RECORD_NAME, MoneyMapButton, attach, draw, show_money_map, with_file,
)
from .play import board_message, play_action, show_game
from .replies import can_attach, ephemeral, last_events, locale_for, service_of
from .reports import leaderboard_arg, stats_embed, status_embed
from .resigning import ResignButton, ask_to_resign
from .starting import play_again, quietly_refresh, start_game
from .translator import CatalogTranslator, choice, en

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

log = logging.getLogger(__name__)
# A property option names a square: its number (autocomplete) or its name, the longest of
# which in any edition is 39 characters. Discord refuses anything longer before it gets here.
PROPERTY_MAX_LENGTH = 100
PropertyOption = app_commands.Range[str, 1, PROPERTY_MAX_LENGTH]
SQUARE_ACTIONS: dict[str, type[SquareAction]] = {
    "mortgage": Mortgage, "lift": LiftMortgage, "sell": SellBuilding,
}


def _d(key: str) -> str:
    return en(f"cmd.monopoly.{key}")


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.allowed_installs(guilds=True, users=False)
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
        # What the player leaves out, the server's admins may have chosen (issue 22).
        server = await service_of(interaction).server_settings(interaction.guild_id)
        edition = edition or server.edition or "us"
        preset = preset or server.preset or "standard"
        chosen: dict[str, Any] = {"doubles": doubles}
        for key, value in (("treasury", treasury), ("bank_pawns", bank_pawns),
                           ("start_cash", start_cash), ("bank_build_cap", bank_build_cap)):
            if value is not None:
                chosen[key] = value
        # A preset's house rules, with the options chosen one by one on top (issue 12).
        options = preset_options(preset, chosen) if preset in PRESET_BY_NAME else chosen
        await start_game(interaction, edition, options)

    @app_commands.command(name=_d("resume.name"), description=_d("resume.description"))
    async def resume(self, interaction: discord.Interaction[Any]) -> None:
        record = await self._my_game(interaction)
        if record is not None:
            await show_game(interaction, record, await last_events(service_of(interaction),
                                                                   record.id))

    @app_commands.command(name=_d("board.name"), description=_d("board.description"))
    async def board(self, interaction: discord.Interaction[Any]) -> None:
        record = await self._my_game(interaction, finished_too=True)
        if record is None:
            return
        if record.game.is_over:  # the last game's board: where its money went (issue 16)
            await show_money_map(interaction, record.id)
            return
        events = await last_events(service_of(interaction), record.id)
        if not interaction.response.is_done():  # the picture may wait behind a queue
            await interaction.response.defer(ephemeral=True, thinking=True)
        message = await board_message(interaction, record, events)
        kwargs = message.send_kwargs()
        kwargs.pop("view")  # a look at the board, not a second set of controls
        await interaction.followup.send(ephemeral=True, **kwargs)

    @app_commands.command(name=_d("status.name"), description=_d("status.description"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        record = await self._my_game(interaction)
        if record is not None:
            embed = status_embed(record, locale=locale_for(interaction),
                                 player=interaction.user.display_name)
            await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name=_d("hint.name"), description=_d("hint.description"))
    async def hint(self, interaction: discord.Interaction[Any]) -> None:
        record = await self._my_game(interaction)
        if record is not None:
            await show_hint(interaction, record.id, None)

    # ---- T4: mortgage, lift, sell (autocomplete lists exactly the legal ones) ----------------

    @app_commands.command(name=_d("mortgage.name"), description=_d("mortgage.description"))
    @app_commands.describe(property=_d("mortgage.option.property.description"))
    async def mortgage(self, interaction: discord.Interaction[Any],
                  property: PropertyOption) -> None:
        await self._square_action(interaction, "mortgage", property)

    @app_commands.command(name=_d("lift.name"), description=_d("lift.description"))
    @app_commands.describe(property=_d("lift.option.property.description"))
    async def lift(self, interaction: discord.Interaction[Any],
                  property: PropertyOption) -> None:
        await self._square_action(interaction, "lift", property)

    @app_commands.command(name=_d("sell.name"), description=_d("sell.description"))
    @app_commands.describe(property=_d("sell.option.property.description"))
    async def sell(self, interaction: discord.Interaction[Any],
                  property: PropertyOption) -> None:
        await self._square_action(interaction, "sell", property)

    @mortgage.autocomplete("property")
    async def _mortgage_choices(self, interaction: discord.Interaction[Any],
                                current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "mortgage", current)

    @lift.autocomplete("property")
    async def _lift_choices(self, interaction: discord.Interaction[Any],
                            current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "lift", current)

    @sell.autocomplete("property")
    async def _sell_choices(self, interaction: discord.Interaction[Any],
                            current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "sell", current)

    async def _choices(self, interaction: discord.Interaction[Any], kind: str,
                       current: str) -> list[app_commands.Choice[str]]:
        record = await service_of(interaction).active_game(interaction.user.id)
        if record is None:
            return []
        locale, needle = locale_for(interaction), current.casefold().strip()
        out = []
        for action in record.game.legal_actions():
            if type(action) is SQUARE_ACTIONS[kind]:
                label = action_label(action, record.game, locale=locale)[:100]
                if needle in label.casefold():
                    out.append(app_commands.Choice(name=label,
                                                   value=str(action.square)))
        return out[:25]

    async def _square_action(self, interaction: discord.Interaction[Any], kind: str,
                             value: str) -> None:
        record = await self._my_game(interaction)
        if record is None:
            return
        locale = locale_for(interaction)
        square = _square_of(value, record)
        if square is None:
            await ephemeral(interaction, t(locale, "error.unknown_property",
                                           name=quote_user_text(value)))
            return
        action = SQUARE_ACTIONS[kind](square)
        try:
            result = await service_of(interaction).act(record.id, interaction.user.id,
                                                       record.version, action)
        except IllegalActionError:
            reason = refusal_reason(action, record.game, locale=locale)
            await ephemeral(interaction, t(locale, "error.illegal", reason=reason))
            return
        except StaleVersion:  # a click on the game message got there first
            await ephemeral(interaction, t(locale, "error.moved_on"))
            return
        except GameFinished:
            await ephemeral(interaction, t(locale, "error.game_over"))
            return
        lines = narrate(result.events, edition=record.edition, locale=locale,
                        doubles_matter=record.game.options.standard_doubles)
        await ephemeral(interaction, "\n".join(lines)[:2000] or t(locale, "reply.done"))
        await quietly_refresh(interaction, result.record, result.events)

    # ---- reading ---------------------------------------------------------------------

    @app_commands.command(name=_d("history.name"), description=_d("history.description"))
    @app_commands.describe(page=_d("history.option.page.description"))
    async def history(self, interaction: discord.Interaction[Any],
                      page: app_commands.Range[int, 1, 100] = 1) -> None:
        record = await self._my_game(interaction, finished_too=True)
        if record is None:
            return
        await show_pages(interaction, "history", str(record.id), page, ephemeral=True)

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
        # Public: anyone in the channel may turn its pages. A season (issue 22): this one
        # unless another is named; "all" for all time.
        arg = await leaderboard_arg(interaction, scope, season)
        if arg is None:
            await ephemeral(interaction, t(locale_for(interaction), "season.bad",
                                           season=quote_user_text(season or "")))
            return
        await show_pages(interaction, "leaderboard", arg, page, ephemeral=False)

    @app_commands.command(name=_d("daily.name"), description=_d("daily.description"))
    @app_commands.describe(day=_d("daily.option.day.description"),
                           scope=_d("daily.option.scope.description"),
                           page=_d("daily.option.page.description"),
                           edition=_d("daily.option.edition.description"))
    @app_commands.choices(
        scope=[choice("monopoly daily", "scope", v) for v in ("server", "global")],
        edition=[choice("monopoly daily", "edition", v) for v in ("us", "uk", "fr")])
    async def daily(self, interaction: discord.Interaction[Any],
                    day: app_commands.Range[str, 1, 40] | None = None, scope: str = "server",
                    page: app_commands.Range[int, 1, 10] = 1, edition: str | None = None) -> None:
        """Issue 12: without `day`, play today's daily (or resume it, or see its result);
        with `day`, that day's board."""
        if day is not None:
            board = board_day(interaction, day)
            if board is None:
                await ephemeral(interaction, bad_day(interaction, day))
                return
            where = scope if interaction.guild is not None else "global"
            await show_pages(interaction, "daily", board_arg(where, board), page,
                             ephemeral=False)
            return
        service = service_of(interaction)
        edition = edition or (await service.server_settings(interaction.guild_id)).edition
        record, started = await service.start_daily(
            interaction.user.id, interaction.guild_id, interaction.channel_id,
            edition=edition or "us")
        if record.status != "active":
            await show_result(interaction, record)
            return
        await show_game(interaction, record,
                        [] if started else await last_events(service, record.id))

    @app_commands.command(name=_d("stats.name"), description=_d("stats.description"))
    @app_commands.describe(user=_d("stats.option.user.description"))
    async def stats(self, interaction: discord.Interaction[Any],
                    user: discord.User | None = None) -> None:
        who = user or interaction.user
        service = service_of(interaction)
        record = await service.stats(who.id)
        streak = await service.streak(who.id)
        embed = stats_embed(record, locale=locale_for(interaction), player=who.display_name,
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

    # ---- resigning -------------------------------------------------------------------

    @app_commands.command(name=_d("resign.name"), description=_d("resign.description"))
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        locale, service, user_id = locale_for(interaction), service_of(interaction), \
            interaction.user.id
        try:
            # The ordinary game; without one, the daily in progress (resigning ends it).
            record = (await service.active_game(user_id)
                      or await service.active_daily(user_id))
        except DamagedGame as exc:  # unreadable, but its player may still give it up
            game_id, question = exc.game_id, t(locale, "resign.confirm_damaged")
        else:
            if record is None:
                await ephemeral(interaction, t(locale, "error.no_game"))
                return
            game_id, question = record.id, t(locale, "resign.confirm")
        await ask_to_resign(interaction, game_id, question)

    # ---- helpers ---------------------------------------------------------------------

    async def _my_game(self, interaction: discord.Interaction[Any], *,
                       finished_too: bool = False) -> GameRecord | None:
        """The player's game in progress (or, with finished_too, its last game); None after
        telling the player it has none."""
        service = service_of(interaction)
        record = await (service.latest_game if finished_too else service.active_game)(
            interaction.user.id)
        if record is None:
            await ephemeral(interaction, t(locale_for(interaction), "error.no_game"))
        return record


def _square_of(value: str, record: GameRecord) -> int | None:
    """The square an option names: its number (from autocomplete) or its edition name."""
    text = value.strip()
    # ASCII digits only: "²" or "①" pass isdigit() but int() refuses them.
    if text.isascii() and text.isdigit() and 0 <= int(text) < 40:
        return int(text)
    folded = text.casefold()
    for square in range(40):
        if square_name(record.edition, square).casefold() == folded:
            return square
    return None


async def setup(bot: MonopolyBot) -> None:
    """Extension entry point: the cog, the persistent controls, the translator, the handler."""
    await bot.tree.set_translator(CatalogTranslator())
    answer_clicks_with(ClickAnswers(play=play_action, play_again=play_again))
    answer_hints_with(show_hint)
    bot.add_dynamic_items(ActionButton, ActionSelect, PlayAgainButton, PageButton,
                          ResignButton, ExpiredPrompt, HintButton, MoneyMapButton,
                          ShareButton)
    bot.tree.on_error = on_tree_error  # type: ignore[method-assign]
    await bot.add_cog(MonopolyCog(bot))

