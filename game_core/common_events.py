"""Events the engine tells again and again, made once per process and looked up by the hot
path of a turn instead of being built: events are immutable values, so one instance serves
every game. Building one costs a call per field; a seeded simulation or a hint's rollouts
make about one of these per turn (issue 38: the engine's speed).

Each table holds exactly the event the rule it cites would have built; amounts a rule can't
pay whole (M5, the Bank short of cash) are still built where they happen.
"""

from __future__ import annotations

from .board import HOTEL, JAIL_FINE, PROPERTIES, SQUARES, STATIONS, STREETS, UTILITIES
from .cards import CARDS, Effect
from .events import (
    BuildingSold, Built, Collected, DiceRolled, LeftJail, MortgageLifted, Mortgaged, Paid,
    RentPaid, SentToJail,
)
from .rules import GROUP_LEVEL

PAYERS = ("bank", "player")  # "bank": rent on the player's street (P2); "player": P3

_PAIRS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


def _street_rent(square: int, level: int, payer: str) -> RentPaid:
    """R1 at `level`: 0 bare, 1-4 houses, 5 the hotel, GROUP_LEVEL the whole group."""
    rents = SQUARES[square].rents
    if level == HOTEL:
        return RentPaid(square, rents[5], payer, "hotel", 0)
    if level == GROUP_LEVEL:
        return RentPaid(square, rents[0] * 2, payer, "group", 0)
    if level:
        return RentPaid(square, rents[level], payer, "houses", level)
    return RentPaid(square, rents[0], payer, "bare", 0)


# R1: [payer][square][level]
STREET_RENT: dict[str, dict[int, tuple[RentPaid, ...]]] = {
    payer: {sq: tuple(_street_rent(sq, level, payer) for level in range(GROUP_LEVEL + 1))
            for sq in STREETS}
    for payer in PAYERS}
# R2, P4: [payer][square][stations owned][multiplier] (2 for the nearest-station card)
STATION_RENT: dict[str, dict[int, dict[int, dict[int, RentPaid]]]] = {
    payer: {sq: {count: {mult: RentPaid(sq, SQUARES[sq].rents[count - 1] * mult, payer,
                                        "stations", count, mult)
                         for mult in (1, 2)}
                 for count in range(1, len(STATIONS) + 1)}
            for sq in STATIONS}
    for payer in PAYERS}
# R3: [payer][square][factor][dice total]
UTILITY_RENT: dict[str, dict[int, dict[int, dict[int, RentPaid]]]] = {
    payer: {sq: {factor: {total: RentPaid(sq, total * factor, payer, "utility", factor, 1,
                                          total)
                          for total in range(2, 13)}
                 for factor in (4, 10)}
            for sq in UTILITIES}
    for payer in PAYERS}
UTILITY_ROLLED = {d: DiceRolled(d, "utility") for d in _PAIRS}  # R3's new roll
JAIL_ROLLED = {d: DiceRolled(d, "jail") for d in _PAIRS}  # T3 standard: a doubles try

TAX_PAID = {sq.index: Paid(sq.tax, "tax", sq.index) for sq in SQUARES if sq.tax}  # P5
FINE_PAID = Paid(JAIL_FINE, "fine")  # P6
# P4: what a card pays or collects, by amount
CARD_PAID = {c.amount: Paid(c.amount, "card") for c in CARDS.values() if c.effect is Effect.PAY}
CARD_COLLECTED = {c.amount: Collected(c.amount, "card") for c in CARDS.values()
                  if c.effect is Effect.COLLECT}
SENT_TO_JAIL = {why: SentToJail(why) for why in ("square", "card", "doubles")}  # P6, T3
LEFT_JAIL = {how: LeftJail(how) for how in ("fine", "card", "doubles")}

MORTGAGED = {i: Mortgaged(i, SQUARES[i].price // 2) for i in PROPERTIES}  # M2, paid whole
MORTGAGE_LIFTED = {i: MortgageLifted(i, SQUARES[i].lift_cost) for i in PROPERTIES}  # M2
# P2: [square][buildings after] for the player's own building (5: the hotel)
PLAYER_BUILT = {i: tuple(Built(i, "hotel" if n == HOTEL else "house", "player",
                               SQUARES[i].house_cost, n) for n in range(HOTEL + 1))
                for i in STREETS}
# M3, paid whole: [square][houses after] for a house sold, and for a hotel sold (the houses
# the supply gives back, 4 or fewer; the rest of the hotel is sold too)
HOUSE_SOLD = {i: tuple(BuildingSold(i, "house", SQUARES[i].house_cost // 2, n)
                       for n in range(4)) for i in STREETS}
HOTEL_SOLD = {i: tuple(BuildingSold(i, "hotel", SQUARES[i].house_cost // 2 * (1 + 4 - n), n)
                       for n in range(5)) for i in STREETS}
NO_RENT = {i: RentPaid(i, 0, "bank", "mortgaged") for i in PROPERTIES}  # R4
