"""Handlers for the turn's decisions: roll, buy or decline, build, leave Jail, resign.

`Game.apply` calls a handler only once `legality.why_illegal` found its action legal, so a
refused action leaves the game exactly as it was and its reason is decided in one place.
"""

from __future__ import annotations

from .actions import Action, BuildHotel, BuildTo
from .board import GO_SALARY, HOTEL, JAIL_FINE, PROPERTIES, SQUARES
from .cards import CARDS
from .common_events import FINE_PAID, JAIL_ROLLED, PLAYER_BUILT
from .events import (
    MOVE_ROLLED, MOVED_FORWARD, SALARY, Event, JailCardUsed, PropertyBought, PropertyDeclined,
    StayedInJail,
)
from .options import MAX_BANK_PAWNS
from .rng import BY_ROLL, DICE_PAIRS
from .rules import can_start_building
from .state import BANK, PLAYER, ROLL, THEN_MOVE, THEN_ROLL, GameState
from . import turn as t
from .turn import end_turn, jail_dice, move_dice, resolve

# Events every game makes again and again, made once (events are immutable values).
_BOUGHT = {i: PropertyBought(i, SQUARES[i].price) for i in PROPERTIES}
# P1: [square][pawns left] once the Bank took it; [square] when no pawn was left to take it.
_BANK_TOOK = {i: tuple(PropertyDeclined(i, True, n) for n in range(MAX_BANK_PAWNS))
              for i in PROPERTIES}
_LEFT_UNOWNED = {i: PropertyDeclined(i, False, 0) for i in PROPERTIES}
_MOVED_BY_DICE = MOVED_FORWARD["dice"]
_ROLLED = tuple(MOVE_ROLLED[d] for d in DICE_PAIRS)  # by the dice's index, not their tuple


def roll(s: GameState, action: Action, ev: list[Event], known: int = -1) -> None:
    """T1, and T3 under doubles=standard (roll again, speeding, doubles out of Jail).
    `known`: when >= 0, this movement roll's dice index (`rng.mix(s.seed, k) % 36` for the
    k-th by roll), already worked out: a hint's rollouts play one future after each choice
    and hash each roll once (game_core.playout)."""
    if s.pending == ROLL:
        if s.loaded or s.dice_scheme != BY_ROLL:
            d = move_dice(s)
            rolled = MOVE_ROLLED[d]
        else:  # move_dice's by-roll case (H4: the k-th movement roll), inlined: every turn
            n = s.move_rolls
            s.move_rolls = n + 1
            s.utility_rolls = s.jail_rolls = 0
            if known < 0:
                # rng.dice(s.seed, n), inlined too (the same SplitMix64 step, constants as
                # literals): a call costs as much as a quarter of the hash.
                z = (s.seed + (n + 1) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                r = (z ^ (z >> 31)) % 36
            else:
                r = known
            d, rolled = DICE_PAIRS[r], _ROLLED[r]
        s.rolls += 1
        s.last_dice = d
        ev.append(rolled)
        d1, d2 = d
        if d1 == d2 and s.options.doubles == "standard":
            s.doubles_in_row += 1
            if s.doubles_in_row == 3:  # T3: the third double in a row goes to Jail
                t.send_to_jail(s, ev, "doubles")
                return
            s.extra_roll = True
        # move_to(s, ev, ..., "dice"), inlined for the common case (no GO salary owed the
        # Bank can't pay): T2, passing or landing on GO pays the salary.
        start = s.position
        s.position = target = (start + d1 + d2) % 40
        ev.append(_MOVED_BY_DICE[start][target])
        if target <= start:
            if GO_SALARY <= s.bank_cash:
                s.bank_cash -= GO_SALARY
                s.cash += GO_SALARY
                ev.append(SALARY)
            else:
                t.bank_pays(s, ev, GO_SALARY, t.salary)
        resolve(s, ev, None)
    else:  # in Jail, legal only under doubles=standard (legality)
        d = jail_dice(s)  # H4: a stream of its own
        s.rolls += 1
        s.last_dice = d
        ev.append(JAIL_ROLLED[d])
        if d[0] == d[1]:  # T3: a double frees the pawn; it moves but does not roll again
            t.leave_jail(s, ev, "doubles")
            t.move_by_dice(s, ev, d)
            return
        s.jail_attempts += 1
        if s.jail_attempts < 3:
            ev.append(StayedInJail(s.jail_attempts))
            t.end_turn(s, ev)
        elif t.charge(s, ev, JAIL_FINE, FINE_PAID, "fine", THEN_MOVE):
            t.after_debt(s, ev, THEN_MOVE)  # third failed try: pay the fine and move


def buy(s: GameState, action: Action, ev: list[Event]) -> None:
    """P1: pay the price to the Bank; E1: the 28th property wins."""
    sq = s.pending_square
    price = SQUARES[sq].price
    s.cash -= price
    s.bank_cash += price
    s.owner[sq] = PLAYER
    ev.append(_BOUGHT[sq])
    if s.owner.count(PLAYER) == len(PROPERTIES):
        t.finish(s, ev, "won", "all_properties")
    end_turn(s, ev)


def decline(s: GameState, action: Action, ev: list[Event]) -> None:
    """P1: the Bank puts a pawn on it and owns it; with no pawn left it stays unowned."""
    sq = s.pending_square
    if s.pawns_left > 0:
        s.pawns_left = left = s.pawns_left - 1
        s.owner[sq] = BANK
        ev.append(_BANK_TOOK[sq][left])
    else:
        ev.append(_LEFT_UNOWNED[sq])
    end_turn(s, ev)


def build(s: GameState, action: Action, ev: list[Event]) -> None:
    """P2: a house (up to 4) or, with 4 houses, a hotel, on the street of this stop only."""
    sq = s.pending_square
    _put_up(s, ev, sq, isinstance(action, BuildHotel))
    if not can_start_building(s, sq):  # nothing more can go here: the stop is over
        t.end_turn(s, ev)


def build_to(s: GameState, action: Action, ev: list[Event]) -> None:
    """P2: the street of this stop up to the level chosen, one building at a time (an event
    each, as if built one by one), then the stop is over: the player chose where to stop."""
    assert isinstance(action, BuildTo)
    sq = s.pending_square
    for level in range(s.buildings[sq] + 1, action.level + 1):
        _put_up(s, ev, sq, level == HOTEL)
    t.end_turn(s, ev)


def _put_up(s: GameState, ev: list[Event], sq: int, hotel: bool) -> None:
    """P2, S5: one house or the hotel on `sq`, paid to the Bank, taken from the supply."""
    cost = SQUARES[sq].house_cost  # P2: a hotel costs the house cost
    s.cash -= cost
    s.bank_cash += cost
    if hotel:
        s.hotels_left -= 1
        s.houses_left += 4  # P2: the 4 houses go back to the supply
        s.buildings[sq] = HOTEL
    else:
        s.houses_left -= 1
        s.buildings[sq] += 1
    ev.append(PLAYER_BUILT[sq][s.buildings[sq]])


def done_building(s: GameState, action: Action, ev: list[Event]) -> None:
    t.end_turn(s, ev)


def pay_fine(s: GameState, action: Action, ev: list[Event]) -> None:
    """P6: pay 50 to leave Jail, then roll; M1: a fine the cash can't cover is a debt."""
    if t.charge(s, ev, JAIL_FINE, FINE_PAID, "fine", THEN_ROLL):
        t.after_debt(s, ev, THEN_ROLL)


def use_jail_card(s: GameState, action: Action, ev: list[Event]) -> None:
    """P6: leave Jail with a card, which goes back to the bottom of its deck; then roll."""
    ev.append(JailCardUsed(return_jail_card(s)))
    t.leave_jail(s, ev, "card")
    s.pending = ROLL


def return_jail_card(s: GameState) -> str:
    """P4: a used or sold card goes to the bottom of its own deck."""
    card = s.jail_cards.pop(0)
    (s.chance if CARDS[card].deck == "chance" else s.chest).append(card)
    return card


def resign(s: GameState, action: Action, ev: list[Event]) -> None:
    """E3: resigning loses the game."""
    t.finish(s, ev, "lost", "resigned")
