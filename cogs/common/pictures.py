"""The pictures on Discord: where the money went (a finished game's button and
/monopoly board), a player's record chart (/monopoly stats), the board after a history page.

They are drawn in the worker pool (`bot.pictures.jobs`), never on the event loop; without the
Attach Files permission, their text alternative is shown instead. The recap under a finished
game is the game message's own picture (`cogs.play.message.draw_picture`).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any, ParamSpec

import discord

from bot.errors import GameNotFound
from bot.i18n import t
from bot.pictures import jobs
from bot.pictures.jobs import Picture

from cogs.common.custom_ids import MoneyMap, fits
from cogs.common.errors import report_error
from cogs.common.replies import can_attach, locale_for, refuse, service_of, workers_of

P = ParamSpec("P")
COLOUR = 0xC8102E
RECORD_FETCH = 200  # the newest finished games on the record chart
MONEY_MAP_NAME, RECORD_NAME, BOARD_NAME = "money.png", "record.png", "board.png"


async def draw(interaction: discord.Interaction[Any], job: Callable[P, Picture],
               *args: P.args, **kwargs: P.kwargs) -> Picture:
    """Run a picture job in a worker."""
    return await workers_of(interaction).run(job, *args, **kwargs)


def attach(embed: discord.Embed, picture: Picture, name: str) -> discord.File | None:
    """Show `picture` in `embed`: its PNG as the embed's image (the file to send with it), or
    else its text as the description."""
    if picture.png is None:
        embed.description = picture.text[:4096]
        return None
    embed.set_image(url=f"attachment://{name}")
    return discord.File(io.BytesIO(picture.png), filename=name, description=picture.alt or None)


def with_file(file: discord.File | None) -> dict[str, Any]:
    return {"file": file} if file is not None else {}


async def show_money_map(interaction: discord.Interaction[Any], game_id: int) -> None:
    """Privately: where the money of game `game_id` went. GameNotFound, DamagedGame."""
    locale = locale_for(interaction)
    if not interaction.response.is_done():  # the drawing may wait behind a queue
        await interaction.response.defer(ephemeral=True, thinking=True)
    log = await service_of(interaction).game_log(game_id)
    picture = await draw(interaction, jobs.money_map, log, locale, can_attach(interaction))
    embed = discord.Embed(title=t(locale, "picture.heat.title"), colour=COLOUR)
    file = attach(embed, picture, MONEY_MAP_NAME)
    await interaction.followup.send(embed=embed, ephemeral=True, **with_file(file))


class MoneyMapButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=MoneyMap.TEMPLATE):
    """Under a finished game: where the money went. Anyone who sees the recap may look; the
    answer is private."""

    def __init__(self, game_id: int, *, label: str) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=MoneyMap(game_id).to_id()))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any],
                             match: re.Match[str]) -> MoneyMapButton:
        assert isinstance(item, discord.ui.Button)  # the template matches our buttons only
        return cls(MoneyMap.from_match(match).game_id, label=item.label or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not fits(self.game_id):
            await refuse(interaction, "error.unknown_game")
            return
        try:
            record = await service_of(interaction).get(self.game_id)
            if not await service_of(interaction).daily.may_see(record, interaction.user.id):
                await refuse(interaction, "daily.hidden")  # H5: a daily nobody may spoil
                return
            await show_money_map(interaction, self.game_id)
        except GameNotFound:
            await refuse(interaction, "error.unknown_game")
        except Exception as exc:  # noqa: BLE001 -- every failure gets an answer and a log line
            await report_error(interaction, exc)

