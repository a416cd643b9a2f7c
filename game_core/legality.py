"""Whether an action is legal now, and if not, why: decided here once.

`Game.apply` refuses with `why_illegal`'s error before changing anything, and a UI that
explains a control it doesn't offer asks the same function, so the reason a player reads is
always the one the engine acts on. Each refusal carries a Refusal code and its values (see
game_core.errors) for the UI, and an English message, with the edition's names and
currency, for logs.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action, BuildHotel, BuildHouse, BuildTo, Buy, Decline, DoneBuilding
from .actions import LiftMortgage, Mortgage, PayFine, Resign, Roll, SellBuilding, SellJailCard
from .actions import UseJailCard
from .board import HOTEL, JAIL_FINE, SQUARES
from .editions import EDITIONS
from .errors import IllegalActionError, Refusal
from .rules import build_to_cost, build_to_refusal, group_has_buildings, hotel_refusal
from .rules import house_refusal, lift_leaves_fine_unpayable
from .state import BUILD, BUY, JAIL, OVER, PLAYER, RAISE_FUNDS, ROLL, GameState

Check = Callable[[GameState, Action], IllegalActionError | None]

# What the game waits for instead, as the refusal of anything else, and its English clause.
_WAITING: dict[str, tuple[Refusal, str]] = {
    ROLL: (Refusal.MUST_ROLL, "the game is waiting for you to roll"),
    JAIL: (Refusal.IN_JAIL, "you are in Jail: pay the fine or use a card first"),
    BUY: (Refusal.MUST_DECIDE_BUY, "first decide whether to buy {square}"),
    BUILD: (Refusal.MUST_FINISH_BUILDING, "first finish building on {square}"),
    RAISE_FUNDS: (Refusal.MUST_RAISE_FUNDS, "first raise the {debt} you owe"),
    OVER: (Refusal.GAME_OVER, "the game is over"),
}
# The English of each action, as in "can't <what> now".
_WHAT = {
    Roll.type: "roll", Buy.type: "buy", Decline.type: "decline",
    BuildHouse.type: "build a house", BuildHotel.type: "build a hotel",
    BuildTo.type: "build up to a level",
    DoneBuilding.type: "stop building", PayFine.type: "pay the fine",
    UseJailCard.type: "use a Get Out of Jail Free card", SellJailCard.type: "sell a card",
    Mortgage.type: "mortgage", LiftMortgage.type: "lift the mortgage on",
    SellBuilding.type: "sell a building on", Resign.type: "resign",
}
# P2: why a building can't go up, in English (`houses`, `cost`, `cash` from the values).
_BUILDING_WHY = {
    Refusal.NOT_WHOLE_GROUP: "you don't own the whole colour group",
    Refusal.GROUP_MORTGAGED: "a property of its colour group is mortgaged; lift the mortgage "
                             "first",
    Refusal.HAS_HOTEL: "it already has a hotel",
    Refusal.HAS_FOUR_HOUSES: "it has 4 houses; build a hotel instead",
    Refusal.NEEDS_FOUR_HOUSES: "a hotel needs 4 houses first and it has {houses}",
    Refusal.NO_HOUSE_LEFT: "the supply has no house left",
    Refusal.NO_HOTEL_LEFT: "the supply has no hotel left",
    Refusal.CANNOT_AFFORD_BUILDING: "a {building} costs {cost} and you have {cash}",
    Refusal.ALREADY_BUILT: "it already has {houses}",
}
_IS_PROPERTY = tuple(sq.is_property for sq in SQUARES)
# A tuple, not `Mortgage | LiftMortgage | SellBuilding`: that expression builds a new union
# on every call, and every mortgage and sale of a game is checked here.
_ABOUT_A_SQUARE = (Mortgage, LiftMortgage, SellBuilding)


def name(s: GameState, square: int) -> str:
    return EDITIONS[s.edition].square_names[square]


def money(s: GameState, amount: int) -> str:
    return EDITIONS[s.edition].money(amount)


def why_illegal(s: GameState, action: Action) -> IllegalActionError | None:
    """The refusal `Game.apply` would raise for `action` now, or None when it is legal (then
    it is one of `Game.legal_actions()`)."""
    if s.pending == OVER:
        return IllegalActionError("can't play: the game is over", Refusal.GAME_OVER,
                                  action=str(getattr(action, "type", "")))
    check = CHECKS.get(type(action))
    if check is None:
        return IllegalActionError(f"{action!r} is not a game action", Refusal.UNKNOWN_ACTION,
                                  action=str(getattr(action, "type", "")))
    return check(s, action)


def not_now(s: GameState, action: Action | None = None) -> IllegalActionError:
    """What the game waits for instead of `action` (any action it isn't waiting for)."""
    code, clause = _WAITING[s.pending]
    kind = action.type if action is not None else ""
    values: dict[str, object] = {"action": kind}
    if s.pending in (BUY, BUILD):
        values["square"] = s.pending_square
    elif s.pending == RAISE_FUNDS:
        values["debt"] = s.debt
    waiting = clause.format(square=name(s, s.pending_square) if s.pending_square >= 0 else "",
                            debt=money(s, s.debt))
    return IllegalActionError(f"can't {_WHAT.get(kind, 'play')} now: {waiting}", code, **values)


def _roll(s: GameState, action: Action) -> IllegalActionError | None:
    """T1; in Jail only the doubles try of T3 standard."""
    if s.pending == ROLL or (s.pending == JAIL and s.options.doubles == "standard"):
        return None
    return not_now(s, action)


def _buy(s: GameState, action: Action) -> IllegalActionError | None:
    """P1: the pending property, at its price, in cash (T4: raise the money first)."""
    if s.pending != BUY:
        return not_now(s, action)
    sq = s.pending_square
    price = SQUARES[sq].price
    if s.cash < price:
        return IllegalActionError(
            f"can't buy {name(s, sq)}: it costs {money(s, price)} and you have "
            f"{money(s, s.cash)}; mortgage or sell to raise the money, or decline",
            Refusal.CANNOT_AFFORD, action=action.type, square=sq, cost=price, cash=s.cash)
    return None


def _waits_for(pending: str) -> Check:
    """The check of an action legal exactly while the game waits for `pending`."""
    def check(s: GameState, action: Action) -> IllegalActionError | None:
        return None if s.pending == pending else not_now(s, action)
    return check


def _build(s: GameState, action: Action) -> IllegalActionError | None:
    """P2: a house (up to 4) or, with 4 houses, a hotel, on the stop's street only."""
    if s.pending != BUILD:
        return not_now(s, action)
    sq = s.pending_square
    hotel = isinstance(action, BuildHotel)
    code = hotel_refusal(s, sq) if hotel else house_refusal(s, sq)
    if code is None:
        return None
    building = "hotel" if hotel else "house"
    values: dict[str, object] = {"action": action.type, "square": sq, "building": building}
    if code == Refusal.NEEDS_FOUR_HOUSES:
        values["houses"] = s.buildings[sq]
    elif code == Refusal.CANNOT_AFFORD_BUILDING:
        values["cost"], values["cash"] = SQUARES[sq].house_cost, s.cash
    why = _BUILDING_WHY[code].format(houses=values.get("houses"), building=building,
                                     cost=money(s, SQUARES[sq].house_cost),
                                     cash=money(s, s.cash))
    return IllegalActionError(f"can't build a {building} on {name(s, sq)}: {why}", code,
                              **values)


def _build_to(s: GameState, action: Action) -> IllegalActionError | None:
    """P2: the stop's street up to `level`, every step legal and the whole plan paid in
    cash (T4: raise the money first, as for one building)."""
    if s.pending != BUILD:
        return not_now(s, action)
    assert isinstance(action, BuildTo)
    sq, level = s.pending_square, action.level
    code = build_to_refusal(s, sq, level)
    if code is None:
        return None
    building = "hotel" if level == HOTEL else "house"
    values: dict[str, object] = {"action": action.type, "square": sq, "building": building,
                                 "level": level}
    if code == Refusal.ALREADY_BUILT:
        values["houses"] = s.buildings[sq]
    elif code == Refusal.CANNOT_AFFORD_BUILDING:
        values["cost"], values["cash"] = build_to_cost(s, sq, level), s.cash
    if code == Refusal.CANNOT_AFFORD_BUILDING:
        why = (f"it costs {money(s, build_to_cost(s, sq, level))} and you have "
               f"{money(s, s.cash)}")
    else:
        why = _BUILDING_WHY[code].format(houses=_buildings(s.buildings[sq]), building="house")
    return IllegalActionError(f"can't build up to {_buildings(level)} on {name(s, sq)}: "
                              f"{why}", code, **values)


def _buildings(count: int) -> str:
    return "a hotel" if count == HOTEL else f"{count} house{'s' if count != 1 else ''}"


def _use_jail_card(s: GameState, action: Action) -> IllegalActionError | None:
    """P6: a card leaves Jail. Having none is the first reason: it holds at every moment."""
    if not s.jail_cards:
        return _no_card(action, "use")
    return None if s.pending == JAIL else not_now(s, action)


def _sell_jail_card(s: GameState, action: Action) -> IllegalActionError | None:
    """T4: at any moment of the turn, a card the player has."""
    return None if s.jail_cards else _no_card(action, "sell")


def _no_card(action: Action, verb: str) -> IllegalActionError:
    return IllegalActionError(f"can't {verb} a Get Out of Jail Free card: you have none",
                              Refusal.NO_JAIL_CARD, action=action.type)


def _resign(s: GameState, action: Action) -> IllegalActionError | None:
    """E3: always, until the game is over."""
    return None


def _mortgage(s: GameState, action: Action) -> IllegalActionError | None:
    """T4, M2: an unmortgaged property of the player's, its group free of its buildings."""
    refusal, sq = _own_square(s, action)
    if refusal is not None:
        return refusal
    if s.mortgaged[sq]:
        return _about(s, action, sq, "it is already mortgaged", Refusal.ALREADY_MORTGAGED)
    if group_has_buildings(s, sq):
        return _about(s, action, sq, "sell the buildings of its colour group first",
                      Refusal.GROUP_HAS_BUILDINGS)
    return None


def _lift_mortgage(s: GameState, action: Action) -> IllegalActionError | None:
    """M2: pay the mortgage value plus 10%; not while raising funds (T4), nor when it would
    leave the Jail fine owed unpayable (M1)."""
    refusal, sq = _own_square(s, action)
    if refusal is not None:
        return refusal
    where = f"can't lift the mortgage on {name(s, sq)}"
    if s.pending == RAISE_FUNDS:
        return IllegalActionError(f"{where} while raising {money(s, s.debt)}",
                                  Refusal.LIFT_WHILE_RAISING, action=action.type, square=sq,
                                  debt=s.debt)
    if not s.mortgaged[sq]:
        return _about(s, action, sq, "it isn't mortgaged", Refusal.NOT_MORTGAGED)
    cost = SQUARES[sq].lift_cost
    if s.cash < cost:
        return IllegalActionError(
            f"{where}: it costs {money(s, cost)} and you have {money(s, s.cash)}",
            Refusal.CANNOT_AFFORD, action=action.type, square=sq, cost=cost, cash=s.cash)
    if lift_leaves_fine_unpayable(s, sq):
        # T4 forbids lifting while raising funds for a debt (M1); the fine owed in Jail is
        # such a debt: the lift that would leave it unpayable is refused, not left to lose.
        return IllegalActionError(
            f"{where}: after paying {money(s, cost)}, the {money(s, JAIL_FINE)} Jail fine "
            f"could no longer be raised (M1); pay the fine first",
            Refusal.FINE_UNPAYABLE, action=action.type, square=sq, cost=cost, fine=JAIL_FINE)
    return None


def _sell_building(s: GameState, action: Action) -> IllegalActionError | None:
    """T4, M3: one of the player's buildings, anywhere."""
    refusal, sq = _own_square(s, action)
    if refusal is not None:
        return refusal
    if not s.buildings[sq]:
        return _about(s, action, sq, "it has none", Refusal.NO_BUILDING)
    return None


def _own_square(s: GameState, action: Action) -> tuple[IllegalActionError | None, int]:
    """T4: a mortgage, lift or sale is about a property of the player's: (None, its square),
    or the refusal when the square is none."""
    assert isinstance(action, _ABOUT_A_SQUARE)
    sq = action.square
    if not 0 <= sq < 40 or not _IS_PROPERTY[sq]:
        return IllegalActionError(f"can't {_WHAT[action.type]} square {sq}: it is not a "
                                  f"property", Refusal.NOT_A_PROPERTY, action=action.type,
                                  square=sq), sq
    if s.owner[sq] != PLAYER:
        return _about(s, action, sq, "you don't own it", Refusal.NOT_OWNED), sq
    return None, sq


def _about(s: GameState, action: Action, sq: int, why: str, code: Refusal
           ) -> IllegalActionError:
    """A refusal about one square, with nothing but the square to say."""
    return IllegalActionError(f"can't {_WHAT[action.type]} {name(s, sq)}: {why}", code,
                              action=action.type, square=sq)


# One check per kind of action; `Game.apply` pairs each with its handler.
CHECKS: dict[type[Action], Check] = {
    Roll: _roll,
    Buy: _buy,
    Decline: _waits_for(BUY),
    BuildHouse: _build,
    BuildHotel: _build,
    BuildTo: _build_to,
    DoneBuilding: _waits_for(BUILD),
    PayFine: _waits_for(JAIL),
    UseJailCard: _use_jail_card,
    Resign: _resign,
    SellJailCard: _sell_jail_card,
    Mortgage: _mortgage,
    LiftMortgage: _lift_mortgage,
    SellBuilding: _sell_building,
}
