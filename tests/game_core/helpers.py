"""Small builders for engine tests: games with dice fixed in advance and a board set up."""

from __future__ import annotations

from collections.abc import Iterable

from game_core import Game
from game_core.board import HOTEL
from game_core.state import BANK, PLAYER

# Square numbers used across the tests (US edition names).
MEDITERRANEAN, BALTIC, READING, ORIENTAL, VERMONT, CONNECTICUT = 1, 3, 5, 6, 8, 9
ST_CHARLES, ELECTRIC, STATES, VIRGINIA, PENNSYLVANIA_RR = 11, 12, 13, 14, 15
ILLINOIS, BO_RR, WATER_WORKS, PARK_PLACE, BOARDWALK, SHORT_LINE = 24, 25, 28, 37, 39, 35
INCOME_TAX, LUXURY_TAX, JAIL, FREE_PARKING, GO_TO_JAIL = 4, 38, 10, 20, 30
CHANCE_1, CHEST_1, CHANCE_2, CHANCE_3 = 7, 2, 22, 36
UTILITY_SQUARES = (12, 28)


def new_game(*dice: tuple[int, int], position: int = 0, cash: int | None = None,
             mine: Iterable[int] = (), banks: Iterable[int] = (), **options: object) -> Game:
    """A game whose next rolls are `dice`, with the pawn and ownership set as asked.

    Money moved by the set-up is taken from/given to the Bank so that S3 still holds.
    """
    game = Game.new(seed=1, options=dict(options) or None, dice=list(dice))
    s = game.s
    s.position = position
    if cash is not None:
        s.bank_cash -= cash - s.cash
        s.cash = cash
    for sq in mine:
        s.owner[sq] = PLAYER
    for sq in banks:
        s.owner[sq] = BANK
        s.pawns_left -= 1
    return game


def put_houses(game: Game, square: int, count: int) -> None:
    """Place buildings from the supply (5 = a hotel) without charging anyone."""
    s = game.s
    if count == HOTEL:
        s.hotels_left -= 1
    else:
        s.houses_left -= count
    s.buildings[square] = count


def types(events: Iterable[object]) -> list[str]:
    return [e.type for e in events]  # type: ignore[attr-defined]


def total_money(game: Game) -> int:
    return game.s.cash + game.s.bank_cash
