"""The game service: the only way to start or change a stored game.

Every action is saved by ONE statement, an insert into the `game_moves` view, whose trigger
(migrations/0001) checks the game's version, writes the new state with
`UPDATE ... WHERE id = ? AND version = ?` and appends the action-log row: SQLite runs a
statement as one transaction, so the state and its log can't part, and the database always
holds, for every game, a state equal to the replay of its log (H3). An old button finds the
version moved on and is refused (StaleVersion); the same click delivered twice is recognised
in the log and applied once.

Concurrency, in one process: actions on one game take that game's asyncio.Lock, so they are
applied one at a time; different games have different locks and never wait for each other.
The connections (one writer, one reader) are bot.store's. Recently played games are kept
decoded in memory (records.LiveGames), so that an action rarely reads its row. Across
processes (the bot and the terminal client on one file) the version guard keeps games sound.

Every call checks its arguments first (bot.checks) and answers with the service's own errors
(bot.errors): a lock held past the busy timeout by another program is DatabaseBusy, a row
that can't be read is DamagedGame for that game alone.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import sqlite3
import time
import weakref
from collections.abc import Callable, Mapping
from typing import Any

import aiosqlite

from game_core import Action, Game, InvalidOptionError, Resign, action_from_dict
from game_core.options import STANDARD
from game_core.story import GameLog

from . import checks, db, verify
from .errors import (
    ActiveGameExists, DamagedGame, DatabaseBusy, GameFinished, GameNotFound, NotYourGame,
    StaleVersion,
)
from .records import (
    ACTIVE, DECODE_ERRORS, GAME_COLUMNS, WON, ActResult, FinishedGame, GameRecord,
    HistoryEntry, LeaderboardRow, LiveGames, PlayerStats, action_dict_from_json, after_action,
    dumps, events_from_json, loads, options_from_json, record_from_row,
)
from .store import Store, call, open_connections

__all__ = [
    "ActResult", "FinishedGame", "GameRecord", "GameService", "HistoryEntry", "LeaderboardRow",
    "PlayerStats",
]

log = logging.getLogger(__name__)
MAX_SEED = checks.MAX_INT  # SQLite integers are signed 64-bit
_RESIGN = Resign()
# start() tries again when the game that blocked it (H1) ended meanwhile; resign() when
# another process moved the game on between its read and its write. Each retry means the
# other side made progress, so a few are plenty; past them: DatabaseBusy, "try again".
_TRIES = 5

_SELECT_GAME = f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?"
_SELECT_ACTIVE = f"SELECT {GAME_COLUMNS} FROM games WHERE owner_id = ? AND status = 'active'"
# The active game if there is one (H1: at most one), else the last one started: two index
# look-ups (games_one_active_per_owner, then games_by_owner), in one statement.
_SELECT_LATEST = (f"SELECT {GAME_COLUMNS} FROM games WHERE id = COALESCE("
                  "(SELECT id FROM games WHERE owner_id = ? AND status = 'active'),"
                  " (SELECT MAX(id) FROM games WHERE owner_id = ?))")
_INSERT_GAME = (
    "INSERT INTO games (owner_id, guild_id, channel_id, seed, options, edition, status, state,"
    " version, created_at, updated_at, turns, rule_set)"
    " VALUES (?, ?, ?, ?, ?, ?, 'active', ?, 0, ?, ?, ?, ?)")
_INSERT_MOVE = (
    "INSERT INTO game_moves (game_id, from_version, state, status, at, finished_at, outcome,"
    " score, turns, action, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_STALE = "stale version"  # the game_moves trigger's refusal
_SELECT_LOGGED = "SELECT action, events FROM actions WHERE game_id = ? AND seq = ?"
_SELECT_ACTIVE_ID = "SELECT id FROM games WHERE owner_id = ? AND status = 'active'"

# Leaderboard: each player's best win (score, then fewer turns), then the players ranked.
# Standard games only: house rules can make a game as easy as one likes.
_LEADERBOARD = """
WITH best AS (
    SELECT owner_id, score, turns, id AS game_id, finished_at,
           ROW_NUMBER() OVER (PARTITION BY owner_id
                              ORDER BY score DESC, turns, finished_at, id) AS pick
    FROM games WHERE status = 'won' AND rule_set = 'standard' {guild_filter}
)
SELECT RANK() OVER (ORDER BY score DESC, turns), owner_id, score, turns, game_id, finished_at
FROM best WHERE pick = 1
ORDER BY score DESC, turns, finished_at, owner_id
LIMIT ? OFFSET ?
"""
# The player's newest finished games (games_finished_by_owner), for the record chart.
_FINISHED = ("SELECT id, status, score, turns, rule_set FROM games"
             " WHERE owner_id = ? AND status != 'active' ORDER BY finished_at DESC, id DESC"
             " LIMIT ?")
# Stats: every finished game counts in played/won/lost; the best score and fastest win are
# standard games' only, and house-rule games are also counted apart.
_STATS = """
SELECT COUNT(*), COALESCE(SUM(status = 'won'), 0), COALESCE(SUM(status = 'lost'), 0),
       MAX(CASE WHEN status = 'won' AND rule_set = 'standard' THEN score END),
       MIN(CASE WHEN status = 'won' AND rule_set = 'standard' THEN turns END),
       COALESCE(SUM(rule_set = 'house'), 0),
       COALESCE(SUM(status = 'won' AND rule_set = 'house'), 0)
FROM games WHERE owner_id = ? AND status != 'active' {guild_filter}
"""


def _random_seed() -> int:
    return secrets.randbits(63)


class GameService(Store):
    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection,
                 checkpointer: db.Checkpointer, clock: Callable[[], float],
                 seed_source: Callable[[], int]) -> None:
        super().__init__(writer, reader, checkpointer)
        self._clock = clock
        self._seed_source = seed_source
        # A game's lock lives while someone holds or awaits it, then goes away by itself.
        self._game_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())
        self._live = LiveGames()

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, clock: Callable[[], float] = time.time,
                   seed_source: Callable[[], int] | None = None,
                   busy_timeout_ms: int = db.BUSY_TIMEOUT_MS) -> GameService:
        """Open (creating it and its folder, owner-only, if needed) and migrate the database
        at `path`. DatabaseReadOnly if this process can't write it, DatabaseTooNew if a newer
        bot upgraded it."""
        connections = await open_connections(path, busy_timeout_ms)
        return cls(*connections, clock, seed_source or _random_seed)

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
        seed = self._seed_source() if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InvalidOptionError(f"a seed must be a whole number from 0 to {MAX_SEED}")
        game = Game.new(seed, options, edition)  # dice from the seed only, so H3 replay holds
        now = self._clock()
        options_dict = game.options.to_dict()
        row = (owner_id, guild_id, channel_id, seed, dumps(options_dict), edition,
               dumps(game.to_dict()), now, now, game.turn, game.options.rule_set)
        for _ in range(_TRIES):
            try:
                cursor = await self._write(_INSERT_GAME, row)
                break
            except sqlite3.IntegrityError:
                # H1: the partial unique index refused a second active game (maybe a start
                # from another process that slipped in); name the game that blocks this one.
                for (active_id,) in await self._read(_SELECT_ACTIVE_ID, (owner_id,)):
                    raise ActiveGameExists(active_id) from None
                # None any more: it ended in between (its last click was in flight). Again.
        else:
            raise DatabaseBusy()
        game_id = cursor.lastrowid
        assert game_id is not None
        self._checkpointer.wrote()
        log.info("game %d started by user %d (%s edition, options %s)", game_id, owner_id,
                 edition, options_dict)
        record = GameRecord(game_id, owner_id, guild_id, channel_id, None, seed, options_dict,
                            edition, ACTIVE, 0, now, now, None, None, 0, game.turn, game)
        self._live.put(record)
        return record

    @call
    async def get(self, game_id: int) -> GameRecord:
        """GameNotFound if there is no such game, DamagedGame if its row can't be read."""
        return await self._get(checks.a_game_id(game_id))

    async def _get(self, game_id: int) -> GameRecord:
        rows = await self._read(_SELECT_GAME, (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return record_from_row(rows[0])

    @call
    async def active_game(self, owner_id: int) -> GameRecord | None:
        rows = await self._read(_SELECT_ACTIVE, (checks.an_id(owner_id, "a user id"),))
        return record_from_row(rows[0]) if rows else None

    @call
    async def latest_game(self, owner_id: int) -> GameRecord | None:
        """The player's game in progress, else the last one it played (finished)."""
        checks.an_id(owner_id, "a user id")
        rows = await self._read(_SELECT_LATEST, (owner_id, owner_id))
        return record_from_row(rows[0]) if rows else None

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
            rows = await self._read("SELECT owner_id, status FROM games WHERE id = ?",
                                    (game_id,))
            if not rows:
                raise GameNotFound(game_id)
            owner_id, status = rows[0]
            if owner_id != user_id:
                raise NotYourGame(game_id, owner_id)
            if status != ACTIVE:
                raise GameFinished(game_id)
            now = self._clock()
            cursor = await self._write(
                "UPDATE games SET status = 'lost', outcome = 'lost:damaged', score = 0,"
                " finished_at = ?, updated_at = ? WHERE id = ? AND status = 'active'",
                (now, now, game_id))
            self._live.drop(game_id)
            if cursor.rowcount != 1:  # another process finished it in between
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
            cursor = await self._write(
                "UPDATE games SET channel_id = COALESCE(?, channel_id), message_id = ?"
                " WHERE id = ?", (channel_id, message_id, game_id))
            if cursor.rowcount != 1:
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
        move = (record.id, record.version, dumps(game.to_dict()), new.status, now,
                new.finished_at, new.outcome, new.score, new.turns, dumps(action.to_dict()),
                dumps([e.to_dict() for e in events]))
        try:
            stored = await self._store(move)
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
        self._checkpointer.wrote()
        if new.outcome is not None:
            log.info("game %d finished after %d turns: %s, score %d", new.id, new.turns,
                     new.outcome, new.score)
        self._live.put(new)
        return ActResult(new, events, False)

    async def _store(self, move: tuple[Any, ...]) -> bool:
        """The new state and its log row, in one statement (one transaction: see the
        game_moves trigger, migrations/0001 and 0003). False if the version guard found the
        game moved on or no longer in progress; then nothing is written."""
        try:
            await self._write(_INSERT_MOVE, move)
        except sqlite3.IntegrityError as exc:
            if str(exc) == _STALE:
                return False
            if "actions." in str(exc):  # the log's key: it holds that entry already
                raise DamagedGame(move[0], f"its action log disagrees with its version "
                                  f"({exc})") from exc
            raise
        return True

    async def _not_current(self, record: GameRecord, expected_version: int,
                           action: Action) -> ActResult:
        """The action was chosen at another version: a repeat of the action stored right
        after that version is the same click delivered twice; anything else is stale."""
        if 0 <= expected_version < record.version:
            rows = await self._read(_SELECT_LOGGED, (record.id, expected_version + 1))
            for action_json, events_json in rows:
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
        rows = await self._read(
            "SELECT seq, action, events, at FROM actions WHERE game_id = ? AND seq < ?"
            " ORDER BY seq DESC LIMIT ?", (game_id, before, checks.a_count(limit, "a limit")))
        if not rows:
            await self._must_exist(game_id)
        return [HistoryEntry(seq, action_dict_from_json(game_id, action),
                             events_from_json(game_id, events), at)
                for seq, action, events, at in rows]

    @call
    async def leaderboard(self, guild_id: int | None, *, limit: int = 10,
                          offset: int = 0) -> list[LeaderboardRow]:
        """Each player's best standard win (house-rule games never count), best first:
        highest score, ties broken by fewer turns. guild_id None: every server and direct
        messages together."""
        checks.an_optional_id(guild_id, "a server id")
        sql, params = _with_guild(_LEADERBOARD, guild_id, ())
        rows = await self._read(sql, (*params, checks.a_count(limit, "a limit"),
                                      checks.a_count(offset, "an offset")))
        return [LeaderboardRow(*row) for row in rows]

    @call
    async def stats(self, owner_id: int, guild_id: int | None = None) -> PlayerStats:
        """The player's finished games: played, won, lost, win rate; best score and fastest
        win (in turns) of standard games; house-rule games played and won apart. guild_id
        None: everywhere."""
        checks.an_id(owner_id, "a user id")
        checks.an_optional_id(guild_id, "a server id")
        sql, params = _with_guild(_STATS, guild_id, (owner_id,))
        rows = await self._read(sql, params)
        played, won, lost, best, fastest, house_played, house_won = rows[0]
        return PlayerStats(owner_id, played, won, lost, won / played if played else 0.0,
                           best, fastest, house_played, house_won)

    @call
    async def finished_games(self, owner_id: int, *, limit: int = 200) -> list[FinishedGame]:
        """The player's newest `limit` finished games, oldest first (the stats chart)."""
        rows = await self._read(_FINISHED, (checks.an_id(owner_id, "a user id"),
                                            checks.a_count(limit, "a limit")))
        return [FinishedGame(status == WON, score, turns, rule_set == STANDARD)
                for _game_id, status, score, turns, rule_set in reversed(rows)]

    @call
    async def game_log(self, game_id: int) -> GameLog:
        """What a replay of the game needs (H3): its seed, options, edition and actions, read
        in one statement (one snapshot). GameNotFound; DamagedGame if the log can't be read
        or isn't whole."""
        checks.a_game_id(game_id)
        rows = await self._read(verify.SELECT_GAME_AND_LOG, (game_id, game_id))
        if not rows or rows[0][0] != 0:
            raise GameNotFound(game_id)
        _, seed, options, edition, version, *_ = rows[0]
        entries = rows[1:]
        try:
            if [row[0] for row in entries] != list(range(1, version + 1)):
                raise DamagedGame(game_id, "its action log is not whole")
            actions = tuple(action_from_dict(loads(row[1])) for row in entries)
        except DECODE_ERRORS as exc:
            raise DamagedGame(game_id, f"its action log can't be read ({exc})") from exc
        return GameLog(seed, options_from_json(game_id, options), edition, actions)

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
        rows = await self._read(verify.SELECT_GAME_AND_LOG, (game_id, game_id))
        if not rows or rows[0][0] != 0:
            raise GameNotFound(game_id)
        found = verify.problem(game_id, rows)
        if not found:  # every column must also read back as a game can be played
            try:
                await self._get(game_id)
            except DamagedGame as exc:
                return exc.detail
        return found

    @call
    async def game_ids(self, after: int = 0, limit: int = 1000) -> list[int]:
        """Game ids above `after`, in order, `limit` at most: to walk every game."""
        rows = await self._read("SELECT id FROM games WHERE id > ? ORDER BY id LIMIT ?",
                                (checks.a_count(after, "after"), checks.a_count(limit, "limit")))
        return [game_id for (game_id,) in rows]

    async def _must_exist(self, game_id: int) -> None:
        if not await self._read("SELECT 1 FROM games WHERE id = ?", (game_id,)):
            raise GameNotFound(game_id)


def _with_guild(template: str, guild_id: int | None,
                params: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]]:
    """The query for one server or, with None, for all (two texts, so each can use its
    index rather than an `? IS NULL OR` that defeats them)."""
    if guild_id is None:
        return template.format(guild_filter=""), params
    return template.format(guild_filter="AND guild_id = ?"), (*params, guild_id)

