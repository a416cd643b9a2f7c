"""Embeds for the reading commands: status, history, leaderboard, stats, rules (paged by
`cogs.reports.pages`).

Everything shown comes from the catalog; pages stay within Discord's limits.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.i18n import (
    chunk_lines, fit_lines, format_money, format_number, format_percent, points, t, tn,
)
from bot.narration import house_rules_notice, property_lines, rules_pages, square_name
from bot.narration.history_turns import TurnPage, turn_pages
from bot.application import seasons
from bot.application.daily import Streak
from bot.application.seasons import Season
from bot.application.service import GameRecord, HistoryEntry, LeaderboardRow, PlayerStats
from game_core import Options
from game_core.state import BANK

from cogs.play.message import add_house_rules_field, add_way_to_win
from cogs.common.player_names import player_label, player_names
from cogs.common.replies import server, server_id, service_of

COLOUR = 0xC8102E
LEADERBOARD_PER_PAGE = 10
MAX_STATUS_FIELDS = 20  # well inside Discord's 25 fields per embed
SEASON_FETCH = 100  # the players a board shows, over its pages
# A leaderboard pager's argument: its scope, then its season (seasons.Season.arg); a bare
# scope (a button made before seasons) is the current season.
_BOARD_ARG = re.compile(r"^(server|global)([mqa][0-9]*)?$")


def status_embed(record: GameRecord, *, locale: str, player: str) -> discord.Embed:
    game, edition = record.game, record.edition
    s = game.s

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    embed = discord.Embed(title=t(locale, "status.title", player=player, turn=game.turn),
                          colour=COLOUR)
    embed.add_field(name=t(locale, "status.cash"), value=money(s.cash))
    embed.add_field(name=t(locale, "status.square"),
                    value=square_name(edition, s.position, locale, in_jail=s.in_jail))
    embed.add_field(name=t(locale, "status.jail_card"), value=str(len(s.jail_cards)))
    embed.add_field(name=t(locale, "status.bank"), value=money(s.bank_cash))
    embed.add_field(name=t(locale, "status.pawns"), value=str(s.pawns_left))
    embed.add_field(name=t(locale, "status.supply"),
                    value=t(locale, "embed.value.supply", houses=s.houses_left,
                            hotels=s.hotels_left))
    add_way_to_win(embed, record, locale=locale)  # E2 and M5, as on the message
    mine = property_lines(game, locale)
    chunks = chunk_lines(mine) if mine else [t(locale, "status.no_properties")]
    for index, chunk in enumerate(chunks[:MAX_STATUS_FIELDS // 2]):
        key = "status.properties" if index == 0 else "status.properties.more"
        embed.add_field(name=t(locale, key), value=chunk, inline=False)
    banks = property_lines(game, locale, owner=BANK)
    if banks:
        embed.add_field(name=t(locale, "status.bank_properties"), value=fit_lines(banks),
                        inline=False)
    add_house_rules_field(embed, record, locale=locale)
    if edition == "fr":  # "Cr", the French rules' unit, is no money a player knows
        embed.set_footer(text=t(locale, "money.note.fr"))
    return embed


def history_pages(entries: Sequence[HistoryEntry], *, edition: str, locale: str,
                  doubles_matter: bool = False, options: Options | None = None,
                  current_turn: int | None = None) -> list[discord.Embed]:
    """Newest turn first, several turns a page, each told with the game's narration; a game
    under house rules says which on every page."""
    return [embed for embed, _ in history_pages_with_ends(
        entries, edition=edition, locale=locale, doubles_matter=doubles_matter,
        options=options, current_turn=current_turn)]


def history_pages_with_ends(entries: Sequence[HistoryEntry], *, edition: str, locale: str,
                            doubles_matter: bool = False, options: Options | None = None,
                            current_turn: int | None = None
                            ) -> list[tuple[discord.Embed, int]]:
    """The history's pages, each with the game's version after its newest action (the board
    a finished game's page shows is the board then)."""
    notice = house_rules_notice(options or Options(), edition=edition, locale=locale)
    pages = _history_pages(entries, edition=edition, locale=locale,
                           doubles_matter=doubles_matter, current_turn=current_turn)
    if notice:
        for page, _ in pages:
            page.set_footer(text=notice[:2048])
    return pages


def _history_pages(entries: Sequence[HistoryEntry], *, edition: str, locale: str,
                   doubles_matter: bool,
                   current_turn: int | None) -> list[tuple[discord.Embed, int]]:
    pages = turn_pages(entries, edition=edition, locale=locale, doubles_matter=doubles_matter,
                       current_turn=current_turn)
    if not pages:
        return [(discord.Embed(title=t(locale, "history.title", page=1, pages=1),
                               description=t(locale, "history.empty"), colour=COLOUR), 0)]
    out = []
    for number, page in enumerate(pages, 1):
        out.append((discord.Embed(title=_history_title(page, number, len(pages), locale),
                                  description=page.text, colour=COLOUR), page.newest_seq))
    return out


def _history_title(page: TurnPage, number: int, count: int, locale: str) -> str:
    first, last = page.first_turn, page.last_turn
    if first is None or last is None:
        return t(locale, "history.title", page=number, pages=count)
    if first == last:
        return t(locale, "history.title.turn", turn=last, page=number, pages=count)
    return t(locale, "history.title.turns", first=first, last=last, page=number, pages=count)


def leaderboard_pages(rows: Sequence[LeaderboardRow], *, title: str, locale: str,
                      names: Mapping[int, str] | None = None) -> list[discord.Embed]:
    """The board's pages; with `names` (the global board), players by name rather than by a
    mention that a reader who never met them sees as an unknown user."""
    if not rows:
        return [discord.Embed(title=title, description=t(locale, "leaderboard.empty"),
                              colour=COLOUR)]
    groups = [rows[i:i + LEADERBOARD_PER_PAGE] for i in range(0, len(rows),
                                                                LEADERBOARD_PER_PAGE)]
    pages = []
    for number, group in enumerate(groups, 1):
        lines = [t(locale, "leaderboard.row", rank=row.rank,
                   player=player_label(row.owner_id, names, locale),
                   points=points(row.score, locale), turns=tn(locale, "turns", row.turns))
                 for row in group]
        embed = discord.Embed(title=title, description="\n".join(lines), colour=COLOUR)
        embed.set_footer(text=t(locale, "leaderboard.standard_only", page=number,
                                pages=len(groups)))
        pages.append(embed)
    return pages


def stats_embed(stats: PlayerStats, *, locale: str, player: str,
                streak: Streak | None = None) -> discord.Embed:
    if stats.played == 0:
        return discord.Embed(title=t(locale, "stats.title", player=player),
                             description=t(locale, "stats.empty", player=player), colour=COLOUR)
    none = t(locale, "stats.none")
    embed = discord.Embed(title=t(locale, "stats.title", player=player), colour=COLOUR)
    for key, value in (
        ("stats.played", format_number(stats.played, locale)),
        ("stats.won", format_number(stats.won, locale)),
        ("stats.lost", format_number(stats.lost, locale)),
        ("stats.win_rate", format_percent(stats.win_rate, locale)),
        ("stats.best_score", points(stats.best_score, locale)
         if stats.best_score is not None else none),
        ("stats.fastest_win", tn(locale, "turns", stats.fastest_win)
         if stats.fastest_win is not None else none),
    ):
        embed.add_field(name=t(locale, key), value=value)
    if stats.house_played:
        embed.add_field(name=t(locale, "stats.house_played"),
                        value=format_number(stats.house_played, locale))
        embed.add_field(name=t(locale, "stats.house_won"),
                        value=format_number(stats.house_won, locale))
    if streak is not None and streak.played:  # the daily challenge
        embed.add_field(name=t(locale, "stats.daily_streak"), value=t(
            locale, "stats.daily_streak.value", current=tn(locale, "daily.days", streak.current),
            best=tn(locale, "daily.days", streak.best)))
        embed.add_field(name=t(locale, "stats.daily_played"),
                        value=f"{format_number(streak.played, locale)} / "
                              f"{format_number(streak.won, locale)}")
    embed.set_footer(text=t(locale, "stats.standard_only"))
    return embed


def rules_embeds(locale: str) -> list[discord.Embed]:
    return [discord.Embed(title=page.title, description=page.body, colour=COLOUR)
            for page in rules_pages(locale)]


# ---- seasons ---------------------------------------------------------------

def season_label(season: Season, locale: str) -> str:
    """"November 2026", "Q4 2026", "all time", in the player's language."""
    if season.kind == seasons.ALL:
        return t(locale, "season.all")
    year, month = season.first_month
    if season.kind == seasons.QUARTER:
        return t(locale, "season.quarter", quarter=(month - 1) // 3 + 1, year=year)
    return t(locale, "season.month", month=t(locale, f"month.{month}"), year=year)


async def leaderboard_arg(interaction: discord.Interaction[Any], scope: str,
                          typed: str | None) -> str | None:
    """The pager argument of the board asked for: the season typed, else the one the board
    is in now (a server's by its own choice of season; the global board's by month). None
    if the text names no season."""
    if typed is not None:
        season = seasons.parse(typed)
        return None if season is None else f"{scope}{season.arg}"
    return f"{scope}{(await _current(interaction, scope)).arg}"


async def _current(interaction: discord.Interaction[Any], scope: str) -> Season:
    service = service_of(interaction)
    guild_id = server_id(interaction)
    if scope == "server" and guild_id is not None:
        return service.seasons.now(await service.servers.season_kind(guild_id))
    return service.seasons.now(seasons.DEFAULT_KIND)


async def build_leaderboard(interaction: discord.Interaction[Any], arg: str,
                            locale: str, index: int = 0) -> list[discord.Embed]:
    """The pages of a leaderboard pager's board; ValueError for an argument the bot does
    not make. `index`: the page about to be shown (the global board names its players)."""
    match = _BOARD_ARG.match(arg)
    season = seasons.from_arg(match[2]) if match and match[2] else None
    if match is None or (match[2] and season is None):
        raise ValueError(f"no leaderboard {arg}")
    scope = match[1]
    if season is None:
        season = await _current(interaction, scope)
    guild = server(interaction) if scope == "server" else None
    rows = await service_of(interaction).seasons.leaderboard(guild.id if guild else None,
                                                             season, limit=SEASON_FETCH)
    names = None
    if guild is None:  # names, not mentions most readers can't resolve
        first = min(index, max(len(rows) - 1, 0) // LEADERBOARD_PER_PAGE) * LEADERBOARD_PER_PAGE
        shown = rows[first:first + LEADERBOARD_PER_PAGE]
        names = await player_names(interaction.client, [r.owner_id for r in shown],
                                   [r.owner_id for r in rows])
    if season.kind == seasons.ALL:
        title = (t(locale, "leaderboard.title.server", server=guild.name) if guild
                 else t(locale, "leaderboard.title.global"))
        return leaderboard_pages(rows, title=title, locale=locale, names=names)
    label = season_label(season, locale)
    title = (t(locale, "season.title.server", server=guild.name, season=label) if guild
             else t(locale, "season.title.global", season=label))
    pages = leaderboard_pages(rows, title=title, locale=locale, names=names)
    for page in pages:  # all time is one option away
        footer = page.footer.text
        hint = t(locale, "season.all_time_hint")
        page.set_footer(text=f"{hint} · {footer}" if footer else hint)
    return pages
