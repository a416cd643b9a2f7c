"""Chance and Community Chest (S6, P4): the current standard US set, effects as data.

A card's effect is a small frozen value; the rules read its fields, never its text. The
texts, per edition, are in `editions`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Effect(IntEnum):
    ADVANCE_TO = 0  # move forward to `target`, GO salary if passed (T2)
    NEAREST_STATION = 1  # P4: pay/receive twice the station rent, or P1 if unowned
    NEAREST_UTILITY = 2  # P4: ten times a new roll of the dice, or P1 if unowned
    BACK = 3  # move back `amount` squares, no GO salary
    COLLECT = 4  # the Bank pays `amount`
    PAY = 5  # pay `amount` to the Bank
    REPAIRS = 6  # pay `amount` per house and `per_hotel` per hotel, player's buildings only
    GO_TO_JAIL = 7  # P6
    JAIL_FREE = 8  # kept out of the deck until used or sold


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    deck: str  # "chance" | "chest"
    effect: Effect
    target: int = 0
    amount: int = 0
    per_hotel: int = 0


CHANCE: tuple[Card, ...] = (
    Card("ch_boardwalk", "chance", Effect.ADVANCE_TO, target=39),
    Card("ch_go", "chance", Effect.ADVANCE_TO, target=0),
    Card("ch_illinois", "chance", Effect.ADVANCE_TO, target=24),
    Card("ch_st_charles", "chance", Effect.ADVANCE_TO, target=11),
    Card("ch_railroad_1", "chance", Effect.NEAREST_STATION),
    Card("ch_railroad_2", "chance", Effect.NEAREST_STATION),
    Card("ch_utility", "chance", Effect.NEAREST_UTILITY),
    Card("ch_dividend", "chance", Effect.COLLECT, amount=50),
    Card("ch_jail_free", "chance", Effect.JAIL_FREE),
    Card("ch_back_3", "chance", Effect.BACK, amount=3),
    Card("ch_go_to_jail", "chance", Effect.GO_TO_JAIL),
    Card("ch_repairs", "chance", Effect.REPAIRS, amount=25, per_hotel=100),
    Card("ch_speeding", "chance", Effect.PAY, amount=15),
    Card("ch_reading", "chance", Effect.ADVANCE_TO, target=5),
    # P4: the Bank stands in for "each player": pay the amount once.
    Card("ch_chairman", "chance", Effect.PAY, amount=50),
    Card("ch_loan", "chance", Effect.COLLECT, amount=150),
)

CHEST: tuple[Card, ...] = (
    Card("cc_go", "chest", Effect.ADVANCE_TO, target=0),
    Card("cc_bank_error", "chest", Effect.COLLECT, amount=200),
    Card("cc_doctor", "chest", Effect.PAY, amount=50),
    Card("cc_stock", "chest", Effect.COLLECT, amount=50),
    Card("cc_jail_free", "chest", Effect.JAIL_FREE),
    Card("cc_go_to_jail", "chest", Effect.GO_TO_JAIL),
    Card("cc_holiday", "chest", Effect.COLLECT, amount=100),
    Card("cc_tax_refund", "chest", Effect.COLLECT, amount=20),
    # P4: "collect from every player" is collected once, from the Bank.
    Card("cc_birthday", "chest", Effect.COLLECT, amount=10),
    Card("cc_life_insurance", "chest", Effect.COLLECT, amount=100),
    Card("cc_hospital", "chest", Effect.PAY, amount=100),
    Card("cc_school", "chest", Effect.PAY, amount=50),
    Card("cc_consultancy", "chest", Effect.COLLECT, amount=25),
    Card("cc_street_repairs", "chest", Effect.REPAIRS, amount=40, per_hotel=115),
    Card("cc_beauty", "chest", Effect.COLLECT, amount=10),
    Card("cc_inherit", "chest", Effect.COLLECT, amount=100),
)

CARDS: dict[str, Card] = {c.id: c for c in CHANCE + CHEST}
JAIL_FREE_CARDS = ("ch_jail_free", "cc_jail_free")

assert len(CHANCE) == 16 and len(CHEST) == 16 and len(CARDS) == 32
