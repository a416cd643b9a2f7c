"""The engine's language-free events and state told in the player's language.

Square names, deck texts and the currency sign come from the game's edition (S1); the words
around them from the catalog in the player's locale. Nothing here imports discord.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from game_core.actions import (
    Action, BuildHotel, BuildHouse, BuildTo, Buy, Decline, DoneBuilding, LiftMortgage, Mortgage,
    PayFine, Resign, Roll, SellBuilding, SellJailCard, UseJailCard,
)
from game_core.board import HOTEL, JAIL_CARD_VALUE, JAIL_FINE, PROPERTIES, SQUARES
from game_core.cards import CARDS
from game_core.errors import Refusal
from game_core.events import (
    BankBankrupt, BuildingSold, Built, CardDrawn, Collected, DiceRolled, Event, FundsNeeded,
    GameLost, GameWon, JailCardKept, JailCardSold, JailCardUsed, LeftJail, Moved,
    MortgageLifted, Mortgaged, Paid, PropertyBought, PropertyDeclined, RentPaid, SentToJail,
    StayedInJail, TurnStarted,
)
from game_core.game import Game
from game_core.rules import build_to_cost, build_to_refusal
from game_core.state import BUILD, BUY, JAIL as PENDING_JAIL, OVER, PLAYER, RAISE_FUNDS

from bot.i18n.catalog import points, t, tn
from bot.i18n.layout import LABEL_LIMIT
from bot.i18n.money import format_money
from bot.i18n.squares import square_name

from .card_words import card_text, deck_name

__all__ = ["square_name"]  # the one seam of squares' names (bot.i18n.squares), re-exported



# ---- small pieces -------------------------------------------------------------------------

def buildings_text(buildings: int, locale: str) -> str:
    """What stands on a street: "2 houses", "hotel", or "0 houses"."""
    return t(locale, "hotel") if buildings == HOTEL else tn(locale, "houses", buildings)


def property_line(game: Game, square: int, locale: str) -> str:
    """One property with its buildings and mortgage: "Boardwalk (hotel)"."""
    s = game.s
    details: list[str] = []
    if s.buildings[square]:
        details.append(buildings_text(s.buildings[square], locale))
    if s.mortgaged[square]:
        details.append(t(locale, "mortgaged"))
    name = square_name(game.edition, square, locale)
    if not details:
        return t(locale, "property.line", square=name)
    return t(locale, "property.line.details", square=name, details=", ".join(details))


def property_lines(game: Game, locale: str, owner: int = PLAYER) -> list[str]:
    """`property_line` for each property of `owner` (PLAYER or BANK), in board order."""
    return [property_line(game, i, locale) for i in PROPERTIES if game.s.owner[i] == owner]


# ---- events -------------------------------------------------------------------------------

_Teller = Callable[[Event, str, str, Callable[[int], str]], str]


def narrate(events: Sequence[Event], *, edition: str, locale: str,
            doubles_matter: bool = False) -> list[str]:
    """Each event (a roll and the move it caused together) as one short line.

    doubles_matter: the game plays T3's standard doubles; under the solo rule (the default)
    doubles do nothing, and calling them out would promise a bonus that isn't there.
    """
    out: list[str] = []

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    i, n = 0, len(events)
    while i < n:
        ev = events[i]
        if isinstance(ev, DiceRolled):
            nxt = events[i + 1] if i + 1 < n else None
            moved = nxt if isinstance(nxt, Moved) and nxt.by == "dice" else None
            out.append(_dice(ev, edition, locale, doubles_matter, moved))
            i += 2 if moved is not None and ev.purpose == "move" else 1
            continue
        broke = events[i + 1] if i + 1 < n else None
        if isinstance(ev, Mortgaged) and isinstance(broke, BankBankrupt):
            # M5: the Bank's last money, not the mortgage's worth (a cash-out's last step)
            out.append(t(locale, "ev.mortgaged.last", square=square_name(edition, ev.square,
                                                                           locale),
                         owed=money(broke.owed), amount=money(ev.amount)))
            i += 2
            continue
        if isinstance(ev, Built) and ev.by == "player":  # one pick (`u 3`), one line
            j = i + 1
            while j < n and _next_level(events[j], events[j - 1]):
                j += 1
            if j - i > 1:
                out.append(_built_to(events[i:j], edition, locale, money))
                i = j
                continue
        out.append(_TELLERS[type(ev)](ev, edition, locale, money))
        i += 1
    return out


def _next_level(ev: Event, before: Event) -> bool:
    """`ev` is the building after `before` on the same street, by the same builder."""
    return (isinstance(ev, Built) and isinstance(before, Built) and ev.by == before.by
            and ev.square == before.square and ev.buildings_after == before.buildings_after + 1)


def _built_to(built: Sequence[Event], edition: str, locale: str,
              money: Callable[[int], str]) -> str:
    """Buildings of one pick on one street: "Built on X (3 houses): −$300"."""
    last = built[-1]
    assert isinstance(last, Built)
    return t(locale, "ev.built.player.to", square=square_name(edition, last.square, locale),
             buildings=buildings_text(last.buildings_after, locale),
             cost=money(sum(e.cost for e in built if isinstance(e, Built))))


def _turn(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, TurnStarted)
    return t(locale, "ev.turn", turn=ev.turn)


def _dice(ev: DiceRolled, edition: str, locale: str, doubles_matter: bool,
          moved: Moved | None) -> str:
    """A roll; a roll to move, with the square it moved to when `moved` follows it. Doubles
    are called out only when they count (T3 standard)."""
    a, b = ev.dice
    if ev.purpose == "utility":
        return t(locale, "ev.dice.utility", a=a, b=b, total=ev.total)
    if ev.purpose == "jail":
        return t(locale, "ev.dice.jail", a=a, b=b)
    doubles = ev.doubles and doubles_matter
    if moved is not None:
        return t(locale, "ev.roll.doubles" if doubles else "ev.roll", a=a, b=b,
                 square=square_name(edition, moved.end, locale))
    return t(locale, "ev.dice.doubles" if doubles else "ev.dice", a=a, b=b)


def _moved(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, Moved)
    back = ev.by == "card" and not ev.passed_go and (ev.start - ev.end) % 40 == 3
    return t(locale, "ev.moved.back" if back else "ev.moved",
             square=square_name(edition, ev.end, locale))


def _collected(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, Collected)
    key = {"salary": "ev.salary", "card": "ev.collected.card"}.get(ev.reason,
                                                                   "ev.collected.other")
    return t(locale, key, amount=money(ev.amount))


def _paid(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, Paid)
    if ev.reason == "tax" and ev.square >= 0:
        return t(locale, "ev.paid.tax", square=square_name(edition, ev.square, locale),
                 amount=money(ev.amount))
    key = {"card": "ev.paid.card", "repairs": "ev.paid.repairs", "fine": "ev.paid.fine"}
    return t(locale, key.get(ev.reason, "ev.paid.other"), amount=money(ev.amount))


def rent_detail(ev: RentPaid, locale: str) -> str:
    """Why the rent is what it is, as " (…)" or "" for a bare street."""
    parts: list[str] = []
    if ev.why == "group":
        parts.append(t(locale, "rent.group"))
    elif ev.why == "houses":
        parts.append(tn(locale, "houses", ev.count))
    elif ev.why == "hotel":
        parts.append(t(locale, "hotel"))
    elif ev.why == "stations":
        parts.append(tn(locale, "stations", ev.count))
    elif ev.why == "utility":
        parts.append(t(locale, "rent.utility", dice=ev.dice, factor=ev.count))
    if ev.multiplier != 1:
        parts.append(t(locale, "rent.times", factor=ev.multiplier))
    return f" ({', '.join(parts)})" if parts else ""


def _rent(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, RentPaid)
    square = square_name(edition, ev.square, locale)
    if ev.why == "mortgaged":
        return t(locale, "ev.rent.mortgaged", square=square)
    key = "ev.rent.to_bank" if ev.payer == "player" else "ev.rent.from_bank"
    return t(locale, key, square=square, detail=rent_detail(ev, locale),
             amount=money(ev.amount))


def _bought(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, PropertyBought)
    return t(locale, "ev.bought", square=square_name(edition, ev.square, locale),
             price=money(ev.price))


def _declined(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, PropertyDeclined)
    square = square_name(edition, ev.square, locale)
    if not ev.bank_took:
        return t(locale, "ev.declined.none", square=square)
    return t(locale, "ev.declined.bank", square=square,
             pawns=tn(locale, "pawns", ev.pawns_left))


def _built(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, Built)
    who = "bank" if ev.by == "bank" else "player"
    what = "hotel" if ev.building == "hotel" else "house"
    return t(locale, f"ev.built.{who}.{what}", square=square_name(edition, ev.square, locale),
             count=ev.buildings_after, cost=money(ev.cost))


def _sold(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, BuildingSold)
    key = "ev.sold.hotel" if ev.building == "hotel" else "ev.sold.house"
    return t(locale, key, square=square_name(edition, ev.square, locale), amount=money(ev.amount),
             houses=tn(locale, "houses", ev.houses_after))


def _card(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, CardDrawn)  # worded from the catalog, never ev.text (the board's)
    return t(locale, "ev.card", deck=deck_name(ev.deck, locale),
             text=card_text(ev.card, edition, locale))


def _jail(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, SentToJail)
    return t(locale, {"card": "ev.jail.card", "doubles": "ev.jail.doubles"}.get(
        ev.reason, "ev.jail.square"))


def _left_jail(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, LeftJail)
    return t(locale, {"card": "ev.left_jail.card", "doubles": "ev.left_jail.doubles"}.get(
        ev.how, "ev.left_jail.fine"))


def _stayed(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, StayedInJail)
    return t(locale, "ev.stayed_in_jail", attempt=ev.attempt)


def _jail_card(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    if isinstance(ev, JailCardSold):
        return t(locale, "ev.jail_card.sold", amount=money(ev.amount))
    return t(locale, "ev.jail_card.used" if isinstance(ev, JailCardUsed) else "ev.jail_card.kept")


def _mortgage(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    if isinstance(ev, MortgageLifted):
        return t(locale, "ev.lifted", square=square_name(edition, ev.square, locale),
                 cost=money(ev.cost))
    assert isinstance(ev, Mortgaged)
    return t(locale, "ev.mortgaged", square=square_name(edition, ev.square, locale),
             amount=money(ev.amount))


def _funds(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, FundsNeeded)
    return t(locale, "ev.funds_needed", amount=money(ev.amount), cash=money(ev.cash),
             reason=t(locale, f"debt.{ev.reason}"))


def _bankrupt(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, BankBankrupt)
    return t(locale, "ev.bank_bankrupt", owed=money(ev.owed), paid=money(ev.paid))


def _won(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, GameWon)
    key = "ev.won.all_properties" if ev.reason == "all_properties" else "ev.won.bank_bankrupt"
    return t(locale, key, points=points(ev.score, locale))


def _lost(ev: Event, edition: str, locale: str, money: Callable[[int], str]) -> str:
    assert isinstance(ev, GameLost)
    if ev.reason == "resigned":
        return t(locale, "ev.lost.resigned")
    if ev.owed:
        return t(locale, "ev.lost.debt", owed=money(ev.owed))
    return t(locale, "ev.lost.debt_unknown")


_TELLERS: dict[type[Event], _Teller] = {
    TurnStarted: _turn, Moved: _moved, Collected: _collected, Paid: _paid,
    RentPaid: _rent, PropertyBought: _bought, PropertyDeclined: _declined, Built: _built,
    BuildingSold: _sold, CardDrawn: _card, SentToJail: _jail, LeftJail: _left_jail,
    StayedInJail: _stayed, JailCardKept: _jail_card, JailCardUsed: _jail_card,
    JailCardSold: _jail_card, Mortgaged: _mortgage, MortgageLifted: _mortgage,
    FundsNeeded: _funds, BankBankrupt: _bankrupt, GameWon: _won, GameLost: _lost,
}


# ---- the decision pending and the outcome -------------------------------------------------

def told_the_end(moves: Iterable[Sequence[Event]]) -> bool:
    """True when these moves' events end the game: their lines (narrate's, or a Roll on's
    account) say the win or the loss, so the outcome is not said again beside them."""
    return any(isinstance(e, GameWon | GameLost) for events in moves for e in events)


def describe_pending(game: Game, *, locale: str) -> str:
    """What the game waits for, in a sentence or two (the outcome once it is over)."""
    s, edition = game.s, game.edition

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    p = s.pending
    if p == OVER:
        return describe_outcome(game, locale)
    if p == PENDING_JAIL:
        lines = [t(locale, "pending.jail", fine=money(JAIL_FINE))]
        if s.jail_cards:
            lines.append(t(locale, "pending.jail.card"))
        if s.options.standard_doubles:
            lines.append(t(locale, "pending.jail.doubles", attempt=s.jail_attempts + 1))
        return " ".join(lines)
    if p == BUY:
        sq = s.pending_square
        name, price = square_name(edition, sq, locale), SQUARES[sq].price
        if s.cash >= price:
            first = t(locale, "pending.buy", square=name, price=money(price))
        else:
            first = t(locale, "pending.buy.short", square=name, price=money(price),
                      cash=money(s.cash))
        if s.pawns_left:  # "la prend" / "le prend": the pronoun agrees with the square
            then = t(locale, "pending.buy.bank_takes", square=name,
                     pawns=tn(locale, "pawns", s.pawns_left))
        else:
            then = t(locale, "pending.buy.stays", square=name)
        return f"{first} {then}"
    if p == BUILD:
        sq = s.pending_square
        return t(locale, "pending.build", square=square_name(edition, sq, locale),
                 buildings=buildings_text(s.buildings[sq], locale))
    if p == RAISE_FUNDS:
        return t(locale, "pending.raise_funds", debt=money(s.debt), cash=money(s.cash),
                 missing=money(max(s.debt - s.cash, 0)))
    return t(locale, "pending.roll")


def describe_outcome(game: Game, locale: str) -> str:
    """How the game ended (E1-E3), or "" while it goes on. What to do next is each front's
    own (a button on Discord, a command in the terminal)."""
    outcome = game.outcome
    if outcome is None:
        return ""
    reason = t(locale, f"outcome.{outcome.reason}")
    if outcome.result == "won":
        return t(locale, "pending.won", points=points(outcome.score, locale), reason=reason)
    return t(locale, "pending.lost", reason=reason)


# ---- buttons and select options -----------------------------------------------------------

def sale_value(game: Game, square: int) -> int:
    """M3: what selling one building on `square` brings (a hotel: the houses the supply
    lacks are sold with it)."""
    s = game.s
    half = SQUARES[square].house_cost // 2
    if s.buildings[square] == HOTEL:
        return half * (1 + 4 - min(4, s.houses_left))
    return half


def action_label(action: Action, game: Game, *, locale: str) -> str:
    """The button or select-option label of a legal `action`, with its amount; <= 80."""
    edition, s = game.edition, game.s

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    if isinstance(action, Mortgage | LiftMortgage | SellBuilding):
        sq = action.square
        if isinstance(action, Mortgage):
            key, values = "select.mortgage", {"amount": money(SQUARES[sq].mortgage_value)}
        elif isinstance(action, LiftMortgage):
            key, values = "select.lift", {"cost": money(SQUARES[sq].lift_cost)}
        else:
            hotel = s.buildings[sq] == HOTEL
            key = "select.sell_hotel" if hotel else "select.sell_house"
            values = {"amount": money(sale_value(game, sq))}
        name = square_name(edition, sq, locale)
        label = t(locale, key, square=name, **values)
        if len(label) > LABEL_LIMIT:  # shorten the name, never the amount
            keep = max(len(name) - (len(label) - LABEL_LIMIT) - 1, 1)
            label = t(locale, key, square=name[:keep] + "…", **values)
        return label
    if isinstance(action, Roll):
        return t(locale, "button.roll_jail" if s.pending == PENDING_JAIL else "button.roll")
    if isinstance(action, Buy):
        return t(locale, "button.buy", price=money(SQUARES[s.pending_square].price))
    if isinstance(action, BuildTo):  # P2 in one go: the whole plan's cost
        sq, level = s.pending_square, action.level
        values = {"cost": money(build_to_cost(s, sq, level))}
        name = square_name(edition, sq, locale)
        label = _build_to_label(locale, level, name, values)
        if len(label) > LABEL_LIMIT:  # shorten the name, never the amount
            keep = max(len(name) - (len(label) - LABEL_LIMIT) - 1, 1)
            label = _build_to_label(locale, level, name[:keep] + "…", values)
        return label
    if isinstance(action, BuildHouse | BuildHotel):
        key = "button.build_hotel" if isinstance(action, BuildHotel) else "button.build_house"
        return t(locale, key, cost=money(SQUARES[s.pending_square].house_cost))
    if isinstance(action, PayFine):
        return t(locale, "button.pay_fine", fine=money(JAIL_FINE))
    if isinstance(action, SellJailCard | UseJailCard):
        # The card used or sold is the first kept (game_core.moves): say which deck's. (With
        # none kept the action is refused, but its label is still asked for in a test.)
        deck = t(locale, f"deck.{CARDS[s.jail_cards[0]].deck}") if s.jail_cards else "—"
        if isinstance(action, UseJailCard):
            return t(locale, "button.use_card", deck=deck)
        return t(locale, "button.sell_card", deck=deck, amount=money(JAIL_CARD_VALUE))
    simple = {Decline: "button.decline", DoneBuilding: "button.done", Resign: "button.resign"}
    return t(locale, simple[type(action)])


def _build_to_label(locale: str, level: int, square: str, values: dict[str, str]) -> str:
    if level == HOTEL:
        return t(locale, "select.build_to.hotel", square=square, **values)
    return tn(locale, "select.build_to", level, square=square, **values)


def build_to_note(action: BuildTo, game: Game, *, locale: str) -> str:
    """Under a BuildTo option: the cash left after it, and for the highest level when the
    cash stops it (not the supply, nor the hotel), that it is as many as the cash allows."""
    s = game.s
    sq, level = s.pending_square, action.level
    left = format_money(s.cash - build_to_cost(s, sq, level), game.edition, locale)
    most = level < HOTEL and build_to_refusal(s, sq, level + 1) == (
        Refusal.CANNOT_AFFORD_BUILDING)
    return t(locale, "select.build_to.most" if most else "select.build_to.left", cash=left)
