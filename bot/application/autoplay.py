"""The game service's moves made for the player: the one way of a decision that
offers one (game_core.prompts.forced), Roll on, and plans (game_core.plans) carried out.

Each engine action is stored as its own move (one transaction each, guarded by the game's
version, exactly like a click), and the game's lock is held from the first to the last. So:
- the log holds every action, and a replay of it is the game (H3); `history` shows each roll
  of a Roll on in full;
- a crash or an outage between two moves leaves a game at a state it could have reached by
  clicks, and the next click goes on from there (nothing half-done to repair);
- another process that moves the game meanwhile (the terminal on the same file) makes the
  next write find the version moved on: the loop stops there, with what it stored.
One transaction for a whole Roll on would save a few milliseconds of writes per turn, but
would need a storage call that writes many log rows at once, and would lose up to 50 turns'
work to one failed write; a move per transaction keeps the storage as it is.

The first action is the player's own click (its version guards it: an old button is
stale); what follows is chosen here, never anything but Roll, the forced ways and what the
player's standing orders answer (game_core.orders, read from their settings once per click,
when its moves first reach a decision an order may answer: an order set or undone counts from
the next click on, and a roll that lands nowhere an order acts costs no read).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game_core import Action, Decline, Event, Game, IllegalActionError, Roll
from game_core.errors import Refusal
from game_core.orders import ORDER_OF_WHY, ORDER_WHYS, Orders, may_answer
from game_core.plans import (
    CASH_OUT, LEAST_RENT, PAY_DEBT, RAISE_TO_BUY, UNBLOCK, WAYS, Plan, buy_plan,
    cash_out_plan, debt_plans, unblock_plan,
)
from game_core.state import BUY, ROLL
from game_core.prompts import Follow, Skip, Stop

from bot.errors import NOT_A_SQUARE, InvalidRequest, StaleVersion
from bot.storage.player_settings import PlayerRows

from . import checks
from .core import GameCore
from .player_settings import player_settings_from_rows
from .records import GameRecord
from .store import call

# Who chose a step (Step.by).
CLICKED = "click"  # the player's own click
ROLLED_ON = "roll_on"  # a roll made by Roll on
FORCED = "forced"  # the one way a decision offered (Step.skip says which and why)
PLANNED = "plan"  # a step of a plan the player asked for
ORDERED = "order"  # a standing order's answer (Step.skip says which order, and why)

PLAN_KINDS = (RAISE_TO_BUY, UNBLOCK, PAY_DEBT, CASH_OUT)


@dataclass(frozen=True, slots=True)
class Step:
    """One stored move: the action, the events it caused, who chose it, and for a forced
    way, why."""

    action: Action
    events: list[Event]
    by: str
    skip: Skip | None = None


@dataclass(frozen=True, slots=True)
class Played:
    """What a click did: the game after it, every move it stored in order, and for Roll on,
    why it stopped. duplicate: the same click delivered twice (nothing more was done; the
    events are those stored the first time). start_cash / start_turn / start_square /
    start_in_jail: before the click (where an account's first turn was, if it moved not).
    rolling: the click was made rolling on, and its next decision's answer goes on rolling."""

    record: GameRecord
    steps: tuple[Step, ...]
    duplicate: bool = False
    stop: Stop | None = None
    start_cash: int = 0
    start_turn: int = 0
    rolling: bool = False
    keep_declining: frozenset[int] = frozenset()
    start_square: int = -1
    start_in_jail: bool = False
    # Money dangers no choice on offer changed: said in the account, not stopped for.
    dangers: tuple[Stop, ...] = ()

    @property
    def orders_used(self) -> tuple[str, ...]:
        """The standing orders (their settings' names) that answered in these moves, in the
        order they first did: what the message offers to undo in one click."""
        return tuple(dict.fromkeys(ORDER_OF_WHY[step.skip.why] for step in self.steps
                                   if step.by == ORDERED and step.skip is not None))

    @property
    def events(self) -> list[Event]:
        return [e for step in self.steps for e in step.events]

    @property
    def last_events(self) -> list[Event]:
        """The last stored move's events: what the board picture is drawn after, as for
        `/monopoly resume` (the log's last entry), so both show the same picture."""
        return list(self.steps[-1].events)


def _square(value: object) -> int:
    """A square number, 0 to 39 (of a square kept declining)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 40:
        raise InvalidRequest(f"a square must be a whole number from 0 to 39, not {value!r}",
                             NOT_A_SQUARE, value=str(value)[:20])
    return value


def plan_for(game: Game, kind: str, way: str = LEAST_RENT) -> Plan | None:
    """The plan of `kind` for the game as it stands (the same state gives the same plan)."""
    if kind == RAISE_TO_BUY:
        return buy_plan(game, way)
    if kind == UNBLOCK:
        return unblock_plan(game, None, way)
    if kind == CASH_OUT:
        return cash_out_plan(game)
    for plan in debt_plans(game):
        if plan.way == way:
            return plan
    return None


class Autoplay:
    """`play`, `roll_on` and `carry_out`: each move stored through the core, under the game's
    lock, exactly as a click's."""

    def __init__(self, core: GameCore) -> None:
        self._core = core
        self._store = core.store  # the service's close() waits for these calls too

    async def _orders(self, user_id: int) -> Orders:
        """The player's standing orders (their settings; one indexed read)."""
        rows = await PlayerRows(self._store.storage).settings(user_id)
        return player_settings_from_rows(rows).orders

    @call
    async def play(self, game_id: int, user_id: int, expected_version: int,
                   action: Action, roll_on: bool = False,
                   keep_declining: frozenset[int] = frozenset(),
                   never_again: bool = False) -> Played:
        """`act`, then every decision that offers one way only, taken (game_core.prompts):
        the player is next asked something that needs them. With `roll_on` (the answer to
        a decision Roll on stopped for), rolling on goes on after it, as after Roll on;
        `keep_declining`: squares whose offers are then declined as the player asked, and
        `never_again` (with Decline) adds the one declined now. Errors as for `act`."""
        checks.a_game_id(game_id)
        checks.an_id(user_id, "a user id")
        checks.a_version(expected_version)
        checks.an_action(action)
        keep = frozenset(_square(i) for i in keep_declining)
        async with self._core.lock_for(game_id):
            record = await self._core.record(game_id, expected_version)
            game = record.game
            if (never_again and roll_on and type(action) is Decline and game.pending == BUY
                    and record.version == expected_version):
                keep |= {game.pending_square}
            return await self._play_from(record, user_id, expected_version, [(action, CLICKED)],
                                         roll_on=roll_on, keep=keep)

    @call
    async def roll_on(self, game_id: int, user_id: int, expected_version: int,
                      keep_declining: frozenset[int] = frozenset()) -> Played:
        """Roll, then roll again, until a decision needs the player, the game ends, the
        cash first falls under what the next roll could cost, or ROLL_ON_TURNS turns
        (game_core.prompts). Errors as for `act` (IllegalActionError: not the time to roll)."""
        checks.a_game_id(game_id)
        checks.an_id(user_id, "a user id")
        checks.a_version(expected_version)
        async with self._core.lock_for(game_id):
            record = await self._core.record(game_id, expected_version)
            return await self._play_from(record, user_id, expected_version, [(Roll(), CLICKED)],
                                         roll_on=True, keep=frozenset(
                                             _square(i) for i in keep_declining))

    @call
    async def carry_out(self, game_id: int, user_id: int, expected_version: int, kind: str,
                        way: str = LEAST_RENT, roll_on: bool = False,
                        keep_declining: frozenset[int] = frozenset()) -> Played:
        """The plan of `kind` (PLAN_KINDS) found for the game at `expected_version`, step by
        step, then the forced ways after it. StaleVersion for an old button;
        IllegalActionError when there is no such plan now."""
        checks.a_game_id(game_id)
        checks.an_id(user_id, "a user id")
        checks.a_version(expected_version)
        if kind not in PLAN_KINDS or way not in WAYS:
            raise IllegalActionError(f"no plan of kind {kind!r} and way {way!r}",
                                     Refusal.UNKNOWN_PLAN, action="plan", plan=str(kind)[:20],
                                     way=str(way)[:20])
        async with self._core.lock_for(game_id):
            record = await self._core.record(game_id, expected_version)
            if record.version != expected_version or record.owner_id != user_id:
                # The first step's write refuses it with the right error (stale, not yours,
                # or a click delivered twice).
                plan = None
            else:
                plan = plan_for(record.game, kind, way)
                if plan is None:
                    raise IllegalActionError(f"there is no way to {kind} now",
                                             Refusal.NO_PLAN, action="plan", plan=kind,
                                             way=way)
            if plan is None:
                first: list[tuple[Action, str]] = [(Roll(), PLANNED)]
            else:
                first = [(a, PLANNED) for a in plan.steps]
                if plan.then is not None:
                    first.append((plan.then, PLANNED))
            return await self._play_from(record, user_id, expected_version, first,
                                         roll_on=roll_on, keep=frozenset(
                                             _square(i) for i in keep_declining))

    async def _play_from(self, record: GameRecord, user_id: int, expected_version: int,
                         chosen: Sequence[tuple[Action, str]], *,
                         roll_on: bool = False, keep: frozenset[int] = frozenset()) -> Played:
        # Rolling on goes on after the answer to a decision, never after a move made while
        # the game waits for a roll (a mortgage at a stop must not roll the dice).
        rolling = roll_on and (record.game.pending != ROLL or type(chosen[0][0]) is Roll)
        follow = Follow(record.game, rolling, keep)  # its orders: read when first needed
        orders_read = False
        first_action, first_by = chosen[0]
        result = await self._core.apply(record, user_id, expected_version, first_action)
        if result.duplicate:
            return Played(result.record, (Step(first_action, result.events, first_by),), True,
                          None, follow.start_cash, follow.start_turn, roll_on, keep,
                          follow.start_square, follow.start_in_jail)
        steps = [Step(first_action, result.events, first_by)]
        record = result.record
        queue = list(chosen[1:])
        try:
            while True:
                skip: Skip | None = None
                if queue and not record.game.is_over:
                    action, by = queue.pop(0)
                else:
                    if not orders_read and may_answer(record.game):
                        follow.orders, orders_read = await self._orders(user_id), True
                    found = follow.next(record.game)
                    if found is None:
                        break
                    action, skip = found
                    by = (ROLLED_ON if skip is None else ORDERED if skip.why in ORDER_WHYS
                          else FORCED)
                result = await self._core.apply(record, user_id, record.version, action)
                steps.append(Step(action, result.events, by, skip))
                record = result.record
        except StaleVersion:
            # Another process moved the game on: what this loop stored stays; show the game
            # as it is now.
            record = await self._core.read(record.id)
        return Played(record, tuple(steps), False, follow.stop, follow.start_cash,
                      follow.start_turn, roll_on, keep, follow.start_square,
                      follow.start_in_jail, tuple(follow.dangers))
