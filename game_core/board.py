"""The standard board with US values (S1): 40 squares, 28 properties.

Everything here is immutable, precomputed once, and indexed by square number so that the
hot path of a turn is a tuple lookup. Names live in `editions` (S1: editions change names
and the currency sign only).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Kind(IntEnum):
    GO = 0
    STREET = 1
    STATION = 2
    UTILITY = 3
    CHANCE = 4
    CHEST = 5
    TAX = 6
    JAIL = 7
    PARKING = 8
    GO_TO_JAIL = 9


@dataclass(frozen=True, slots=True)
class Square:
    index: int
    kind: Kind
    group: str = ""
    price: int = 0
    # Street: rent bare, with 1-4 houses, with a hotel. Station: 1-4 owned. Utility: x4, x10.
    rents: tuple[int, ...] = ()
    house_cost: int = 0
    tax: int = 0

    @property
    def is_property(self) -> bool:
        return self.kind in (Kind.STREET, Kind.STATION, Kind.UTILITY)

    @property
    def mortgage_value(self) -> int:
        # M2: half the price.
        return self.price // 2

    @property
    def lift_cost(self) -> int:
        # M2: mortgage value plus 10%, rounded up to a whole unit (M4).
        mv = self.price // 2
        return mv + (mv + 9) // 10


def _street(i: int, group: str, price: int, house: int, *rents: int) -> Square:
    return Square(i, Kind.STREET, group, price, tuple(rents), house)


_STATION_RENTS = (25, 50, 100, 200)  # R2
_UTILITY_FACTORS = (4, 10)  # R3

SQUARES: tuple[Square, ...] = (
    Square(0, Kind.GO),
    _street(1, "brown", 60, 50, 2, 10, 30, 90, 160, 250),
    Square(2, Kind.CHEST),
    _street(3, "brown", 60, 50, 4, 20, 60, 180, 320, 450),
    Square(4, Kind.TAX, tax=200),  # P5 Income Tax
    Square(5, Kind.STATION, "station", 200, _STATION_RENTS),
    _street(6, "light_blue", 100, 50, 6, 30, 90, 270, 400, 550),
    Square(7, Kind.CHANCE),
    _street(8, "light_blue", 100, 50, 6, 30, 90, 270, 400, 550),
    _street(9, "light_blue", 120, 50, 8, 40, 100, 300, 450, 600),
    Square(10, Kind.JAIL),
    _street(11, "pink", 140, 100, 10, 50, 150, 450, 625, 750),
    Square(12, Kind.UTILITY, "utility", 150, _UTILITY_FACTORS),
    _street(13, "pink", 140, 100, 10, 50, 150, 450, 625, 750),
    _street(14, "pink", 160, 100, 12, 60, 180, 500, 700, 900),
    Square(15, Kind.STATION, "station", 200, _STATION_RENTS),
    _street(16, "orange", 180, 100, 14, 70, 200, 550, 750, 950),
    Square(17, Kind.CHEST),
    _street(18, "orange", 180, 100, 14, 70, 200, 550, 750, 950),
    _street(19, "orange", 200, 100, 16, 80, 220, 600, 800, 1000),
    Square(20, Kind.PARKING),
    _street(21, "red", 220, 150, 18, 90, 250, 700, 875, 1050),
    Square(22, Kind.CHANCE),
    _street(23, "red", 220, 150, 18, 90, 250, 700, 875, 1050),
    _street(24, "red", 240, 150, 20, 100, 300, 750, 925, 1100),
    Square(25, Kind.STATION, "station", 200, _STATION_RENTS),
    _street(26, "yellow", 260, 150, 22, 110, 330, 800, 975, 1150),
    _street(27, "yellow", 260, 150, 22, 110, 330, 800, 975, 1150),
    Square(28, Kind.UTILITY, "utility", 150, _UTILITY_FACTORS),
    _street(29, "yellow", 280, 150, 24, 120, 360, 850, 1025, 1200),
    Square(30, Kind.GO_TO_JAIL),
    _street(31, "green", 300, 200, 26, 130, 390, 900, 1100, 1275),
    _street(32, "green", 300, 200, 26, 130, 390, 900, 1100, 1275),
    Square(33, Kind.CHEST),
    _street(34, "green", 320, 200, 28, 150, 450, 1000, 1200, 1400),
    Square(35, Kind.STATION, "station", 200, _STATION_RENTS),
    Square(36, Kind.CHANCE),
    _street(37, "dark_blue", 350, 200, 35, 175, 500, 1100, 1300, 1500),
    Square(38, Kind.TAX, tax=100),  # P5 Luxury Tax
    _street(39, "dark_blue", 400, 200, 50, 200, 600, 1400, 1700, 2000),
)

GO, JAIL, GO_TO_JAIL = 0, 10, 30
BOARD_SIZE = 40
GO_SALARY = 200  # T2, and the starting cash of S2
JAIL_FINE = 50  # P6
JAIL_CARD_VALUE = 50  # T4: a card sells to the Bank for the fine it replaces
HOTEL = 5  # buildings[sq] == 5 means a hotel; 0-4 are houses
TOTAL_HOUSES, TOTAL_HOTELS = 32, 12  # S5

PROPERTIES: tuple[int, ...] = tuple(s.index for s in SQUARES if s.is_property)
STREETS: tuple[int, ...] = tuple(s.index for s in SQUARES if s.kind is Kind.STREET)
STATIONS: tuple[int, ...] = tuple(s.index for s in SQUARES if s.kind is Kind.STATION)
UTILITIES: tuple[int, ...] = tuple(s.index for s in SQUARES if s.kind is Kind.UTILITY)
GROUP_NAMES: tuple[str, ...] = (
    "brown", "light_blue", "pink", "orange", "red", "yellow", "green", "dark_blue",
    "station", "utility",
)
GROUPS: dict[str, tuple[int, ...]] = {
    g: tuple(s.index for s in SQUARES if s.group == g) for g in GROUP_NAMES
}
# The other members of each square's group, for the "owns the whole group" test of R1/P2.
GROUP_OF: tuple[tuple[int, ...], ...] = tuple(GROUPS.get(s.group, ()) for s in SQUARES)


def nearest(position: int, targets: tuple[int, ...]) -> int:
    """The first of `targets` reached moving forward from `position` (P4 nearest cards)."""
    for t in targets:
        if t > position:
            return t
    return targets[0]


assert len(SQUARES) == BOARD_SIZE and len(PROPERTIES) == 28 and len(STREETS) == 22
assert all(s.index == i for i, s in enumerate(SQUARES))
