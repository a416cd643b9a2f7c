"""Clicks per game and per turn: seeded games played by `focus` through the prompts
a player sees, before (plain Roll, every prompt) and after (Roll on, no empty prompts, Pay it
for me), and with standing orders. Target: at most 0.5 clicks per turn on average (0.30 with
the standing orders), at most one message edit per click.

Each click is found on the controls the cogs build for the game as it stands
(cogs.play.message.build_controls: its buttons and menus), and fails the run if it isn't
there. What follows a click is game_core.prompts.Follow, the rules the service follows to
store it (the forced ways, and Roll on's rolls): the same moves, played on the engine instead
of stored, so that 1,000 games take a minute, not an hour of database writes.

- before: every action focus takes is one click (a button, or one option of a menu), as the
  bot showed it before Roll on and plans (Roll beside nothing, every prompt asked).
- after: focus's Roll becomes a click on Roll on, and the answer to a decision it stopped
  for goes on rolling; a debt is Pay it for me, then its confirm step (two clicks, whatever
  the number of sales); a win within reach is Cash out (one click); an offer focus will
  never take (outside its four groups, or a group the Bank has a share of) that would stay
  unowned (no Bank pawn left) is "Decline, don't offer it again"; two buildings or more
  that focus puts up in a row at one stop are one pick of the build menu ("up to N", P2);
  the decisions offering one way only are never asked; every other action is the same
  click as before.
- orders: as after, for a player who set once the standing orders focus would
  (EXPERT_ORDERS: build keeping focus's reserve of 20, decline where the Bank has a share,
  pay debts the least-rent way; game_core.orders, applied as the service applies them) and
  turned Pay it for me's confirm step off: what those cover is no click.
It also counts where Roll on stopped, by kind, and the stops that decided nothing (`Stops`),
and the money dangers it said in the account instead of stopping.
A click is answered by one edit of the game message (the picture rides with it when drawn
in time; bench/interaction.py times that part). Turns are the game's turns when it ended.

Run: .venv/bin/python bench/clicks.py [--games 1000] [--seed 0]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import time
from typing import Any

import discord

from bot.application.records import ACTIVE, GameRecord
from cogs.play.message import build_controls
from cogs.common.custom_ids import split_rolling
from game_core import Action, BuildHotel, BuildHouse, BuildTo, Decline, Game, Roll
from game_core.orders import NO_ORDERS, Orders
from game_core.plans import LEAST_RENT, apply_plan, cash_out_plan, debt_plan
from game_core.prompts import (
    STOP_CHOICE, STOP_LOSS, STOP_OVER, STOP_RISK, STOP_TURNS, Follow, can_win_now,
    danger_decides,
)
from game_core.board import SQUARES
from game_core.rules import owns_any
from game_core.state import BANK, BUILD, BUY, RAISE_FUNDS, ROLL
from game_core.strategies import FOCUS_GROUPS, Strategy, make_strategy

MAX_CLICKS = 2000
# What focus would set once (game_core.orders): build down to its own reserve of 20, decline
# what the Bank has a share of (focus never buys there), pay debts its least-rent way.
EXPERT_ORDERS = Orders(build_reserve=20, decline_bank_groups=True, pay_debts=True)
MENUS = {"sell_building": "sell", "mortgage": "mortgage", "lift_mortgage": "lift"}


def record_of(game: Game) -> GameRecord:
    return GameRecord(1, 1, None, None, None, game.s.seed, game.options.to_dict(), game.edition,
                      ACTIVE, game.version, 0.0, 0.0, None, None, 0, game.turn, game)


def controls(game: Game, preview: bool = False, rolling: bool = False,
             keep: frozenset[int] = frozenset()) -> dict[str, list[str]]:
    """What the game message offers now: each button's action (the last part of its
    custom_id, ".on" when answering goes on rolling) and each menu's kind with its
    options' values."""
    # Pay it for me's confirm step as without a Hint: the least-rent way listed first.
    view = build_controls(record_of(game), locale="en",
                          preview=LEAST_RENT if preview else None, rolling=rolling, keep=keep)
    offered: dict[str, list[str]] = {}
    for child in view.children:
        item = getattr(child, "item", child)  # a DynamicItem wraps its button or menu
        custom_id = getattr(item, "custom_id", None) or ""
        name = custom_id.rsplit(":", 1)[-1]
        base, on, _ = split_rolling(name)
        name = base + ".on" if on and base != "roll_on" else base
        if isinstance(item, discord.ui.Select):
            offered[name] = [o.value for o in item.options]
        elif custom_id:
            offered[name] = []
    return offered


def click(game: Game, what: str, square: int = -1, preview: bool = False,
          rolling: bool = False, keep: frozenset[int] = frozenset()) -> None:
    """Fail unless the message shows this control (and this menu option)."""
    offered = controls(game, preview, rolling, keep)
    if rolling and what not in ("roll", "roll_on"):
        what += ".on"
    if what not in offered:
        raise AssertionError(f"turn {game.turn}: no {what!r} control among {sorted(offered)}")
    if square >= 0 and str(square) not in offered[what]:
        raise AssertionError(f"turn {game.turn}: square {square} not in the {what} menu")


def control_of(action: Action) -> tuple[str, int]:
    kind = action.type
    if kind in MENUS:
        return MENUS[kind], action.square  # type: ignore[attr-defined]
    return kind, -1


def play_before(seed: int) -> tuple[int, int, int]:
    """(clicks, edits, turns) of one game with every prompt asked."""
    game, focus = Game.new(seed), make_strategy("focus")
    clicks = 0
    while not game.is_over and clicks < MAX_CLICKS:
        action = focus.choose(game)
        click(game, *control_of(action))
        game.apply(action)
        clicks += 1
    return clicks, clicks, game.turn


def never_wanted(game: Game) -> bool:
    """focus never buys this offer, whatever its cash: outside its four groups, or in a group
    the Bank has a share of (the Bank never sells, E1)."""
    sq = game.pending_square
    return SQUARES[sq].group not in FOCUS_GROUPS or owns_any(game.s, sq, BANK)


def build_level(game: Game, focus: Strategy) -> int:
    """The level focus builds the stop's street up to, one building at a time, before it
    finishes the stop (P2): what one pick of the build menu does at once."""
    trial, square = game.copy(), game.pending_square
    while trial.pending == BUILD:
        action = focus.choose(trial)
        if not isinstance(action, (BuildHouse, BuildHotel)):
            break
        trial.apply(action)
    return trial.s.buildings[square]


class Stops:
    """Where Roll on stopped, by kind, and how many of those stops decided nothing: a money
    stop no choice on offer changes (game_core.prompts.danger_decides), or the turn limit
    (there for the message's size). A choice stop is a decision (empty ones are taken for
    the player); a win stop offers Cash out. Dangers said in the account instead of a
    stop are counted apart."""

    def __init__(self) -> None:
        self.kinds: collections.Counter[str] = collections.Counter()
        self.empty: collections.Counter[str] = collections.Counter()
        self.told: collections.Counter[str] = collections.Counter()

    def seen(self, game: Game, follow_on: Follow) -> None:
        for danger in getattr(follow_on, "dangers", ()):
            self.told[danger.why] += 1
        stop = follow_on.stop
        if stop is None or stop.why == STOP_OVER:
            return
        self.kinds[stop.why] += 1
        if stop.why == STOP_TURNS or (stop.why in (STOP_RISK, STOP_LOSS)
                                      and not danger_decides(game, stop)):
            self.empty[stop.why] += 1

    def report(self) -> str:
        total, empty = sum(self.kinds.values()), sum(self.empty.values())
        parts = [f"{kind} {count:,} ({self.empty[kind]:,} empty)"
                 for kind, count in self.kinds.most_common()]
        told = ", ".join(f"{kind} {count:,}" for kind, count in self.told.most_common())
        return (f"Roll on stops: {total:,}, {empty:,} empty (decided nothing): "
                + ", ".join(parts) + f"; dangers said in the account instead: {told or 'none'}"
                + f" (a stop for a decision is '{STOP_CHOICE}')")


STOPS = Stops()


def follow(game: Game, follow_on: Follow) -> None:
    while (found := follow_on.next(game)) is not None:
        game.apply(found[0])
    if follow_on.roll_on:
        STOPS.seen(game, follow_on)


def play_after(seed: int, kinds: collections.Counter[str], orders: Orders = NO_ORDERS,
               confirm: bool = True) -> tuple[int, int, int]:
    """(clicks, edits, turns) of one game with Roll on (the answer to a decision it stopped
    for goes on rolling), no empty prompts, Pay it for me, Cash out once it wins, and the
    offers the Bank can no longer take declined for good; with `orders`, the player's
    standing orders answer what they cover (game_core.orders, as the service applies them);
    `confirm`: Pay it for me lists its plan first (the setting's default)."""
    game, focus = Game.new(seed), make_strategy("focus")
    clicks = edits = 0
    rolling = False
    keep: frozenset[int] = frozenset()
    while not game.is_over and clicks < MAX_CLICKS:
        if game.pending == RAISE_FUNDS:
            click(game, "plan_debt", rolling=rolling, keep=keep)  # the plan is listed...
            if confirm:
                click(game, "plan_debt_go", preview=True, rolling=rolling, keep=keep)  # done
            plan = debt_plan(game)
            assert plan is not None
            after = Follow(game, rolling, keep, orders)
            apply_plan(game, plan)
            follow(game, after)
            clicks, edits = clicks + 1 + confirm, edits + 1 + confirm
            kinds["pay it for me (2 clicks)" if confirm else "pay it for me"] += 1 + confirm
            continue
        action = focus.choose(game)
        if game.pending == ROLL and can_win_now(game) and not isinstance(action, Roll):
            click(game, "plan_cash_out", rolling=rolling, keep=keep)  # focus cashes out
            plan = cash_out_plan(game)
            assert plan is not None
            apply_plan(game, plan)
            clicks, edits = clicks + 1, edits + 1
            kinds["cash out"] += 1
            continue
        roll_on = game.pending == ROLL and isinstance(action, Roll)
        if roll_on:
            click(game, "roll_on", rolling=rolling, keep=keep)
            kinds["roll on"] += 1
            rolling = True
        elif (rolling and isinstance(action, Decline) and game.pending == BUY
              and not game.s.pawns_left and never_wanted(game)):
            # It stays unowned and focus will never want it: don't offer it again.
            click(game, "decline_always", rolling=rolling, keep=keep)
            kinds["decline for good"] += 1
            keep |= {game.pending_square}
        elif (game.pending == BUILD and isinstance(action, (BuildHouse, BuildHotel))
              and str(level := build_level(game, focus)) in controls(
                  game, rolling=rolling, keep=keep).get("build.on" if rolling else "build",
                                                        [])
              and level - game.s.buildings[game.pending_square] >= 2):
            # Two buildings or more in a row at one stop: one pick of "build up to N".
            click(game, "build", level, rolling=rolling, keep=keep)
            kinds["build up to N"] += 1
            action = BuildTo(level)
        else:
            what, square = control_of(action)
            click(game, what, square, rolling=rolling, keep=keep)
            kinds[what] += 1
        # As the service: rolling goes on after the answer to a decision, never after a
        # move made while the game waits for a roll.
        after = Follow(game, roll_on or (rolling and game.pending != ROLL), keep, orders)
        game.apply(action)
        follow(game, after)
        clicks, edits = clicks + 1, edits + 1
    return clicks, edits, game.turn


def summary(label: str, rows: list[tuple[int, int, int]]) -> float:
    clicks = sum(r[0] for r in rows)
    edits = sum(r[1] for r in rows)
    turns = sum(r[2] for r in rows)
    per_turn = clicks / turns
    print(f"{label:<8} {clicks / len(rows):8.1f} {edits / len(rows):8.1f} "
          f"{turns / len(rows):8.1f} {per_turn:10.3f} {edits / clicks:12.2f}")
    return per_turn


async def main(games: int, seed: int) -> None:
    started = time.perf_counter()
    before = [play_before(seed + i) for i in range(games)]
    kinds: collections.Counter[str] = collections.Counter()
    after = [play_after(seed + i, kinds) for i in range(games)]
    after_stops = STOPS.report()
    STOPS.__init__()  # type: ignore[misc]
    ordered: collections.Counter[str] = collections.Counter()
    with_orders = [play_after(seed + i, ordered, EXPERT_ORDERS, confirm=False)
                   for i in range(games)]
    print(f"{games:,} seeded games (seeds {seed}-{seed + games - 1}) played by focus through "
          f"the game message's controls, in {time.perf_counter() - started:.0f} s")
    print(f"{'flow':<8} {'clicks':>8} {'edits':>8} {'turns':>8} {'clicks/turn':>10} "
          f"{'edits/click':>12}   (per game)")
    summary("before", before)
    per_turn = summary("after", after)
    ordered_per_turn = summary("orders", with_orders)
    for label, counted in (("after", kinds), ("orders", ordered)):
        total = sum(counted.values())
        print(f"{label}, clicks by control: " + ", ".join(
            f"{kind} {count / total:.0%}" for kind, count in counted.most_common()))
    print(f"clicks per turn: {per_turn:.3f} (after); {ordered_per_turn:.3f} with the standing "
          f"orders {EXPERT_ORDERS} and Pay it for me's confirm step off")
    print("after: " + after_stops)
    print("orders: " + STOPS.report())


def parse(argv: Any = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = parse()
    asyncio.run(main(args.games, args.seed))
