"""The Activity's read model: one game as JSON, in the viewer's language, built from the same
`choices_now`, narration and catalogs as the game message (cogs/play/message.py), so that no
rule and no word is written twice (docs/activity-api.md says its shape).

The page decides nothing: every square's words, what can be done now, what each choice
costs, and every label it shows come from here. A watcher (another participant of the
Activity's instance) gets the same model without a single choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from game_core import (
    Action, BuildHotel, BuildHouse, BuildTo, Buy, Decline, DoneBuilding, Game, LiftMortgage,
    Mortgage, PayFine, Roll, SellBuilding, SellJailCard, UseJailCard,
)
from game_core.board import HOTEL, JAIL, SQUARES, Kind
from game_core.events import Event
from game_core.advisor import Hint
from game_core.plans import PAY_DEBT, WAYS, Plan, debt_plans
from game_core.prompts import way_to_win
from game_core.state import BANK, PLAYER, RAISE_FUNDS

from bot.application.autoplay import ROLLED_ON, Played
from bot.application.hints import takes_hints
from bot.application.choices import RAISE_TO_BUY, Choices, choices_now
from bot.application.records import GameRecord
from bot.i18n import format_money, points, t, tn
from bot.i18n.languages import language
from bot.narration import (
    action_label, build_to_note, describe_pending, house_rules_text, narrate, property_line,
    select_placeholder, square_name,
)
from bot.narration.hints import describe_hint
from bot.narration.account import (
    account_lines, describe_debt_plans, narrate_steps, pending_with_offer, plan_label, stop_line,
)
from bot.pictures.layout import GROUP_COLOURS
from bot.pictures.short_names import board_name

from . import choice_ids as ids

SCHEMA = 1
PLAYER_VIEW, WATCHER_VIEW = "player", "watcher"
KINDS = {Kind.GO: "go", Kind.STREET: "street", Kind.STATION: "railroad",
         Kind.UTILITY: "utility", Kind.CHANCE: "chance", Kind.CHEST: "chest",
         Kind.TAX: "tax", Kind.JAIL: "jail", Kind.PARKING: "free_parking",
         Kind.GO_TO_JAIL: "go_to_jail"}
# The message's buttons' order (cogs/play/message.BUTTON_ORDER).
BUTTON_ORDER: tuple[type[Action], ...] = (
    Roll, PayFine, UseJailCard, Buy, Decline, BuildHouse, BuildHotel, DoneBuilding,
    SellJailCard)
STYLES = {Roll: "primary", Buy: "success", BuildHouse: "success", BuildHotel: "success",
          PayFine: "primary", UseJailCard: "success"}
MENUS: tuple[tuple[str, type[Action]], ...] = (
    ("sell", SellBuilding), ("mortgage", Mortgage), ("lift", LiftMortgage))
# The words the page shows that come from no game: its headings, buttons and aria names.
STRING_KEYS = (
    "board", "panel", "decision", "account", "history", "hint", "card.close", "dice",
    "pawn", "bank_pawn", "loading", "error", "retry", "watching", "no_game", "owner",
    "reduced_motion", "squares", "choices", "title",
)


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _choice(choice_id: str, label: str, detail: str = "", style: str = "secondary"
            ) -> dict[str, str]:
    return {"id": choice_id, "label": label, "detail": detail, "style": style}


def strings(locale: str) -> dict[str, str]:
    return dict(_strings(language(locale).code))


@lru_cache(maxsize=8)
def _strings(code: str) -> tuple[tuple[str, str], ...]:
    return tuple((key, t(code, f"activity.{key}")) for key in STRING_KEYS)


def no_game(locale: str, edition: str | None = None) -> dict[str, Any]:
    """The model when the viewer has no game: the board of their language's edition, and a
    decision offering a new game."""
    edition = edition or language(locale).edition
    game = Game.new(1, None, edition)
    model = _frame(locale, PLAYER_VIEW)
    model["squares"] = _squares(game, locale)
    model["decision"] = {"prompt": t(locale, "activity.no_game"), "choices": [
        _choice(ids.NEW, t(locale, "activity.new_game"), style="primary")]}
    return model


def _frame(locale: str, viewer: str) -> dict[str, Any]:
    return {"schema": SCHEMA, "locale": language(locale).code, "viewer": viewer,
            "strings": strings(locale), "game": None, "squares": [], "pawn": None,
            "bank_pawns": [], "dice": None, "panel": [],
            "decision": {"prompt": "", "choices": []}, "cards": {}, "account": [],
            "history": [], "hint": None, "rules": ""}


def game_model(record: GameRecord, events: Sequence[Event], *, locale: str,
               viewer: str = PLAYER_VIEW, player: str = "", played: Played | None = None,
               history: Sequence[Sequence[Event]] = (), rolling: bool = False,
               keep: frozenset[int] = frozenset(), choices: Choices | None = None,
               ) -> dict[str, Any]:
    """`record` after `events` (its last move's; `played`: what a board action did, move by
    move) for `viewer`; `history`: older moves' events, newest first."""
    game, edition = record.game, record.edition
    s = game.s
    if played is not None:
        rolling, keep = rolling or played.rolling, keep | played.keep_declining
    if choices is None:
        choices = choices_now(game, rolling=rolling)
    watching = viewer != PLAYER_VIEW
    model = _frame(locale, viewer)
    model["game"] = {
        "id": record.id, "version": record.version, "status": record.status,
        "over": game.is_over, "edition": edition, "turn": game.turn,
        "daily": record.daily_day is not None,
        "title": t(locale, "embed.title", player=player or t(locale, "owner.player")),
    }
    model["squares"] = _squares(game, locale)
    model["pawn"] = {"square": s.position, "in_jail": s.in_jail,
                     "label": t(locale, "activity.pawn.at",
                                square=square_name(edition, s.position, locale, in_jail=s.in_jail))}
    model["bank_pawns"] = [i for i in range(40) if s.owner[i] == BANK]
    model["dice"] = list(s.last_dice) if any(s.last_dice) else None
    model["panel"] = _panel(record, locale)
    model["account"] = _account(record, events, played, locale)
    model["history"] = [line for moves in history for line in narrate(
        moves, edition=edition, locale=locale, doubles_matter=game.options.standard_doubles)]
    model["rules"] = house_rules_text(game.options, edition=edition, locale=locale)
    if watching:
        model["decision"] = {"prompt": describe_pending(game, locale=locale), "choices": []}
        model["cards"] = {str(i): _card(game, i, locale, []) for i in range(40)
                          if SQUARES[i].is_property}
        return model
    decision, menus = _decision(record, choices, locale, rolling, keep)
    model["decision"] = decision
    by_square: dict[int, list[dict[str, str]]] = {}
    for menu in menus:
        for choice in menu.pop("by_square"):
            by_square.setdefault(choice[0], []).append(choice[1])
    model["decision"]["menus"] = menus
    model["hint"] = _hint_offer(record, locale)
    model["cards"] = {str(i): _card(game, i, locale, by_square.get(i, []))
                      for i in range(40) if SQUARES[i].is_property}
    return model


def _squares(game: Game, locale: str) -> list[dict[str, Any]]:
    s, edition = game.s, game.edition
    owners = {PLAYER: "player", BANK: "bank"}
    squares = []
    for square in SQUARES:
        i = square.index
        name = square_name(edition, i, locale, in_jail=s.in_jail and s.position == JAIL)
        owner = owners.get(s.owner[i])
        colour = GROUP_COLOURS.get(square.group) if square.kind is Kind.STREET else None
        if square.is_property:
            whose = t(locale, f"owner.{owner or 'nobody'}")
            label = t(locale, "activity.square.label", square=property_line(game, i, locale),
                      owner=whose)
        else:
            label = name
        squares.append({
            "index": i, "name": name, "kind": KINDS[square.kind],
            "group": square.group or None, "colour": _hex(colour) if colour else None,
            "owner": owner, "houses": s.buildings[i] if s.buildings[i] < HOTEL else 0,
            "hotel": s.buildings[i] == HOTEL, "mortgaged": s.mortgaged[i],
            "price": format_money(square.price, edition, locale) if square.price else None,
            "label": label,
            # The name the board picture writes where the full one can't fit (a small
            # square); its "- " marks where a line may break, as a browser breaks at "-".
            "short": board_name(edition, i, locale).replace("- ", "-"),
        })
    return squares


def _panel(record: GameRecord, locale: str) -> list[dict[str, str]]:
    game, edition = record.game, record.edition
    s = game.s

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    def row(key: str, label_key: str, value: str) -> dict[str, str]:
        return {"key": key, "label": t(locale, label_key), "value": value}

    rows = [row("cash", "embed.field.cash", money(s.cash))]
    if game.is_over:
        outcome = game.outcome
        rows.append(row("score", "clicks.field.score", points(outcome.score if outcome else 0,
                                                              locale)))
    else:
        worth, left = way_to_win(game)
        rows.append(row("net_worth", "clicks.field.net_worth", money(worth)))
        rows.append(row("cash_out", "clicks.field.cash_out",
                        t(locale, "clicks.value.cash_out.breaks") if left < 0 else t(
                            locale, "clicks.value.cash_out", left=money(left))))
    rows.append(row("bank", "embed.field.bank", money(s.bank_cash)))
    rows.append(row("houses_left", "activity.panel.houses_left", str(s.houses_left)))
    rows.append(row("hotels_left", "activity.panel.hotels_left", str(s.hotels_left)))
    rows.append(row("turn", "embed.field.turn", str(game.turn)))
    if s.jail_cards:
        rows.append(row("jail_card", "embed.field.jail_card",
                        tn(locale, "embed.value.jail_card", len(s.jail_cards))))
    return rows


def _account(record: GameRecord, events: Sequence[Event], played: Played | None,
             locale: str) -> list[str]:
    """What the last move did: Roll on's account, or each event (as the message says it)."""
    game, edition = record.game, record.edition
    doubles = game.options.standard_doubles
    if played is None:
        return narrate(events, edition=edition, locale=locale, doubles_matter=doubles)
    steps = [(step.events, step.skip) for step in played.steps]
    if any(step.by == ROLLED_ON for step in played.steps):
        text = account_lines(steps, start_cash=played.start_cash, end_cash=game.s.cash,
                             start_turn=played.start_turn, stop=played.stop, edition=edition,
                             locale=locale, start_square=played.start_square,
                             start_in_jail=played.start_in_jail, end=game, limit=100_000)
        return [line for line in text.split("\n") if line]
    lines = narrate_steps(steps, edition=edition, locale=locale, doubles_matter=doubles,
                          end=game)
    tail = stop_line(played.stop, game.s.cash, game.turn - played.start_turn,
                     edition=edition, locale=locale)
    return [*lines, tail] if tail else lines


def _decision(record: GameRecord, choices: Choices, locale: str, rolling: bool,
              keep: frozenset[int]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The decision's prompt and choices (as the message's buttons, in their order), and
    the sell, mortgage and lift menus whole (no 25-option limit on the board)."""
    game = record.game
    if game.is_over:
        prompt = describe_pending(game, locale=locale)
        found: list[dict[str, str]] = []
        if record.daily_day is None:
            prompt += " " + t(locale, "pending.over.again")
            found.append(_choice(ids.AGAIN, t(locale, "button.play_again"), style="primary"))
        return {"prompt": prompt, "choices": found}, []
    prompt = pending_with_offer(game, choices.plan, choices.pay_debt, locale)

    def action_id(action: Action) -> str:
        on = rolling and type(action) is not Roll
        return ids.encode(action.type, rolling=on, keep=keep if on else frozenset())

    def flow_id(what: str) -> str:
        on = rolling and (what != ids.ROLL_ON or bool(keep))
        return ids.encode(what, rolling=on, keep=keep if on else frozenset())

    legal = choices.actions
    buttons = [a for kind in BUTTON_ORDER for a in legal if type(a) is kind]
    items = [_choice(action_id(a), action_label(a, game, locale=locale),
                     style=STYLES.get(type(a), "secondary")) for a in buttons]
    flows = _flows(record, choices, locale, flow_id)
    after = 1 if buttons and type(buttons[0]) is Roll else len(items)
    items[after:after] = flows
    menus: list[dict[str, Any]] = []
    if choices.build_to:
        items.extend(_choice(ids.encode(ids.BUILD_MENU, a.level, rolling=rolling, keep=keep),
                             action_label(a, game, locale=locale),
                             build_to_note(a, game, locale=locale), "success")
                     for a in choices.build_to if isinstance(a, BuildTo))
    for kind, action_type in MENUS:
        actions = [a for a in legal if type(a) is action_type]
        if not actions:
            continue
        listed = [(a.square, _choice(  # type: ignore[attr-defined]
            ids.encode(kind, a.square, rolling=rolling, keep=keep),  # type: ignore[attr-defined]
            action_label(a, game, locale=locale))) for a in actions]
        menus.append({"kind": kind, "label": select_placeholder(game, kind, locale=locale),
                      "choices": [c for _, c in listed], "by_square": listed})
    return {"prompt": prompt, "choices": items}, menus


def _flows(record: GameRecord, choices: Choices, locale: str, flow_id: Any
           ) -> list[dict[str, str]]:
    """The one-click ways, as the message's flow buttons (cogs/play/message.flow_buttons)."""
    game = record.game
    flows: list[dict[str, str]] = []
    if choices.decline_for_good:
        flows.append(_choice(flow_id(ids.DECLINE_ALWAYS),
                             t(locale, "clicks.button.decline_always")))
    if choices.roll_on:
        flows = [_choice(flow_id(ids.ROLL_ON), t(locale, "clicks.button.roll_on"),
                         style="success")]
        if choices.cash_out:
            flows.append(_choice(flow_id(ids.PLAN_CASH_OUT),
                                 t(locale, "clicks.button.cash_out"), style="success"))
        return flows
    if choices.pay_debt:
        plans = debt_plans(game) if game.pending == RAISE_FUNDS else []
        detail = describe_debt_plans(plans, game, locale) if plans else ""
        return [_choice(flow_id(ids.PLAN_DEBT_GO), t(locale, "clicks.button.pay_for_me"),
                        detail, "success")]
    plan = choices.plan
    if plan is not None:
        what = ids.PLAN_BUY if plan.kind == RAISE_TO_BUY else ids.PLAN_UNBLOCK
        flows.insert(0, _choice(flow_id(what), plan_label(plan, game, locale),
                                style="success"))
    return flows


def _hint_offer(record: GameRecord, locale: str) -> dict[str, Any] | None:
    """The Hint's button where the game message shows its own (cogs/play/message.py: a
    game going on that takes hints, so never a daily); what it said comes with `with_hint`."""
    if record.game.is_over or not takes_hints(record):
        return None
    return {"choice": _choice(ids.HINT, t(locale, "button.hint")), "version": record.version,
            "lines": [], "choices": []}


def with_hint(model: dict[str, Any], record: GameRecord, hint: Hint) -> dict[str, Any]:
    """`model` (the player's, of `record`) with what the Hint said about this version: the
    message's Hint's very lines (cogs/hint: `describe_hint`, its length limit, without the
    chat's bold marks), and the plans it weighed as choices, the best first (the message's
    plan buttons under a Hint). A copy: the model itself is shared by every view."""
    offer = model.get("hint")
    if offer is None or hint.version != record.version:
        return model
    locale = model["locale"]
    lines = describe_hint(hint, record.game, locale=locale, bold=False)
    plans = [o.action for o in sorted(hint.choices, key=lambda o: not o.best)
             if isinstance(o.action, Plan)]
    choices = []
    for plan in plans:
        if plan.kind == PAY_DEBT:
            label = t(locale, "hint.button.debt." + plan.way)
            choice_id = ids.encode(ids.PLAN_DEBT_GO, WAYS.index(plan.way))
        else:
            label = t(locale, "hint.button." + plan.kind)
            choice_id = ids.PLAN_OF_KIND.get(plan.kind, "")
        if choice_id:
            choices.append(_choice(choice_id, label, style="success"))
    return {**model, "hint": {**offer, "lines": lines, "choices": choices}}


def _card(game: Game, i: int, locale: str, allowed: list[dict[str, str]]) -> dict[str, Any]:
    """A property's card: price, rent at each level, mortgage value, owner, and the sale,
    mortgage or lift it allows now."""
    owner = {PLAYER: "player", BANK: "bank"}.get(game.s.owner[i])
    lines = [*_card_lines(game.edition, i, language(locale).code),
             {"label": t(locale, "activity.owner"),
              "value": t(locale, f"owner.{owner or 'nobody'}")}]
    return {"title": square_name(game.edition, i, locale), "lines": lines, "owner": owner,
            "choices": allowed}


@lru_cache(maxsize=40 * 3 * 3)
def _card_lines(edition: str, i: int, locale: str) -> tuple[dict[str, str], ...]:
    """What never changes on a card (RULES' amounts in the edition's money, the viewer's
    words): worded once per square, edition and language. The dicts are shared: never
    changed after."""
    square = SQUARES[i]

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    lines = [{"label": t(locale, "activity.card.price"), "value": money(square.price)}]
    if square.kind is Kind.STREET:
        lines.append({"label": t(locale, "activity.card.rent"),
                      "value": money(square.rents[0])})
        for level in range(1, 5):
            lines.append({"label": tn(locale, "houses", level),
                          "value": money(square.rents[level])})
        lines.append({"label": t(locale, "hotel"), "value": money(square.rents[5])})
        lines.append({"label": t(locale, "activity.card.house_cost"),
                      "value": money(square.house_cost)})
    elif square.kind is Kind.STATION:
        for count, rent in enumerate(square.rents, start=1):
            lines.append({"label": tn(locale, "stations", count), "value": money(rent)})
    else:
        for count, factor in enumerate((4, 10), start=1):
            lines.append({"label": t(locale, "activity.card.utility", count=count),
                          "value": t(locale, "activity.card.utility.rent", factor=factor)})
    lines.append({"label": t(locale, "activity.card.mortgage"),
                  "value": money(square.mortgage_value)})
    return tuple(lines)


__all__ = ["PLAYER_VIEW", "SCHEMA", "WATCHER_VIEW", "game_model", "no_game", "strings",
           "with_hint"]
