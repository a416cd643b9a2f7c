"""What the player can do now: one answer for the game message's buttons and the terminal's
keys.

The engine's legal actions are the decisions (Roll, Buy, Build..., and the sell, mortgage
and lift menus); on top of them both clients offer the same one-click ways: Roll on beside
Roll, cashing out when that wins now (M5), Pay it for me on a debt (T4), the plan that
raises the price of an offer the cash can't pay (P1 + M1), the plan that lifts what blocks
building here when a building then follows (P2 + M2), building the stop's street up to a
level in one go (P2: a menu of the levels the cash pays in full, each with its cost), and,
while rolling on, declining for good an offer nobody would take. Worked out once per
message: finding a plan plays trial moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from game_core import Action, BuildTo, Game
from game_core.plans import CASH_OUT, PAY_DEBT, RAISE_TO_BUY, Plan, buy_plan, unblock_plan
from game_core.prompts import can_win_now
from game_core.state import BUILD, BUY, RAISE_FUNDS, ROLL


@dataclass(frozen=True, slots=True)
class Choices:
    actions: tuple[Action, ...]  # the engine's legal actions, in its order
    roll_on: bool  # Roll on, beside Roll
    cash_out: bool  # M5: cashing out everything now breaks the Bank
    pay_debt: bool  # T4: a debt to raise money for (Pay it for me)
    plan: Plan | None  # raise the offer's price (RAISE_TO_BUY), or unblock a build (UNBLOCK)
    decline_for_good: bool  # rolling on: an offer that would stay unowned (no Bank pawn)
    # P2: the levels the stop's street can be built up to now, when there are two or more
    # (a menu offering one thing decides nothing: the one house or hotel has its button).
    build_to: tuple[BuildTo, ...] = ()

    @property
    def plan_kind(self) -> str | None:
        """The one plan a single key carries out (the terminal's `p`), if any."""
        if self.pay_debt:
            return PAY_DEBT
        if self.cash_out:
            return CASH_OUT
        return None if self.plan is None else self.plan.kind


def choices_now(game: Game, *, rolling: bool = False) -> Choices:
    """What the player of `game` can do now; `rolling`: the answer goes on rolling."""
    pending = game.pending
    plan: Plan | None = None
    if pending == BUY:
        plan = buy_plan(game)  # None when the cash pays the price
    elif pending == BUILD:
        found = unblock_plan(game)
        plan = found if found is not None and found.then is not None else None
    actions = tuple(game.legal_actions())
    build_to = tuple(a for a in actions if isinstance(a, BuildTo))
    return Choices(
        actions=actions,
        roll_on=pending == ROLL,
        cash_out=pending == ROLL and can_win_now(game),
        pay_debt=pending == RAISE_FUNDS,
        plan=plan,
        decline_for_good=rolling and pending == BUY and not game.s.pawns_left,
        build_to=build_to if len(build_to) > 1 else (),
    )


__all__ = ["CASH_OUT", "PAY_DEBT", "RAISE_TO_BUY", "Choices", "choices_now"]
