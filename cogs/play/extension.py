"""The extension `cogs.play` as the bot loads it (why a module of its own: see `cogs`)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from bot.hosting.observability import ClickKinds
from cogs.common.custom_ids import describe
from cogs.play.clicks import play_action, play_flow
from cogs.play.controls import (
    BUTTON_ACTIONS, FLOW_ACTIONS, SELECT_ACTIONS, ActionButton, ActionSelect, ClickHandlers,
    HintButton, PlayAgainButton,
)
from cogs.play.resigning import ResignButton
from cogs.play.starting import play_again

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot


async def setup(bot: MonopolyBot) -> None:
    """The game message's controls, the handlers they call at click time, and how the
    operators' metrics name a click (its kind: the controls this extension shows)."""
    bot.parts.add(ClickHandlers(play=play_action, flow=play_flow, play_again=play_again))
    bot.add_dynamic_items(ActionButton, ActionSelect, PlayAgainButton, HintButton,
                          ResignButton)
    names = BUTTON_ACTIONS | FLOW_ACTIONS | frozenset(SELECT_ACTIONS)
    bot.parts.add(ClickKinds(partial(describe, names=names)))
