"""The Hint button under the game message (issue 13), a DynamicItem like the other controls:
its custom_id carries the game, its version and its owner, so it keeps working after a
restart (H2) and a press on an old message is refused like an old click.

What a press does is the hint flow's (`hinting.show_hint`), handed over by the extension's
setup (`answer_hints_with`): the game message imports this button, and nothing here imports
back up.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.i18n import t

from .replies import ephemeral, locale_for, refuse_stranger

HintClick = Callable[[discord.Interaction[Any], int, int | None], Awaitable[None]]
PlanClick = Callable[[discord.Interaction[Any], int, int, str, str], Awaitable[None]]
MAX_ID = 2**63 - 1  # Discord ids and the database's integers are signed 64-bit

_show_hint: HintClick | None = None
_carry_plan: PlanClick | None = None


def answer_hints_with(show_hint: HintClick, carry_plan: PlanClick | None = None) -> None:
    """Called once by the extension's setup, before any press can arrive."""
    global _show_hint, _carry_plan
    _show_hint = show_hint
    _carry_plan = carry_plan


class HintButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"sm:hint:(?P<game>\d+):(?P<version>\d+):(?P<owner>\d+)"):
    def __init__(self, game_id: int, version: int, owner_id: int, *, label: str,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label, emoji="💡", style=discord.ButtonStyle.secondary, row=row,
            custom_id=f"sm:hint:{game_id}:{version}:{owner_id}"))
        self.game_id, self.version, self.owner_id = game_id, version, owner_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HintButton:
        assert isinstance(item, discord.ui.Button)  # the template matches our button only
        return cls(int(match["game"]), int(match["version"]), int(match["owner"]),
                   label=item.label or "", row=item.row)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await refuse_stranger(interaction, self.owner_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not (0 <= self.game_id <= MAX_ID and 0 <= self.version <= MAX_ID):
            await ephemeral(interaction, t(locale_for(interaction), "error.unknown_game"))
            return
        if _show_hint is None:
            raise RuntimeError("no answer to hints yet: cogs.monopoly's setup hands it over")
        await _show_hint(interaction, self.game_id, self.version)


class HintPlanButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=r"sm:hplan:(?P<game>\d+):(?P<version>\d+):(?P<owner>\d+):"
                              r"(?P<kind>[a-z_]{1,16}):(?P<way>[a-z_]{1,20})"):
    """Under a hint: carry out one of the plans it weighed, in one click (issue 21), at the
    version the hint was about; an old one is refused like an old click."""

    def __init__(self, game_id: int, version: int, owner_id: int, kind: str, way: str, *,
                 label: str, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.success, row=row,
            custom_id=f"sm:hplan:{game_id}:{version}:{owner_id}:{kind}:{way}"))
        self.game_id, self.version, self.owner_id = game_id, version, owner_id
        self.kind, self.way = kind, way

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HintPlanButton:
        assert isinstance(item, discord.ui.Button)  # the template matches our button only
        return cls(int(match["game"]), int(match["version"]), int(match["owner"]),
                   match["kind"], match["way"], label=item.label or "", row=item.row)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await refuse_stranger(interaction, self.owner_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not (0 <= self.game_id <= MAX_ID and 0 <= self.version <= MAX_ID):
            await ephemeral(interaction, t(locale_for(interaction), "error.unknown_game"))
            return
        if _carry_plan is None:
            raise RuntimeError("no answer to plans yet: cogs.monopoly's setup hands it over")
        await _carry_plan(interaction, self.game_id, self.version, self.kind, self.way)
