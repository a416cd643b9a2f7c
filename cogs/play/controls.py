"""The game message's buttons and menus as DynamicItems (discord.py's dynamic_counter example).

Their custom_id (`cogs.common.custom_ids`) carries the game, its version, its owner and the
action, so they keep working after a restart (H2) and an old message can never apply twice:
the version guards it.

The controls know who may click and what was clicked; what a click does is the play flow's
(`cogs.play.clicks`), which shows a message holding these very controls. So the flow's
handlers are registered on the bot by `cogs.play.extension` (`ClickHandlers`) and looked up
at click time, and nothing here imports back up.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.application.choice_calls import DECLINE_ALWAYS, FLOW_CALLS, PLAN_DEBT_GO, ROLL_ON
from bot.application.service import GameRecord
from game_core import (
    Action, BuildHotel, BuildHouse, BuildTo, Buy, Decline, DoneBuilding, LiftMortgage, Mortgage,
    PayFine, Roll, SellBuilding, SellJailCard, UseJailCard, action_from_dict,
)

from game_core.orders import BUILD_ORDER, DEBT_ORDER, DECLINE_ORDER
from game_core.plans import BUILDINGS_FIRST, KEEP_BUILDINGS, LEAST_RENT

from cogs.common.custom_ids import (
    AskHint, GameAction, GameMenu, PlayAgain, fits, level_of, rolling_id, split_rolling,
    square_of,
)
from cogs.common.replies import parts_of, refuse, refuse_stranger

SELECT_ACTIONS: dict[str, type[Action]] = {
    "sell": SellBuilding, "mortgage": Mortgage, "lift": LiftMortgage,
}
BUILD_MENU = "build"  # P2: the stop's street built up to the level chosen (BuildTo)
MENU_KINDS: frozenset[str] = frozenset((*SELECT_ACTIONS, BUILD_MENU))
PlayClick = Callable[[discord.Interaction[Any], int, int, Callable[[], Action]], Awaitable[None]]
AgainClick = Callable[[discord.Interaction[Any], int], Awaitable[None]]
# A click that is no single engine action: Roll on, a plan, the confirm step.
FlowClick = Callable[[discord.Interaction[Any], int, int, str], Awaitable[None]]
# Pay it for me's confirm step and Back from it: only the message has that step (the
# flows that play are bot.application.choice_calls's).
PLAN_DEBT, PLAN_BACK = "plan_debt", "plan_back"
# Undo a standing order in one click (game_core.orders): the button's name, the setting.
ORDER_OFF: dict[str, str] = {"off_build": BUILD_ORDER, "off_decline": DECLINE_ORDER,
                             "off_debts": DEBT_ORDER}
# Pay it for me's confirm step carries out the way it lists first (the least-rent one, or
# the one the Hint rated best: bot.application.hinted), named in its button.
DEBT_GO_WAYS: dict[str, str] = {PLAN_DEBT_GO: LEAST_RENT, "plan_debt_go_bf": BUILDINGS_FIRST,
                                "plan_debt_go_kb": KEEP_BUILDINGS}
GO_OF_WAY = {way: name for name, way in DEBT_GO_WAYS.items()}
FLOW_ACTIONS: frozenset[str] = frozenset(
    (*FLOW_CALLS, PLAN_DEBT, PLAN_BACK, *DEBT_GO_WAYS, *ORDER_OFF))
# A control shown while rolling on (custom_ids.rolling_id) goes on rolling once answered (the
# service's `play(..., roll_on=True)`): such a click reaches the flow handler as
# "<action>.on[.<hex>]" for a button, "<menu kind>=<square>.on[.<hex>]" for a menu option.
HintClick = Callable[[discord.Interaction[Any], int, int | None], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class ClickHandlers:
    """What a click on the game message does, registered on the bot by `cogs.play.extension`:
    `play(interaction, game_id, version, action_of)` applies one engine action
    (`clicks.play_action`); `flow(interaction, game_id, version, what)` Roll on, a plan, or
    any control shown while rolling on (`clicks.play_flow`); `play_again(interaction,
    finished_game_id)` starts the next game (`starting.play_again`)."""

    play: PlayClick
    flow: FlowClick
    play_again: AgainClick


@dataclass(frozen=True, slots=True)
class HintHandlers:
    """What the Hint button does, registered by `cogs.hint`'s setup (`hint.show_hint`)."""

    show: HintClick


def menu_action(kind: str, value: str) -> Action | None:
    """The action one option of a menu of `kind` (MENU_KINDS) stands for: a square to sell
    on, mortgage or lift, a level to build up to; None for a value no option of ours has."""
    if kind == BUILD_MENU:
        level = level_of(value)
        return None if level is None else BuildTo(level)
    square = square_of(value)
    if square is None or kind not in SELECT_ACTIONS:
        return None
    return action_from_dict({"type": SELECT_ACTIONS[kind].type, "square": square})


def handlers(interaction: discord.Interaction[Any]) -> ClickHandlers:
    return parts_of(interaction).get(ClickHandlers)


# The only actions a button may carry: the decisions the game message shows as buttons.
# Anything else in a custom_id was not made by the bot (resigning has its own prompt).
BUTTON_ACTIONS: frozenset[str] = frozenset(kind.type for kind in (
    Roll, PayFine, UseJailCard, Buy, Decline, BuildHouse, BuildHotel, DoneBuilding, SellJailCard))
class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=GameAction.TEMPLATE):
    """One decision of the engine's legal actions: Roll, Buy, Decline, Build..."""

    def __init__(self, game_id: int, version: int, owner_id: int, action: str,
                 *, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label or action, style=style, row=row,
            custom_id=GameAction(game_id, version, owner_id, action).to_id()))
        self.game_id, self.version, self.owner_id, self.action = game_id, version, owner_id, action

    @classmethod
    def for_action(cls, record: GameRecord, action: Action, *, label: str,
                   style: discord.ButtonStyle, row: int, rolling: bool = False,
                   keep: frozenset[int] = frozenset()) -> ActionButton:
        return cls(record.id, record.version, record.owner_id,
                   rolling_id(action.type, rolling and type(action) is not Roll, keep),
                   label=label, style=style, row=row)

    @classmethod
    def for_flow(cls, record: GameRecord, what: str, *, label: str,
                 style: discord.ButtonStyle, row: int, rolling: bool = False,
                 keep: frozenset[int] = frozenset()) -> ActionButton:
        """Roll on, a plan or its confirm step (FLOW_ACTIONS), at the record's version."""
        # Roll on always rolls on: its name carries only the squares kept declining.
        on = rolling and (what != ROLL_ON or bool(keep))
        return cls(record.id, record.version, record.owner_id,
                   rolling_id(what, on, keep), label=label, style=style, row=row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ActionButton:
        assert isinstance(item, discord.ui.Button)  # the template matches our buttons only
        found = GameAction.from_match(match)
        return cls(found.game_id, found.version, found.owner_id, found.action,
                   label=item.label or "", style=item.style, row=item.row)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await refuse_stranger(interaction, self.owner_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        base, rolling, _ = split_rolling(self.action)
        known = base in FLOW_ACTIONS or (base in BUTTON_ACTIONS and not (
            rolling and base == Roll.type))  # plain Roll never rolls on
        known = known and (rolling or base != DECLINE_ALWAYS)  # only while rolling on
        if not known or not fits(self.version):
            await refuse(interaction, "error.unknown_control")
        elif not fits(self.game_id):
            await refuse(interaction, "error.unknown_game")
        elif base in FLOW_ACTIONS or rolling:
            await handlers(interaction).flow(interaction, self.game_id, self.version, self.action)
        else:
            await handlers(interaction).play(interaction, self.game_id, self.version,
                                 lambda: action_from_dict({"type": self.action}))


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=GameMenu.TEMPLATE):
    """Sell a building, mortgage, or lift a mortgage (T4, M1-M3): one menu each; and build
    the stop's street up to a level (P2), each option with its cost."""

    def __init__(self, game_id: int, version: int, owner_id: int, kind: str,
                 options: list[discord.SelectOption] | None = None, *, placeholder: str = "",
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=GameMenu(game_id, version, owner_id, kind).to_id(),
            options=options or [discord.SelectOption(label="-", value="0")],
            placeholder=placeholder or None, row=row, min_values=1, max_values=1))
        self.game_id, self.version, self.owner_id, self.kind = game_id, version, owner_id, kind

    @classmethod
    def for_kind(cls, record: GameRecord, kind: str, options: list[discord.SelectOption], *,
                 placeholder: str, row: int) -> ActionSelect:
        return cls(record.id, record.version, record.owner_id, kind, options,
                   placeholder=placeholder, row=row)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ActionSelect:
        assert isinstance(item, discord.ui.Select)  # the template matches our menus only
        # The chosen values are filled in afterwards by discord.py (_refresh_state).
        found = GameMenu.from_match(match)
        return cls(found.game_id, found.version, found.owner_id, found.kind, list(item.options),
                   placeholder=item.placeholder or "", row=item.row)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await refuse_stranger(interaction, self.owner_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        kind_name, rolling, keep = split_rolling(self.kind)
        known = kind_name in MENU_KINDS
        action = menu_action(kind_name, values[0]) if known and len(values) == 1 else None
        if not known or not fits(self.version):
            await refuse(interaction, "error.unknown_control")
        elif not fits(self.game_id):
            await refuse(interaction, "error.unknown_game")
        elif action is None:
            await refuse(interaction, "error.not_a_level" if kind_name == BUILD_MENU
                         else "error.not_a_square")
        elif rolling:
            await handlers(interaction).flow(interaction, self.game_id, self.version,
                                 rolling_id(f"{kind_name}={values[0]}", True, keep))
        else:
            chosen = action
            await handlers(interaction).play(interaction, self.game_id, self.version,
                                             lambda: chosen)


class PlayAgainButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                      template=PlayAgain.TEMPLATE):
    """On a finished game: a new game with the same edition and house rules (H1 still
    applies: with another game going, the player is offered to resign it first)."""

    def __init__(self, game_id: int, owner_id: int, *, label: str) -> None:
        super().__init__(discord.ui.Button(label=label,
                                           style=discord.ButtonStyle.primary,
                                           custom_id=PlayAgain(game_id, owner_id).to_id()))
        self.game_id, self.owner_id = game_id, owner_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PlayAgainButton:
        assert isinstance(item, discord.ui.Button)
        found = PlayAgain.from_match(match)
        return cls(found.game_id, found.owner_id, label=item.label or "")

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await refuse_stranger(interaction, self.owner_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not fits(self.game_id):
            await refuse(interaction, "error.unknown_game")
        else:
            await handlers(interaction).play_again(interaction, self.game_id)


class HintButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=AskHint.TEMPLATE):
    """The Hint under the game message: a press on an old message is refused like an old
    click. What it shows is `cogs.hint`'s (`HintHandlers`)."""

    def __init__(self, game_id: int, version: int, owner_id: int, *, label: str,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label, emoji="\N{ELECTRIC LIGHT BULB}", style=discord.ButtonStyle.secondary,
            row=row, custom_id=AskHint(game_id, version, owner_id).to_id()))
        self.game_id, self.version, self.owner_id = game_id, version, owner_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HintButton:
        assert isinstance(item, discord.ui.Button)  # the template matches our button only
        found = AskHint.from_match(match)
        return cls(found.game_id, found.version, found.owner_id, label=item.label or "",
                   row=item.row)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await refuse_stranger(interaction, self.owner_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not fits(self.game_id, self.version):
            await refuse(interaction, "error.unknown_game")
            return
        await parts_of(interaction).get(HintHandlers).show(interaction, self.game_id,
                                                            self.version)
