"""The one writer of every game: what the game service and its parts (bot.application.
autoplay, bot.application.daily_games) store a game or a move through.

Each action's new state and its log row are stored together by the backend, in one
transaction guarded by the game's version, so the database always holds, for every game, a
state equal to the replay of its log (H3). An old button finds the version moved on and is
refused (StaleVersion); the same click delivered twice is recognised in the log and applied
once.

Concurrency, in one process: actions on one game take that game's asyncio.Lock, so they are
applied one at a time; different games have different locks and never wait for each other.
Across processes (the terminal client on the same file; several bot processes on one
PostgreSQL database) the version guard of the write keeps one writer per game: of two
processes moving a game at once, one stores its move and the other finds the game moved on.
Recently played games are kept decoded in memory (records.LiveGames), so that an action
rarely reads its row.

Nothing here checks its arguments: the public calls that use it do (bot.application.checks).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game_core import Action, Event, Game, InvalidOptionError

from bot.errors import (
    ActiveGameExists, DatabaseBusy, GameFinished, GameNotFound, NotYourGame, StaleVersion,
)
from bot.storage import NewGame, Storage

from . import checks
from .records import (
    ACTIVE, ActResult, GameRecord, LiveGames, action_dict_from_json, after_action, dumps,
    events_from_json, record_from_row, stored_move,
)
from .store import Store

# The service's logger: games started and finished are logged under the name they always were.
log = logging.getLogger("bot.application.service")
MAX_SEED = checks.MAX_INT  # SQLite integers are signed 64-bit
# create() tries again when the game that blocked it (H1) ended meanwhile; the service's
# resign() when another process moved the game on between its read and its write. Each retry
# means the other side made progress, so a few are plenty; past them: DatabaseBusy.
TRIES = 5


class GameCore:
    """The storage (behind its Store, which close() goes through), the clock, the games'
    locks and the cache of live games: reading, creating and moving one game."""

    def __init__(self, storage: Storage, clock: Callable[[], float],
                 seed_source: Callable[[], int]) -> None:
        self.store = Store(storage)
        self.storage = storage
        self.clock = clock  # replaceable: every part reads the time through now()
        self._seed_source = seed_source
        # A game's lock lives while someone holds or awaits it, then goes away by itself.
        self._game_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())
        self.live = LiveGames()
        # Called with each game this process creates or moves, once stored (the Activity's
        # open views listen here: a click on the message moves the board). Each must be
        # quick and never raise: it runs inside the move's lock.
        self.on_change: list[Callable[[GameRecord, Sequence[Event]], None]] = []

    def now(self) -> float:
        return self.clock()

    def lock_for(self, game_id: int) -> asyncio.Lock:
        lock = self._game_locks.get(game_id)
        if lock is None:
            lock = self._game_locks[game_id] = asyncio.Lock()
        return lock

    async def read(self, game_id: int) -> GameRecord:
        """The game as stored. GameNotFound; DamagedGame if its row can't be read."""
        row = await self.storage.game_row(game_id)
        if row is None:
            raise GameNotFound(game_id)
        return record_from_row(row)

    async def record(self, game_id: int, version: int) -> GameRecord:
        """The game at `version` from the cache, else as stored (at whatever version)."""
        return self.live.get(game_id, version) or await self.read(game_id)

    async def create(self, owner_id: int, guild_id: int | None, channel_id: int | None, *,
                     edition: str, options: Mapping[str, Any] | None, seed: int | None,
                     daily_day: int | None) -> GameRecord:
        """Store a new game in the slot `daily_day` says (None: the ordinary one)."""
        seed = self._seed_source() if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InvalidOptionError(f"a seed must be a whole number from 0 to {MAX_SEED}")
        game = Game.new(seed, options, edition)  # dice from the seed only, so H3 replay holds
        now = self.clock()
        options_dict = game.options.to_dict()
        new_game = NewGame(owner_id=owner_id, guild_id=guild_id, channel_id=channel_id,
                           seed=seed, options=dumps(options_dict), edition=edition,
                           state=dumps(game.to_dict()), created_at=now, updated_at=now,
                           turns=game.turn, rule_set=game.options.rule_set,
                           daily_day=daily_day)
        for _ in range(TRIES):
            game_id = await self.storage.insert_game(new_game)
            if game_id is not None:
                break
            # H1: the partial unique index refused a second active game (maybe a start
            # from another process that slipped in); name the game that blocks this one.
            active_id = await self.storage.active_game_id(owner_id, daily_day is not None)
            if active_id is not None:
                raise ActiveGameExists(active_id)
            # None any more: it ended in between (its last click was in flight). Again.
        else:
            raise DatabaseBusy()
        # The seed is not logged: a daily's would tell the day's dice to whoever reads it.
        log.info("game %d started by user %d (%s edition, options %s%s)", game_id, owner_id,
                 edition, options_dict, "" if daily_day is None else ", daily")
        record = GameRecord(id=game_id, owner_id=owner_id, guild_id=guild_id,
                            channel_id=channel_id, message_id=None, seed=seed,
                            options=options_dict, edition=edition, status=ACTIVE, version=0,
                            created_at=now, updated_at=now, finished_at=None, outcome=None,
                            score=0, turns=game.turn, game=game, daily_day=daily_day)
        self.live.put(record)
        self._changed(record, ())
        return record

    def _changed(self, record: GameRecord, events: Sequence[Event]) -> None:
        for listener in self.on_change:
            try:
                listener(record, events)
            except Exception:  # noqa: BLE001 -- a listener's bug must not undo a stored move
                log.exception("game %d: a change listener failed", record.id)

    async def apply(self, record: GameRecord, user_id: int, expected_version: int,
                    action: Action) -> ActResult:
        """Store `action` as the game's next move; the caller holds the game's lock."""
        if record.owner_id != user_id:
            raise NotYourGame(record.id, record.owner_id)
        if expected_version != record.version:
            return await self._not_current(record, expected_version, action)
        if record.status != ACTIVE:
            raise GameFinished(record.id)
        game = record.game
        events = game.apply(action)  # IllegalActionError: nothing changed, nothing stored
        now = self.clock()
        new = after_action(record, game, now)
        move = stored_move(record, new, action, events)
        try:
            # One transaction, guarded by the version and status (bot.storage): False if
            # the game moved on or ended meanwhile, and then nothing is written.
            stored = await self.storage.store_move(move)
        except BaseException:
            # Cancelled or failed: the statement may still have run (it is atomic either way),
            # so read the game from the database next time.
            self.live.drop(record.id)
            raise
        if not stored:
            # Another process moved the game on since we read (or cached) it.
            self.live.drop(record.id)
            return await self._not_current(await self.read(record.id), expected_version,
                                           action)
        if new.outcome is not None:
            log.info("game %d finished after %d turns: %s, score %d", new.id, new.turns,
                     new.outcome, new.score)
        self.live.put(new)
        self._changed(new, events)
        return ActResult(new, events, False)

    async def _not_current(self, record: GameRecord, expected_version: int,
                           action: Action) -> ActResult:
        """The action was chosen at another version: a repeat of the action stored right
        after that version is the same click delivered twice; anything else is stale."""
        if 0 <= expected_version < record.version:
            logged = await self.storage.logged(record.id, expected_version + 1)
            if logged is not None:
                action_json, events_json = logged
                if action_dict_from_json(record.id, action_json) == action.to_dict():
                    return ActResult(record, events_from_json(record.id, events_json), True)
        if record.status != ACTIVE:
            raise GameFinished(record.id)
        raise StaleVersion(record.id, expected_version, record.version)
