"""Where the games are kept: one small interface, two backends.

`Storage` is every query the game service runs, named for what it does; the service above it
never sees SQL and doesn't know which database it talks to. `SqliteStorage` keeps a file (the
default: nothing to install, one file to back up); `PostgresStorage` a PostgreSQL database,
which several bot processes on several machines can share.

Both keep the same contract: a move's new state and its log row are stored together or not
at all, guarded by the game's version in the same transaction (one writer per game across
processes: a move chosen at an older version stores nothing), H1's partial unique index, and
numbered migrations recorded in the database (the same numbers for both).

Rows are read by column name (`queries.Row`: every expression a query selects is named), a
game's (GAME_COLUMNS) decoded by `bot.application.records`.
Values always travel as parameters; SQL text is never built from them.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .columns import GAME_COLUMNS
from .leaderboard import RankedWin
from .queries import Queries, Row, Values
from .targets import is_postgres_url

__all__ = ["COPY_ACTION_COLUMNS", "COPY_GAME_COLUMNS", "COPY_MARKER", "Move", "NewGame",
           "Queries", "RankedWin", "Row", "Storage", "Values", "open_storage"]

# Everything of a game's row, for copying it from one database to another (migrate-db).
COPY_GAME_COLUMNS = f"{GAME_COLUMNS}, rule_set"
COPY_ACTION_COLUMNS = "game_id, seq, action, events, at"
# The bot_secrets row migrate-db keeps in a destination while it copies into it: a database
# holding it is an unfinished copy (bot.cli.migrate_db), which the bot refuses to open.
COPY_MARKER = "migrate-db copy in progress"


@dataclass(frozen=True, slots=True, kw_only=True)
class NewGame:
    """A game to store (Storage.insert_game), its JSON already encoded."""

    owner_id: int
    guild_id: int | None
    channel_id: int | None
    seed: int
    options: str  # JSON
    edition: str
    state: str  # JSON
    created_at: float
    updated_at: float
    turns: int
    rule_set: str
    daily_day: int | None  # None: an ordinary game

    def values(self) -> tuple[object, ...]:
        """The parameters of both backends' insert (_INSERT_GAME), in its order."""
        return (self.owner_id, self.guild_id, self.channel_id, self.seed, self.options,
                self.edition, self.state, self.created_at, self.updated_at, self.turns,
                self.rule_set, self.daily_day)


@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    """One action stored (Storage.store_move): the game's new columns and its log entry."""

    game_id: int
    from_version: int  # the version the action was chosen at: the write's guard
    state: str  # JSON
    status: str
    at: float
    finished_at: float | None
    outcome: str | None
    score: int
    turns: int
    action: str  # JSON
    events: str  # JSON

    def values(self) -> tuple[object, ...]:
        """The parameters of both backends' statement (_INSERT_MOVE, _STORE_MOVE), in its
        order."""
        return (self.game_id, self.from_version, self.state, self.status, self.at,
                self.finished_at, self.outcome, self.score, self.turns, self.action,
                self.events)


class Storage(Queries, Protocol):
    """The games' own calls; and, as Queries, the SQL of the modules beside the backends
    (server settings, players' settings, privacy), written once for both."""

    backend: str  # "sqlite" | "postgresql"
    # The most one call of the service may wait, whatever it waits for (a game's turn, a
    # connection, the database): None when each statement's own wait bounds it (SQLite's
    # busy timeout); PostgreSQL's server may stop answering altogether.
    call_budget: float | None

    @property
    def unavailable(self) -> bool:
        """In an outage: the last call found the database unreachable."""

    async def close(self) -> None: ...

    # ---- games ------------------------------------------------------------------------
    async def insert_game(self, game: NewGame) -> int | None:
        """The new game's id; None if H1's index refused it (the owner has an active game in
        that slot) or, for a daily, if the owner has that day's already."""

    async def game_row(self, game_id: int) -> Row | None: ...

    async def active_game_row(self, owner_id: int) -> Row | None:
        """The owner's active ordinary game (not its daily)."""

    async def latest_game_row(self, owner_id: int) -> Row | None:
        """The owner's active ordinary game, else its highest ordinary game id."""

    async def active_game_id(self, owner_id: int, daily: bool = False) -> int | None:
        """The owner's active game in the ordinary slot, or with `daily` the daily one."""

    # ---- the daily challenge ------------------------------------------------
    async def daily_secret(self, candidate: bytes | None) -> bytes:
        """The bot's daily secret: the one stored, else `candidate`, stored now (None: only
        read it; b"" if there is none)."""

    async def active_daily_row(self, owner_id: int) -> Row | None: ...

    async def daily_row(self, owner_id: int, day: int) -> Row | None: ...

    async def daily_board(self, day: int, guild_id: int | None, limit: int,
                          offset: int) -> list[Row]:
        """(owner_id, won, score, turns, id) of the day's finished dailies: wins by score
        then fewer turns, then losses by more turns."""

    async def daily_days(self, owner_id: int) -> list[Row]:
        """(daily_day, status) of the owner's finished dailies."""

    async def owner_and_status(self, game_id: int) -> tuple[int, str] | None: ...

    async def exists(self, game_id: int) -> bool: ...

    async def game_ids(self, after: int, limit: int) -> list[int]: ...

    # ---- writes -----------------------------------------------------------------------
    async def store_move(self, move: Move) -> bool:
        """The new state and its log row in one transaction, if the game is still active at
        `from_version`; False (nothing written) if not. DamagedGame if the log already holds
        the entry the version says is next."""

    async def abandon(self, game_id: int, now: float) -> bool:
        """Mark an active game lost:damaged from its columns alone; False if not active."""

    async def set_message(self, game_id: int, channel_id: int | None, message_id: int) -> bool:
        """False if there is no such game. channel_id None keeps the stored channel."""

    # ---- reads ------------------------------------------------------------------------
    async def logged(self, game_id: int, seq: int) -> tuple[Any, Any] | None:
        """(action, events) JSON texts of log entry `seq`."""

    async def history(self, game_id: int, before: int, limit: int) -> list[Row]:
        """(seq, action, events, at), newest first, seq < before."""

    async def game_and_log(self, game_id: int) -> list[Row]:
        """One snapshot: the game's row as (seq 0, seed, options, edition, version, state,
        status, outcome, score, turns, rule_set), then (seq, action, events) per log entry
        in order; [] if there is no such game."""

    async def leaderboard(self, guild_id: int | None, limit: int,
                          offset: int) -> list[RankedWin]:
        """Each player's best standard win, best first."""

    async def stats(self, owner_id: int, guild_id: int | None) -> Row:
        """(played, won, lost, best_score, fastest_win, house_played, house_won) of the
        player's finished games: the best score and fastest win of standard games only."""

    async def finished(self, owner_id: int, limit: int) -> list[Row]:
        """(id, status, score, turns, rule_set), newest finished first."""

    # ---- copying a whole database (migrate-db) ----------------------------------------
    async def count_games(self) -> int: ...

    async def export_games(self, after: int, limit: int) -> list[Row]:
        """Whole rows (COPY_GAME_COLUMNS) of the games with id > after, in id order."""

    async def export_actions(self, first_id: int, last_id: int) -> list[Row]:
        """Log rows (COPY_ACTION_COLUMNS) of the games first_id..last_id, in order."""

    async def import_rows(self, games: Sequence[Values], actions: Sequence[Values]) -> None:
        """Store exported rows as they are (ids included), all or none: each row's values
        in the order of COPY_GAME_COLUMNS and COPY_ACTION_COLUMNS."""

    async def export_secrets(self) -> list[Row]:
        """(name, value) of the bot's secrets (the daily seeds' key), the copy marker left
        out."""

    async def copy_marker(self) -> bytes | None:
        """What migrate-db noted when it began copying into this database (an unfinished
        copy), or None."""

    async def set_copy_marker(self, value: bytes | None) -> None:
        """Note (or, with None, clear) that a copy into this database is in progress."""

    async def last_game_id(self) -> int:
        """The highest game id, 0 if there is no game."""

    async def keep_ids_past(self, game_id: int) -> None:
        """New games' ids will be past `game_id` (a copy that skipped a damaged game)."""

    async def import_secrets(self, secrets: Sequence[Row]) -> None:
        """Store these secrets, replacing any of the same name (past dailies' seeds came from
        the source's)."""


async def open_storage(target: str | os.PathLike[str], *, read_only: bool = False,
                       **sqlite_options: Any) -> Storage:
    """The storage named by `target` (MONOPOLY_DB): a postgresql:// URL or a SQLite file,
    opened and migrated. DatabaseTooNew if a newer bot upgraded it. `read_only`: for a
    command that only reads: nothing made, migrated or written."""
    if is_postgres_url(target):
        from bot.storage.postgres import PostgresStorage

        return await PostgresStorage.open(os.fspath(target), read_only=read_only)
    from bot.storage.sqlite import SqliteStorage

    return await SqliteStorage.open(target, read_only=read_only, **sqlite_options)
