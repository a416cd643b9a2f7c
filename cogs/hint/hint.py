"""A hint, asked by the Hint button or `/monopoly hint`: the odds of each choice
open now, answered privately.

Only translation: the hint service decides (owner, version, one hint at a time, which games
take hints) and computes in the worker pool; this module defers first (a hint takes about a
second), then tells the figures in the player's language.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import GameFinished, ServiceError, StaleVersion
from bot.application.hints import HintService
from bot.application.records import ACTIVE, GameRecord
from bot.i18n import t
from bot.narration.hints import MESSAGE_LIMIT, describe_hint
from bot.i18n.money import format_number

from game_core.advisor import Hint
from game_core.errors import IllegalActionError
from game_core.plans import PAY_DEBT, Plan

from cogs.common.custom_ids import HintPlan, fits
from cogs.common.errors import report_error
from cogs.common.refusals import reply_to
from cogs.common.replies import (
    ephemeral, last_events, locale_for, refuse, refuse_stranger,
    service_of,
)
from cogs.play.clicks import refresh_game_message
from cogs.play.controls import HintButton
from cogs.play.updates import answer_click

MAX_PLAN_BUTTONS = 5  # one row
# A hint words these its own way: it is about a position, not a move.
HINT_REPLIES = {StaleVersion: "hint.stale", GameFinished: "hint.game_over"}

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot



def queued(locale: str, ahead: int) -> str:
    """While the hint waits: how many hints are ahead of it."""
    if ahead == 1:
        return t(locale, "hint.queued.single")
    return t(locale, "hint.queued", ahead=format_number(ahead, locale))


def hints_of(interaction: discord.Interaction[Any]) -> HintService:
    bot: MonopolyBot = interaction.client
    return bot.hints


async def show_hint(interaction: discord.Interaction[Any], game_id: int,
                    version: int | None) -> None:
    """The hint for `game_id` (at `version` for a button; None: as it is now)."""
    locale, user_id = locale_for(interaction), interaction.user.id
    hints, service = hints_of(interaction), service_of(interaction)
    try:
        if hints.is_thinking(user_id):
            await ephemeral(interaction, t(locale, "hint.already_thinking"))
            return
        if version is not None and interaction.message is not None:
            record = await service.get(game_id)
            if record.version != version and record.owner_id == user_id:
                # An old button, refused like an old click: the message shows the game as
                # it is now, and the player is told why nothing happened.
                await answer_click(interaction, record, await last_events(service, game_id))
                await ephemeral(interaction, t(locale, "error.stale"))
                return
        await interaction.response.defer(ephemeral=True, thinking=True)

        async def note(ahead: int) -> None:
            await interaction.edit_original_response(content=queued(locale, ahead))

        try:
            record, hint = await hints.hint(game_id, user_id, version, on_wait=note)
        except ServiceError as exc:
            await ephemeral(interaction, reply_to(locale, exc, HINT_REPLIES))
        else:
            await deliver(interaction, record, hint, locale)
    except Exception as exc:  # noqa: BLE001 -- every failure gets an answer and a log line
        await report_error(interaction, exc)


async def deliver(interaction: discord.Interaction[Any], record: GameRecord, hint: Hint,
                  locale: str) -> None:
    """The hint in place of "thinking..." (or of the note saying it waits). A hint about a
    version the game has left behind (a move made meanwhile, in another window) says so
    first and offers to think again about the game as it is now."""
    now = await service_of(interaction).get(record.id)
    if now.version == hint.version or now.status != ACTIVE:
        text = "\n".join(describe_hint(hint, record.game, locale=locale))
        plans = plan_buttons(record, hint, locale)
        if plans is None:
            await interaction.edit_original_response(content=text[:MESSAGE_LIMIT])
        else:
            await interaction.edit_original_response(content=text[:MESSAGE_LIMIT], view=plans)
        return
    note = t(locale, "hint.out_of_date", turn=record.game.turn, now=now.game.turn)
    lines = describe_hint(hint, record.game, locale=locale,
                          limit=MESSAGE_LIMIT - len(note) - 1)
    view = discord.ui.View(timeout=None)
    view.add_item(HintButton(now.id, now.version, now.owner_id,
                             label=t(locale, "hint.think_again")))
    text = "\n".join([lines[0], note, *lines[1:]])
    await interaction.edit_original_response(content=text[:MESSAGE_LIMIT], view=view)


def plan_buttons(record: GameRecord, hint: Hint, locale: str) -> discord.ui.View | None:
    """One button per plan the hint weighed, the best first: a click carries it
    out (the service's `carry_out`, as the game message's own plan buttons do)."""
    plans = [o.action for o in sorted(hint.choices, key=lambda o: not o.best)
             if isinstance(o.action, Plan)][:MAX_PLAN_BUTTONS]
    if not plans:
        return None
    view = discord.ui.View(timeout=None)
    for plan in plans:
        label = t(locale, "hint.button.debt." + plan.way if plan.kind == PAY_DEBT
                  else "hint.button." + plan.kind)
        view.add_item(HintPlanButton(record.id, hint.version, record.owner_id, plan.kind,
                                     plan.way, label=label))
    return view


async def carry_plan(interaction: discord.Interaction[Any], game_id: int, version: int,
                     kind: str, way: str) -> None:
    """A plan's button under a hint: carry it out, show the game message where it now
    stands, and turn the hint into a line saying it was done."""
    service, locale = service_of(interaction), locale_for(interaction)
    try:
        await interaction.response.defer()
        try:
            played = await service.autoplay.carry_out(game_id, interaction.user.id, version,
                                                      kind, way)
        except ServiceError as exc:
            await ephemeral(interaction,
                            reply_to(locale, exc, {StaleVersion: "hint.plan.stale"}))
            return
        except IllegalActionError:
            await ephemeral(interaction, t(locale, "hint.plan.gone"))
            return
        await interaction.edit_original_response(content=t(locale, "hint.plan.done"),
                                                 view=None)
        await refresh_game_message(interaction, played.record, played.events)
    except Exception as exc:  # noqa: BLE001 -- every failure gets an answer and a log line
        await report_error(interaction, exc)


class HintPlanButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=HintPlan.TEMPLATE):
    """Under a hint: carry out one of the plans it weighed, in one click, at the version the
    hint was about; an old one is refused like an old click."""

    def __init__(self, game_id: int, version: int, owner_id: int, kind: str, way: str, *,
                 label: str, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.success, row=row,
            custom_id=HintPlan(game_id, version, owner_id, kind, way).to_id()))
        self.game_id, self.version, self.owner_id = game_id, version, owner_id
        self.kind, self.way = kind, way

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HintPlanButton:
        assert isinstance(item, discord.ui.Button)  # the template matches our button only
        found = HintPlan.from_match(match)
        return cls(found.game_id, found.version, found.owner_id, found.kind, found.way,
                   label=item.label or "", row=item.row)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await refuse_stranger(interaction, self.owner_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not fits(self.game_id, self.version):
            await refuse(interaction, "error.unknown_game")
            return
        await carry_plan(interaction, self.game_id, self.version, self.kind, self.way)
