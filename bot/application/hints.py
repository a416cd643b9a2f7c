"""Hints: the advisor's odds for the choice a game waits on, computed in the bot's
worker pool so that the event loop only waits for them.

    hints = HintService(service, workers)        # once, in MonopolyBot.setup_hook
    record, hint = await hints.hint(game_id, user_id, version)

The rollouts are cut into slices of about SLICE_PLAYOUTS games played out
(`game_core.advisor.split`), queued in the pool's later lane (`WorkerPool.run_later`): a
board picture asked meanwhile goes to the first worker free, after the slices already
running only, never behind a whole hint. Rollout i's future depends on i only, so the hint
is the same however it was cut. One hint at a time per player: a second request while one
is being computed gets `AlreadyThinking`. Hints queue oldest first (their slices enter the
later lane in the order they were asked); one asked while others wait is told how many are
ahead of it (`on_wait`). A hint is
about one version of the game: an old button gets `StaleVersion`, like an old move. A hint
reads the game and never changes it.

The advisor's seed comes from the game's number and version, never from the game's own seed
(which holds its future): the same position always gets the same hint, and asking again
can't fish for a luckier answer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import ParamSpec, Protocol, TypeVar

from game_core import Game
from game_core.advisor import DEFAULT_ROLLOUTS, Hint, Tallies, choice_to_data, open_choices
from game_core.advisor import split, summarize
from game_core.advisor import tally_chunk
from game_core.rng import MASK64, mix

from bot.errors import AlreadyThinking, GameFinished, NoHints, NotYourGame, StaleVersion

from .records import ACTIVE, GameRecord
from .service import GameService

__all__ = ["AlreadyThinking", "HintService", "NoHints", "compute_hint", "hint_seed",
           "rollouts_per_choice", "slices", "takes_hints", "warm_advisor"]
log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")


class WorkerPool(Protocol):
    """Where rollouts run: bot.hosting.workers.WorkerPool (processes off the event loop)."""

    @property
    def size(self) -> int: ...

    async def run(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T: ...

    async def run_later(self, fn: Callable[P, T], /, *args: P.args,
                        **kwargs: P.kwargs) -> T: ...


WaitNote = Callable[[int], Awaitable[None]]  # told how many hints are ahead, when any
FEWEST_ROLLOUTS = 200  # per choice, however many choices: below it the intervals say little
HINT_STREAM = 0xAD71_5E55_0000_0013  # the advisor's seeds, apart from every game's own
# Games played out per slice of a hint: about 25 ms of a worker since the rollouts were made
# cheaper (game_core.playout), the longest a board picture can wait behind hints (it waits
# for the slices already running, never for a whole hint).
SLICE_PLAYOUTS = 120


def rollouts_per_choice(rollouts: int, choices: int) -> int:
    """A hint costs about what a two-choice hint of `rollouts` does: raising funds may offer a
    dozen sales and mortgages, each then gets fewer rollouts (never under FEWEST_ROLLOUTS,
    nor above `rollouts`), and its intervals are wider for it (they say so)."""
    if choices <= 2:
        return rollouts
    return min(rollouts, max(FEWEST_ROLLOUTS, 2 * rollouts // choices))


def slices(rollouts: int, choices: int, workers: int) -> int:
    """How many slices a hint is cut into: every worker busy, none long, and as many for
    each worker (17 slices on 2 workers kept one busy a whole slice after the other)."""
    workers = max(1, workers)
    wanted = max(workers, -(-rollouts * max(1, choices) // SLICE_PLAYOUTS))
    return -(-wanted // workers) * workers


def hint_seed(game_id: int, version: int) -> int:
    return mix((HINT_STREAM ^ game_id) & MASK64, version)


def takes_hints(record: GameRecord) -> bool:
    """The daily challenge takes no hints: everyone plays the day's game alone.
    The Hint button isn't shown under a daily, and `/monopoly hint` refuses with NoHints."""
    return record.daily_day is None


def warm_advisor() -> None:
    """For `WorkerPool.warm_up`: import the engine and play a few rollouts in a worker, so
    that the first hint doesn't pay for it."""
    from game_core.advisor import advise

    advise(Game.new(1), rollouts=4, seed=0)


async def compute_hint(workers: WorkerPool, game: Game, seed: int,
                       rollouts: int = DEFAULT_ROLLOUTS) -> Hint:
    """The advisor's hint for `game`, its rollouts cut into slices for the pool's later lane
    (at least one per worker, each about SLICE_PLAYOUTS games played out)."""
    choices = open_choices(game)
    data = game.to_dict()
    choice_data = [choice_to_data(a) for a in choices]
    chunks = split(rollouts, slices(rollouts, len(choices), workers.size))
    parts = await asyncio.gather(*(workers.run_later(tally_chunk, data, choice_data, seed,
                                                     a, b)
                                   for a, b in chunks))
    total = Tallies.from_data(parts[0], len(choices))
    for part in parts[1:]:
        total = total + Tallies.from_data(part, len(choices))
    return summarize(game.version, seed, choices, total)


class HintService:
    def __init__(self, service: GameService, workers: WorkerPool,
                 rollouts: int = DEFAULT_ROLLOUTS) -> None:
        self._service = service
        self._workers = workers
        self.rollouts = rollouts  # per choice, for up to two choices (rollouts_per_choice)
        self._thinking: set[int] = set()  # players whose hint is being computed
        self._queue: list[int] = []  # players whose hint is in the pool, oldest first

    def is_thinking(self, user_id: int) -> bool:
        return user_id in self._thinking

    @property
    def queued(self) -> int:
        """Hints being computed or waiting for the workers."""
        return len(self._queue)

    async def hint(self, game_id: int, user_id: int, version: int | None = None,
                   on_wait: WaitNote | None = None) -> tuple[GameRecord, Hint]:
        """The hint for the game as it is (or as it was at `version`: StaleVersion if it has
        moved on). `on_wait(n)` is awaited first when n hints are ahead of this one.
        AlreadyThinking, GameNotFound, NotYourGame, GameFinished, NoHints."""
        if user_id in self._thinking:
            raise AlreadyThinking(user_id)
        self._thinking.add(user_id)
        try:
            record = await self._service.get(game_id)
            if record.owner_id != user_id:
                raise NotYourGame(game_id, record.owner_id)
            if record.status != ACTIVE:
                raise GameFinished(game_id)
            if version is not None and version != record.version:
                raise StaleVersion(game_id, version, record.version)
            if not takes_hints(record):
                raise NoHints(game_id)
            seed = hint_seed(game_id, record.version)
            rollouts = rollouts_per_choice(self.rollouts, len(open_choices(record.game)))
            ahead = len(self._queue)
            self._queue.append(user_id)
            computing: asyncio.Future[Hint] | None = None
            try:
                # Queued first, then the player told: a hint asked meanwhile goes after it.
                computing = asyncio.ensure_future(
                    compute_hint(self._workers, record.game, seed, rollouts))
                if ahead and on_wait is not None:
                    try:
                        await on_wait(ahead)
                    except Exception:  # noqa: BLE001 -- the note is a courtesy; the hint comes
                        log.warning("game %d: could not say the hint waits", game_id,
                                    exc_info=True)
                hint = await computing
            finally:
                if computing is not None and not computing.done():
                    computing.cancel()  # cancelled while telling the player: not wanted
                self._queue.remove(user_id)
            # Pay it for me and `p` then offer the way it rated best (GameService.hinted).
            self._service.hinted.remember(game_id, hint)
            log.info("game %d: hint at version %d (%d rollouts per choice, %d choices)",
                     game_id, record.version, hint.rollouts, len(hint.choices))
            return record, hint
        finally:
            self._thinking.discard(user_id)
