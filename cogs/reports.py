"""Embeds for the reading commands: status, history, leaderboard, stats, rules (paged by
`pagers`).

Everything shown comes from the catalog; pages stay within Discord's limits.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import (
    chunk_lines, fit_lines, format_money, format_number, format_percent, house_rules_notice,
    narrate, points, property_lines, rules_pages, square_name, t, tn,
)
from bot.application.daily import Streak
from bot.application.service import GameRecord, HistoryEntry, LeaderboardRow, PlayerStats
from game_core import Options
from game_core.state import BANK

from .game_message import add_house_rules_field, add_way_to_win

COLOUR = 0xC8102E
HISTORY_PER_PAGE = 8
LEADERBOARD_PER_PAGE = 10
MAX_STATUS_FIELDS = 20  # well inside Discord's 25 fields per embed


def status_embed(record: GameRecord, *, locale: str, player: str) -> discord.Embed:
    game, edition = record.game, record.edition
    s = game.s

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    embed = discord.Embed(title=t(locale, "status.title", player=player, turn=game.turn),
                          colour=COLOUR)
    embed.add_field(name=t(locale, "status.cash"), value=money(s.cash))
    embed.add_field(name=t(locale, "status.square"),
                    value=square_name(edition, s.position, in_jail=s.in_jail))
    embed.add_field(name=t(locale, "status.jail_card"), value=str(len(s.jail_cards)))
    embed.add_field(name=t(locale, "status.bank"), value=money(s.bank_cash))
    embed.add_field(name=t(locale, "status.pawns"), value=str(s.pawns_left))
    embed.add_field(name=t(locale, "status.supply"),
                    value=t(locale, "embed.value.supply", houses=s.houses_left,
                            hotels=s.hotels_left))
    add_way_to_win(embed, record, locale=locale)  # issue 20: E2 and M5, as on the message
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
    return embed


def history_pages(entries: Sequence[HistoryEntry], *, edition: str, locale: str,
                  doubles_matter: bool = False,
                  options: Options | None = None) -> list[discord.Embed]:
    """Newest first, a few actions per page, each told with the game's narration; a game
    under house rules says which on every page (issue 12)."""
    notice = house_rules_notice(options or Options(), edition=edition, locale=locale)
    pages = _history_pages(entries, edition=edition, locale=locale,
                           doubles_matter=doubles_matter)
    if notice:
        for page in pages:
            page.set_footer(text=notice[:2048])
    return pages


def _history_pages(entries: Sequence[HistoryEntry], *, edition: str, locale: str,
                   doubles_matter: bool) -> list[discord.Embed]:
    if not entries:
        return [discord.Embed(title=t(locale, "history.title", page=1, pages=1),
                              description=t(locale, "history.empty"), colour=COLOUR)]
    groups = [entries[i:i + HISTORY_PER_PAGE] for i in range(0, len(entries), HISTORY_PER_PAGE)]
    pages = []
    for number, group in enumerate(groups, 1):
        lines: list[str] = []
        for entry in group:
            told = narrate(entry.events, edition=edition, locale=locale,
                           doubles_matter=doubles_matter)
            lines.append(f"**#{entry.seq}** " + (" · ".join(told) if told else "…"))
        pages.append(discord.Embed(
            title=t(locale, "history.title", page=number, pages=len(groups)),
            description=fit_lines(lines, 4000), colour=COLOUR))
    return pages


def leaderboard_pages(rows: Sequence[LeaderboardRow], *, title: str,
                      locale: str) -> list[discord.Embed]:
    if not rows:
        return [discord.Embed(title=title, description=t(locale, "leaderboard.empty"),
                              colour=COLOUR)]
    groups = [rows[i:i + LEADERBOARD_PER_PAGE] for i in range(0, len(rows),
                                                                LEADERBOARD_PER_PAGE)]
    pages = []
    for number, group in enumerate(groups, 1):
        lines = [t(locale, "leaderboard.row", rank=row.rank, player=f"<@{row.owner_id}>",
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
    if streak is not None and streak.played:  # issue 12: the daily challenge
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
