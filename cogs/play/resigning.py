"""The /monopoly resign prompt (E3): "Yes, resign" and "Cancel" as DynamicItems.

Their custom_id carries the game and its player, so the prompt still answers after a restart
(H2). Resigning is on no other button: the game message's buttons can't carry it (see
`controls.BUTTON_ACTIONS`). The prompt loses its buttons after five minutes while the bot
runs; one left from before a restart keeps working, and asks nothing it doesn't know.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.errors import GameFinished, GameNotFound, NotYourGame, StaleVersion
from bot.i18n import t

from cogs.common.confirm import ExpiringView
from cogs.common.custom_ids import Resign, fits
from cogs.common.errors import report_error
from cogs.common.refusals import reply_to
from cogs.common.replies import ephemeral, locale_for, refuse_stranger
from cogs.play.starting import give_up, quietly_refresh

PROMPT_SECONDS = 300


async def ask_to_resign(interaction: discord.Interaction[Any], game_id: int,
                        question: str) -> None:
    locale = locale_for(interaction)
    owner = interaction.user.id
    view = ExpiringView(timeout=PROMPT_SECONDS)
    view.add_item(ResignButton(game_id, owner, "yes", label=t(locale, "button.confirm_resign")))
    view.add_item(ResignButton(game_id, owner, "no", label=t(locale, "button.cancel")))
    await ephemeral(interaction, question, view)


class ResignButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=Resign.TEMPLATE):
    def __init__(self, game_id: int, owner_id: int, choice: str, *, label: str = "") -> None:
        style = discord.ButtonStyle.danger if choice == "yes" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label or choice, style=style,
                                           custom_id=Resign(game_id, owner_id, choice).to_id()))
        self.game_id, self.owner_id, self.choice = game_id, owner_id, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> ResignButton:
        found = Resign.from_match(match)
        return cls(found.game_id, found.owner_id, found.choice)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await refuse_stranger(interaction, self.owner_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        locale = locale_for(interaction)

        async def answer(key: str, **values: Any) -> None:
            await interaction.response.edit_message(content=t(locale, key, **values), view=None)

        if self.choice == "no":
            await answer("resign.cancelled")
            return
        if not fits(self.game_id):
            await answer("error.unknown_game")
            return
        try:
            result = await give_up(interaction, self.game_id)
        except (GameFinished, GameNotFound) as exc:  # the prompt itself goes: nothing to resign
            await answer("error.game_over" if isinstance(exc, GameFinished)
                         else "error.unknown_game")
            return
        except (NotYourGame, StaleVersion) as exc:
            # StaleVersion: another process moved the game at that moment: ask again.
            await ephemeral(interaction, reply_to(locale, exc, {StaleVersion: "error.moved_on"})
                           )
            return
        except Exception as exc:  # noqa: BLE001 -- every failure gets an answer and a log line
            await report_error(interaction, exc)
            return
        await answer("resign.done")
        if result is not None:
            await quietly_refresh(interaction, result.record, result.events)
