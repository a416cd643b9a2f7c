"""The pictures of a game as PNG files, for a player without Discord: the board as it
stands, the recap, where the money went (the money map) and the player's record chart (from
two finished games on), the same pictures the bot attaches. The terminal's `i` key writes
them for the game on the table (and `solo-monopoly play` once its game is over, as Discord
shows the recap then); `solo-monopoly picture` for any stored game.

They go to PICTURES_DIR (./data/pictures, beside the terminal's database), one folder a game,
`game-<id>/board.png`, `recap.png`, `money-map.png`, `record.png`; written again, a file is
replaced whole (never half a PNG). Like the database, the folders and files are owner-only:
a game's pictures say how its player played.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path

from game_core.story import GameLog

from bot.cli.paths import PICTURES_DIR, TERMINAL_DB_PATH
from bot.application.service import FinishedGame, GameRecord, GameService
from bot.errors import WordedRefusal
from bot.hosting.settings import database_target
from bot.i18n import t
from bot.pictures.board import render_board
from bot.pictures.jobs import money_map, recap, record
from bot.storage.targets import redact_url

RECORD_FETCH = 200  # the newest finished games the record chart shows (as /monopoly stats)
RECORD_LEAST = 2  # finished games before there is a record to chart (as /monopoly stats)
NAMES = ("board", "recap", "money-map", "record")


def owner_only_folder(folder: Path) -> None:
    """`folder` and every missing folder above it made owner-only (mkdir's `mode` applies
    to the last one only)."""
    missing = []
    here = folder
    while not here.exists():
        missing.append(here)
        if here.parent == here:
            break
        here = here.parent
    for path in reversed(missing):
        path.mkdir(mode=0o700, exist_ok=True)
    if not folder.is_dir():
        raise NotADirectoryError(20, "Not a directory", str(folder))


def write_private(path: Path, data: bytes) -> None:
    """`data` as `path`, owner-only, all at once: a partial file renamed into place."""
    partial = path.with_name(f".{path.name}.partial")
    fd = os.open(partial, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)  # a partial left by an interrupted run had its own mode
        with os.fdopen(fd, "wb", closefd=False) as out:
            out.write(data)
    finally:
        os.close(fd)
    os.replace(partial, path)


def _draw(game: GameRecord, log: GameLog, games: list[FinishedGame],
          locale: str) -> dict[str, bytes]:
    """Every picture of the game (CPU work: run in a thread, off the event loop)."""
    pictures = {"board": render_board(game.game, locale=locale),
                "recap": recap(log, locale).png, "money-map": money_map(log, locale).png}
    if len(games) >= RECORD_LEAST:  # as /monopoly stats: a chart needs two games
        pictures["record"] = record(games, locale).png
    return {name: png for name, png in pictures.items() if png is not None}


async def write_pictures(service: GameService, record: GameRecord, locale: str,
                         folder: Path = PICTURES_DIR) -> list[Path]:
    """The game's pictures written under `folder`/game-<id>; the files, in NAMES' order."""
    log = await service.game_log(record.id)
    games = await service.finished_games(record.owner_id, limit=RECORD_FETCH)
    drawn = await asyncio.to_thread(_draw, record, log, games, locale)
    where = folder / f"game-{record.id}"
    owner_only_folder(where)
    written = []
    for name in NAMES:
        if name in drawn:
            path = where / f"{name}.png"
            write_private(path, drawn[name])
            written.append(path)
    return written


def say_written(paths: list[Path], locale: str, say: Callable[[str], None]) -> None:
    """One line: where the pictures are."""
    say(t(locale, "terminal.pictures.written", folder=os.fspath(paths[0].parent),
          files=", ".join(path.name for path in paths)))


def run_picture(db: str | None, game_id: int | None, user_id: int, locale: str,
                folder: Path | None, say: Callable[[str], None]) -> int:
    """`solo-monopoly picture`: game `game_id`'s pictures, else `user_id`'s latest game's,
    from --db (the terminal's file by default, as play's). Reads only: a database that isn't
    there is said so, never made. A refusal is raised (one line, exit status 2)."""
    target = database_target(db or TERMINAL_DB_PATH)
    if isinstance(target, Path) and not target.is_file():
        raise WordedRefusal(f"there is no database at {target} (play a game first: make play)")
    return asyncio.run(_picture(target, game_id, user_id, locale, folder or PICTURES_DIR, say))


async def _picture(target: str | Path, game_id: int | None, user_id: int, locale: str,
                   folder: Path, say: Callable[[str], None]) -> int:
    service = await GameService.open(target, read_only=True)
    try:
        record = (await service.get(game_id) if game_id is not None
                  else await service.latest_game(user_id))
        if record is None:
            raise WordedRefusal(f"player {user_id} has no game in {_named(target)} "
                                "(give a game's number, or --user)")
        say_written(await write_pictures(service, record, locale, folder), locale, say)
    finally:
        await service.close()
    return 0


def _named(target: str | Path) -> str:
    return os.fspath(target) if isinstance(target, Path) else redact_url(target)
