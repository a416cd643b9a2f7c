"""Pure calculations on a state: rent, building rights, what the estate is worth.

Nothing here changes the state; `turn` and `game` do, citing these.
"""

from __future__ import annotations

from .board import (
    GROUP_OF, HOTEL, JAIL_CARD_VALUE, JAIL_FINE, PROPERTIES, SQUARES, STATIONS, UTILITIES, Kind,
)
from .errors import Refusal
from .state import JAIL, PLAYER, GameState

_IS_STREET = tuple(sq.kind is Kind.STREET for sq in SQUARES)
_MORTGAGE_VALUE = tuple(sq.mortgage_value for sq in SQUARES)  # M2
_HALF_HOUSE_COST = tuple(sq.house_cost // 2 for sq in SQUARES)  # M3


def owns_group(s: GameState, square: int, who: int) -> bool:
    owner = s.owner
    for i in GROUP_OF[square]:  # a loop, not all(...): this runs on nearly every rent
        if owner[i] != who:
            return False
    return True


def owns_any(s: GameState, square: int, who: int) -> bool:
    """Whether `who` owns any property of this square's group."""
    owner = s.owner
    for i in GROUP_OF[square]:
        if owner[i] == who:
            return True
    return False


def group_mortgaged(s: GameState, square: int) -> bool:
    mortgaged = s.mortgaged
    for i in GROUP_OF[square]:
        if mortgaged[i]:
            return True
    return False


def group_has_buildings(s: GameState, square: int) -> bool:
    """M2: whether the player has buildings in this square's group. Only the player's count:
    it can sell its own buildings but never the Bank's (P3 builds on mixed groups)."""
    buildings, owner = s.buildings, s.owner
    for i in GROUP_OF[square]:
        if buildings[i] and owner[i] == PLAYER:
            return True
    return False


def street_rent(s: GameState, square: int) -> tuple[int, str, int]:
    """R1: (amount, why, houses) for the street's owner as it stands."""
    sq = SQUARES[square]
    b = street_rent_level(s, square)
    if b == HOTEL:
        return sq.rents[5], "hotel", 0
    if b == GROUP_LEVEL:
        return sq.rents[0] * 2, "group", 0
    if b:
        return sq.rents[b], "houses", b
    return sq.rents[0], "bare", 0


GROUP_LEVEL = 6  # street_rent_level of a whole group without buildings


def street_rent_level(s: GameState, square: int) -> int:
    """R1: which rent the street earns: its buildings (1-4 houses, HOTEL), GROUP_LEVEL for
    a whole group without a mortgage (the bare rent doubled), else 0 (bare)."""
    b = s.buildings[square]
    if b:
        return b
    if owns_group(s, square, s.owner[square]) and not group_mortgaged(s, square):
        return GROUP_LEVEL
    return 0


def station_rent(s: GameState, square: int) -> tuple[int, int]:
    """R2: (amount, stations owned); mortgaged stations count toward the number."""
    count = stations_owned(s, square)
    return SQUARES[square].rents[count - 1], count


def stations_owned(s: GameState, square: int) -> int:
    """R2: how many stations the owner of this one owns, mortgaged ones included."""
    owner = s.owner
    who = owner[square]
    count = 0
    for i in STATIONS:
        if owner[i] == who:
            count += 1
    return count


def utility_factor(s: GameState, square: int) -> int:
    """R3: 4 times the dice, 10 times when the owner owns both utilities."""
    owner = s.owner
    who = owner[square]
    for i in UTILITIES:  # a loop, not all(...) over a generator: every utility rent asks
        if owner[i] != who:
            return 4
    return 10


def building_sale_value(square: int, buildings: int) -> int:
    """M3: half the cost of each building; a hotel counts as itself plus four houses."""
    half = SQUARES[square].house_cost // 2
    return half * buildings  # HOTEL == 5 == one hotel and the four houses it stands for


def estate_value(s: GameState) -> int:
    """E2: cash + mortgage value of unmortgaged properties + half the cost of buildings."""
    total = s.cash
    owner, mortgaged, buildings = s.owner, s.mortgaged, s.buildings
    for i in PROPERTIES:
        if owner[i] == PLAYER and not mortgaged[i]:
            total += _MORTGAGE_VALUE[i] + _HALF_HOUSE_COST[i] * buildings[i]
    return total


def liquidation_value(s: GameState) -> int:
    """M1: all the cash the player could raise: the estate plus its jail cards' sale."""
    return estate_value(s) + JAIL_CARD_VALUE * len(s.jail_cards)


def can_raise(s: GameState, amount: int) -> bool:
    """M1: whether everything the player could raise (`liquidation_value`) reaches `amount`.
    It stops adding as soon as it does: a debt is usually covered by the first properties."""
    total = s.cash + JAIL_CARD_VALUE * len(s.jail_cards)
    if total >= amount:
        return True
    owner, mortgaged, buildings = s.owner, s.mortgaged, s.buildings
    for i in PROPERTIES:
        if owner[i] == PLAYER and not mortgaged[i]:
            total += _MORTGAGE_VALUE[i] + _HALF_HOUSE_COST[i] * buildings[i]
            if total >= amount:
                return True
    return False


def fine_owed_in_jail(s: GameState) -> bool:
    """P6/M1: with the Jail choice pending under the solo turn (T3 doubles off) and no card to
    use, the 50 fine is the only way out: a debt already owed, which M1 judges at once."""
    return s.pending == JAIL and s.options.doubles == "off" and not s.jail_cards


def lift_leaves_fine_unpayable(s: GameState, square: int) -> bool:
    """T4/M1: lifting a mortgage is the one T4 move that lowers what the player could raise
    (it pays the mortgage value plus 10% for the mortgage value back in the estate); while
    the Jail fine is owed it must not make that fine impossible to raise. The cheap test
    first: away from the Jail prompt (nearly always) the estate is not walked at all."""
    if not fine_owed_in_jail(s):
        return False
    sq = SQUARES[square]
    return liquidation_value(s) - (sq.lift_cost - sq.mortgage_value) < JAIL_FINE


def can_start_building(s: GameState, square: int) -> bool:
    """P2: whether to offer building on this street at all: the whole group is the player's
    and the next piece is in the supply or can be brought back to it. Cash, mortgages and an
    empty supply may all be settled during the choice (T4): the solo text lets the player
    "vendre une Maison d'une de vos propriétés pour pouvoir l'acheter une fois retournée à la
    Banque" (sell a house elsewhere to buy it back here)."""
    if not _IS_STREET[square] or not owns_group(s, square, PLAYER):
        return False
    b = s.buildings[square]
    if b < 4:
        return s.houses_left > 0 or _player_has_elsewhere(s, square, hotel=False)
    if b == 4:
        return s.hotels_left > 0 or _player_has_elsewhere(s, square, hotel=True)
    return False


def _player_has_elsewhere(s: GameState, square: int, hotel: bool) -> bool:
    """Whether selling one of the player's buildings on another street would return a house
    (or a hotel) to the supply (M3: a hotel sold takes houses from it, it returns none)."""
    owner, buildings = s.owner, s.buildings
    for i, b in enumerate(buildings):
        if b and i != square and owner[i] == PLAYER and (b == HOTEL) == hotel:
            return True
    return False


def house_refusal(s: GameState, square: int) -> Refusal | None:
    """Why a house can't go on `square` now (P2), or None when it can."""
    if not owns_group(s, square, PLAYER):
        return Refusal.NOT_WHOLE_GROUP
    if group_mortgaged(s, square):
        return Refusal.GROUP_MORTGAGED
    b = s.buildings[square]
    if b == HOTEL:
        return Refusal.HAS_HOTEL
    if b == 4:
        return Refusal.HAS_FOUR_HOUSES
    if s.houses_left == 0:
        return Refusal.NO_HOUSE_LEFT
    if s.cash < SQUARES[square].house_cost:
        return Refusal.CANNOT_AFFORD_BUILDING
    return None


def hotel_refusal(s: GameState, square: int) -> Refusal | None:
    """Why a hotel can't go on `square` now (P2), or None when it can."""
    if not owns_group(s, square, PLAYER):
        return Refusal.NOT_WHOLE_GROUP
    if group_mortgaged(s, square):
        return Refusal.GROUP_MORTGAGED
    b = s.buildings[square]
    if b == HOTEL:
        return Refusal.HAS_HOTEL
    if b < 4:
        return Refusal.NEEDS_FOUR_HOUSES
    if s.hotels_left == 0:
        return Refusal.NO_HOTEL_LEFT
    if s.cash < SQUARES[square].house_cost:  # P2: a hotel costs the house cost
        return Refusal.CANNOT_AFFORD_BUILDING
    return None


def build_to_cost(s: GameState, square: int, level: int) -> int:
    """P2: what building `square` up to `level` costs: the house cost for each building,
    the hotel included."""
    return max(level - s.buildings[square], 0) * SQUARES[square].house_cost


def build_to_refusal(s: GameState, square: int, level: int) -> Refusal | None:
    """Why `square` can't be built up to `level` (1-4 houses, 5 the hotel) now, in one go
    (P2), or None when it can: each step as `house_refusal` / `hotel_refusal` would judge
    it, the supply (S5) holding the houses still to come at once (they go up before the
    hotel takes them back), and the cash paying the whole plan."""
    if not owns_group(s, square, PLAYER):
        return Refusal.NOT_WHOLE_GROUP
    if group_mortgaged(s, square):
        return Refusal.GROUP_MORTGAGED
    b = s.buildings[square]
    if b == HOTEL:
        return Refusal.HAS_HOTEL
    if level <= b:
        return Refusal.ALREADY_BUILT
    if min(level, 4) - b > s.houses_left:
        return Refusal.NO_HOUSE_LEFT
    if level == HOTEL and s.hotels_left == 0:
        return Refusal.NO_HOTEL_LEFT
    if s.cash < build_to_cost(s, square, level):
        return Refusal.CANNOT_AFFORD_BUILDING
    return None


def build_levels(s: GameState, square: int) -> range:
    """P2: the levels `square` can be built up to now, in one go: from one building more to
    as many as the cash and the supply allow (each condition only tightens as the level
    rises, so they are consecutive). Empty when not even one building can go up."""
    b = s.buildings[square]
    top = b
    for level in range(b + 1, HOTEL + 1):
        if build_to_refusal(s, square, level) is not None:
            break
        top = level
    return range(b + 1, top + 1) if top > b else range(0)


def player_buildings(s: GameState) -> tuple[int, int]:
    """(houses, hotels) the player has on the board (P4: repairs count the player's only)."""
    houses = hotels = 0
    for i, b in enumerate(s.buildings):
        if b and s.owner[i] == PLAYER:
            if b == HOTEL:
                hotels += 1
            else:
                houses += b
    return houses, hotels
