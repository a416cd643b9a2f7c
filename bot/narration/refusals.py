"""Why the engine refuses an action, told in the player's language (for "Can't do that: …").

The engine decides why (game_core.legality.why_illegal, which Game.apply raises) and names
the reason with a Refusal code and its values; `_CLAUSES` below is the one table that words
each code. Nothing here looks at the game to find a reason of its own: the game only gives
the edition's names and currency, and what it waits for when an error has no code.
"""

from __future__ import annotations

from collections.abc import Mapping

from game_core.actions import Action
from game_core.errors import (
    BUILDING_REFUSALS, WAITING, IllegalActionError, InvalidOptionError, Refusal,
)
from game_core.game import Game
from game_core.legality import not_now
from game_core.state import RAISE_FUNDS

from bot.errors import REQUEST_CODES, InvalidRequest
from bot.i18n.catalog import command_key, command_text, t
from bot.i18n.money import format_money, format_number

from .narrate import square_name

# Refusal code -> the catalog key of its clause (lowercase, to follow "Can't do that: ").
_CLAUSES: dict[str, str] = {
    Refusal.GAME_OVER: "refusal.over",
    Refusal.MUST_ROLL: "waiting.roll",
    Refusal.IN_JAIL: "waiting.jail",
    Refusal.MUST_DECIDE_BUY: "waiting.buy",
    Refusal.MUST_FINISH_BUILDING: "waiting.build",
    Refusal.MUST_RAISE_FUNDS: "refusal.raising",
    Refusal.NOT_A_PROPERTY: "refusal.not_owned",  # a player only names their own squares
    Refusal.NOT_OWNED: "refusal.not_owned",
    Refusal.ALREADY_MORTGAGED: "refusal.already_mortgaged",
    Refusal.GROUP_HAS_BUILDINGS: "refusal.group_buildings",
    Refusal.NOT_MORTGAGED: "refusal.not_mortgaged",
    Refusal.LIFT_WHILE_RAISING: "refusal.raising",
    Refusal.FINE_UNPAYABLE: "refusal.fine_unpayable",
    Refusal.NO_BUILDING: "refusal.no_buildings",
    Refusal.NO_JAIL_CARD: "refusal.no_card",
    Refusal.CANNOT_AFFORD: "refusal.cost",
    Refusal.NO_PLAN: "refusal.no_plan",
    Refusal.UNKNOWN_PLAN: "refusal.unknown_plan",
    # P2: whatever stands in the way is said as "you can't build on X now", as it always
    # was; the codes keep the detail for a finer wording.
    **dict.fromkeys(BUILDING_REFUSALS, "refusal.cannot_build"),
}
# What the game waits for instead, said as "not now: <what it waits for>"; a game over is
# said as it is.
_NOT_NOW = WAITING - {Refusal.GAME_OVER}
# The values that are amounts of money (M4: whole units), said in the edition's currency.
_AMOUNTS = frozenset({"cost", "cash", "debt", "fine"})


def select_placeholder(game: Game, kind: str, *, locale: str) -> str:
    """The placeholder of one menu, `kind` "sell", "mortgage", "lift" or "build" (building
    the stop's street up to a level, P2); while raising funds (M1, where lifting is not
    offered) it says how much is still missing."""
    if kind == "build":
        return t(locale, "select.placeholder.build",
                 square=square_name(game.edition, game.s.pending_square, locale))
    if game.pending == RAISE_FUNDS and kind != "lift":
        missing = max(game.s.debt - game.s.cash, 0)
        return t(locale, f"select.placeholder.raise.{kind}",
                 missing=format_money(missing, game.edition, locale))
    return t(locale, f"select.placeholder.{kind}")


def waiting_for(game: Game, *, locale: str) -> str:
    """What the game waits for instead, as a clause ("first decide whether to buy X")."""
    return _clause(not_now(game.s), game, locale)


def refusal_reason(action: Action, game: Game, *, locale: str) -> str:
    """Why `action` is not legal now, as a lowercase clause: the engine's reason, asked in
    advance (a control not offered, a slash command's square). Call it when the action isn't
    legal; for one that is, it says what the game waits for."""
    error = game.why_illegal(action) or not_now(game.s, action)
    return refusal_text(error, game, locale=locale)


def refusal_text(error: IllegalActionError, game: Game, *, locale: str) -> str:
    """The engine's refusal `error` of a move in `game` (as it stands: a refusal changes
    nothing), as a lowercase clause in the player's language, from its code and values. An
    error with no code the table knows (raised outside the rules, as by a plan no longer
    there) is told as what the game waits for now."""
    if error.code not in _CLAUSES:
        error = not_now(game.s)
    if error.code in _NOT_NOW:
        return t(locale, "refusal.not_now", waiting=_clause(error, game, locale))
    return _clause(error, game, locale)


def _clause(error: IllegalActionError, game: Game, locale: str) -> str:
    return t(locale, _CLAUSES[error.code], **_worded(error.values, game.edition, locale))


def _worded(values: Mapping[str, object], edition: str, locale: str) -> dict[str, object]:
    """The error's values as the catalog says them: squares by their edition's name (a
    number off the board as itself), amounts in the edition's currency."""
    out = dict(values)
    for name, value in values.items():
        if not isinstance(value, int):
            continue
        if name == "square":
            out[name] = square_name(edition, value, locale) if 0 <= value < 40 else str(value)
        elif name in _AMOUNTS:
            out[name] = format_money(value, edition, locale)
    return out


def option_refusal(error: InvalidOptionError, *, locale: str) -> str:
    """Why a new game's options were refused, in the player's words: amounts as numbers of
    the locale, options by their (localized) slash-command name. An error without a known
    code (one no player can give: a dice scheme, loaded dice) is said as "can't be used",
    never in the engine's English."""
    key = f"option.{error.code}"
    if not error.code or command_text(locale, key) is None:
        return t(locale, "option.other")
    values: dict[str, object] = {}
    for name, value in error.values.items():
        if name == "option":
            value = command_text(locale, command_key("monopoly new", "name",
                                                     option=str(value))) or value
        elif isinstance(value, int):
            value = format_number(value, locale)
        values[name] = value
    return t(locale, key, **values)


def request_text(error: InvalidRequest, *, locale: str) -> str | None:
    """A request the service refused with a code (bot.errors.REQUEST_CODES), in the
    player's words; None for one without (a bug or a forgery to report, not to word)."""
    if error.code not in REQUEST_CODES:
        return None
    return t(locale, f"request.{error.code}", **error.values)
