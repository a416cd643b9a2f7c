"""What the game service hands out, and how a stored row becomes one.

Reading a row checks it: bad JSON, an unknown rule option or columns that disagree with the
saved state raise DamagedGame for that game alone, so one broken row never stops the others.
"""

from __future__ import annotations

import json
import pickle
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from game_core import (
    Action, CorruptStateError, Event, Game, InvalidOptionError, Options, action_from_dict,
    event_from_dict,
)
from game_core.options import STANDARD
from game_core.state import dice_scheme_of
from game_core.story import GameLog

from bot.errors import DamagedGame
from bot.storage import Move, RankedWin, Row

ACTIVE, WON, LOST = "active", "won", "lost"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One stored game: its row, and the live engine object rebuilt from its state."""

    id: int
    owner_id: int
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    seed: int
    options: dict[str, Any]  # exactly Options.to_dict()
    edition: str
    status: str  # "active" | "won" | "lost"
    version: int  # actions applied so far; the optimistic lock of every write
    created_at: float
    updated_at: float
    finished_at: float | None
    outcome: str | None  # e.g. "won:bank_bankrupt", "lost:resigned"
    score: int
    turns: int
    game: Game
    daily_day: int | None = None  # the daily challenge's UTC day; None: an ordinary game


@dataclass(frozen=True, slots=True)
class ActResult:
    """duplicate=True: the same click delivered twice; it was applied once, and `events` are
    those stored the first time."""

    record: GameRecord
    events: list[Event]
    duplicate: bool


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    seq: int  # the game's version once this action was applied (1-based)
    action: dict[str, Any]
    events: list[Event]
    at: float


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int  # shared by players whose best game ties on score and turns
    owner_id: int
    score: int
    turns: int
    game_id: int
    finished_at: float

    @classmethod
    def of(cls, win: RankedWin) -> LeaderboardRow:
        return cls(rank=win.rank, owner_id=win.owner_id, score=win.score, turns=win.turns,
                   game_id=win.game_id, finished_at=win.finished_at)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    owner_id: int
    played: int  # finished games only
    won: int
    lost: int
    win_rate: float
    best_score: int | None  # standard games only
    fastest_win: int | None  # turns; standard games only
    house_played: int = 0  # of `played`, games under house rules
    house_won: int = 0


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """One finished game of a player's record (the stats chart)."""

    won: bool
    score: int  # E2, for a win
    turns: int
    standard: bool  # every rule option at its RULES.md default (Options.is_standard)


# Compact JSON, from one encoder built once: json.dumps with any option builds a new encoder
# per call, and the state is encoded on every action. Engine dicts hold no cycles.
_ENCODER = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def dumps(value: Any) -> str:
    return _ENCODER.encode(value)


# What decoding damaged data can raise: bad JSON or values (ValueError, the engine's
# CorruptStateError and InvalidOptionError included), text that isn't text (TypeError),
# JSON nested thousands deep (RecursionError).
DECODE_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError,
                 OverflowError)

_INT, _TEXT, _NUMBER = (int,), (str,), (int, float)
_OPTIONAL_INT, _OPTIONAL_TEXT, _OPTIONAL_NUMBER = (int, type(None)), (str, type(None)), (
    int, float, type(None))
# The Python types each column of GAME_COLUMNS must come back as (SQLite stores any value in
# any column; a text that isn't UTF-8 comes back as db.Undecodable, which is no str).
_COLUMN_TYPES: tuple[tuple[str, tuple[type, ...]], ...] = (
    ("id", _INT), ("owner_id", _INT), ("guild_id", _OPTIONAL_INT),
    ("channel_id", _OPTIONAL_INT), ("message_id", _OPTIONAL_INT), ("seed", _INT),
    ("options", _TEXT), ("edition", _TEXT), ("status", _TEXT), ("version", _INT),
    ("created_at", _NUMBER), ("updated_at", _NUMBER), ("finished_at", _OPTIONAL_NUMBER),
    ("outcome", _OPTIONAL_TEXT), ("score", _INT), ("turns", _INT), ("state", _TEXT),
    ("daily_day", _OPTIONAL_INT),
)


def record_from_row(row: Row) -> GameRecord:
    """A GameRecord from a row of `SELECT GAME_COLUMNS`; DamagedGame if it can't be trusted."""
    game_id = row["id"]
    for column, types in _COLUMN_TYPES:
        value = row[column]
        if not isinstance(value, types) or isinstance(value, bool):
            raise DamagedGame(game_id, f"its {column} column holds {_kind(value)}")
    options = options_from_json(game_id, row["options"])
    try:
        game = Game.from_dict(loads(row["state"]))
    except DECODE_ERRORS as exc:  # JSONDecodeError and CorruptStateError included
        raise DamagedGame(game_id, f"its saved state can't be read ({_short(exc)})") from exc
    problem = _disagreement(row, options, game)
    if problem:
        raise DamagedGame(game_id, problem)
    return GameRecord(
        id=game_id, owner_id=row["owner_id"], guild_id=row["guild_id"],
        channel_id=row["channel_id"], message_id=row["message_id"], seed=row["seed"],
        options=options, edition=row["edition"], status=row["status"],
        version=row["version"], created_at=row["created_at"], updated_at=row["updated_at"],
        finished_at=row["finished_at"], outcome=row["outcome"], score=row["score"],
        turns=row["turns"], game=game, daily_day=row["daily_day"])


def game_log_from_rows(game_id: int, rows: Sequence[Row]) -> GameLog:
    """What a replay of the game needs (H3) from its rows (Storage.game_and_log: its row,
    then its log): seed, options, edition, actions and the dice scheme its saved state was
    made with. DamagedGame if the log can't be read or isn't whole."""
    first, entries = rows[0], rows[1:]
    seed, options, edition = first["seed"], first["options"], first["edition"]
    version, state = first["version"], first["state"]
    try:
        if [row["seq"] for row in entries] != list(range(1, version + 1)):
            raise DamagedGame(game_id, "its action log is not whole")
        actions = tuple(action_from_dict(loads(row["action"])) for row in entries)
    except DECODE_ERRORS as exc:
        raise DamagedGame(game_id, f"its action log can't be read ({exc})") from exc
    try:
        scheme = dice_scheme_of(loads(state))
    except DECODE_ERRORS as exc:
        raise DamagedGame(game_id, f"its saved state can't be read ({_short(exc)})") from exc
    return GameLog(seed, options_from_json(game_id, options), edition, actions, scheme)


def loads(text: object) -> Any:
    """JSON from a TEXT column; TypeError for anything else (a text that isn't UTF-8 comes
    back as db.Undecodable bytes, which json.loads would try to read as UTF-16 or 32)."""
    if not isinstance(text, str):
        raise TypeError(f"a JSON text was expected, not {_kind(text)}")
    return json.loads(text)


def options_from_json(game_id: int, text: str) -> dict[str, Any]:
    try:
        options = loads(text)
        if not isinstance(options, dict):
            raise CorruptStateError("the rule options are not a JSON object")
        Options.from_mapping(options)
    except DECODE_ERRORS as exc:  # InvalidOptionError included
        kind = "an unknown" if isinstance(exc, InvalidOptionError) else "a bad"
        raise DamagedGame(game_id, f"{kind} rule option ({_short(exc)})") from exc
    return options


def _kind(value: object) -> str:
    if isinstance(value, bytes):
        return "text that is not UTF-8" if type(value) is not bytes else "bytes"
    return f"a {type(value).__name__}" if value is not None else "nothing (NULL)"


def _short(exc: BaseException) -> str:
    """An error's text for a log line: a damaged row's can quote any amount of it."""
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def _disagreement(row: Row, options: dict[str, Any], game: Game) -> str:
    """What the row's columns say that its saved state doesn't, or ""."""
    seed, edition, status, version = row["seed"], row["edition"], row["status"], row["version"]
    if game.version != version:
        return f"its version column says {version} but its state has {game.version} actions"
    if game.s.seed != seed or game.edition != edition:
        return "its seed or edition column disagrees with its saved state"
    if Options.from_mapping(options) != game.options:
        return "its rule options column disagrees with its saved state"
    outcome = game.outcome
    if (outcome.result if outcome else ACTIVE) != status:
        return f"its status column says {status!r} but its saved state disagrees"
    if row["turns"] != game.turn:
        return f"its turns column says {row['turns']} but its state is at turn {game.turn}"
    expected = (None, 0) if outcome is None else (
        f"{outcome.result}:{outcome.reason}", outcome.score)
    if (row["outcome"], row["score"]) != expected:
        return "its outcome or score column disagrees with its saved state"
    return ""


def after_action(record: GameRecord, game: Game, now: float) -> GameRecord:
    """The record once `game` (the record's game, one action further) is saved at `now`.
    Built field by field: dataclasses.replace costs more than the rest of the bookkeeping."""
    r, outcome = record, game.outcome
    if outcome is None:
        status, finished_at, result, score = ACTIVE, None, None, 0
    else:
        status, finished_at = outcome.result, now
        result, score = f"{outcome.result}:{outcome.reason}", outcome.score
    return GameRecord(id=r.id, owner_id=r.owner_id, guild_id=r.guild_id,
                      channel_id=r.channel_id, message_id=r.message_id, seed=r.seed,
                      options=r.options, edition=r.edition, status=status,
                      version=game.version, created_at=r.created_at, updated_at=now,
                      finished_at=finished_at, outcome=result, score=score, turns=game.turn,
                      game=game, daily_day=r.daily_day)


def stored_move(record: GameRecord, new: GameRecord, action: Action,
                events: list[Event]) -> Move:
    """What the storage writes when `action`, with its `events`, took `record` to `new`
    (after_action): the game's new columns and state, and its log entry."""
    return Move(game_id=record.id, from_version=record.version,
                state=dumps(new.game.to_dict()), status=new.status, at=new.updated_at,
                finished_at=new.finished_at, outcome=new.outcome, score=new.score,
                turns=new.turns, action=dumps(action.to_dict()),
                events=dumps([e.to_dict() for e in events]))


def history_entry(game_id: int, row: Row) -> HistoryEntry:
    """A log entry from a row of Storage.history; DamagedGame if it can't be read."""
    return HistoryEntry(seq=row["seq"], action=action_dict_from_json(game_id, row["action"]),
                        events=events_from_json(game_id, row["events"]), at=row["at"])


def player_stats(owner_id: int, row: Row) -> PlayerStats:
    """The player's stats from their row of Storage.stats."""
    played, won = row["played"], row["won"]
    return PlayerStats(owner_id=owner_id, played=played, won=won, lost=row["lost"],
                       win_rate=won / played if played else 0.0,
                       best_score=row["best_score"], fastest_win=row["fastest_win"],
                       house_played=row["house_played"], house_won=row["house_won"])


def finished_game(row: Row) -> FinishedGame:
    """One game of the record chart from a row of Storage.finished."""
    return FinishedGame(won=row["status"] == WON, score=row["score"], turns=row["turns"],
                        standard=row["rule_set"] == STANDARD)


def events_from_json(game_id: int, text: str) -> list[Event]:
    try:
        return [event_from_dict(item) for item in loads(text)]
    except DECODE_ERRORS as exc:
        raise DamagedGame(game_id, f"an action log entry has unreadable events "
                          f"({_short(exc)})") from exc


def action_dict_from_json(game_id: int, text: str) -> dict[str, Any]:
    try:
        action = loads(text)
    except DECODE_ERRORS as exc:
        raise DamagedGame(game_id, f"an action log entry is not JSON ({_short(exc)})") from exc
    if not isinstance(action, dict):
        raise DamagedGame(game_id, "an action log entry is not a JSON object")
    return action


class _Fields(NamedTuple):
    """A GameRecord's fields but its game: what LiveGames keeps beside the pickle."""

    id: int
    owner_id: int
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    seed: int
    options: dict[str, Any]
    edition: str
    status: str
    version: int
    created_at: float
    updated_at: float
    finished_at: float | None
    outcome: str | None
    score: int
    turns: int
    daily_day: int | None

    @classmethod
    def of(cls, r: GameRecord) -> _Fields:
        return cls(id=r.id, owner_id=r.owner_id, guild_id=r.guild_id, channel_id=r.channel_id,
                   message_id=r.message_id, seed=r.seed, options=r.options, edition=r.edition,
                   status=r.status, version=r.version, created_at=r.created_at,
                   updated_at=r.updated_at, finished_at=r.finished_at, outcome=r.outcome,
                   score=r.score, turns=r.turns, daily_day=r.daily_day)

    def record(self, game: Game) -> GameRecord:
        return GameRecord(id=self.id, owner_id=self.owner_id, guild_id=self.guild_id,
                          channel_id=self.channel_id, message_id=self.message_id,
                          seed=self.seed, options=self.options, edition=self.edition,
                          status=self.status, version=self.version,
                          created_at=self.created_at, updated_at=self.updated_at,
                          finished_at=self.finished_at, outcome=self.outcome,
                          score=self.score, turns=self.turns, game=game,
                          daily_day=self.daily_day)


class LiveGames:
    """The last written record of the games played lately, so that the next action on one
    skips reading and decoding its row (most of an action's cost: the engine validates
    every field of a saved state). A least-recently-used table of `capacity` games.

    Trusted only for an action chosen at exactly the cached version; anything else reads
    the database. If another process wrote the game meanwhile, the version guard of the
    write refuses the action and the caller drops the entry and reads again.

    Each entry keeps the record's fields and its game pickled, not the live object: every
    record handed out holds its own Game, which the next action must not change under its
    holder, and unpickling a fresh one costs a third of `Game.from_dict`. (Bytes also spare
    the garbage collector thousands of objects to walk.) The pickles never leave the process.
    """

    def __init__(self, capacity: int = 4096) -> None:
        self._capacity = capacity
        self._entries: OrderedDict[int, tuple[_Fields, bytes]] = OrderedDict()

    def get(self, game_id: int, version: int) -> GameRecord | None:
        """A record with a fresh Game if the game is cached at `version`, else None."""
        entry = self._entries.get(game_id)
        if entry is None or entry[0].version != version:
            return None
        self._entries.move_to_end(game_id)
        fields, pickled = entry
        return fields.record(pickle.loads(pickled))

    def put(self, record: GameRecord) -> None:
        """Remember `record` as the game's latest state; finished games are not kept."""
        if record.status != ACTIVE:
            self._entries.pop(record.id, None)
            return
        self._entries[record.id] = (_Fields.of(record),
                                    pickle.dumps(record.game, pickle.HIGHEST_PROTOCOL))
        self._entries.move_to_end(record.id)
        while len(self._entries) > self._capacity:
            self._entries.popitem(last=False)

    def set_message(self, game_id: int, channel_id: int | None, message_id: int) -> None:
        entry = self._entries.get(game_id)
        if entry is not None:
            fields, pickled = entry
            channel = fields.channel_id if channel_id is None else channel_id
            self._entries[game_id] = (fields._replace(channel_id=channel,
                                                      message_id=message_id), pickled)

    def drop(self, game_id: int) -> None:
        self._entries.pop(game_id, None)

