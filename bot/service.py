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
Writes go through one connection (SQLite has a single writer anyway); being single
statements, they need no lock around them and queue up in that connection's thread. Reads
use a second connection, which in WAL mode sees committed data only. A third copies the
write-ahead log back into the database every few hundred writes (db.Checkpointer). Recently
played games are kept decoded in memory (records.LiveGames), so that an action rarely reads
its row. Across processes (the bot and the terminal client on one file) the version guard
keeps games sound.
"""

from __future__ import annotations

import asyncio
import json
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

from . import db
from .errors import (
    ActiveGameExists, DamagedGame, GameFinished, GameNotFound, NotYourGame, StaleVersion,
)
from .records import (
    ACTIVE, GAME_COLUMNS, WON, ActResult, FinishedGame, GameRecord, HistoryEntry,
    LeaderboardRow, LiveGames,
    PlayerStats, action_dict_from_json, after_action, dumps, events_from_json,
    options_from_json, record_from_row,
)

__all__ = [
    "ActResult", "FinishedGame", "GameRecord", "GameService", "HistoryEntry", "LeaderboardRow",
    "PlayerStats",
]

log = logging.getLogger(__name__)
MAX_SEED = 2**63 - 1  # SQLite integers are signed 64-bit
_RESIGN = Resign()

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
# verify(): the game's row first (as seq 0), then its log in order (seq >= 1, the CHECK).
_SELECT_GAME_AND_LOG = (
    "SELECT 0, seed, options, edition, version, state FROM games WHERE id = ?"
    " UNION ALL SELECT seq, NULL, action, NULL, NULL, NULL FROM actions WHERE game_id = ?"
    " ORDER BY 1")

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


class GameService:
    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection,
                 checkpointer: db.Checkpointer, clock: Callable[[], float],
                 seed_source: Callable[[], int]) -> None:
        self._writer = writer
        self._reader = reader
        self._checkpointer = checkpointer
        self._clock = clock
        self._seed_source = seed_source
        # A game's lock lives while someone holds or awaits it, then goes away by itself.
        self._game_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())
        self._live = LiveGames()

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, clock: Callable[[], float] = time.time,
                   seed_source: Callable[[], int] | None = None) -> GameService:
        """Open (creating it and its folder if needed) and migrate the database at `path`."""
        writer = await db.connect_writer(path)
        opened: list[aiosqlite.Connection] = [writer]
        try:
            await db.migrate(writer)
            reader = await db.connect(path)
            opened.append(reader)
            checkpointer = await db.Checkpointer.start(path)
        except BaseException:
            for conn in opened:
                await conn.close()
            raise
        return cls(writer, reader, checkpointer, clock, seed_source or _random_seed)

    async def close(self) -> None:
        """Close the connections; writes already sent finish first (each connection runs its
        statements in order). Each is closed even if closing another failed."""
        try:
            await self._checkpointer.stop()
        finally:
            try:
                await self._reader.close()
            finally:
                await self._writer.close()

    # ---- starting and reading games ---------------------------------------------------

    async def start(self, owner_id: int, guild_id: int | None, channel_id: int | None, *,
                    edition: str = "us", options: Mapping[str, Any] | None = None,
                    seed: int | None = None) -> GameRecord:
        """A new game for `owner_id`. ActiveGameExists if one is still going (H1); the
        engine's InvalidOptionError for an unknown edition or rule option."""
        seed = self._seed_source() if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InvalidOptionError(f"a seed must be a whole number from 0 to {MAX_SEED}")
        game = Game.new(seed, options, edition)  # dice from the seed only, so H3 replay holds
        now = self._clock()
        options_dict = game.options.to_dict()
        try:
            cursor = await self._writer.execute(_INSERT_GAME, (
                owner_id, guild_id, channel_id, seed, dumps(options_dict), edition,
                dumps(game.to_dict()), now, now, game.turn, game.options.rule_set))
        except sqlite3.IntegrityError:
            # H1: the partial unique index refused a second active game (maybe a start from
            # another process that slipped in); name the game that blocks this one.
            active = await self._reader.execute_fetchall(
                "SELECT id FROM games WHERE owner_id = ? AND status = 'active'", (owner_id,))
            for (active_id,) in active:
                raise ActiveGameExists(active_id) from None
            raise
        game_id = cursor.lastrowid
        assert game_id is not None
        self._checkpointer.wrote()
        log.info("game %d started by user %d (%s edition, options %s)", game_id, owner_id,
                 edition, options_dict)
        record = GameRecord(game_id, owner_id, guild_id, channel_id, None, seed, options_dict,
                            edition, ACTIVE, 0, now, now, None, None, 0, game.turn, game)
        self._live.put(record)
        return record

    async def get(self, game_id: int) -> GameRecord:
        """GameNotFound if there is no such game, DamagedGame if its row can't be read."""
        rows = await self._reader.execute_fetchall(_SELECT_GAME, (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return record_from_row(next(iter(rows)))

    async def active_game(self, owner_id: int) -> GameRecord | None:
        rows = await self._reader.execute_fetchall(_SELECT_ACTIVE, (owner_id,))
        return record_from_row(next(iter(rows))) if rows else None

    async def latest_game(self, owner_id: int) -> GameRecord | None:
        """The player's game in progress, else the last one it played (finished)."""
        rows = await self._reader.execute_fetchall(_SELECT_LATEST, (owner_id, owner_id))
        return record_from_row(next(iter(rows))) if rows else None

    # ---- playing ----------------------------------------------------------------------

    async def act(self, game_id: int, user_id: int, expected_version: int,
                  action: Action) -> ActResult:
        """Apply `action`, chosen by `user_id` when the game was at `expected_version`.

        NotYourGame, GameFinished, StaleVersion (an old button), or the engine's
        IllegalActionError, and then nothing is stored. The same click delivered twice is
        applied once: the second gets duplicate=True and the events stored the first time.
        """
        async with self._lock_for(game_id):
            record = self._live.get(game_id, expected_version) or await self.get(game_id)
            return await self._apply(record, user_id, expected_version, action)

    async def resign(self, game_id: int, user_id: int) -> ActResult:
        """E3: give the game up, whatever its version."""
        async with self._lock_for(game_id):
            record = await self.get(game_id)
            return await self._apply(record, user_id, record.version, _RESIGN)

    async def abandon(self, game_id: int, user_id: int) -> None:
        """E3 for a game whose row can't be read (DamagedGame): mark it lost, outcome
        "lost:damaged", from its columns alone, so that its player can start another (H1);
        its state and log stay as they are, for the admin. GameNotFound, NotYourGame,
        GameFinished as for `resign`."""
        async with self._lock_for(game_id):
            rows = await self._reader.execute_fetchall(
                "SELECT owner_id, status FROM games WHERE id = ?", (game_id,))
            if not rows:
                raise GameNotFound(game_id)
            owner_id, status = next(iter(rows))
            if owner_id != user_id:
                raise NotYourGame(game_id, owner_id)
            if status != ACTIVE:
                raise GameFinished(game_id)
            now = self._clock()
            cursor = await self._writer.execute(
                "UPDATE games SET status = 'lost', outcome = 'lost:damaged', score = 0,"
                " finished_at = ?, updated_at = ? WHERE id = ? AND status = 'active'",
                (now, now, game_id))
            self._live.drop(game_id)
            if cursor.rowcount != 1:  # another process finished it in between
                raise GameFinished(game_id)
            log.warning("game %d: damaged, given up by its player; state and log kept",
                        game_id)

    async def set_message(self, game_id: int, channel_id: int | None, message_id: int) -> None:
        """Remember the game's Discord message. channel_id None keeps the stored channel."""
        async with self._lock_for(game_id):  # so an action's record can't undo it in the cache
            cursor = await self._writer.execute(
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
            return await self._not_current(await self.get(record.id), expected_version, action)
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
            await self._writer.execute(_INSERT_MOVE, move)
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
            rows = await self._reader.execute_fetchall(
                _SELECT_LOGGED, (record.id, expected_version + 1))
            for action_json, events_json in rows:
                if action_dict_from_json(record.id, action_json) == action.to_dict():
                    return ActResult(record, events_from_json(record.id, events_json), True)
        if record.status != ACTIVE:
            raise GameFinished(record.id)
        raise StaleVersion(record.id, expected_version, record.version)

    # ---- reports ----------------------------------------------------------------------

    async def history(self, game_id: int, *, limit: int = 20,
                      before_seq: int | None = None) -> list[HistoryEntry]:
        """The game's applied actions with their events, newest first."""
        before = before_seq if before_seq is not None else 2**62
        rows = await self._reader.execute_fetchall(
            "SELECT seq, action, events, at FROM actions WHERE game_id = ? AND seq < ?"
            " ORDER BY seq DESC LIMIT ?", (game_id, before, max(limit, 0)))
        if not rows:
            await self._must_exist(game_id)
        return [HistoryEntry(seq, action_dict_from_json(game_id, action),
                             events_from_json(game_id, events), at)
                for seq, action, events, at in rows]

    async def leaderboard(self, guild_id: int | None, *, limit: int = 10,
                          offset: int = 0) -> list[LeaderboardRow]:
        """Each player's best standard win (house-rule games never count), best first:
        highest score, ties broken by fewer turns. guild_id None: every server and direct
        messages together."""
        sql, params = _with_guild(_LEADERBOARD, guild_id, ())
        rows = await self._reader.execute_fetchall(sql, (*params, max(limit, 0), max(offset, 0)))
        return [LeaderboardRow(*row) for row in rows]

    async def stats(self, owner_id: int, guild_id: int | None = None) -> PlayerStats:
        """The player's finished games: played, won, lost, win rate; best score and fastest
        win (in turns) of standard games; house-rule games played and won apart. guild_id
        None: everywhere."""
        sql, params = _with_guild(_STATS, guild_id, (owner_id,))
        rows = await self._reader.execute_fetchall(sql, params)
        played, won, lost, best, fastest, house_played, house_won = next(iter(rows))
        return PlayerStats(owner_id, played, won, lost, won / played if played else 0.0,
                           best, fastest, house_played, house_won)

    async def finished_games(self, owner_id: int, *, limit: int = 200) -> list[FinishedGame]:
        """The player's newest `limit` finished games, oldest first (the stats chart)."""
        rows = await self._reader.execute_fetchall(_FINISHED, (owner_id, max(limit, 0)))
        return [FinishedGame(status == WON, score, turns, rule_set == STANDARD)
                for _game_id, status, score, turns, rule_set in reversed(list(rows))]

    async def game_log(self, game_id: int) -> GameLog:
        """What a replay of the game needs (H3): its seed, options, edition and actions, read
        in one statement (one snapshot). GameNotFound; DamagedGame if the log can't be read
        or isn't whole."""
        rows = list(await self._reader.execute_fetchall(_SELECT_GAME_AND_LOG,
                                                        (game_id, game_id)))
        if not rows or rows[0][0] != 0:
            raise GameNotFound(game_id)
        _, seed, options, edition, version, _state = rows[0]
        entries = rows[1:]
        if [row[0] for row in entries] != list(range(1, version + 1)):
            raise DamagedGame(game_id, "its action log is not whole")
        try:
            actions = tuple(action_from_dict(json.loads(row[2])) for row in entries)
        except (ValueError, TypeError) as exc:
            raise DamagedGame(game_id, f"its action log can't be read ({exc})") from exc
        return GameLog(seed, options_from_json(game_id, options), edition, actions)

    async def verify(self, game_id: int) -> bool:
        """H3: True when replaying the game's log from its seed gives exactly the stored state
        (and the log is whole: entries 1..version, each once). A damaged row or log, or any
        difference, gives False. GameNotFound if there is no such game."""
        # One statement, so one snapshot: read apart, the row and the log could straddle an
        # action committed in between, and a sound game being played would fail to verify.
        rows = list(await self._reader.execute_fetchall(_SELECT_GAME_AND_LOG,
                                                        (game_id, game_id)))
        if not rows or rows[0][0] != 0:
            raise GameNotFound(game_id)
        _, seed, options, edition, version, state = rows[0]
        entries = rows[1:]
        try:
            if [row[0] for row in entries] != list(range(1, version + 1)):
                return False
            actions = [action_from_dict(json.loads(row[2])) for row in entries]
            rules = options_from_json(game_id, options)
            replayed = Game.replay(seed, rules, edition, actions)
            return bool(replayed.to_dict() == json.loads(state))
        except (ValueError, TypeError, DamagedGame):  # bad JSON, action or option; illegal
            return False

    async def _must_exist(self, game_id: int) -> None:
        rows = await self._reader.execute_fetchall(
            "SELECT 1 FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)


def _with_guild(template: str, guild_id: int | None,
                params: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]]:
    """The query for one server or, with None, for all (two texts, so each can use its
    index rather than an `? IS NULL OR` that defeats them)."""
    if guild_id is None:
        return template.format(guild_filter=""), params
    return template.format(guild_filter="AND guild_id = ?"), (*params, guild_id)

