"""`solo-monopoly migrate-db FROM TO`: copy every game (dailies included) and its action log,
the bot's secrets (the daily seeds' key), the servers' settings, their log and the
seasons already announced, and the players' own settings, from one database to another (a
SQLite file to PostgreSQL, or back), then verify every copied game (H3).

The source is only read, never written: opened read-only (a file keeps its bytes, its mode
and its date). A SQLite source of an older schema is copied to a temporary file first
(VACUUM INTO, from a read-only connection) and the copy is migrated and copied from; a
PostgreSQL one must be upgraded first (start the bot on it once). A source that holds no
database of this bot (an empty file, a text file, an empty database) is refused in one
line. The destination is migrated to this release's schema first. The destination must hold no
game yet: the copy keeps every game's id (Discord buttons carry them), so it can't be merged
into games of its own. Games are copied in batches, each batch (games and their logs) in one
transaction. Stop the bot before copying: a game played during the copy could be copied
half-way through its next move (verify then reports it).

A copy is complete or visibly incomplete. Before the first game, the destination
is marked (COPY_MARKER, in its bot_secrets table) with the source's name and its number of
games; the mark goes only once every game is there and the count matches the source's. A
database still marked is refused by the bot and by verify-db, naming the way out: run the
same command again, which goes on after the last batch stored (each batch is one
transaction, so nothing is half-copied).

A damaged game never stops the copy. Text PostgreSQL can't hold (bytes that aren't UTF-8, a
NUL character) is copied as it can be, the faulty characters replaced (the game was damaged
in the source already, and verify lists it); a game the destination can't take at all
(values of the wrong type) is skipped and named, and new games' ids still go past it.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

from bot.application.service import GameService
from bot.errors import DatabaseTooNew, DatabaseTooOld
from bot.storage.backup import BackupError, backup
from bot.storage import Row, Storage, Values, open_storage
from bot.storage.player_settings import PlayerRows
from bot.storage.privacy import copy_departures
from bot.storage.server_settings import ServerRows
from bot.storage.targets import is_postgres_url, redact_url

Say = Callable[[str], None]
BATCH = 500  # games per transaction
# What a destination refuses a value with (PostgreSQL: text that isn't UTF-8, a NUL, a
# value of the wrong type; SQLite is less particular).
_REFUSED = (asyncpg.exceptions.DataError, ValueError, TypeError)


class MigrateError(Exception):
    """The copy can't start or go on; the message says why and what to do."""


@dataclass(slots=True)
class Copied:
    games: int = 0  # copied by this run (a resumed copy: since it resumed)
    actions: int = 0
    damaged: list[tuple[int, str]] = field(default_factory=list)  # verify, in `dest`
    repaired: list[tuple[int, str]] = field(default_factory=list)  # copied as they could be
    skipped: list[tuple[int, str]] = field(default_factory=list)  # not copied at all
    resumed_after: int = 0  # the last game id already there when this run began


async def copy_database(source: str | os.PathLike[str], dest: str | os.PathLike[str],
                        progress: Say | None = None) -> Copied:
    """Copy every game of `source` into the empty `dest` (or finish an interrupted copy from
    the same source), then verify each one there."""
    async with _read_only(source) as src:
        dst = await _open(dest, "destination")
        try:
            copied = await _copy_all(src, dst, _name(source), progress)
        finally:
            await dst.close()
    copied.damaged = await _verify(dest)
    return copied


@asynccontextmanager
async def _read_only(source: str | os.PathLike[str]) -> AsyncIterator[Storage]:
    """The source, opened so that it can't be written (nothing made, nothing migrated)."""
    name = _name(source)
    try:
        src = await open_storage(source, read_only=True)
    except DatabaseTooOld as exc:
        if exc.found == 0:  # no schema at all: an empty file or database, not the bot's
            raise MigrateError(f"the source {name} is no database of this bot (empty, or "
                               "none of its tables): nothing to copy") from exc
        if is_postgres_url(source):
            raise MigrateError(f"the source {name}: {exc}") from exc
        older = True
    except DatabaseTooNew as exc:
        raise MigrateError(f"the source {name}: {exc}") from exc
    except sqlite3.DatabaseError as exc:  # a text file, a picture...
        raise MigrateError(f"the source {name} is not a SQLite database ({exc})") from exc
    except Exception as exc:  # noqa: BLE001 -- said in one line, naming which side failed
        detail = getattr(exc, "detail", None) or str(exc) or type(exc).__name__
        raise MigrateError(f"can't open the source {name} ({detail})") from exc
    else:
        older = False
    if older:  # an older SQLite schema: read from an upgraded snapshot, the source untouched
        with tempfile.TemporaryDirectory(prefix="migrate-db-") as folder:
            async with _upgraded_copy(Path(source), Path(folder)) as src:
                yield src
        return
    try:
        yield src
    finally:
        await src.close()


@asynccontextmanager
async def _upgraded_copy(source: Path, folder: Path) -> AsyncIterator[Storage]:
    """An older SQLite source: a snapshot of it in `folder`, migrated there."""
    try:
        copy = backup(source, folder / source.name).path
    except BackupError as exc:
        raise MigrateError(f"can't read the source {source} ({exc})") from exc
    src = await _open(copy, "source's upgraded copy")
    try:
        yield src
    finally:
        await src.close()


async def _open(target: str | os.PathLike[str], role: str) -> Storage:
    try:
        return await open_storage(target)
    except Exception as exc:  # noqa: BLE001 -- said in one line, naming which side failed
        detail = getattr(exc, "detail", None) or str(exc) or type(exc).__name__
        raise MigrateError(f"can't open the {role} {_name(target)} ({detail})") from exc


async def _copy_all(src: Storage, dst: Storage, source_name: str,
                    progress: Say | None) -> Copied:
    copied = Copied()
    total = await src.count_games()
    marker = await dst.copy_marker()
    if marker is None:
        if await dst.count_games():
            raise MigrateError("the destination already holds games: migrate-db copies into "
                               "an empty database only")
        # Marked before anything else: a copy cut short from here on is seen as such.
        await dst.set_copy_marker(_marker(source_name, total))
        # The secrets next: opening the destination's service (to verify) would make a new
        # daily secret, and the copied dailies' seeds come from the source's.
        await dst.import_secrets(await src.export_secrets())
        # The servers' settings, moderation and season announcements.
        await ServerRows(dst).import_all(await ServerRows(src).export_all())
        await PlayerRows(dst).import_all(await PlayerRows(src).export_all())
    else:
        began = json.loads(marker)
        if began.get("source") != source_name:
            raise MigrateError(
                f"the destination is an unfinished copy of {began.get('source')}, not of "
                f"{source_name}: finish it with `solo-monopoly migrate-db "
                f"{began.get('source')} DEST`, or empty it (a new database) and copy again")
        copied.resumed_after = await dst.last_game_id()
        if progress is not None:
            progress(f"resuming an unfinished copy after game {copied.resumed_after:,}")
    after = copied.resumed_after
    while rows := await src.export_games(after, BATCH):
        first, last = rows[0]["id"], rows[-1]["id"]
        log = await src.export_actions(first, last)
        await _import(dst, rows, log, copied)
        after = last
        if progress is not None:
            progress(f"copied {copied.games:,} games ({copied.actions:,} actions)")
    there = await dst.count_games()
    if there + len(copied.skipped) < total:  # the source gained games meanwhile: say so
        raise MigrateError(f"the destination holds {there:,} games and the source "
                           f"{total:,}: was the bot running? stop it and run again")
    await dst.keep_ids_past(after)
    await copy_departures(src, dst)  # servers left: their grace period goes on
    await dst.set_copy_marker(None)  # complete: the bot and verify-db may use it now
    return copied


async def _import(dst: Storage, rows: Sequence[Row], log: Sequence[Row],
                  copied: Copied) -> None:
    """One batch, in one transaction; a batch the destination refuses goes game by game."""
    games = [(int(row["id"]), _as_storable(row, int(row["id"]), copied.repaired))
             for row in rows]
    actions = [(int(row["game_id"]), _as_storable(row, int(row["game_id"]), copied.repaired))
               for row in log]
    try:
        await dst.import_rows([game for _, game in games],
                              [action for _, action in actions])
        copied.games += len(games)
        copied.actions += len(actions)
        return
    except _REFUSED:
        pass
    for game_id, game in games:
        own = [action for owner, action in actions if owner == game_id]
        try:
            await dst.import_rows([game], own)
        except _REFUSED as exc:
            copied.skipped.append((game_id, f"not copied: the destination can't hold "
                                            f"it ({str(exc).splitlines()[0]})"))
            continue
        copied.games += 1
        copied.actions += len(own)


def _as_storable(row: Row, game_id: int, repaired: list[tuple[int, str]]) -> Values:
    """The row's values (its columns in order, as the destination's insert takes them),
    with text any database can hold: bytes that aren't UTF-8 (SQLite keeps what it is
    given) decoded with replacement characters, NUL characters replaced."""
    out: list[object] = []
    changed = False
    for value in row:
        if isinstance(value, bytes | bytearray):
            value, changed = bytes(value).decode("utf-8", "replace"), True
        if isinstance(value, str) and "\x00" in value:
            value, changed = value.replace("\x00", "\ufffd"), True
        out.append(value)
    if changed and not any(game == game_id for game, _ in repaired):
        repaired.append((game_id, "copied as it could be: text that was not valid UTF-8 "
                                  "or held NUL characters has replacement characters"))
    return tuple(out)


def _marker(source_name: str, games: int) -> bytes:
    return json.dumps({"source": source_name, "games": games,
                       "began": time.time()}).encode()


async def _verify(dest: str | os.PathLike[str]) -> list[tuple[int, str]]:
    service = await GameService.open(dest)
    damaged: list[tuple[int, str]] = []
    try:
        after = 0
        while ids := await service.game_ids(after):
            for game_id in ids:
                problem = await service.damage(game_id)
                if problem:
                    damaged.append((game_id, problem))
            after = ids[-1]
    finally:
        await service.close()
    return damaged


def _name(target: str | os.PathLike[str]) -> str:
    return redact_url(target) if isinstance(target, str) else os.fspath(target)


def run_migrate_db(source: str | os.PathLike[str], dest: str | os.PathLike[str], say: Say,
                   warn: Say) -> int:
    """0 when every game was copied and verifies in `dest`; 1 if any doesn't (or was
    skipped); 2 if the copy could not start or finish."""
    if not isinstance(source, str) and not os.path.isfile(source):
        warn(f"solo-monopoly: there is no database at {os.fspath(source)}")
        return 2
    folder = os.path.dirname(os.fspath(dest)) if not isinstance(dest, str) else ""
    if folder and not os.path.isdir(folder):  # a mistyped path is not a new folder tree
        warn(f"solo-monopoly: there is no folder {folder} for the new database: make it "
             f"first (mkdir -p {folder}), or give a path in a folder that exists")
        return 2
    try:
        copied = asyncio.run(copy_database(source, dest, say))
    except MigrateError as exc:
        warn(f"solo-monopoly: {exc}")
        return 2
    for game_id, what in copied.repaired + copied.skipped:
        warn(f"game {game_id}: {what}")
    for game_id, problem in copied.damaged:
        warn(f"game {game_id}: {problem}")
    bad = len(copied.damaged) + len(copied.skipped)
    verdict = f"{bad:,} damaged" if bad else "all verified"
    resumed = (f" (resumed after game {copied.resumed_after:,})"
               if copied.resumed_after else "")
    say(f"{copied.games:,} games and {copied.actions:,} actions copied from {_name(source)} "
        f"to {_name(dest)}{resumed}: {verdict}")
    return 1 if bad else 0
