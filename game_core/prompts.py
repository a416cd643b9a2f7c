"""Which pending decisions need the player, and where rolling on stops.

A prompt that offers one thing decides nothing, so it is not a prompt: `forced(game)` names
the one way a decision offers, and why, so that the front ends take it and say why instead
of asking. What stays a prompt (`needs_player`): a buy the player could take (with its cash
or through a plan, `plans.buy_plan`), a build that is possible now (or after lifting the
group's mortgages, `plans.unblock_plan`), a Jail choice with more than one way out, a debt.

Rolling on (`roll_on_stop`) rolls until one of those, the end of the game, `ROLL_ON_TURNS`
turns, or the moment cashing out would first break the Bank (a win to take, M5). Two money
dangers are found too: the cash first falling under what the next roll could cost (the
highest rent or tax 2 to 12 squares ahead, less GO's salary when the roll passes GO on the
way there, `worst_landing`), and a roll that could land where the debt would end the game
(`fatal_landing`: more than everything could raise). A stop is for a decision, so rolling on
stops for one only when some choice on offer changes it (`danger_decides`); else the danger
is kept in `Follow.dangers`, said once in the account, and the roll is made. It never
chooses anything but Roll, the forced ways and what the player's standing orders answer
(game_core.orders). After a decision it stopped for, the player's
answer may go on rolling (`Follow(..., roll_on=True)` from that decision).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .actions import (
    Action, Decline, DoneBuilding, Mortgage, PayFine, Resign, Roll, SellBuilding, SellJailCard,
)
from .board import BOARD_SIZE, GO_SALARY, HOTEL, JAIL_FINE, SQUARES, Kind
from .game import Game
from .orders import NO_ORDERS, ORDER_DEBT, Orders, ordered
from .plans import blocking_mortgages, buy_plan, unblock_plan
from .rules import estate_value, hotel_refusal, house_refusal, liquidation_value
from .rules import station_rent, street_rent, utility_factor
from .state import BANK, BUILD, BUY, JAIL, OVER, RAISE_FUNDS, ROLL, GameState

ROLL_ON_TURNS = 50  # the most turns one Roll on plays (its account must fit one message)

# Why a decision was taken for the player (Skip.why).
BUILD_MORTGAGED = "build_mortgaged"  # P2: the group has a mortgage the cash can't lift
BUILD_CASH = "build_cash"  # P2: the next building costs more than the cash
BUILD_SUPPLY = "build_supply"  # S5: the supply has none of the building next due
BUILD_FULL = "build_full"  # the street has its hotel
BUY_SHORT = "buy_short"  # P1: even everything raised falls short of the price
FINE_ONLY = "fine_only"  # P6: no card, no doubles to try: the fine is the one way out
KEPT_DECLINING = "kept_declining"  # P1: the player asked not to be offered it again

# Why rolling on stopped (Stop.why).
STOP_CHOICE = "choice"  # a decision needs the player
STOP_OVER = "over"
STOP_TURNS = "turns"  # ROLL_ON_TURNS played
STOP_RISK = "risk"  # the cash fell under what the next roll could cost
STOP_LOSS = "loss"  # M1/E3: a landing the next roll can make would end the game
STOP_WIN = "win"  # cashing out now would break the Bank (M5): the game can be won now


@dataclass(frozen=True, slots=True)
class Skip:
    """A decision taken for the player because it offered one way only, and why.
    square: the street or property it was about (-1 for Jail). amount: the lifts' cost
    (BUILD_MORTGAGED), the building's cost (BUILD_CASH), the most everything could raise
    (BUY_SHORT), the price (BUY_SHORT: `price`) or the fine. squares: the mortgaged streets."""

    action: Action
    why: str
    square: int = -1
    amount: int = 0
    price: int = 0
    cash: int = 0
    squares: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Stop:
    """Why rolling on stopped. amount/square: the risk and the square it is on (STOP_RISK,
    STOP_LOSS); salary: GO's, collected on the way there (T2); raisable: everything the
    player could raise now (STOP_LOSS, M1); turn: the turn after which the danger appeared
    (a danger said in the account rather than stopped for, `Follow.dangers`)."""

    why: str
    amount: int = 0
    square: int = -1
    salary: int = 0
    raisable: int = 0
    turn: int = -1


def can_build(game: Game) -> bool:
    """P2: a building can go on the pending street now, or once its group's mortgages are
    lifted with money the player has or can raise elsewhere."""
    s = game.s
    sq = s.pending_square
    if not house_refusal(s, sq) or not hotel_refusal(s, sq):
        return True
    plan = unblock_plan(game)
    return plan is not None and plan.then is not None


def forced(game: Game) -> Skip | None:
    """The one way the pending decision offers, with why; None when the player has a choice
    (or the game waits for a roll, or is over)."""
    s = game.s
    p = s.pending
    if p == BUILD:
        return None if can_build(game) else _no_build(game)
    if p == BUY:
        sq = s.pending_square
        price = SQUARES[sq].price
        if s.cash >= price or buy_plan(game) is not None:
            return None
        return Skip(Decline(), BUY_SHORT, sq, liquidation_value(s), price, s.cash)
    if p == JAIL and not s.jail_cards and not s.options.standard_doubles:
        return Skip(PayFine(), FINE_ONLY, -1, JAIL_FINE, 0, s.cash)
    return None


def _no_build(game: Game) -> Skip:
    s = game.s
    sq = s.pending_square
    done = DoneBuilding()
    b = s.buildings[sq]
    if b == HOTEL:
        return Skip(done, BUILD_FULL, sq, cash=s.cash)
    blocked = blocking_mortgages(game, sq)
    if blocked:
        cost = sum(SQUARES[i].lift_cost for i in blocked)
        return Skip(done, BUILD_MORTGAGED, sq, cost, cash=s.cash, squares=blocked)
    if (b < 4 and not s.houses_left) or (b == 4 and not s.hotels_left):
        return Skip(done, BUILD_SUPPLY, sq, cash=s.cash)
    return Skip(done, BUILD_CASH, sq, SQUARES[sq].house_cost, cash=s.cash)


def needs_player(game: Game) -> bool:
    """A decision only the player can take is pending (not a roll, not a forced way)."""
    p = game.s.pending
    return p not in (ROLL, OVER) and (p == RAISE_FUNDS or forced(game) is None)


def _landing_costs(s: GameState) -> list[tuple[int, int, int]]:
    """(cost, square, salary) for each square 2 to 12 ahead that charges on landing (a Bank
    property's rent as it stands, R1-R3 with a utility at its highest, 12 on the dice, or a
    tax, P5);
    salary: what GO pays on the way there (T2), which the cost is paid from."""
    costs = []
    for d in range(2, 13):
        sq = (s.position + d) % BOARD_SIZE
        square = SQUARES[sq]
        if square.kind is Kind.TAX:
            amount = square.tax
        elif square.is_property and s.owner[sq] == BANK:
            if square.kind is Kind.STREET:
                amount = street_rent(s, sq)[0]
            elif square.kind is Kind.STATION:
                amount = station_rent(s, sq)[0]
            else:  # R3: the highest the rent roll can make (12 on the dice)
                amount = utility_factor(s, sq) * 12
        else:
            continue
        costs.append((amount, sq, GO_SALARY if s.position + d >= BOARD_SIZE else 0))
    return costs


def worst_landing(s: GameState) -> tuple[int, int, int]:
    """(amount, square, salary): the landing the next roll could make that the cash is
    furthest from covering, counting GO's salary collected on the way (T2: Income Tax
    reached from squares 32-39 is paid out of the 200 collected first, never a risk);
    (0, -1, 0) when nothing there charges more than the salary on the way pays."""
    worst = (0, -1, 0)
    for amount, sq, salary in _landing_costs(s):
        if amount - salary > worst[0] - worst[2]:
            worst = (amount, sq, salary)
    return worst


def next_roll_risk(s: GameState) -> tuple[int, int]:
    """(amount, square) of `worst_landing`."""
    amount, square, _ = worst_landing(s)
    return amount, square


def fatal_landing(s: GameState) -> tuple[int, int, int]:
    """(amount, square, salary): the landing the next roll can make that everything the
    player could raise, with GO's salary on the way, would cover least: one that ends the
    game at once (M1, E3); (0, -1, 0) when every landing can be paid."""
    raisable = liquidation_value(s)
    worst, short = (0, -1, 0), 0
    for amount, sq, salary in _landing_costs(s):
        if amount - salary - raisable > short:
            worst, short = (amount, sq, salary), amount - salary - raisable
    return worst


def can_win_now(game: Game) -> bool:
    """M5: cashing out everything now would raise more than the Bank holds."""
    s = game.s
    return liquidation_value(s) - s.cash > s.bank_cash


def roll_on_stop(game: Game, turns_played: int, was_safe: bool,
                 could_win: bool = False, could_lose: bool = False) -> Stop | None:
    """Before a roll while rolling on: why to stop now, else None (roll). `turns_played`:
    turns begun by this Roll on; `was_safe`: the cash covered the risk at the last check;
    `could_win`: cashing out would already have broken the Bank then; `could_lose`: a
    landing of that roll would already have ended the game (the player was told, or rolled
    on from there: told once while it lasts, not before every roll of a bare-handed
    player)."""
    s = game.s
    if s.pending == OVER:
        return Stop(STOP_OVER)
    if s.pending != ROLL:
        return Stop(STOP_CHOICE)
    if turns_played >= ROLL_ON_TURNS:
        return Stop(STOP_TURNS)
    if not could_win and can_win_now(game):
        return Stop(STOP_WIN)
    amount, square, salary = fatal_landing(s)
    if square >= 0 and not could_lose:  # a roll that may end the game is the player's
        return Stop(STOP_LOSS, amount, square, salary, liquidation_value(s))
    amount, square, salary = worst_landing(s)
    if was_safe and s.cash < amount - salary:
        return Stop(STOP_RISK, amount, square, salary)
    return None


def could_lose(game: Game) -> bool:
    """A landing of the next roll would end the game (M1, E3): `fatal_landing` finds one."""
    return fatal_landing(game.s)[1] >= 0


def is_safe(game: Game) -> bool:
    """The cash (with GO's salary on the way) covers every landing of the next roll."""
    amount, _, salary = worst_landing(game.s)
    return game.s.cash >= amount - salary


# What a debt's raise-funds step offers too (M1): raising the money now instead changes
# nothing a landing could cost, it only spends the estate before it is needed.
_RAISING = (SellBuilding, Mortgage, SellJailCard)


def danger_decides(game: Game, stop: Stop) -> bool:
    """A money stop (STOP_RISK, STOP_LOSS) is for a decision only when some choice on offer
    now, before the roll, changes the outcome it warns about: for a loss, a choice after
    which no landing of the next roll ends the game; for a risk, one after which the cash
    covers every landing, other than raising the money now (the debt's own step offers the
    same sales and mortgages, M1, when and if the landing comes). Under these rules none
    does (a sale or a mortgage raises what it would raise then, a lift lowers what could be
    raised), so such a danger is said in the account and rolling on goes on; the test is
    kept so that a choice that would change it (a rule option, a new kind of move) stops."""
    if stop.why not in (STOP_RISK, STOP_LOSS) or game.s.pending != ROLL:
        return False
    for action in game.legal_actions():
        if type(action) in (Roll, Resign) or (stop.why == STOP_RISK
                                              and isinstance(action, _RAISING)):
            continue
        trial = game.copy()
        trial.apply(action)
        if trial.s.pending != ROLL:
            continue
        if stop.why == STOP_LOSS and fatal_landing(trial.s)[1] < 0:
            return True
        if stop.why == STOP_RISK and is_safe(trial):
            return True
    return False


def way_to_win(game: Game) -> tuple[int, int]:
    """(net worth, Bank left): E2's worth of the estate now, and what the Bank would hold
    after paying for everything the player could cash out now (M5: below 0, cashing out
    breaks the Bank and wins)."""
    s = game.s
    worth = estate_value(s)
    return worth, s.bank_cash - (liquidation_value(s) - s.cash)


def _order_skip(game: Game, action: Action, why: str, orders: Orders) -> Skip:
    """A standing order's answer, told like a forced way: the street or property (-1 for a
    debt), the building's cost or the debt (`amount`), the build order's reserve (`price`),
    the cash before it."""
    s = game.s
    if why == ORDER_DEBT:
        return Skip(action, why, -1, s.debt, 0, s.cash)
    sq = s.pending_square
    return Skip(action, why, sq, SQUARES[sq].house_cost, orders.build_reserve or 0, s.cash)


class Follow:
    """What follows one click, move by move: the forced ways (always), and with `roll_on`
    the rolls until `roll_on_stop`. Made before the click is applied; `next(game)` after each
    move gives the next (action, why it was forced or None), or None when the player is next
    (`stop` then says why, for Roll on). The service stores each move; the click benchmark
    plays them on the engine: both follow the same rules from here. `keep_declining`: the
    squares the player asked, while rolling on, not to be offered again (they are declined
    as asked, and said so)."""

    def __init__(self, game: Game, roll_on: bool = False,
                 keep_declining: frozenset[int] = frozenset(),
                 orders: Orders = NO_ORDERS) -> None:
        self.roll_on = roll_on
        # The player's standing orders (game_core.orders): what they answer is taken like a
        # forced way, with why, whether rolling on or not.
        self.orders = orders
        # P1: squares the player declined "for good" while rolling on (they stay unowned:
        # the Bank had no pawn left); their offers are declined again, as asked.
        self.keep_declining = keep_declining
        self.start_turn = game.turn
        self.start_cash = game.s.cash
        self.start_square, self.start_in_jail = game.s.position, game.s.in_jail
        self.was_safe = is_safe(game)
        # A win to take stops rolling on when it appears; rolling on from a Roll on click it
        # may already be there (the player saw it and rolled), after a decision it was not
        # offered yet (Cash out is offered when the game waits for a roll).
        self.could_win = game.s.pending == ROLL and can_win_now(game)
        # The same for a roll that could end the game: rolling on from a roll prompt where
        # it already could, the player rolls knowingly (a stop told them, or they see it).
        self.could_lose = game.s.pending == ROLL and could_lose(game)
        self.stop: Stop | None = None
        # Money dangers that no choice on offer changes (`danger_decides`): said once in
        # the account, at the turn they appeared, while rolling on goes on.
        self.dangers: list[Stop] = []

    def next(self, game: Game) -> tuple[Action, Skip | None] | None:
        if game.is_over:
            self.stop = Stop(STOP_OVER) if self.roll_on else None
            return None
        skip = forced(game)
        if skip is not None:
            return skip.action, skip
        found = ordered(game, self.orders)
        if found is not None:
            return found[0], _order_skip(game, *found, self.orders)
        if not self.roll_on:
            return None
        s = game.s
        if s.pending == BUY and s.pending_square in self.keep_declining:
            sq = s.pending_square
            return Decline(), Skip(Decline(), KEPT_DECLINING, sq, 0, SQUARES[sq].price, s.cash)
        stop = roll_on_stop(game, game.turn - self.start_turn, self.was_safe,
                            self.could_win, self.could_lose)
        if stop is not None and stop.why in (STOP_RISK, STOP_LOSS) and not danger_decides(
                game, stop):
            self.dangers.append(replace(stop, turn=game.turn))
            stop = None
        if stop is not None:
            self.stop = stop
            return None
        self.was_safe, self.could_win = is_safe(game), can_win_now(game)
        self.could_lose = could_lose(game)
        return Roll(), None
