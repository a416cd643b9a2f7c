"""Precise errors: each says what was refused and why, in English for logs and developers,
and (refusals and option errors) as a code with its values, for a UI to word it for a player.
"""

from __future__ import annotations

from enum import StrEnum


class GameError(ValueError):
    """Base of every error the engine raises on purpose."""


class Refusal(StrEnum):
    """Why the engine refuses an action: the `code` of an IllegalActionError.

    The engine decides the reason once (`game_core.legality.why_illegal`, which `Game.apply`
    uses); a UI words it from the code and the error's `values`, never by looking at the
    state again. A code is stable: once stored in a UI's table it is never renamed, and a
    retired one is never reused. Every refusal's values hold `action`, the refused action's
    type ("roll", "mortgage"...); the values each code adds are listed beside it. Squares
    are board indexes (0-39), amounts whole units of money (M4), both language-free like
    the events: the UI names squares and amounts in the player's edition and language.
    """

    # -- the action is not one the game takes now: what it waits for instead ---------------
    GAME_OVER = "game_over"  # E1-E3: the game is over, nothing more is played
    MUST_ROLL = "must_roll"  # T1: the game waits for a roll
    IN_JAIL = "in_jail"  # P6: pay the fine or use a card first (or try doubles, T3)
    MUST_DECIDE_BUY = "must_decide_buy"  # P1: buy or decline `square` first
    MUST_FINISH_BUILDING = "must_finish_building"  # P2: build on `square` or stop first
    MUST_RAISE_FUNDS = "must_raise_funds"  # M1: raise the `debt` owed first
    UNKNOWN_ACTION = "unknown_action"  # not one of game_core.actions' (a caller's mistake)

    # -- the action names a square it can't be about (T4): `square`, maybe off the board --
    NOT_A_PROPERTY = "not_a_property"  # `square` is no property (or not on the board)
    NOT_OWNED = "not_owned"  # the player doesn't own `square`

    # -- mortgages and sales (T4, M2, M3): `square` ------------------------------------------
    ALREADY_MORTGAGED = "already_mortgaged"  # M2: mortgaging a mortgaged property
    GROUP_HAS_BUILDINGS = "group_has_buildings"  # M2: the player has buildings in its group
    NOT_MORTGAGED = "not_mortgaged"  # M2: lifting a mortgage there is none
    LIFT_WHILE_RAISING = "lift_while_raising"  # T4: no lifting while raising `debt` (M1)
    FINE_UNPAYABLE = "fine_unpayable"  # M1: after paying `cost` the `fine` could not be raised
    NO_BUILDING = "no_building"  # M3: selling a building where the player has none
    NO_JAIL_CARD = "no_jail_card"  # P6, T4: using or selling a card the player hasn't got

    # -- money: buying (P1, `square`) or lifting (M2, `square`) ---------------------------
    CANNOT_AFFORD = "cannot_afford"  # it costs `cost` and the player has `cash`

    # -- building on the stop's street (P2): `square`, `building` ("house" or "hotel") -----
    NOT_WHOLE_GROUP = "not_whole_group"  # the player doesn't own the whole colour group
    GROUP_MORTGAGED = "group_mortgaged"  # a property of the group is mortgaged
    HAS_HOTEL = "has_hotel"  # the street already has a hotel
    HAS_FOUR_HOUSES = "has_four_houses"  # a 5th house: build the hotel instead
    NEEDS_FOUR_HOUSES = "needs_four_houses"  # a hotel needs 4 houses; it has `houses`
    NO_HOUSE_LEFT = "no_house_left"  # S5: the supply holds no house
    NO_HOTEL_LEFT = "no_hotel_left"  # S5: the supply holds no hotel
    CANNOT_AFFORD_BUILDING = "cannot_afford_building"  # it costs `cost`, the player has `cash`
    # (building up to a `level`, BuildTo: `cost` is the whole plan's, and `level` is given)
    ALREADY_BUILT = "already_built"  # BuildTo: the street has `houses` (5: a hotel) >= `level`

    # -- a plan carried out for the player (game_core.plans): `plan` (its kind), `way` -------
    NO_PLAN = "no_plan"  # no such plan can be found now (the game moved on since it was shown)
    UNKNOWN_PLAN = "unknown_plan"  # not one of game_core.plans' kinds or ways (a caller's mistake)


# What the game waits for, as the refusal of anything else (the first group above).
WAITING = frozenset({Refusal.GAME_OVER, Refusal.MUST_ROLL, Refusal.IN_JAIL,
                     Refusal.MUST_DECIDE_BUY, Refusal.MUST_FINISH_BUILDING,
                     Refusal.MUST_RAISE_FUNDS})
# P2: the reasons a house or a hotel can't go on the stop's street.
BUILDING_REFUSALS = frozenset({Refusal.NOT_WHOLE_GROUP, Refusal.GROUP_MORTGAGED,
                               Refusal.HAS_HOTEL, Refusal.HAS_FOUR_HOUSES,
                               Refusal.NEEDS_FOUR_HOUSES, Refusal.NO_HOUSE_LEFT,
                               Refusal.NO_HOTEL_LEFT, Refusal.CANNOT_AFFORD_BUILDING,
                               Refusal.ALREADY_BUILT})


class IllegalActionError(GameError):
    """The action is not allowed in the game's current state; nothing was changed.

    The message is English, for logs; `code` (a Refusal, "" only when raised outside the
    engine without one) says why, and `values` (see Refusal) what the wording needs.
    """

    def __init__(self, message: str, code: str = "", **values: object) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


class InvalidOptionError(GameError):
    """A rule option or edition given at creation is unknown or out of range.

    The message is English, for logs and the command line; `code` names the problem and
    `values` its particulars, language-free like the events, so that a UI can say it in
    the player's own words.
    """

    def __init__(self, message: str, code: str = "", **values: object) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


class CorruptStateError(GameError):
    """A serialized game can't be read back (bad JSON shape, unknown keys or values)."""
