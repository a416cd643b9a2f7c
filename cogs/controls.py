"""The game message's buttons and menus as DynamicItems (discord.py's dynamic_counter example).

Their custom_id carries the game, its version, its owner and the action, so they keep working
after a restart (H2) and an old message can never apply twice: the version guards it.

The controls know who may click and what was clicked, not what a click does: that is the play
flow's (`play.play_action`, `starting.play_again`), which shows a message holding these very
controls. So the flow is handed to them by the extension's setup (`answer_clicks_with`) rather
than imported: the message imports the controls, and nothing here imports back up.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import t
from bot.application.service import GameRecord
from game_core import (
    Action, BuildHotel, BuildHouse, Buy, Decline, DoneBuilding, LiftMortgage, Mortgage, PayFine,
    Roll, SellBuilding, SellJailCard, UseJailCard, action_from_dict,
)

from .replies import ephemeral, locale_for, refuse_stranger

SELECT_ACTIONS: dict[str, type[Action]] = {
    "sell": SellBuilding, "mortgage": Mortgage, "lift": LiftMortgage,
}
PlayClick = Callable[[discord.Interaction[Any], int, int, Callable[[], Action]], Awaitable[None]]
AgainClick = Callable[[discord.Interaction[Any], int], Awaitable[None]]
# A click that is no single engine action (issue 20): Roll on, a plan, the confirm step.
FlowClick = Callable[[discord.Interaction[Any], int, int, str], Awaitable[None]]
ROLL_ON, PLAN_BUY, PLAN_UNBLOCK = "roll_on", "plan_buy", "plan_unblock"
PLAN_DEBT, PLAN_DEBT_GO, PLAN_BACK = "plan_debt", "plan_debt_go", "plan_back"
PLAN_CASH_OUT, DECLINE_ALWAYS = "plan_cash_out", "decline_always"
FLOW_ACTIONS: frozenset[str] = frozenset(
    (ROLL_ON, PLAN_BUY, PLAN_UNBLOCK, PLAN_DEBT, PLAN_DEBT_GO, PLAN_BACK, PLAN_CASH_OUT,
     DECLINE_ALWAYS))
# A control shown while rolling on ends in ROLLING: answering the decision goes on rolling
# (the service's `play(..., roll_on=True)`), then ".<hex>" when the player asked not to be
# offered some properties again (a bit per square: 10 hex digits at most, so a custom_id
# stays within Discord's 100 characters). Such a click reaches the flow answer as
# "<action>.on[.<hex>]" for a button, "<menu kind>=<square>.on[.<hex>]" for a menu option.
ROLLING = ".on"
_ROLLING_RE = re.compile(r"^(?P<base>[^.]+)\.on(?:\.(?P<keep>[0-9a-f]{1,10}))?$")


def keep_mask(squares: frozenset[int]) -> int:
    return sum(1 << i for i in squares)


def rolling_id(name: str, rolling: bool, keep: frozenset[int] = frozenset()) -> str:
    if not rolling:
        return name
    mask = keep_mask(keep)
    return f"{name}{ROLLING}.{mask:x}" if mask else name + ROLLING


def split_rolling(name: str) -> tuple[str, bool, frozenset[int]]:
    """(what, rolling, squares kept declining) of a control's name."""
    found = _ROLLING_RE.match(name)
    if found is None:
        return name, False, frozenset()
    mask = int(found["keep"] or "0", 16)
    return found["base"], True, frozenset(i for i in range(SQUARES) if mask >> i & 1)


@dataclass(frozen=True, slots=True)
class ClickAnswers:
    """What a click does: `play(interaction, game_id, version, action_of)` applies an action;
    `play_again(interaction, finished_game_id)` starts the next game."""

    play: PlayClick
    play_again: AgainClick
    flow: FlowClick | None = None  # None: the one `answer_flow_with` was given


_answers: ClickAnswers | None = None
_flow: FlowClick | None = None


def answer_flow_with(flow: FlowClick) -> None:
    """Called by the play flow when it is imported (so the extension's setup need not)."""
    global _flow
    _flow = flow


def _flow_answer() -> FlowClick:
    flow = _answer().flow or _flow
    if flow is None:
        raise RuntimeError("no answer to Roll on and plans: cogs.play hands it over")
    return flow


def answer_clicks_with(answers: ClickAnswers) -> None:
    """Called once by the extension's setup, before any click can arrive."""
    global _answers
    _answers = answers


def _answer() -> ClickAnswers:
    if _answers is None:
        raise RuntimeError("no answer to clicks yet: cogs.monopoly's setup hands them over")
    return _answers


# The only actions a button may carry: the decisions the game message shows as buttons.
# Anything else in a custom_id was not made by the bot (resigning has its own prompt).
BUTTON_ACTIONS: frozenset[str] = frozenset(kind.type for kind in (
    Roll, PayFine, UseJailCard, Buy, Decline, BuildHouse, BuildHotel, DoneBuilding, SellJailCard))
MAX_ID = 2**63 - 1  # Discord ids and the database's integers are signed 64-bit
SQUARES = 40


def fits(*numbers: int) -> bool:
    """Ids and versions a custom_id may carry; past 64 bits it was not made by the bot."""
    return all(0 <= number <= MAX_ID for number in numbers)


def square_of(value: str) -> int | None:
    """A menu option's value: a square number, in ASCII digits; None for anything else."""
    if value.isascii() and value.isdigit() and int(value) < SQUARES:
        return int(value)
    return None


async def refuse(interaction: discord.Interaction[Any], key: str) -> None:
    await ephemeral(interaction, t(locale_for(interaction), key))


class ActionButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"sm:b:(?P<game>\d+):(?P<version>\d+):(?P<owner>\d+):"
                            r"(?P<action>[^:]+)"):
    """One decision of the engine's legal actions: Roll, Buy, Decline, Build..."""

    def __init__(self, game_id: int, version: int, owner_id: int, action: str,
                 *, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label or action, style=style, row=row,
            custom_id=f"sm:b:{game_id}:{version}:{owner_id}:{action}"))
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
        return cls(int(match["game"]), int(match["version"]), int(match["owner"]),
                   match["action"], label=item.label or "", style=item.style, row=item.row)

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
            await _flow_answer()(interaction, self.game_id, self.version, self.action)
        else:
            await _answer().play(interaction, self.game_id, self.version,
                                 lambda: action_from_dict({"type": self.action}))


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=r"sm:s:(?P<game>\d+):(?P<version>\d+):(?P<owner>\d+):"
                            r"(?P<kind>[^:]+)"):
    """Sell a building, mortgage, or lift a mortgage (T4, M1-M3): one menu each."""

    def __init__(self, game_id: int, version: int, owner_id: int, kind: str,
                 options: list[discord.SelectOption] | None = None, *, placeholder: str = "",
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"sm:s:{game_id}:{version}:{owner_id}:{kind}",
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
        return cls(int(match["game"]), int(match["version"]), int(match["owner"]),
                   match["kind"], list(item.options), placeholder=item.placeholder or "",
                   row=item.row)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await refuse_stranger(interaction, self.owner_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        square = square_of(values[0]) if len(values) == 1 else None
        kind_name, rolling, keep = split_rolling(self.kind)
        if kind_name not in SELECT_ACTIONS or not fits(self.version):
            await refuse(interaction, "error.unknown_control")
        elif not fits(self.game_id):
            await refuse(interaction, "error.unknown_game")
        elif square is None:
            await refuse(interaction, "error.not_a_square")
        elif rolling:
            await _flow_answer()(interaction, self.game_id, self.version,
                                 rolling_id(f"{kind_name}={square}", True, keep))
        else:
            kind = SELECT_ACTIONS[kind_name].type
            await _answer().play(interaction, self.game_id, self.version,
                                 lambda: action_from_dict({"type": kind, "square": square}))


class PlayAgainButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                      template=r"sm:again:(?P<game>\d+):(?P<owner>\d+)"):
    """On a finished game: a new game with the same edition and house rules (H1 still
    applies: with another game going, the player is offered to resign it first)."""

    def __init__(self, game_id: int, owner_id: int, *, label: str) -> None:
        super().__init__(discord.ui.Button(label=label,
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"sm:again:{game_id}:{owner_id}"))
        self.game_id, self.owner_id = game_id, owner_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PlayAgainButton:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["game"]), int(match["owner"]), label=item.label or "")

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return await refuse_stranger(interaction, self.owner_id)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not fits(self.game_id):
            await refuse(interaction, "error.unknown_game")
        else:
            await _answer().play_again(interaction, self.game_id)
