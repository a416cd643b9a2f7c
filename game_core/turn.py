"""The flow of a turn: dice, movement, the square landed on, cards, debts, the end of a turn.

Functions here change a `GameState` in place and append the events they cause to `ev`.
When the game ends mid-resolution they raise `GameOver`, which `Game.apply` catches: nothing
may happen after the last event.

Dice (H4, rng): `move_dice` for the roll made to move (T1; the extra roll after doubles is the
next one), `utility_dice` for R3's rent roll, `jail_dice` for a doubles try (T3 standard).
By roll, the three come from separate streams and the k-th movement roll is the same
whatever the player chose before it; by draw (games stored before H4) all three share the
game's one counter.
"""

from __future__ import annotations

from collections.abc import Callable

from .board import (
    BOARD_SIZE, GO_SALARY, HOTEL, JAIL, JAIL_FINE, SQUARES, STATIONS, UTILITIES, Kind, nearest,
)
from .cards import CARDS, Effect
from .common_events import (
    CARD_COLLECTED, CARD_PAID, LEFT_JAIL, NO_RENT, SENT_TO_JAIL, STATION_RENT, STREET_RENT,
    TAX_PAID, UTILITY_RENT, UTILITY_ROLLED,
)
from .editions import EDITIONS
from .events import (
    MOVED_FORWARD, SALARY, TURN_STARTED, BankBankrupt, Built, CardDrawn, Collected, Event,
    FundsNeeded, GameLost, GameWon, JailCardKept, Moved, Paid, RentPaid, TurnStarted,
)
from .rng import BY_ROLL, JAIL_STREAM, UTILITY_STREAM, dice, side_dice
from .rules import (
    can_raise, can_start_building, estate_value, fine_owed_in_jail, player_buildings,
    stations_owned, street_rent_level, utility_factor,
)
from .state import (
    BUILD, BUY, JAIL as PENDING_JAIL, NOBODY, OVER, PLAYER, RAISE_FUNDS, ROLL, THEN_BANK_BUILD,
    THEN_END, THEN_MOVE, THEN_ROLL, GameState,
)

Events = list[Event]
# The hot path reads the board through tuples and module constants: an enum member looked up
# on its class costs as much as a dozen tuple lookups.
_KIND = tuple(sq.kind for sq in SQUARES)
_STREET, _STATION = Kind.STREET, Kind.STATION
_IS_PROPERTY = tuple(sq.is_property for sq in SQUARES)
_CHANCE, _CHEST, _TAX, _GO_TO_JAIL = Kind.CHANCE, Kind.CHEST, Kind.TAX, Kind.GO_TO_JAIL
_ADVANCE_TO, _NEAREST_STATION, _NEAREST_UTILITY = (
    Effect.ADVANCE_TO, Effect.NEAREST_STATION, Effect.NEAREST_UTILITY)
_BACK, _COLLECT, _PAY, _REPAIRS, _JAIL_FREE = (
    Effect.BACK, Effect.COLLECT, Effect.PAY, Effect.REPAIRS, Effect.JAIL_FREE)
# Events every game makes again and again, made once (events are immutable values).
_BANK_HOUSE = tuple(tuple(Built(i, "house", "bank", 0, n) for n in range(5)) for i in range(40))
_BANK_HOTEL = tuple(Built(i, "hotel", "bank", 0, HOTEL) for i in range(40))
_CARD_DRAWN = {edition: {card.id: CardDrawn(card.deck, card.id, texts.card_texts[card.id])
                         for card in CARDS.values()} for edition, texts in EDITIONS.items()}


class GameOver(Exception):
    """Unwinds the rest of a resolution once the game has ended (E1-E3)."""


# ---- dice ---------------------------------------------------------------------------------

def move_dice(s: GameState) -> tuple[int, int]:
    """T1: a movement roll (also the extra roll after doubles, T3 standard). Dice fixed in
    advance first (tests: they take no number of any stream), then the game's seeded stream
    (H3): by roll (H4), the k-th movement roll is the k-th of its own stream; by draw (games
    stored before H4), the next draw of the game's one counter. See rng."""
    if s.loaded:
        return s.loaded.pop(0)
    if s.dice_scheme == BY_ROLL:
        n = s.move_rolls
        s.move_rolls = n + 1
        s.utility_rolls = s.jail_rolls = 0
    else:
        n = s.draws
        s.draws = n + 1
    return dice(s.seed, n)


def utility_dice(s: GameState) -> tuple[int, int]:
    """R3: the utility rent roll; by roll (H4) from a stream of its own, never shifting the
    movement rolls."""
    if s.loaded or s.dice_scheme != BY_ROLL:
        return move_dice(s)  # the fixed dice, or the one counter of the by-draw scheme
    n = s.utility_rolls
    s.utility_rolls = n + 1
    return side_dice(s.seed, UTILITY_STREAM, s.move_rolls, n)


def jail_dice(s: GameState) -> tuple[int, int]:
    """T3 standard: a doubles try in Jail; by roll (H4) from a stream of its own."""
    if s.loaded or s.dice_scheme != BY_ROLL:
        return move_dice(s)
    n = s.jail_rolls
    s.jail_rolls = n + 1
    return side_dice(s.seed, JAIL_STREAM, s.move_rolls, n)


# ---- money --------------------------------------------------------------------------------

def bank_pays(s: GameState, ev: Events, amount: int, record: Callable[[int], Event],
              whole: Event | None = None) -> None:
    """The Bank pays the player; M5: owing more than it holds, it pays all and is bankrupt.
    `record(paid)` tells what was paid; `whole`, when given, is that event for the whole
    amount, made once (common_events)."""
    paid = amount if amount <= s.bank_cash else s.bank_cash
    s.bank_cash -= paid
    s.cash += paid
    ev.append(whole if whole is not None and paid == amount else record(paid))
    if paid < amount:
        ev.append(BankBankrupt(amount, paid))
        finish(s, ev, "won", "bank_bankrupt")


def charge(s: GameState, ev: Events, amount: int, event: Event, reason: str, then: str) -> bool:
    """The player owes the Bank `amount` (told by `event` once paid).

    True: paid now, the caller goes on. False: M1, a raise-funds step is open and `then` runs
    once the debt is paid. When everything the player has could not cover it, the game is lost
    at once (M1, E3).
    """
    if s.cash >= amount:
        s.cash -= amount
        s.bank_cash += amount
        ev.append(event)
        return True
    if not can_raise(s, amount):
        finish(s, ev, "lost", "debt", owed=amount)
    s.pending = RAISE_FUNDS
    s.debt = amount
    s.debt_then = then
    s.debt_event = event
    ev.append(FundsNeeded(amount, reason, s.cash))
    return False


def finish(s: GameState, ev: Events, result: str, reason: str, owed: int = 0) -> None:
    """E1-E3: the game is over; the score is E2's for a win, 0 for a loss."""
    s.result = result
    s.result_reason = reason
    s.pending = OVER
    s.pending_square = -1
    if result == "won":
        s.score = estate_value(s)
        ev.append(GameWon(reason, s.score))
    else:
        s.score = 0
        ev.append(GameLost(reason, owed))
    raise GameOver


# ---- movement -----------------------------------------------------------------------------

def move_to(s: GameState, ev: Events, target: int, by: str) -> None:
    """Move forward to `target`; T2: passing or landing on GO pays the salary."""
    start = s.position
    s.position = target
    ev.append(MOVED_FORWARD[by][start][target])
    if target > start:
        return
    if GO_SALARY <= s.bank_cash:  # bank_pays, inlined for the common case
        s.bank_cash -= GO_SALARY
        s.cash += GO_SALARY
        ev.append(SALARY)
    else:
        bank_pays(s, ev, GO_SALARY, salary)


def salary(paid: int) -> Event:
    """T2: the GO salary the Bank paid (all it had, M5, when short)."""
    return Collected(paid, "salary")


def move_by_dice(s: GameState, ev: Events, d: tuple[int, int]) -> None:
    move_to(s, ev, (s.position + d[0] + d[1]) % BOARD_SIZE, "dice")
    resolve(s, ev, None)


def send_to_jail(s: GameState, ev: Events, reason: str) -> None:
    """P6: straight to Jail, no GO salary, the turn ends."""
    s.position = JAIL
    s.in_jail = True
    s.jail_attempts = 0
    s.extra_roll = False
    ev.append(SENT_TO_JAIL[reason])
    end_turn(s, ev)


# ---- the square landed on -----------------------------------------------------------------

def resolve(s: GameState, ev: Events, card: Effect | None) -> None:
    """T1: carry out the square the pawn stands on. `card`: a nearest-station/utility card."""
    square = s.position
    if _IS_PROPERTY[square]:
        owner = s.owner[square]
        if owner == NOBODY:
            s.pending = BUY  # P1
            s.pending_square = square
        elif owner == PLAYER:
            _rent_from_bank(s, ev, square, card)
        else:
            _rent_to_bank(s, ev, square, card)
        return
    kind = _KIND[square]
    if kind is _CHANCE:
        draw_card(s, ev, s.chance)
    elif kind is _CHEST:
        draw_card(s, ev, s.chest)
    elif kind is _TAX:
        amount = SQUARES[square].tax  # P5
        if charge(s, ev, amount, TAX_PAID[square], "tax", THEN_END):
            end_turn(s, ev)
    elif kind is _GO_TO_JAIL:
        send_to_jail(s, ev, "square")
    else:  # GO, Just Visiting (P6), Free Parking (P7)
        end_turn(s, ev)


def _rent(s: GameState, ev: Events, square: int, card: Effect | None, payer: str) -> RentPaid:
    kind = _KIND[square]
    if kind is _STREET:  # R1
        return STREET_RENT[payer][square][street_rent_level(s, square)]
    if kind is _STATION:  # R2; P4: the nearest-station card pays twice the rent
        mult = 2 if card is _NEAREST_STATION else 1
        return STATION_RENT[payer][square][stations_owned(s, square)][mult]
    d = utility_dice(s)  # R3: roll the dice anew
    ev.append(UTILITY_ROLLED[d])
    factor = 10 if card is _NEAREST_UTILITY else utility_factor(s, square)
    return UTILITY_RENT[payer][square][factor][d[0] + d[1]]


def _rent_from_bank(s: GameState, ev: Events, square: int, card: Effect | None) -> None:
    """P2: the Bank pays the player its rent (none if mortgaged, R4), then maybe build."""
    if s.mortgaged[square]:
        ev.append(NO_RENT[square])
    else:
        rent = _rent(s, ev, square, card, "bank")
        amount = rent.amount
        if amount <= s.bank_cash:  # bank_pays, inlined for the common case
            s.bank_cash -= amount
            s.cash += amount
            ev.append(rent)
        else:
            bank_pays(s, ev, amount, lambda paid: _with_amount(rent, paid))
    if can_start_building(s, square):
        s.pending = BUILD
        s.pending_square = square
    else:
        end_turn(s, ev)


def _with_amount(rent: RentPaid, paid: int) -> RentPaid:
    if paid == rent.amount:
        return rent
    return RentPaid(rent.square, paid, rent.payer, rent.why, rent.count, rent.multiplier,
                    rent.dice)


def _rent_to_bank(s: GameState, ev: Events, square: int, card: Effect | None) -> None:
    """P3: the player pays the Bank its rent, then the Bank builds there for free."""
    rent = _rent(s, ev, square, card, "player")
    is_street = _KIND[square] is _STREET
    s.pending_square = square
    if charge(s, ev, rent.amount, rent, "rent", THEN_BANK_BUILD if is_street else THEN_END):
        if is_street:
            bank_builds(s, ev, square)
        end_turn(s, ev)


def bank_builds(s: GameState, ev: Events, square: int) -> None:
    """P3: a free house while it has fewer than 4 and the supply holds one; with 4 houses a
    hotel if the supply holds one (the 4 houses go back); else nothing. The house rule
    `bank_build_cap` stops it at that many houses (5: the hotel, the text's rule)."""
    b = s.buildings[square]
    cap = s.options.bank_build_cap
    if b >= cap:
        return
    if b < 4:
        if s.houses_left:
            s.houses_left -= 1
            s.buildings[square] = b + 1
            ev.append(_BANK_HOUSE[square][b + 1])
    elif b == 4 and s.hotels_left:
        s.hotels_left -= 1
        s.houses_left += 4
        s.buildings[square] = HOTEL
        ev.append(_BANK_HOTEL[square])


# ---- cards --------------------------------------------------------------------------------

def draw_card(s: GameState, ev: Events, deck: list[str]) -> None:
    """P4: take the top card, put it at the bottom (a jail card is kept out), carry it out."""
    card_id = deck.pop(0)
    card = CARDS[card_id]
    ev.append(_CARD_DRAWN[s.edition][card_id])
    effect = card.effect
    if effect is _JAIL_FREE:
        s.jail_cards.append(card.id)
        ev.append(JailCardKept(card.id))
        end_turn(s, ev)
        return
    deck.append(card.id)
    if effect is _ADVANCE_TO:
        move_to(s, ev, card.target, "card")
        resolve(s, ev, None)
    elif effect is _NEAREST_STATION or effect is _NEAREST_UTILITY:
        targets = STATIONS if effect is _NEAREST_STATION else UTILITIES
        move_to(s, ev, nearest(s.position, targets), "card")
        resolve(s, ev, effect)
    elif effect is _BACK:
        start = s.position
        s.position = (start - card.amount) % BOARD_SIZE
        ev.append(Moved(start, s.position, False, "card"))
        resolve(s, ev, None)
    elif effect is _COLLECT:
        bank_pays(s, ev, card.amount, _card_collect, CARD_COLLECTED[card.amount])
        end_turn(s, ev)
    elif effect is _PAY:
        if charge(s, ev, card.amount, CARD_PAID[card.amount], "card", THEN_END):
            end_turn(s, ev)
    elif effect is _REPAIRS:
        houses, hotels = player_buildings(s)
        amount = houses * card.amount + hotels * card.per_hotel
        if charge(s, ev, amount, Paid(amount, "repairs"), "repairs", THEN_END):
            end_turn(s, ev)
    else:  # Effect.GO_TO_JAIL
        send_to_jail(s, ev, "card")


def _card_collect(paid: int) -> Event:
    return Collected(paid, "card")


# ---- turns --------------------------------------------------------------------------------

def end_turn(s: GameState, ev: Events) -> None:
    """The stop is over: roll again after doubles (T3 standard), else the next turn starts."""
    s.pending_square = -1
    if s.extra_roll:
        s.extra_roll = False
        if not s.in_jail:
            s.pending = ROLL
            return
    s.doubles_in_row = 0
    s.turn = turn = s.turn + 1
    ev.append(TURN_STARTED[turn] if turn < 2048 else TurnStarted(turn))
    if not s.in_jail:
        s.pending = ROLL
        return
    s.pending = PENDING_JAIL
    # P6/M1: in the solo turn the fine (or a card) is the only way out; a fine that nothing
    # could cover loses the game at once, without prompts.
    if fine_owed_in_jail(s) and not can_raise(s, JAIL_FINE):
        finish(s, ev, "lost", "debt", owed=JAIL_FINE)


def leave_jail(s: GameState, ev: Events, how: str) -> None:
    s.in_jail = False
    s.jail_attempts = 0
    ev.append(LEFT_JAIL[how])


def after_debt(s: GameState, ev: Events, then: str) -> None:
    """M1: the raised debt is paid; carry on where the turn stopped."""
    square = s.pending_square
    if then == THEN_BANK_BUILD:
        bank_builds(s, ev, square)
        end_turn(s, ev)
    elif then == THEN_ROLL:
        leave_jail(s, ev, "fine")
        s.pending = ROLL
        s.pending_square = -1
    elif then == THEN_MOVE:
        leave_jail(s, ev, "fine")
        move_by_dice(s, ev, s.last_dice)
    else:
        end_turn(s, ev)
