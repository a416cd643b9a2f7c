"""The game service: the only way to start or change a stored game.

The database is a bot.storage backend (a SQLite file or PostgreSQL), which this code never
sees beyond that interface; bot.application.core is the one writer of every game (versions,
locks, the cache of live games).

GameService is made of parts, each given only what it needs and reached as an attribute:
- `autoplay` (core): moves made for the player: play, roll_on, carry_out;
- `daily` (core, the daily secret): the daily challenge's slot, board and streaks;
- `servers` (storage, clock): a server's settings and moderation;
- `seasons` (storage, clock): the seasons' boards and their announcements;
- `prefs` (the store): a player's own settings.
Its own methods start, read, move and report on games.

Every call checks its arguments first (bot.application.checks) and answers with the
service's own errors (bot.errors): a lock held past the busy timeout by another program is
DatabaseBusy, a row that can't be read is DamagedGame for that game alone.
"""

from __future__ import annotations

import logging
import os
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from game_core import Action, Resign
from game_core.story import GameLog

from bot.errors import (
    DamagedGame, DatabaseBusy, GameFinished, GameNotFound, NotYourGame, StaleVersion,
)
from bot.storage import Storage, open_storage
from bot.storage import sqlite_file as db

from . import checks, verify
from .autoplay import Autoplay, Played
from .core import TRIES, GameCore
from .daily_games import SECRET_BYTES as DAILY_SECRET_BYTES
from .daily_games import DailyGames
from .hinted import HintedWays
from .launches import ActivityLaunches
from .player_settings import PlayerPrefs
from .records import (
    ACTIVE, ActResult, FinishedGame, GameRecord, HistoryEntry, LeaderboardRow, PlayerStats,
    finished_game, game_log_from_rows,
    history_entry, player_stats, record_from_row,
)
from .seasons import Seasons
from .server_settings import ServerAdmin
from .store import call, refuse_unfinished_copy

__all__ = [
    "ActResult", "FinishedGame", "GameRecord", "GameService", "HistoryEntry", "LeaderboardRow",
    "Played", "PlayerStats",
]

log = logging.getLogger(__name__)
_RESIGN = Resign()


def _random_seed() -> int:
    return secrets.randbits(63)


class GameService:
    def __init__(self, storage: Storage, clock: Callable[[], float],
                 seed_source: Callable[[], int], daily_secret: bytes = b"") -> None:
        self.core = core = GameCore(storage, clock, seed_source)
        self._store = core.store  # every part's calls are counted there: see close()
        self._storage = storage
        self.autoplay = Autoplay(core)
        self.daily = DailyGames(core, daily_secret)  # the secret is never logged
        self.servers = ServerAdmin(storage, core.now)
        self.seasons = Seasons(storage, core.now)
        self.prefs = PlayerPrefs(core.store)
        self.launches = ActivityLaunches(core.store, core.now)  # the Activity's launches
        self.hinted = HintedWays()  # the debt way the last Hints rated best (hints.py writes)

    @classmethod
    async def open(cls, database: str | os.PathLike[str], *,
                   clock: Callable[[], float] = time.time,
                   seed_source: Callable[[], int] | None = None,
                   busy_timeout_ms: int = db.BUSY_TIMEOUT_MS,
                   read_only: bool = False,
                   wrap: Callable[[Storage], Storage] | None = None) -> GameService:
        """Open and migrate `database` (MONOPOLY_DB): a postgresql:// URL, or a SQLite file
        (created, with its folder, owner-only, if needed). DatabaseReadOnly if this process
        can't write the file, DatabaseTooNew if a newer bot upgraded the database.
        `read_only`: to read only (verify-db): no write access needed, nothing written.
        `wrap`: what the storage is wrapped in (the bot's metrics time its calls)."""
        storage = await open_storage(database, read_only=read_only,
                                     busy_timeout_ms=busy_timeout_ms)
        if wrap is not None:
            storage = wrap(storage)
        try:
            await refuse_unfinished_copy(storage)
            # Made at the first start, kept in the database, never logged.
            secret = await storage.daily_secret(
                None if read_only else secrets.token_bytes(DAILY_SECRET_BYTES))
        except BaseException:
            await storage.close()
            raise
        return cls(storage, clock, seed_source or _random_seed, secret)

    async def close(self) -> None:
        """Let the calls already running (of every part) finish, then close the storage; a
        call made after this is a RuntimeError."""
        await self._store.close()

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
        return await self.core.create(owner_id, guild_id, channel_id, edition=edition,
                                       options=options, seed=seed, daily_day=None)

    @call
    async def get(self, game_id: int) -> GameRecord:
        """GameNotFound if there is no such game, DamagedGame if its row can't be read."""
        return await self.core.read(checks.a_game_id(game_id))

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
        async with self.core.lock_for(game_id):
            record = await self.core.record(game_id, expected_version)
            return await self.core.apply(record, user_id, expected_version, action)

    @call
    async def resign(self, game_id: int, user_id: int) -> ActResult:
        """E3: give the game up, whatever its version: when another process moves the game
        on between the read and the write (StaleVersion), read it again and resign that."""
        checks.a_game_id(game_id)
        checks.an_id(user_id, "a user id")
        async with self.core.lock_for(game_id):
            for _ in range(TRIES):
                record = await self.core.read(game_id)
                try:
                    return await self.core.apply(record, user_id, record.version, _RESIGN)
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
        async with self.core.lock_for(game_id):
            found = await self._storage.owner_and_status(game_id)
            if found is None:
                raise GameNotFound(game_id)
            owner_id, status = found
            if owner_id != user_id:
                raise NotYourGame(game_id, owner_id)
            if status != ACTIVE:
                raise GameFinished(game_id)
            now = self.core.now()
            abandoned = await self._storage.abandon(game_id, now)
            self.core.live.drop(game_id)
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
        async with self.core.lock_for(game_id):  # so an action's record can't undo it in the cache
            if not await self._storage.set_message(game_id, channel_id, message_id):
                raise GameNotFound(game_id)
            self.core.live.set_message(game_id, channel_id, message_id)

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
                record = await self.core.read(game_id)
            except DamagedGame as exc:
                return exc.detail
            found = self.daily.problem(record)
        return found

    @call
    async def game_ids(self, after: int = 0, limit: int = 1000) -> list[int]:
        """Game ids above `after`, in order, `limit` at most: to walk every game."""
        return await self._storage.game_ids(checks.a_count(after, "after"),
                                            checks.a_count(limit, "limit"))

    async def _must_exist(self, game_id: int) -> None:
        if not await self._storage.exists(game_id):
            raise GameNotFound(game_id)


