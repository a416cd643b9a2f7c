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
from bot.i18n import (
    action_label, edition_for, quote_user_text, refusal_reason, square_name, t,
)
from bot.i18n.account import narrate_steps
from bot.pictures import jobs
from bot.application.service import GameRecord
from game_core import (
    IllegalActionError, LiftMortgage, Mortgage, SellBuilding,
)
from game_core.actions import SquareAction
from game_core.presets import PRESET_BY_NAME, PRESETS, preset_options

from .confirm import ExpiredPrompt
from .daily import ShareButton
from .daily_command import daily_command
from .controls import ActionButton, ActionSelect, ClickAnswers, PlayAgainButton, answer_clicks_with
from .errors import on_tree_error
from .hint_button import HintButton, HintPlanButton, answer_hints_with
from .hinting import carry_plan, show_hint
from .pagers import PageButton, show_pages
from .pictures import (
    RECORD_FETCH, RECORD_NAME, MoneyMapButton, attach, draw, show_money_map, with_file,
)
from .play import board_message, play_action, show_game
from .player_names import shown_name
from .player_settings import show_settings
from .privacy import PrivacyCog, ask_to_forget, send_my_data
from .replies import can_attach, ephemeral, last_events, locale_for, service_of
from .reports import leaderboard_arg, stats_embed, status_embed
from .resigning import ResignButton, ask_to_resign
from .starting import play_again, quietly_refresh, start_game
from .translator import CatalogTranslator, choice, en
from .which_game import game_option, my_game, name_the_answer, named, pick

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
        # No edition named by either: the board of the player's language (issue 24).
        edition = edition or server.edition or edition_for(str(interaction.locale))
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
    @game_option("resume")
    async def resume(self, interaction: discord.Interaction[Any],
                     game: str | None = None) -> None:
        record, _ = await my_game(interaction, game)
        if record is not None:
            await show_game(interaction, record, await last_events(service_of(interaction),
                                                                   record.id))

    @app_commands.command(name=_d("board.name"), description=_d("board.description"))
    @game_option("board")
    async def board(self, interaction: discord.Interaction[Any],
                    game: str | None = None) -> None:
        record, name = await my_game(interaction, game, finished_too=True)
        if record is None:
            return
        if record.game.is_over:  # the last game's board: where its money went (issue 16)
            await show_money_map(interaction, record.id)
            await name_the_answer(interaction, name)
            return
        events = await last_events(service_of(interaction), record.id)
        if not interaction.response.is_done():  # the picture may wait behind a queue
            await interaction.response.defer(ephemeral=True, thinking=True)
        message = await board_message(interaction, record, events)
        kwargs = message.send_kwargs()
        kwargs.pop("view")  # a look at the board, not a second set of controls
        if name:  # a daily is in the picture: which game this is (issue 19)
            kwargs["content"] = named(name, "").strip()
        await interaction.followup.send(ephemeral=True, **kwargs)

    @app_commands.command(name=_d("status.name"), description=_d("status.description"))
    @game_option("status")
    async def status(self, interaction: discord.Interaction[Any],
                     game: str | None = None) -> None:
        record, name = await my_game(interaction, game)
        if record is not None:
            embed = status_embed(record, locale=locale_for(interaction),
                                 player=interaction.user.display_name)
            await interaction.response.send_message(named(name, "").strip() or None,
                                                    embed=embed, ephemeral=True)

    @app_commands.command(name=_d("hint.name"), description=_d("hint.description"))
    @game_option("hint")
    async def hint(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        record, name = await my_game(interaction, game)
        if record is not None and record.daily_day is not None:  # the daily takes no hints
            await ephemeral(interaction, named(name, t(locale_for(interaction), "hint.no_hints")))
        elif record is not None:
            await show_hint(interaction, record.id, None)
            await name_the_answer(interaction, name)

    # ---- T4: mortgage, lift, sell (autocomplete lists exactly the legal ones) ----------------

    @app_commands.command(name=_d("mortgage.name"), description=_d("mortgage.description"))
    @app_commands.describe(property=_d("mortgage.option.property.description"))
    @game_option("mortgage")
    async def mortgage(self, interaction: discord.Interaction[Any],
                  property: PropertyOption, game: str | None = None) -> None:
        await self._square_action(interaction, "mortgage", property, game)

    @app_commands.command(name=_d("lift.name"), description=_d("lift.description"))
    @app_commands.describe(property=_d("lift.option.property.description"))
    @game_option("lift")
    async def lift(self, interaction: discord.Interaction[Any],
                  property: PropertyOption, game: str | None = None) -> None:
        await self._square_action(interaction, "lift", property, game)

    @app_commands.command(name=_d("sell.name"), description=_d("sell.description"))
    @app_commands.describe(property=_d("sell.option.property.description"))
    @game_option("sell")
    async def sell(self, interaction: discord.Interaction[Any],
                  property: PropertyOption, game: str | None = None) -> None:
        await self._square_action(interaction, "sell", property, game)

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
        record = (await pick(interaction, interaction.namespace.game)).record
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
                             value: str, game: str | None) -> None:
        record, name = await my_game(interaction, game)
        if record is None:
            return
        locale = locale_for(interaction)

        async def say(key: str, **values: Any) -> None:  # named when a daily is in the picture
            await ephemeral(interaction, named(name, t(locale, key, **values))[:2000])

        square = _square_of(value, record)
        if square is None:
            await say("error.unknown_property", name=quote_user_text(value))
            return
        action = SQUARE_ACTIONS[kind](square)
        try:  # as the menus do: a decision it leaves with one way out is taken, and told
            result = await service_of(interaction).play(record.id, interaction.user.id,
                                                        record.version, action)
        except IllegalActionError:
            await say("error.illegal", reason=refusal_reason(action, record.game, locale=locale))
            return
        except StaleVersion:  # a click on the game message got there first
            await say("error.moved_on")
            return
        except GameFinished:
            await say("error.game_over")
            return
        lines = narrate_steps([(step.events, step.skip) for step in result.steps],
                              edition=record.edition, locale=locale,
                              doubles_matter=record.game.options.standard_doubles)
        text = named(name, "\n".join(lines) or t(locale, "reply.done"))
        await ephemeral(interaction, text[:2000])
        await quietly_refresh(interaction, result.record, result.events)

    # ---- reading ---------------------------------------------------------------------

    @app_commands.command(name=_d("history.name"), description=_d("history.description"))
    @app_commands.describe(page=_d("history.option.page.description"))
    @game_option("history")
    async def history(self, interaction: discord.Interaction[Any],
                      page: app_commands.Range[int, 1, 100] = 1,
                      game: str | None = None) -> None:
        record, name = await my_game(interaction, game, finished_too=True)
        if record is None:
            return
        await show_pages(interaction, "history", str(record.id), page, ephemeral=True,
                         content=named(name, "").strip() or None)

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
                           edition=_d("daily.option.edition.description"),
                           player=_d("daily.option.player.description"))
    @app_commands.choices(
        scope=[choice("monopoly daily", "scope", v) for v in ("server", "global")],
        edition=[choice("monopoly daily", "edition", v) for v in ("us", "uk", "fr")])
    async def daily(self, interaction: discord.Interaction[Any],
                    day: app_commands.Range[str, 1, 40] | None = None, scope: str = "server",
                    page: app_commands.Range[int, 1, 10] = 1, edition: str | None = None,
                    player: discord.User | None = None) -> None:
        """Issues 12, 19: play today's daily in private (or bring it back, or see its
        result); with `day`, that day's board; with `player`, that player's daily. No edition
        named: the board of the player's language (issue 24, bot.i18n.edition_default)."""
        if edition is None and day is None and player is None:  # the server's, else the language's
            edition = (await service_of(interaction).server_settings(interaction.guild_id)).edition
        await daily_command(interaction, day=day, scope=scope, page=page,
                            edition=edition or edition_for(str(interaction.locale)),
                            player=player)

    @app_commands.command(name=_d("stats.name"), description=_d("stats.description"))
    @app_commands.describe(user=_d("stats.option.user.description"))
    async def stats(self, interaction: discord.Interaction[Any],
                    user: discord.User | None = None) -> None:
        who = user or interaction.user
        service = service_of(interaction)
        record = await service.stats(who.id)
        streak = await service.streak(who.id)
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

    # ---- resigning -------------------------------------------------------------------

    @app_commands.command(name=_d("resign.name"), description=_d("resign.description"))
    @game_option("resign")
    async def resign(self, interaction: discord.Interaction[Any],
                     game: str | None = None) -> None:
        locale = locale_for(interaction)
        try:  # the game meant (issue 19): resigning the daily ends its one attempt
            record, name = await my_game(interaction, game)
        except DamagedGame as exc:  # unreadable, but its player may still give it up
            game_id, question = exc.game_id, t(locale, "resign.confirm_damaged")
        else:
            if record is None:
                return
            game_id, question = record.id, named(name, t(locale, "resign.confirm"))
        await ask_to_resign(interaction, game_id, question)

    # ---- privacy (issue 22): cogs.privacy answers ---------------------------------------

    @app_commands.command(name=_d("mydata.name"), description=_d("mydata.description"))
    async def mydata(self, interaction: discord.Interaction[Any]) -> None:
        await send_my_data(interaction)

    @app_commands.command(name=_d("forget.name"), description=_d("forget.description"))
    async def forget(self, interaction: discord.Interaction[Any]) -> None:
        await ask_to_forget(interaction)

    # ---- the player's own settings (issue 20): cogs.player_settings answers -----------

    @app_commands.command(name=_d("settings.name"), description=_d("settings.description"))
    @app_commands.describe(debt_confirm=_d("settings.option.debt_confirm.description"))
    @app_commands.choices(
        debt_confirm=[choice("monopoly settings", "debt_confirm", v) for v in ("on", "off")])
    async def settings(self, interaction: discord.Interaction[Any],
                       debt_confirm: str | None = None) -> None:
        await show_settings(interaction, debt_confirm)


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
    answer_hints_with(show_hint, carry_plan)
    bot.add_dynamic_items(ActionButton, ActionSelect, PlayAgainButton, PageButton,
                          ResignButton, ExpiredPrompt, HintButton, MoneyMapButton,
                          ShareButton, HintPlanButton)
    bot.tree.on_error = on_tree_error  # type: ignore[method-assign]
    await bot.add_cog(MonopolyCog(bot))
    await bot.add_cog(PrivacyCog(bot))

