"""The game message: one embed and its controls, rebuilt from the game after every action.

Translation only: the embed says what the engine's state and events say, in the player's
language; the controls are exactly the engine's legal actions (issue #4).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import fit_lines, format_money, points, t, tn
from bot.narration import (
    action_label, build_to_note, house_rules_text, narrate, select_placeholder,
    square_name, told_the_end,
)
from bot.application.autoplay import ROLLED_ON, Played
from bot.application.choice_calls import (
    DECLINE_ALWAYS, PLAN_BUY, PLAN_CASH_OUT, PLAN_DEBT_GO, PLAN_UNBLOCK, ROLL_ON,
)
from bot.application.choices import RAISE_TO_BUY, Choices, choices_now
from bot.application.hinted import listed_first
from bot.application.hints import takes_hints
from bot.narration.account import (
    account_lines, describe_debt_plans, narrate_steps, pending_with_offer, plan_label, stop_line,
)
from bot.application.daily import day_date, day_number
from bot.pictures import jobs
from bot.pictures.alt_text import board_alt
from bot.pictures.board_text import render_board_text
from bot.pictures.jobs import Picture
from bot.pictures.shared import SharedBoards
from bot.application.service import GameRecord
from bot.hosting.discord_limits import EMBED_DESCRIPTION, EMBED_TOTAL, embed_length
from game_core import (
    Action, BuildHotel, BuildHouse, Buy, Decline, DoneBuilding, Event, LiftMortgage, Mortgage,
    PayFine, Roll, SellBuilding, SellJailCard, UseJailCard,
)
from game_core.events import Moved
from game_core.plans import debt_plans
from game_core.prompts import way_to_win
from game_core.state import RAISE_FUNDS

from cogs.play.controls import (
    BUILD_MENU, GO_OF_WAY, ORDER_OFF, PLAN_BACK, PLAN_DEBT, ActionButton, ActionSelect,
    HintButton, PlayAgainButton,
)
from cogs.common.board_launch import OpenBoardButton
from cogs.common.custom_ids import rolling_id
from cogs.common.pictures import MoneyMapButton
from cogs.daily.result import ShareButton

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

UNDO_OF = {setting: name for name, setting in ORDER_OFF.items()}
EMBED_COLOUR = {"won": 0x2E7D32, "lost": 0x8E2424, "active": 0xC8102E}
BUTTON_ORDER = (Roll, PayFine, UseJailCard, Buy, Decline, BuildHouse, BuildHotel, DoneBuilding,
                SellJailCard)
BUTTON_STYLE = {
    Roll: discord.ButtonStyle.primary, Buy: discord.ButtonStyle.success,
    BuildHouse: discord.ButtonStyle.success, BuildHotel: discord.ButtonStyle.success,
    PayFine: discord.ButtonStyle.primary, UseJailCard: discord.ButtonStyle.success,
}
SELECT_KINDS: tuple[tuple[str, type[Action]], ...] = (
    ("sell", SellBuilding), ("mortgage", Mortgage), ("lift", LiftMortgage),
)
MAX_OPTIONS = 25  # Discord: options in one select menu
IMAGE_NAME = "board.png"
RECAP_NAME = "recap.png"


@dataclass(frozen=True, slots=True)
class GameMessage:
    embed: discord.Embed
    view: discord.ui.View
    file: discord.File | None

    def send_kwargs(self) -> dict[str, Any]:
        """For send_message / channel.send."""
        kwargs: dict[str, Any] = {"embed": self.embed, "view": self.view}
        if self.file is not None:
            kwargs["file"] = self.file
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        """For edit_message / message.edit: the picture replaces the old one."""
        return {"embed": self.embed, "view": self.view,
                "attachments": [self.file] if self.file is not None else []}


def last_move(events: Sequence[Event]) -> tuple[int, int] | None:
    moves = [e for e in events if isinstance(e, Moved)]
    return (moves[0].start, moves[-1].end) if moves else None


async def draw_picture(bot: MonopolyBot, record: GameRecord, events: Sequence[Event], *,
                       locale: str, attach: bool) -> Picture:
    """The game message's picture, drawn by a worker: never on the event loop, which must
    stay free to answer clicks in time. While the game goes on, the board after `events`;
    once it is over, the recap of the whole game from its log, whose text stands
    in for it when the bot may not `attach` files."""
    if record.game.is_over:
        log = await bot.service.game_log(record.id)
        return await bot.workers.run(jobs.recap, log, locale, attach)
    # Drawn once for every game showing the same board (a daily's first rolls: the same
    # dice for everyone), the centre in the player's language.
    shared = bot.parts.get_or_make(SharedBoards, SharedBoards)
    png = await shared.board(bot.workers.run, record.game, last_move=last_move(events),
                             locale=locale)
    # The text board needs no worker (build_game_message writes it); the alt text neither.
    return Picture(png, "", board_alt(record.game, events, locale=locale,
                                      doubles_matter=record.game.options.standard_doubles))


def events_text(record: GameRecord, events: Sequence[Event], played: Played | None, *,
                locale: str) -> str:
    """What happened: a Roll on's account, or each event (a forced way with why)."""
    game, edition = record.game, record.edition
    doubles = game.options.standard_doubles
    if played is None:
        lines = narrate(events, edition=edition, locale=locale, doubles_matter=doubles)
        return fit_lines(lines) if lines else t(locale, "embed.value.no_events")
    steps = [(step.events, step.skip) for step in played.steps]
    turns = game.turn - played.start_turn
    if any(step.by == ROLLED_ON for step in played.steps):
        return account_lines(steps, start_cash=played.start_cash, end_cash=game.s.cash,
                             start_turn=played.start_turn, stop=played.stop, edition=edition,
                             locale=locale, start_square=played.start_square,
                             start_in_jail=played.start_in_jail, end=game,
                             dangers=played.dangers)
    lines = narrate_steps(steps, edition=edition, locale=locale, doubles_matter=doubles,
                          end=game)
    tail = stop_line(played.stop, game.s.cash, turns, edition=edition, locale=locale)
    if tail:
        lines.append(tail)
    return fit_lines(lines) if lines else t(locale, "embed.value.no_events")


def pending_text(record: GameRecord, choices: Choices, *, locale: str,
                 preview: str | None = None) -> str:
    """What the game waits for, with the plan on offer (`preview`: Pay it for me's confirm
    step, listing that way first)."""
    game = record.game
    if preview and choices.pay_debt:
        plans = listed_first(debt_plans(game), preview)
        if plans:
            return describe_debt_plans(plans, game, locale)
    return pending_with_offer(game, choices.plan, choices.pay_debt, locale)


def build_game_message(record: GameRecord, events: Sequence[Event], *, locale: str,
                       player: str, picture: bool = True,
                       drawn: Picture | None = None, played: Played | None = None,
                       preview: str | None = None, rolling: bool = False,
                       keep: frozenset[int] = frozenset(), board: bool = False) -> GameMessage:
    """The embed and controls of `record` after `events`, with `drawn` (from draw_picture)
    as its picture: the board, or the recap of a finished game. With `picture` but nothing
    drawn yet, the message says the picture is being drawn and shows no picture rather than
    an older one; without `picture` (no Attach Files permission), a text board, or the
    recap's text once drawn."""
    game, edition = record.game, record.edition
    s = game.s
    if played is not None:
        rolling, keep = rolling or played.rolling, keep | played.keep_declining
    choices = choices_now(game, rolling=rolling)  # once: a plan is found by trial moves

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    embed = discord.Embed(title=t(locale, "embed.title", player=player),
                          colour=EMBED_COLOUR.get(record.status, EMBED_COLOUR["active"]))
    embed.add_field(name=t(locale, "embed.field.events"),
                    value=events_text(record, events, played, locale=locale), inline=False)
    told = told_the_end([step.events for step in played.steps] if played is not None
                        else [events])
    # The end is said once: by the events' lines when they tell it, by the outcome otherwise.
    pending = "" if game.is_over and told else pending_text(record, choices, locale=locale,
                                                            preview=preview)
    if game.is_over and record.daily_day is not None:  # the Share button is under it
        pending = f"{pending} {t(locale, 'daily.over')}".strip()
    elif game.is_over:  # the Play again button is under this message
        pending = f"{pending} {t(locale, 'pending.over.again')}".strip()
    embed.add_field(name=t(locale, "embed.field.pending"), value=pending[:1024], inline=False)
    embed.add_field(name=t(locale, "embed.field.square"),
                    value=square_name(edition, s.position, locale, in_jail=s.in_jail))
    embed.add_field(name=t(locale, "embed.field.cash"), value=money(s.cash))
    embed.add_field(name=t(locale, "embed.field.bank"), value=money(s.bank_cash))
    add_way_to_win(embed, record, locale=locale)
    if s.jail_cards:
        embed.add_field(name=t(locale, "embed.field.jail_card"),
                        value=tn(locale, "embed.value.jail_card", len(s.jail_cards)))
    add_house_rules_field(embed, record, locale=locale)
    if record.daily_day is not None:  # the day's game, the same for everyone
        value = t(locale, "daily.field.value", number=day_number(record.daily_day),
                  date=day_date(record.daily_day).isoformat())
        if not game.is_over:  # H5: private until finished
            value += "\n" + t(locale, "daily.private")
        embed.add_field(name=t(locale, "daily.field"), value=value, inline=False)
    embed.set_footer(text=t(locale, "embed.footer", game_id=record.id,
                            edition=t(locale, f"edition.{edition}")) + " · "
                     + t(locale, "embed.field.turn") + f" {game.turn}")
    file = None
    move = last_move(events)
    if not picture:
        text = drawn.text if game.is_over and drawn is not None else ""
        board_text = render_board_text(game, last_move=move, locale=locale)
        embed.description = (text or board_text)[:4096]
    elif drawn is not None and drawn.png is not None:
        name = RECAP_NAME if game.is_over else IMAGE_NAME
        file = discord.File(io.BytesIO(drawn.png), filename=name, description=drawn.alt or None)
        embed.set_image(url=f"attachment://{name}")
    else:
        embed.description = t(locale, "embed.value.drawing")
        if not game.is_over:
            # The text board meanwhile: at a burst's peak the picture may come seconds after
            # the move is shown, and the player sees where their pawn went at once.
            board_text = render_board_text(game, last_move=move, locale=locale)
            with_board = f"{embed.description}\n{board_text}"
            room = EMBED_TOTAL - embed_length(embed.to_dict()) + len(embed.description)
            if len(with_board) <= min(EMBED_DESCRIPTION, room):
                embed.description = with_board
    undo = played.orders_used if played is not None else ()
    view = build_controls(record, locale=locale, preview=preview, rolling=rolling, keep=keep,
                          choices=choices, undo=undo)
    if board:  # this bot serves the Activity: the game can be opened on the board
        add_board_button(view, record, locale=locale)
    return GameMessage(embed, view, file)


def add_board_button(view: discord.ui.View, record: GameRecord, *, locale: str) -> None:
    """Open the board (the Activity), when this bot serves it: on the first row with room
    (a message has at most 5 rows of 5 buttons; a menu fills its row). discord.py itself
    says where there is room: it placed the controls given no row, so counting rows here
    could put the button on a full one (ValueError: it would not fit)."""
    for row in range(5):
        try:
            view.add_item(OpenBoardButton(record.id, row=row,
                                          label=t(locale, "activity.button.launch")))
        except ValueError:
            continue
        return


def add_way_to_win(embed: discord.Embed, record: GameRecord, *, locale: str) -> None:
    """The net worth (E2) and what cashing out everything now would leave the Bank
    (M5: nothing left is a win); a finished game, its score."""
    game, edition = record.game, record.edition
    if game.is_over:
        outcome = game.outcome
        embed.add_field(name=t(locale, "clicks.field.score"),
                        value=points(outcome.score if outcome else 0, locale))
        return
    worth, left = way_to_win(game)
    embed.add_field(name=t(locale, "clicks.field.net_worth"),
                    value=format_money(worth, edition, locale))
    embed.add_field(name=t(locale, "clicks.field.cash_out"),
                    value=t(locale, "clicks.value.cash_out.breaks") if left < 0 else t(
                        locale, "clicks.value.cash_out",
                        left=format_money(left, edition, locale)))


def flow_buttons(record: GameRecord, choices: Choices, *, locale: str,
                 ) -> list[tuple[str, str, discord.ButtonStyle]]:
    """The one-click buttons for the game as it stands: Roll on beside Roll, the plan on offer,
    Pay it for me on a debt; rolling on, an offer that would stay unowned (the Bank has no
    pawn left to take it) can be declined for good."""
    game = record.game
    flows: list[tuple[str, str, discord.ButtonStyle]] = []
    if choices.decline_for_good:
        flows.append((DECLINE_ALWAYS, t(locale, "clicks.button.decline_always"),
                      discord.ButtonStyle.secondary))
    if choices.roll_on:
        flows = [(ROLL_ON, t(locale, "clicks.button.roll_on"), discord.ButtonStyle.success)]
        if choices.cash_out:  # M5: a win to take (cash_out_plan finds its steps)
            flows.append((PLAN_CASH_OUT, t(locale, "clicks.button.cash_out"),
                          discord.ButtonStyle.success))
        return flows
    if choices.pay_debt:
        return [(PLAN_DEBT, t(locale, "clicks.button.pay_for_me"),
                 discord.ButtonStyle.success)]
    plan = choices.plan
    if plan is not None:
        what = PLAN_BUY if plan.kind == RAISE_TO_BUY else PLAN_UNBLOCK
        flows.insert(0, (what, plan_label(plan, game, locale), discord.ButtonStyle.success))
    return flows


def add_house_rules_field(embed: discord.Embed, record: GameRecord, *, locale: str) -> None:
    """A game under house rules says so plainly, and which, on every view of it."""
    rules = house_rules_text(record.game.options, edition=record.edition, locale=locale)
    if rules:
        embed.add_field(name=t(locale, "house.field"),
                        value=t(locale, "house.field.value", rules=rules)[:1024], inline=False)


def build_controls(record: GameRecord, *, locale: str, preview: str | None = None,
                   rolling: bool = False, keep: frozenset[int] = frozenset(),
                   choices: Choices | None = None, undo: Sequence[str] = ()) -> discord.ui.View:
    """Buttons and select menus for exactly the legal actions; once the game is over, Play
    again and where the money went.

    Row 0-1: the decision's buttons, and Hint; rows 2-4: sell, mortgage and lift menus (each
    capped at 25 options, Discord's limit: once one is used, the next shows). At a build stop
    with two levels or more within reach (P2), the levels are a menu on row 1, each with its
    cost (the one-house or hotel button stays), and Hint joins row 0. `preview`: Pay it for
    me's confirm step, the way it lists first (the Hint's best, else the least-rent one;
    None: not that step). `rolling`: the
    message comes from rolling on, and answering its decision goes on rolling;
    `keep`: the properties the player asked, rolling on, not to be offered again;
    `undo`: the standing orders that answered for the player in the moves shown, each then
    offered to undo in one click, after the decision's buttons where a row has room.
    """
    view = discord.ui.View(timeout=None)
    game = record.game
    if game.is_over and record.daily_day is not None:  # a daily: one attempt, then share it
        view.add_item(ShareButton(record.id, record.owner_id,
                                  label=t(locale, "button.share")))
        view.add_item(MoneyMapButton(record.id, label=t(locale, "button.money_map")))
        return view
    if game.is_over:  # nothing to play here any more: offer the next game instead
        view.add_item(PlayAgainButton(record.id, record.owner_id,
                                      label=t(locale, "button.play_again")))
        view.add_item(MoneyMapButton(record.id, label=t(locale, "button.money_map")))
        return view
    if preview and game.pending == RAISE_FUNDS:  # Pay it for me's confirm step
        listed = listed_first(debt_plans(game), preview)
        go = GO_OF_WAY[listed[0].way] if listed else PLAN_DEBT_GO  # the way listed first
        view.add_item(ActionButton.for_flow(record, go, label=t(
            locale, "clicks.button.plan_go"), style=discord.ButtonStyle.success, row=0,
            rolling=rolling, keep=keep))
        view.add_item(ActionButton.for_flow(record, PLAN_BACK, label=t(
            locale, "clicks.button.plan_back"), style=discord.ButtonStyle.secondary, row=0,
            rolling=rolling, keep=keep))
        return view
    if choices is None:
        choices = choices_now(game, rolling=rolling)
    legal = choices.actions
    buttons = [a for kind in BUTTON_ORDER for a in legal if type(a) is kind]
    # (what, label, style, action): the decision's buttons, Roll on beside Roll, the plan.
    items: list[tuple[str, str, discord.ButtonStyle, Action | None]] = [
        (action.type, action_label(action, game, locale=locale),
         BUTTON_STYLE.get(type(action), discord.ButtonStyle.secondary), action)
        for action in buttons]
    flows = [(what, label, style, None) for what, label, style in flow_buttons(
        record, choices, locale=locale)]
    after = 1 if buttons and type(buttons[0]) is Roll else len(items)
    items[after:after] = flows
    # P2 in one go: the build menu takes row 1, so row 0 must hold the buttons and Hint.
    levels = choices.build_to if len(items) < 5 else ()
    for index, (what, label, style, action) in enumerate(items):
        if action is not None:
            view.add_item(ActionButton.for_action(record, action, label=label, style=style,
                                                  row=index // 5, rolling=rolling, keep=keep))
        else:
            view.add_item(ActionButton.for_flow(record, what, label=label, style=style,
                                                row=index // 5, rolling=rolling, keep=keep))
    hint = takes_hints(record)
    used = {0: len(items) + (1 if hint and levels else 0)} if levels else {
        row: max(0, min(5, len(items) - 5 * row)) + (1 if hint and row == 1 else 0)
        for row in (0, 1)}
    for name in undo:  # one click each undoes an order that just answered (game_core.orders)
        row = next((r for r in sorted(used) if used[r] < 5), None)
        if row is None:
            break
        used[row] += 1
        view.add_item(ActionButton.for_flow(
            record, UNDO_OF[name], label=t(locale, f"clicks.button.order_off.{name}"),
            style=discord.ButtonStyle.secondary, row=row, rolling=rolling, keep=keep))
    if hint:  # the odds of each choice, answered privately
        # Row 1, under the decision's buttons (rarely more than 5): a row of its own.
        view.add_item(HintButton(record.id, record.version, record.owner_id,
                                 label=t(locale, "button.hint"), row=0 if levels else 1))
    if levels:
        options = [discord.SelectOption(label=action_label(a, game, locale=locale)[:100],
                                        value=str(a.level),
                                        description=build_to_note(a, game, locale=locale)[:100])
                   for a in levels]
        view.add_item(ActionSelect.for_kind(
            record, rolling_id(BUILD_MENU, rolling, keep), options, row=1,
            placeholder=select_placeholder(game, BUILD_MENU, locale=locale)[:150]))
    row = 2
    for kind_name, kind in SELECT_KINDS:
        actions = [a for a in legal if type(a) is kind][:MAX_OPTIONS]
        if not actions:
            continue
        options = [discord.SelectOption(label=action_label(a, game, locale=locale)[:100],
                                        value=str(a.square))  # type: ignore[attr-defined]
                   for a in actions]
        placeholder = select_placeholder(game, kind_name, locale=locale)
        view.add_item(ActionSelect.for_kind(record, rolling_id(kind_name, rolling, keep), options,
                                            placeholder=placeholder, row=row))
        row += 1
    return view


