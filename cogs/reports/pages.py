"""◀ ▶ through the pages of /monopoly history, rules and leaderboard, as DynamicItems.

A page button's custom_id says which list (and its argument: the game of a history, the scope
of a leaderboard), the language it was opened in, and the page it turns to; pressing it builds
that page again from the database. So a pager keeps working after a restart and never expires;
anyone may page a public leaderboard (it is public); a history pages only for its player.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.errors import GameNotFound, NotYourGame
from bot.i18n import LOCALES, t
from bot.pictures import jobs

from cogs.common.custom_ids import Page, fits
from cogs.daily.result import build_board
from cogs.common.errors import report_error
from cogs.common.pictures import BOARD_NAME, attach, draw
from cogs.common.refusals import reply_to
from cogs.common.replies import can_attach, ephemeral, locale_for, refuse, service_of
from cogs.reports.embeds import (
    build_leaderboard, history_pages_with_ends, rules_embeds,
)

HISTORY_FETCH = 80  # the newest actions shown by /monopoly history of a game in progress
FINISHED_FETCH = 800  # of a finished game: 100 pages to step through, each with its board
EMBEDS_LIMIT = 6000  # Discord: the characters of all a message's embeds together
LEADERBOARD_FETCH = 100
KINDS = ("history", "rules", "leaderboard", "daily")
SCOPES = ("server", "global")


async def build_pages(interaction: discord.Interaction[Any], kind: str, arg: str,
                      locale: str) -> list[discord.Embed]:
    """The pages of one list, as they are now. GameNotFound / NotYourGame for a history that
    is not the player's; ValueError for a list the bot does not make."""
    return [page for page, _ in await build_pages_with_ends(interaction, kind, arg, locale)]


async def build_pages_with_ends(interaction: discord.Interaction[Any], kind: str, arg: str,
                                locale: str, index: int = 0) -> list[tuple[discord.Embed, int]]:
    """build_pages, each page with the game's version after its newest action: a history's
    page goes with the board then (pages hold whole turns, so their sizes differ); 0 for the
    other lists. `index`: the page about to be shown (the global board names its players)."""
    service = service_of(interaction)
    if kind == "history" and arg.isascii() and arg.isdigit():
        game_id = int(arg)
        if not fits(game_id):
            raise GameNotFound(game_id)
        record = await service.get(game_id)
        # A game's history is its player's; a daily's, anyone's once nobody can be spoiled
        # by it (H5).
        if record.owner_id != interaction.user.id and (
                record.daily_day is None
                or not await service.daily.may_see(record, interaction.user.id)):
            raise NotYourGame(record.id, record.owner_id)
        entries = await service.history(record.id, limit=FINISHED_FETCH if record.game.is_over
                                        else HISTORY_FETCH)
        return history_pages_with_ends(entries, edition=record.edition, locale=locale,
                                       doubles_matter=record.game.options.standard_doubles,
                                       options=record.game.options,
                                       current_turn=record.game.turn)
    if kind == "rules":
        pages = rules_embeds(locale)
    elif kind == "leaderboard":  # a season's board, or all time's
        pages = await build_leaderboard(interaction, arg, locale, index)
    elif kind == "daily":
        pages = await build_board(interaction, arg, locale, index)  # a day's board
    else:
        raise ValueError(f"no pager {kind}:{arg}")
    return [(page, 0) for page in pages]


def pager_view(kind: str, arg: str, locale: str, index: int,
               count: int) -> discord.ui.View | None:
    """◀ ▶ under page `index` of `count`; None when there is only one page."""
    if count < 2:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(kind, arg, locale, max(index - 1, 0), "p",
                             label=t(locale, "button.previous"), disabled=index == 0))
    view.add_item(PageButton(kind, arg, locale, min(index + 1, count - 1), "n",
                             label=t(locale, "button.next"), disabled=index >= count - 1))
    return view


async def show_pages(interaction: discord.Interaction[Any], kind: str, arg: str, page: int, *,
                     ephemeral: bool, content: str | None = None) -> None:
    """Answer a reading command with page `page` (from 1; past the end, the last one);
    `content` above it (a game's name: ◀ ▶ keep it)."""
    locale = locale_for(interaction)
    pages = await build_pages_with_ends(interaction, kind, arg, locale, max(page - 1, 0))
    index = min(page, len(pages)) - 1
    view = pager_view(kind, arg, locale, index, len(pages))
    board = await finished_game_id(interaction, kind, arg)
    kwargs: dict[str, Any]
    if board is None:
        kwargs = {"embed": pages[index][0], "ephemeral": ephemeral, "content": content}
        if view is not None:
            kwargs["view"] = view
        await interaction.response.send_message(**kwargs)
        return
    await interaction.response.defer(ephemeral=ephemeral, thinking=True)  # a board to draw
    embeds, files = await with_board(interaction, board, *pages[index], locale)
    kwargs = {"embeds": embeds, "files": files, "ephemeral": ephemeral}
    if content:
        kwargs["content"] = content
    if view is not None:
        kwargs["view"] = view
    await interaction.followup.send(**kwargs)


async def finished_game_id(interaction: discord.Interaction[Any], kind: str,
                           arg: str) -> int | None:
    """The game of a history whose pages show the board (a finished game), else None."""
    if kind != "history":
        return None
    record = await service_of(interaction).get(int(arg))
    return record.id if record.game.is_over else None


async def with_board(interaction: discord.Interaction[Any], game_id: int,
                     page: discord.Embed, newest_seq: int,
                     locale: str) -> tuple[list[discord.Embed], list[discord.File]]:
    """A history page of a finished game with the board as it stood after the page's newest
    move, the game's version `newest_seq`: its picture, or else the text board in a
    second embed."""
    service = service_of(interaction)
    log = await service.game_log(game_id)
    upto = min(max(newest_seq, 0), len(log.actions))
    picture = await draw(interaction, jobs.board_after, log, upto, locale,
                         can_attach(interaction))
    if picture.png is not None:
        return [page], [file for file in [attach(page, picture, BOARD_NAME)] if file]
    room = EMBEDS_LIMIT - len(page) - 200
    text = picture.text if len(picture.text) <= room else picture.text[:room].rsplit("\n", 1)[0]
    board = discord.Embed(title=t(locale, "picture.history.board"), description=text,
                          colour=page.colour)
    return [page, board], []


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=Page.TEMPLATE):
    def __init__(self, kind: str, arg: str, locale: str, page: int, way: str, *,
                 label: str = "", disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(
            label=label or way, style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=Page(kind, arg, locale, page, way).to_id()))
        self.kind, self.arg, self.locale, self.page = kind, arg, locale, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> PageButton:
        assert isinstance(item, discord.ui.Button)  # the template matches our buttons only
        found = Page.from_match(match)
        return cls(found.kind, found.arg, found.locale, found.page, found.way,
                   label=item.label or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.kind not in KINDS or self.locale not in LOCALES:
            await refuse(interaction, "error.unknown_control")
            return
        try:
            pages = await build_pages_with_ends(interaction, self.kind, self.arg, self.locale,
                                                self.page)
        except (GameNotFound, NotYourGame) as exc:
            await ephemeral(interaction, reply_to(locale_for(interaction), exc))
            return
        except ValueError:
            await refuse(interaction, "error.unknown_control")
            return
        except Exception as exc:  # noqa: BLE001 -- every failure gets an answer and a log line
            await report_error(interaction, exc)
            return
        index = min(self.page, len(pages) - 1)  # the list may have shrunk meanwhile
        view = pager_view(self.kind, self.arg, self.locale, index, len(pages))
        try:
            board = await finished_game_id(interaction, self.kind, self.arg)
            if board is None:
                await interaction.response.edit_message(embed=pages[index][0], view=view)
                return
            await interaction.response.defer()  # the page's board is drawn first
            embeds, files = await with_board(interaction, board, *pages[index], self.locale)
            await interaction.edit_original_response(embeds=embeds, attachments=files,
                                                     view=view)
        except Exception as exc:  # noqa: BLE001 -- every failure gets an answer and a log line
            await report_error(interaction, exc)
