"""The way of paying a debt the last Hints rated best, per (game, version): Pay it for me,
the Activity's Pay it for me and the terminal's `p` offer it first, so the plan a player is
offered after a Hint is the one it rated best.

One memo per game service (`GameService.hinted`), written by the Hint service, never a
module's: two bots (or a bot and a test's) in one process each remember their own. A hint
is the same for the same game and version (hints.hint_seed), so forgetting one (a restart,
more than HINTED_KEPT games hinted since) only means offering the least-rent way first until
the next Hint.
"""

from __future__ import annotations

from collections import OrderedDict

from game_core.advisor import Hint
from game_core.plans import PAY_DEBT, Plan

HINTED_KEPT = 1000


def listed_first(plans: list[Plan], way: str | None) -> list[Plan]:
    """A debt's plans (plans.debt_plans: the least-rent way first), `way`'s first if given.
    Sorting is stable, so the least-rent way (already first) leaves the list as it is."""
    return sorted(plans, key=lambda plan: plan.way != way) if way else plans


class HintedWays:
    """The best debt way of the newest HINTED_KEPT hints that rated one, oldest forgotten
    first."""

    def __init__(self, kept: int = HINTED_KEPT) -> None:
        self.kept = kept
        self._ways: OrderedDict[tuple[int, int], str] = OrderedDict()

    def __len__(self) -> int:
        return len(self._ways)

    def remember(self, game_id: int, hint: Hint) -> None:
        """Keep the way `hint` rated best, if its best choice is a way of paying a debt."""
        best = hint.best
        plan = best.action if best is not None else None
        if isinstance(plan, Plan) and plan.kind == PAY_DEBT:
            self._ways[game_id, hint.version] = plan.way
            self._ways.move_to_end((game_id, hint.version))
            while len(self._ways) > self.kept:
                self._ways.popitem(last=False)

    def way(self, game_id: int, version: int) -> str | None:
        """The way to pay the debt the Hint rated best at this version, if one was asked."""
        return self._ways.get((game_id, version))

    def first(self, plans: list[Plan], game_id: int, version: int) -> list[Plan]:
        """A debt's plans, the way the Hint rated best at this version first when one was
        asked."""
        return listed_first(plans, self.way(game_id, version))
