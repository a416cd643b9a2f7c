"""The admin's commands on the database file: `solo-monopoly verify-db` and `backup`.

Both can run while the bot plays: verify-db reads through its own service (each game in one
snapshot), backup copies one snapshot with VACUUM INTO (bot.storage.backup).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from bot.storage.backup import BackupError, backup
from bot.application.service import GameService
from bot.hosting.settings import database_target

Say = Callable[[str], None]


def db_path(arg: str | None) -> str | Path:
    """--db, else MONOPOLY_DB, else the bot's default: the database the bot uses (a file,
    or a postgresql:// URL)."""
    return database_target(arg)


def run_verify_db(path: str | Path, say: Say, warn: Say) -> int:
    """H3 for every game: 0 when all verify, 1 when any is damaged (each one listed)."""
    if isinstance(path, Path) and not path.is_file():
        warn(f"solo-monopoly: there is no database at {path}")
        return 2
    checked, damaged = asyncio.run(_verify_all(path, warn))
    say(f"{checked:,} games checked: " + (f"{damaged:,} damaged" if damaged else "all sound"))
    return 1 if damaged else 0


async def _verify_all(path: str | Path, warn: Say) -> tuple[int, int]:
    # Read only: no write access needed, never the write lock (the bot may be playing).
    service = await GameService.open(path, read_only=True)
    checked = damaged = 0
    try:
        after = 0
        while ids := await service.game_ids(after):
            for game_id in ids:
                problem = await service.damage(game_id)
                checked += 1
                if problem:
                    damaged += 1
                    warn(f"game {game_id}: {problem}")
            after = ids[-1]
    finally:
        await service.close()
    return checked, damaged


def run_backup(path: str | Path, dest: Path, say: Say, warn: Say) -> int:
    if not isinstance(path, Path):
        warn("solo-monopoly: backup copies a SQLite file; back a PostgreSQL database up with "
             "pg_dump (see README, Scaling out)")
        return 2
    try:
        report = backup(path, dest)
    except BackupError as exc:
        warn(f"solo-monopoly: {exc}")
        return 2
    say(f"backed up {report.games:,} games to {report.path} ({report.size:,} bytes)")
    return 0


def run_commands(say: Say, warn: Say) -> int:
    """Each slash command's size as Discord counts it (the longest localization of each
    field): 0 when every command is within Discord's limits and our budget, else 1
    with each problem on a line."""
    from bot.hosting.app import offline_commands
    from bot.hosting.discord_limits import (
        COMMAND_BUDGET, COMMAND_SIZE, check_commands, sizes,
    )

    payload = asyncio.run(offline_commands())
    say("commands: " + ", ".join(f"/{name} {size:,} of {COMMAND_SIZE:,}"
                                 for name, size in sizes(payload))
        + f" (our budget: {COMMAND_BUDGET:,} each)")
    problems = check_commands(payload, limit=COMMAND_BUDGET)
    for problem in problems:
        warn(f"solo-monopoly: {problem}")
    return 1 if problems else 0
