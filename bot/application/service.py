"""The game service: the only way to start or change a stored game.

The database is a bot.storage backend (a SQLite file or PostgreSQL), which this code never
sees beyond that interface. Each action's new state and its log row are stored together by
the backend, in one transaction guarded by the game's version, so the database always holds,
for every game, a state equal to the replay of its log (H3). An old button finds the version
moved on and is refused (StaleVersion); the same click delivered twice is recognised in the
log and applied once.

Concurrency, in one process: actions on one game take that game's asyncio.Lock, so they are
applied one at a time; different games have different locks and never wait for each other.
Across processes (the terminal client on the same file; several bot processes on one
PostgreSQL database) the version guard of the write keeps one writer per game: of two
processes moving a game at once, one stores its move and the other finds the game moved on.
Recently played games are kept decoded in memory (records.LiveGames), so that an action
rarely reads its row.

Every call checks its arguments first (bot.application.checks) and answers with the
service's own errors (bot.errors): a lock held past the busy timeout by another program is
DatabaseBusy, a row that can't be read is DamagedGame for that game alone.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import time
import weakref
from collections.abc import Callable, Mapping
from typing import Any

from game_core import Action, Game, InvalidOptionError, Resign
from game_core.story import GameLog

from bot.errors import (
    ActiveGameExists, DamagedGame, DatabaseBusy, GameFinished, GameNotFound, NotYourGame,
    StaleVersion,
)
from bot.storage import NewGame, Storage, open_storage
from bot.storage import sqlite_file as db

from . import checks, verify
from .autoplay import Autoplay, Played
from .daily_games import SECRET_BYTES as DAILY_SECRET_BYTES
from .daily_games import DailyGames
from .records import (
    ACTIVE, ActResult, FinishedGame, GameRecord, HistoryEntry, LeaderboardRow, LiveGames,
    PlayerStats, action_dict_from_json, after_action, dumps, events_from_json, finished_game,
    game_log_from_rows, history_entry, player_stats, record_from_row, stored_move,
)
from .player_settings import PlayerPrefs
from .seasons import Seasons
from .server_settings import ServerAdmin
from .store import call, refuse_unfinished_copy

__all__ = [
    "ActResult", "FinishedGame", "GameRecord", "GameService", "HistoryEntry", "LeaderboardRow",
    "Played", "PlayerStats",
]

log = logging.getLogger(__name__)
MAX_SEED = checks.MAX_INT  # SQLite integers are signed 64-bit
_RESIGN = Resign()
# start() tries again when the game that blocked it (H1) ended meanwhile; resign() when
# another process moved the game on between its read and its write. Each retry means the
# other side made progress, so a few are plenty; past them: DatabaseBusy, "try again".
_TRIES = 5


def _random_seed() -> int:
    return secrets.randbits(63)

class GameService(Autoplay, DailyGames, ServerAdmin, Seasons, PlayerPrefs):
    def __init__(self, storage: Storage, clock: Callable[[], float],
                 seed_source: Callable[[], int], daily_secret: bytes = b"") -> None:
        super().__init__(storage)
        self._daily_secret = daily_secret  # never logged (issue 12)
        self._clock = clock
        self._seed_source = seed_source
        # A game's lock lives while someone holds or awaits it, then goes away by itself.
        self._game_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())
        self._live = LiveGames()

    @classmethod
    async def open(cls, database: str | os.PathLike[str], *,
                   clock: Callable[[], float] = time.time,
                   seed_source: Callable[[], int] | None = None,
                   busy_timeout_ms: int = db.BUSY_TIMEOUT_MS,
                   read_only: bool = False) -> GameService:
        """Open and migrate `database` (MONOPOLY_DB): a postgresql:// URL, or a SQLite file
        (created, with its folder, owner-only, if needed). DatabaseReadOnly if this process
        can't write the file, DatabaseTooNew if a newer bot upgraded the database.
        `read_only`: to read only (verify-db): no write access needed, nothing written."""
        storage = await open_storage(database, read_only=read_only,
                                     busy_timeout_ms=busy_timeout_ms)
        try:
            await refuse_unfinished_copy(storage)
            # Made at the first start, kept in the database, never logged (issue 12).
            secret = await storage.daily_secret(
                None if read_only else secrets.token_bytes(DAILY_SECRET_BYTES))
        except BaseException:
            await storage.close()
            raise
        return cls(storage, clock, seed_source or _random_seed, secret)

    @property
    def backend(self) -> str:
        """"sqlite" or "postgresql"."""
        return self._storage.backend

    # ---- starting and reading games ---------------------------------------------------

    @call
    async def start(self, owner_id: int, guild_id: int | None, channel_id: int | None, *,
                    edition: str = "us", options: Mapping[str, Any] | None = None,
                    seed: int | None = None) -> GameRecord:
        """A new game for `owner_id`. ActiveGameExists if one is still going (H1); the
        engine's InvalidOptionError for an unknown edition or rule option."""
        checks.an_id(owner_id, "a user id")
        checks.an_optional_id(guild_id, "a server id")
        checks.an_optional_id(channel_id, "a channel id")
        options = checks.options_and_edition(options, edition)
        return await self._create(owner_id, guild_id, channel_id, edition=edition,
                                  options=options, seed=seed, daily_day=None)

    async def _create(self, owner_id: int, guild_id: int | None, channel_id: int | None, *,
                      edition: str, options: Mapping[str, Any] | None, seed: int | None,
                      daily_day: int | None) -> GameRecord:
        """Store a new game in the slot `daily_day` says (None: the ordinary one)."""
        seed = self._seed_source() if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InvalidOptionError(f"a seed must be a whole number from 0 to {MAX_SEED}")
        game = Game.new(seed, options, edition)  # dice from the seed only, so H3 replay holds
        now = self._clock()
        options_dict = game.options.to_dict()
        new_game = NewGame(owner_id=owner_id, guild_id=guild_id, channel_id=channel_id,
                           seed=seed, options=dumps(options_dict), edition=edition,
                           state=dumps(game.to_dict()), created_at=now, updated_at=now,
                           turns=game.turn, rule_set=game.options.rule_set,
                           daily_day=daily_day)
        for _ in range(_TRIES):
            game_id = await self._storage.insert_game(new_game)
            if game_id is not None:
                break
            # H1: the partial unique index refused a second active game (maybe a start
            # from another process that slipped in); name the game that blocks this one.
            active_id = await self._storage.active_game_id(owner_id, daily_day is not None)
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
        self._live.put(record)
        return record

    @call
    async def get(self, game_id: int) -> GameRecord:
        """GameNotFound if there is no such game, DamagedGame if its row can't be read."""
        return await self._get(checks.a_game_id(game_id))

    async def _get(self, game_id: int) -> GameRecord:
        row = await self._storage.game_row(game_id)
        if row is None:
            raise GameNotFound(game_id)
        return record_from_row(row)

    @call
    async def active_game(self, owner_id: int) -> GameRecord | None:
        row = await self._storage.active_game_row(checks.an_id(owner_id, "a user id"))
        return None if row is None else record_from_row(row)

    @call
    async def latest_game(self, owner_id: int) -> GameRecord | None:
        """The player's game in progress, else the last one it played (finished)."""
        checks.an_id(owner_id, "a user id")
        row = await self._storage.latest_game_row(owner_id)
        return None if row is None else record_from_row(row)

    # ---- playing ----------------------------------------------------------------------

    @call
    async def act(self, game_id: int, user_id: int, expected_version: int,
                  action: Action) -> ActResult:
        """Apply `action`, chosen by `user_id` when the game was at `expected_version`.

        NotYourGame, GameFinished, StaleVersion (an old button), or the engine's
        IllegalActionError, and then nothing is stored. The same click delivered twice is
        applied once: the second gets duplicate=True and the events stored the first time.
        """
        checks.a_game_id(game_id)
        checks.an_id(user_id, "a user id")
        checks.a_version(expected_version)
        checks.an_action(action)
        async with self._lock_for(game_id):
            record = self._live.get(game_id, expected_version) or await self._get(game_id)
            return await self._apply(record, user_id, expected_version, action)

    @call
    async def resign(self, game_id: int, user_id: int) -> ActResult:
        """E3: give the game up, whatever its version: when another process moves the game
        on between the read and the write (StaleVersion), read it again and resign that."""
        checks.a_game_id(game_id)
        checks.an_id(user_id, "a user id")
        async with self._lock_for(game_id):
            for _ in range(_TRIES):
                record = await self._get(game_id)
                try:
                    return await self._apply(record, user_id, record.version, _RESIGN)
                except StaleVersion:
                    continue
        raise DatabaseBusy()

    @call
    async def abandon(self, game_id: int, user_id: int) -> None:
        """E3 for a game whose row can't be read (DamagedGame): mark it lost, outcome
        "lost:damaged", from its columns alone, so that its player can start another (H1);
        its state and log stay as they are, for the admin. GameNotFound, NotYourGame,
        GameFinished as for `resign`."""
        checks.a_game_id(game_id)
        checks.an_id(user_id, "a user id")
        async with self._lock_for(game_id):
            found = await self._storage.owner_and_status(game_id)
            if found is None:
                raise GameNotFound(game_id)
            owner_id, status = found
            if owner_id != user_id:
                raise NotYourGame(game_id, owner_id)
            if status != ACTIVE:
                raise GameFinished(game_id)
            now = self._clock()
            abandoned = await self._storage.abandon(game_id, now)
            self._live.drop(game_id)
            if not abandoned:  # another process finished it in between
                raise GameFinished(game_id)
            log.warning("game %d: damaged, given up by its player; state and log kept",
                        game_id)

    @call
    async def set_message(self, game_id: int, channel_id: int | None, message_id: int) -> None:
        """Remember the game's Discord message. channel_id None keeps the stored channel."""
        checks.a_game_id(game_id)
        checks.an_optional_id(channel_id, "a channel id")
        checks.an_id(message_id, "a message id")
        async with self._lock_for(game_id):  # so an action's record can't undo it in the cache
            if not await self._storage.set_message(game_id, channel_id, message_id):
                raise GameNotFound(game_id)
            self._live.set_message(game_id, channel_id, message_id)

    def _lock_for(self, game_id: int) -> asyncio.Lock:
        lock = self._game_locks.get(game_id)
        if lock is None:
            lock = self._game_locks[game_id] = asyncio.Lock()
        return lock

    async def _apply(self, record: GameRecord, user_id: int, expected_version: int,
                     action: Action) -> ActResult:
        if record.owner_id != user_id:
            raise NotYourGame(record.id, record.owner_id)
        if expected_version != record.version:
            return await self._not_current(record, expected_version, action)
        if record.status != ACTIVE:
            raise GameFinished(record.id)
        game = record.game
        events = game.apply(action)  # IllegalActionError: nothing changed, nothing stored
        now = self._clock()
        new = after_action(record, game, now)
        move = stored_move(record, new, action, events)
        try:
            # One transaction, guarded by the version and status (bot.storage): False if
            # the game moved on or ended meanwhile, and then nothing is written.
            stored = await self._storage.store_move(move)
        except BaseException:
            # Cancelled or failed: the statement may still have run (it is atomic either way),
            # so read the game from the database next time.
            self._live.drop(record.id)
            raise
        if not stored:
            # Another process moved the game on since we read (or cached) it.
            self._live.drop(record.id)
            return await self._not_current(await self._get(record.id), expected_version,
                                           action)
        if new.outcome is not None:
            log.info("game %d finished after %d turns: %s, score %d", new.id, new.turns,
                     new.outcome, new.score)
        self._live.put(new)
        return ActResult(new, events, False)

    async def _not_current(self, record: GameRecord, expected_version: int,
                           action: Action) -> ActResult:
        """The action was chosen at another version: a repeat of the action stored right
        after that version is the same click delivered twice; anything else is stale."""
        if 0 <= expected_version < record.version:
            logged = await self._storage.logged(record.id, expected_version + 1)
            if logged is not None:
                action_json, events_json = logged
                if action_dict_from_json(record.id, action_json) == action.to_dict():
                    return ActResult(record, events_from_json(record.id, events_json), True)
        if record.status != ACTIVE:
            raise GameFinished(record.id)
        raise StaleVersion(record.id, expected_version, record.version)

    # ---- reports ----------------------------------------------------------------------

    @call
    async def history(self, game_id: int, *, limit: int = 20,
                      before_seq: int | None = None) -> list[HistoryEntry]:
        """The game's applied actions with their events, newest first."""
        checks.a_game_id(game_id)
        before = checks.MAX_INT if before_seq is None else checks.a_count(before_seq, "before")
        rows = await self._storage.history(game_id, before, checks.a_count(limit, "a limit"))
        if not rows:
            await self._must_exist(game_id)
        return [history_entry(game_id, row) for row in rows]

    @call
    async def leaderboard(self, guild_id: int | None, *, limit: int = 10,
                          offset: int = 0) -> list[LeaderboardRow]:
        """Each player's best standard win (house-rule games never count), best first:
        highest score, ties broken by fewer turns. guild_id None: every server and direct
        messages together."""
        checks.an_optional_id(guild_id, "a server id")
        rows = await self._storage.leaderboard(guild_id, checks.a_count(limit, "a limit"),
                                               checks.a_count(offset, "an offset"))
        return [LeaderboardRow.of(row) for row in rows]

    @call
    async def stats(self, owner_id: int, guild_id: int | None = None) -> PlayerStats:
        """The player's finished games: played, won, lost, win rate; best score and fastest
        win (in turns) of standard games; house-rule games played and won apart. guild_id
        None: everywhere."""
        checks.an_id(owner_id, "a user id")
        checks.an_optional_id(guild_id, "a server id")
        return player_stats(owner_id, await self._storage.stats(owner_id, guild_id))

    @call
    async def finished_games(self, owner_id: int, *, limit: int = 200) -> list[FinishedGame]:
        """The player's newest `limit` finished games, oldest first (the stats chart)."""
        rows = await self._storage.finished(checks.an_id(owner_id, "a user id"),
                                            checks.a_count(limit, "a limit"))
        return [finished_game(row) for row in reversed(rows)]

    @call
    async def game_log(self, game_id: int) -> GameLog:
        """What a replay of the game needs (H3): its seed, options, edition and actions, read
        in one statement (one snapshot). GameNotFound; DamagedGame if the log can't be read
        or isn't whole."""
        checks.a_game_id(game_id)
        rows = await self._storage.game_and_log(game_id)
        if not rows:
            raise GameNotFound(game_id)
        return game_log_from_rows(game_id, rows)

    async def verify(self, game_id: int) -> bool:
        """H3: True when the game's stored state, its status, outcome, score and turns
        columns and its log's events are all exactly the replay of its log from its seed
        (and the log is whole). A damaged row or log, or any difference, gives False.
        GameNotFound if there is no such game."""
        return not await self.damage(game_id)

    @call
    async def damage(self, game_id: int) -> str:
        """What verify() finds wrong with the game, in words for the admin; "" if sound."""
        checks.a_game_id(game_id)
        rows = await self._storage.game_and_log(game_id)
        if not rows:
            raise GameNotFound(game_id)
        found = verify.problem(game_id, rows)
        if not found:  # every column must also read back as a game can be played
            try:
                record = await self._get(game_id)
            except DamagedGame as exc:
                return exc.detail
            found = self._daily_problem(record)
        return found

    @call
    async def game_ids(self, after: int = 0, limit: int = 1000) -> list[int]:
        """Game ids above `after`, in order, `limit` at most: to walk every game."""
        return await self._storage.game_ids(checks.a_count(after, "after"),
                                            checks.a_count(limit, "limit"))

    async def _must_exist(self, game_id: int) -> None:
        if not await self._storage.exists(game_id):
            raise GameNotFound(game_id)


