"""Why the engine refuses an action, told in the player's language (for "Can't do that: …").

The engine's IllegalActionError text is English; `refusal_reason` tells the same thing from
the game's state in the player's locale, for the few actions a player can ask for directly
(slash commands, a stale select option).
"""

from __future__ import annotations

from game_core.actions import (
    Action, BuildHotel, BuildHouse, Buy, LiftMortgage, Mortgage, SellBuilding, SellJailCard,
    SquareAction, UseJailCard,
)
from game_core.board import JAIL_FINE, SQUARES
from game_core.errors import InvalidOptionError
from game_core.game import Game
from game_core.rules import group_has_buildings, lift_leaves_fine_unpayable
from game_core.state import BUILD, BUY, JAIL, OVER, PLAYER, RAISE_FUNDS

from bot.i18n.catalog import command_key, command_text, t
from bot.i18n.money import format_money, format_number

from .narrate import square_name


def select_placeholder(game: Game, kind: str, *, locale: str) -> str:
    """The placeholder of one menu, `kind` "sell", "mortgage" or "lift"; while raising funds
    (M1, where lifting is not offered) it says how much is still missing."""
    if game.pending == RAISE_FUNDS and kind != "lift":
        missing = max(game.s.debt - game.s.cash, 0)
        return t(locale, f"select.placeholder.raise.{kind}",
                 missing=format_money(missing, game.edition, locale))
    return t(locale, f"select.placeholder.{kind}")


def waiting_for(game: Game, *, locale: str) -> str:
    """What the game waits for instead, as a clause ("first decide whether to buy X")."""
    s = game.s
    square = square_name(game.edition, s.pending_square) if s.pending_square >= 0 else ""
    if s.pending == OVER:
        return t(locale, "refusal.over")
    if s.pending == RAISE_FUNDS:
        return t(locale, "refusal.raising", debt=format_money(s.debt, game.edition, locale))
    key = {JAIL: "waiting.jail", BUY: "waiting.buy", BUILD: "waiting.build"}.get(
        s.pending, "waiting.roll")
    return t(locale, key, square=square)


def refusal_reason(action: Action, game: Game, *, locale: str) -> str:
    """Why `action` is not legal now (call it when it isn't), as a lowercase clause."""
    s, edition = game.s, game.edition

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    if s.pending == OVER:
        return t(locale, "refusal.over")
    if isinstance(action, SquareAction):
        sq = action.square
        name = square_name(edition, sq) if 0 <= sq < 40 else str(sq)
        if not 0 <= sq < 40 or not SQUARES[sq].is_property or s.owner[sq] != PLAYER:
            return t(locale, "refusal.not_owned", square=name)
        if isinstance(action, Mortgage):
            if s.mortgaged[sq]:
                return t(locale, "refusal.already_mortgaged", square=name)
            if group_has_buildings(s, sq):
                return t(locale, "refusal.group_buildings", square=name)
        elif isinstance(action, LiftMortgage):
            if s.pending == RAISE_FUNDS:
                return waiting_for(game, locale=locale)
            if not s.mortgaged[sq]:
                return t(locale, "refusal.not_mortgaged", square=name)
            if s.cash < SQUARES[sq].lift_cost:
                return t(locale, "refusal.cost", cost=money(SQUARES[sq].lift_cost),
                         cash=money(s.cash))
            if lift_leaves_fine_unpayable(s, sq):
                return t(locale, "refusal.fine_unpayable", cost=money(SQUARES[sq].lift_cost),
                         fine=money(JAIL_FINE))
        elif isinstance(action, SellBuilding) and not s.buildings[sq]:
            return t(locale, "refusal.no_buildings", square=name)
    if isinstance(action, SellJailCard | UseJailCard) and not s.jail_cards:
        return t(locale, "refusal.no_card")
    if isinstance(action, Buy) and s.pending == BUY:
        price = SQUARES[s.pending_square].price
        if s.cash < price:
            return t(locale, "refusal.cost", cost=money(price), cash=money(s.cash))
    if isinstance(action, BuildHouse | BuildHotel) and s.pending == BUILD:
        return t(locale, "refusal.cannot_build", square=square_name(edition, s.pending_square))
    return t(locale, "refusal.not_now", waiting=waiting_for(game, locale=locale))


def option_refusal(error: InvalidOptionError, *, locale: str) -> str:
    """Why a new game's options were refused, in the player's words: amounts as numbers of
    the locale, options by their (localized) slash-command name. An error without a known
    code keeps the engine's English text."""
    key = f"option.{error.code}"
    if not error.code or command_text(locale, key) is None:
        return str(error)
    values: dict[str, object] = {}
    for name, value in error.values.items():
        if name == "option":
            value = command_text(locale, command_key("monopoly new", "name",
                                                     option=str(value))) or value
        elif isinstance(value, int):
            value = format_number(value, locale)
        values[name] = value
    return t(locale, key, **values)
