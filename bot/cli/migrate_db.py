"""`solo-monopoly migrate-db FROM TO`: copy every game (dailies included) and its action log,
and the bot's secrets (the daily seeds' key), from one database to another (a SQLite file to
PostgreSQL, or back), then verify every copied game (H3).

Both databases are migrated to this release's schema first. The destination must hold no
game yet: the copy keeps every game's id (Discord buttons carry them), so it can't be merged
into games of its own. Games are copied in batches, each batch (games and their logs) in one
transaction. Stop the bot before copying: a game played during the copy could be copied
half-way through its next move (verify then reports it).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from dataclasses import dataclass

from bot.application.service import GameService
from bot.storage.targets import redact_url
from bot.storage import Storage, open_storage

Say = Callable[[str], None]
BATCH = 500  # games per transaction


class MigrateError(Exception):
    """The copy can't start; the message says why."""


@dataclass(frozen=True, slots=True)
class Copied:
    games: int
    actions: int
    damaged: list[tuple[int, str]]  # (game id, what verify found) in the destination


async def copy_database(source: str | os.PathLike[str], dest: str | os.PathLike[str],
                        progress: Say | None = None) -> Copied:
    """Copy every game of `source` into the empty `dest`, then verify each one there."""
    src = await open_storage(source)
    try:
        dst = await open_storage(dest)
        try:
            if await dst.count_games():
                raise MigrateError(f"{_name(dest)} already holds games: migrate-db copies "
                                   "into an empty database only")
            # The secrets first: opening the destination's service (to verify) would make a
            # new daily secret, and the copied dailies' seeds come from the source's.
            await dst.import_secrets(await src.export_secrets())
            games, actions = await _copy(src, dst, progress)
        finally:
            await dst.close()
    finally:
        await src.close()
    return Copied(games, actions, await _verify(dest))


async def _copy(src: Storage, dst: Storage, progress: Say | None) -> tuple[int, int]:
    games = actions = 0
    after = 0
    while rows := await src.export_games(after, BATCH):
        first, last = rows[0][0], rows[-1][0]
        log = await src.export_actions(first, last)
        await dst.import_rows(rows, log)
        games, actions, after = games + len(rows), actions + len(log), last
        if progress is not None:
            progress(f"copied {games:,} games ({actions:,} actions)")
    return games, actions


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
    """0 when every game was copied and verifies in `dest`; 1 if any doesn't; 2 if the copy
    could not start."""
    if not isinstance(source, str) and not os.path.isfile(source):
        warn(f"solo-monopoly: there is no database at {os.fspath(source)}")
        return 2
    try:
        copied = asyncio.run(copy_database(source, dest, say))
    except MigrateError as exc:
        warn(f"solo-monopoly: {exc}")
        return 2
    for game_id, problem in copied.damaged:
        warn(f"game {game_id}: {problem}")
    verdict = (f"{len(copied.damaged):,} damaged" if copied.damaged else "all verified")
    say(f"{copied.games:,} games and {copied.actions:,} actions copied from {_name(source)} "
        f"to {_name(dest)}: {verdict}")
    return 1 if copied.damaged else 0
