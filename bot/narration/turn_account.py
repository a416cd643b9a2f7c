"""Roll on's account of one turn: the square it ended on, and each thing that happened on it
as its own item, every movement of money with its own amount (GO's salary, a rent, a tax, a
fine, a card, a purchase...), never one netted figure, so that the items of a turn add up
to the cash it gained or lost. What was taken for the player says why (an offer it could not
afford, the Bank's pawn on it), and a loss says what was owed and what could be raised.
Every card drawn is named (its deck and title, in the player's language) with what it did:
where it moved the pawn, the Jail card kept, its amount, or nothing to pay; a jailing says
whether the square, a card or doubles sent the pawn; the Bank's last money says so (M5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game_core.board import BOARD_SIZE, GO_TO_JAIL, JAIL, JAIL_FINE, SQUARES, Kind
from game_core.cards import CARDS, Effect
from game_core.events import (
    BankBankrupt, BuildingSold, Built, CardDrawn, Collected, DiceRolled, Event, FundsNeeded,
    GameLost, GameWon, JailCardSold, LeftJail, MortgageLifted, Mortgaged, Moved, Paid,
    PropertyBought, PropertyDeclined, RentPaid, SentToJail, TurnStarted,
)
from game_core.game import Game
from game_core.prompts import BUY_SHORT, Skip
from game_core.rules import liquidation_value, station_rent, street_rent
from game_core.state import BANK

from bot.i18n.catalog import points, t, tn
from bot.i18n.money import format_money

from .card_words import card_title, deck_name
from .narrate import buildings_text, rent_detail, square_name

StepWords = tuple[Sequence[Event], Skip | None]  # a stored move's events, and why if forced


@dataclass(slots=True)
class TurnAccount:
    """One turn of a Roll on: its number, where it ended, and its items in order: (words,
    amount) with amount the money it moved (+ in, − out), or None for what moved no money."""

    turn: int
    square: int
    in_jail: bool = False
    items: list[tuple[str, int | None]] = field(default_factory=list)

    @property
    def change(self) -> int:
        """The turn's cash change: the sum of its money items."""
        return sum(amount for _, amount in self.items if amount is not None)


def signed(amount: int, edition: str, locale: str) -> str:
    return ("+" if amount >= 0 else "−") + format_money(abs(amount), edition, locale)


def turn_line(turn: TurnAccount, edition: str, locale: str) -> str:
    """`30. Oriental Avenue · GO +$200 · rent −$6`."""
    name = (square_name(edition, turn.square, locale, in_jail=turn.in_jail)
            if turn.square >= 0 else "?")
    words = [what if amount is None else f"{what} {signed(amount, edition, locale)}"
             for what, amount in turn.items]
    return " · ".join([t(locale, "clicks.account.turn", turn=turn.turn, square=name), *words])


def turn_accounts(steps: Sequence[StepWords], *, start_turn: int, start_square: int = -1,
                  start_in_jail: bool = False, end: Game | None = None, edition: str,
                  locale: str) -> list[TurnAccount]:
    """The turns the moves' events tell, in order (a turn with no event after its start, as
    a Roll on's last, is left out). `start_square`/`start_in_jail`: where the pawn stood
    before the first move (the square of a decision answered before rolling on); `end`:
    the game after the last move (what a loss could have raised)."""
    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    turns: list[TurnAccount] = []
    current = TurnAccount(start_turn, start_square, start_in_jail)
    seen = moved = False
    card: _Card | None = None  # the card drawn this turn, its item waiting for its effect
    for events, skip in steps:
        built_at: tuple[int, int] | None = None  # (square, item) of this step's last build
        for e in events:
            if isinstance(e, TurnStarted):
                if seen:
                    turns.append(current)
                current = TurnAccount(e.turn, current.square, current.in_jail)
                seen = moved = False
                card = None
                continue
            seen = True
            items = current.items
            if isinstance(e, CardDrawn):
                card = _Card(e.deck, e.card, len(items))
                items.append((card.words(edition, locale), None))
            elif isinstance(e, Moved):
                current.square, current.in_jail, moved = e.end, False, True
                if e.by == "card" and card is not None and card.moves_unnamed:
                    items[card.at] = (card.words(edition, locale, to=e.end), None)
            elif isinstance(e, Collected) and e.reason == "salary":
                _money(items, square_name(edition, 0, locale), e.amount)
            elif isinstance(e, Collected) or (isinstance(e, Paid)
                                              and e.reason in ("card", "repairs")):
                sign = 1 if isinstance(e, Collected) else -1
                if card is not None and items[card.at][1] is None:  # the card's own amount
                    words = (card.words(edition, locale, nothing=True)
                             if not e.amount and isinstance(e, Paid) else items[card.at][0])
                    items[card.at] = (words, sign * e.amount if e.amount else None)
                else:
                    _money(items, t(locale, "debt.card"), sign * e.amount)
            elif isinstance(e, RentPaid):
                sign = 1 if e.payer == "bank" else -1
                _money(items, t(locale, "debt.rent"), sign * e.amount)
            elif isinstance(e, Paid):
                _money(items, t(locale, f"debt.{e.reason}"), -e.amount)
            elif isinstance(e, PropertyBought):
                current.square = e.square if not moved else current.square
                # square=: the word agrees with the square's name (« achetée »)
                items.append((t(locale, "clicks.account.bought",
                                square=square_name(edition, e.square, locale)), -e.price))
            elif isinstance(e, PropertyDeclined):
                items += _declined(e, skip, edition, locale)
            elif isinstance(e, Built) and e.by == "bank":
                items.append((t(locale, "clicks.account.bank_built",
                                buildings=buildings_text(e.buildings_after, locale)), None))
            elif isinstance(e, Built):
                cost = e.cost
                if built_at == (e.square, len(items)):  # one pick (`u 3`, one step): one item
                    cost -= items.pop()[1] or 0
                items.append((t(locale, "clicks.account.you_built",
                                buildings=buildings_text(e.buildings_after, locale)), -cost))
                built_at = (e.square, len(items))
            elif isinstance(e, Mortgaged):
                items.append((t(locale, "clicks.account.mortgaged",
                                square=square_name(edition, e.square, locale)), e.amount))
            elif isinstance(e, BuildingSold):
                items.append((t(locale, "clicks.account.building_sold",
                                square=square_name(edition, e.square, locale)), e.amount))
            elif isinstance(e, JailCardSold):
                items.append((t(locale, "clicks.account.card_sold"), e.amount))
            elif isinstance(e, MortgageLifted):
                items.append((t(locale, "clicks.account.lifted",
                                square=square_name(edition, e.square, locale)), -e.cost))
            elif isinstance(e, SentToJail):  # P6/T3: which of the three sent the pawn
                current.square, current.in_jail = JAIL, True
                items.append((t(locale, f"clicks.account.jail.{e.reason}",
                                square=square_name(edition, GO_TO_JAIL, locale)), None))
            elif isinstance(e, LeftJail):
                current.in_jail = False
                items.append((t(locale, "clicks.account.left_jail"), None))
            elif isinstance(e, FundsNeeded):
                items.append((t(locale, "clicks.account.due", debt=t(locale, f"debt.{e.reason}"),
                                amount=money(e.amount)), None))
            elif isinstance(e, BankBankrupt) and items and items[-1][1] is not None:
                # M5: what the Bank paid last was all it had, not what the thing is worth
                what, amount = items[-1]
                items[-1] = (t(locale, "clicks.account.bank_last", what=what), amount)
            elif isinstance(e, GameWon):  # E1/E2: the end, said here once
                key = ("ev.won.all_properties" if e.reason == "all_properties"
                       else "ev.won.bank_bankrupt")
                items.append((t(locale, key, points=points(e.score, locale)), None))
            elif isinstance(e, GameLost) and e.reason == "debt":
                items.append((loss_words(e, events, current, end, edition, locale), None))
    if seen:
        turns.append(current)
    return turns


@dataclass(slots=True)
class _Card:
    """A card drawn in the turn (S6, P4): its item's place, named with what it did."""

    deck: str
    card: str
    at: int  # its item's index in the turn

    @property
    def moves_unnamed(self) -> bool:
        """A card that moves the pawn without naming where (nearest station or utility,
        back 3): its item says where it went."""
        return CARDS[self.card].effect in (Effect.NEAREST_STATION, Effect.NEAREST_UTILITY,
                                           Effect.BACK)

    def words(self, edition: str, locale: str, *, to: int = -1, nothing: bool = False) -> str:
        deck = deck_name(self.deck, locale)
        if CARDS[self.card].effect is Effect.JAIL_FREE:
            return t(locale, "clicks.account.card.kept", deck=deck)
        title = card_title(self.card, edition, locale)
        if to >= 0:
            return t(locale, "clicks.account.card.moved", deck=deck, title=title,
                     square=square_name(edition, to, locale))
        if nothing:  # repairs with no building: the card was drawn all the same
            return t(locale, "clicks.account.card.nothing", deck=deck, title=title)
        return t(locale, "clicks.account.card", deck=deck, title=title)


def _money(items: list[tuple[str, int | None]], what: str, amount: int) -> None:
    if amount:  # a mortgaged street's rent (R4) or a broken Bank's last 0 moves nothing
        items.append((what, amount))


def _declined(e: PropertyDeclined, skip: Skip | None, edition: str,
              locale: str) -> list[tuple[str, int | None]]:
    """P1: what became of an offer declined: the Bank's pawn on it, or still for sale; an
    offer declined for the player because even everything raised falls short says so."""
    then = (t(locale, "clicks.account.then.bank", pawns=tn(locale, "pawns", e.pawns_left))
            if e.bank_took else t(locale, "clicks.account.then.none"))
    if skip is not None and skip.why == BUY_SHORT and skip.square == e.square:
        return [(t(locale, "clicks.account.short",
                   price=format_money(skip.price, edition, locale), then=then), None)]
    declined = t(locale, "clicks.account.declined",
                 square=square_name(edition, e.square, locale))
    return [(declined, None), (then, None)]


def loss_words(lost: GameLost, events: Sequence[Event], turn: TurnAccount, end: Game | None,
               edition: str, locale: str) -> str:
    """M1, E3: the debt that ended the game (what, how much, why that much) and everything
    that could have been raised, cash and what selling and mortgaging would bring."""
    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    starts = [i for i, e in enumerate(events) if isinstance(e, TurnStarted)]
    debt, detail = _debt_of(lost, events[starts[-1] + 1:] if starts else events, turn, end,
                            locale)
    if end is None:
        return t(locale, "ev.lost.debt", owed=money(lost.owed))
    raisable, cash = liquidation_value(end.s), end.s.cash
    return t(locale, "clicks.account.lost", debt=t(locale, f"debt.{debt}"),
             owed=money(lost.owed), detail=detail, cash=money(cash),
             sales=money(raisable - cash), raisable=money(raisable))


def _debt_of(lost: GameLost, events: Sequence[Event], turn: TurnAccount, end: Game | None,
             locale: str) -> tuple[str, str]:
    """(debt kind as in FundsNeeded.reason, rent detail " (3 houses)" or ""): what the
    engine charged on the square the turn ended on. A loss leaves the board as it was when
    the debt fell due (nothing is sold, the Bank builds after a rent is paid), so the rent is
    the board's; the Jail fine is the debt of a turn that ends in Jail without a move."""
    sq = turn.square
    moved = any(isinstance(e, Moved) for e in events)
    if not 0 <= sq < BOARD_SIZE or (lost.owed == JAIL_FINE and not moved):
        return "fine", ""
    square = SQUARES[sq]
    if square.kind is Kind.TAX:
        return "tax", ""
    if square.kind in (Kind.CHANCE, Kind.CHEST):
        return ("repairs" if any(isinstance(e, CardDrawn) and "repair" in e.card
                                 for e in events) else "card"), ""
    if not square.is_property or end is None or end.s.owner[sq] != BANK:
        return "rent", ""
    s = end.s
    if square.kind is Kind.STREET:
        _, why, count = street_rent(s, sq)
        return "rent", rent_detail(RentPaid(sq, lost.owed, "player", why, count), locale)
    if square.kind is Kind.STATION:
        amount, count = station_rent(s, sq)
        mult = lost.owed // amount if amount else 1
        return "rent", rent_detail(RentPaid(sq, lost.owed, "player", "stations", count, mult),
                                   locale)
    dice = [e.total for e in events if isinstance(e, DiceRolled) and e.purpose == "utility"]
    if dice and dice[-1]:
        return "rent", rent_detail(RentPaid(sq, lost.owed, "player", "utility",
                                            lost.owed // dice[-1], 1, dice[-1]), locale)
    return "rent", ""
