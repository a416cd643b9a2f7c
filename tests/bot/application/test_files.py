"""The database's files: created owner-only (they hold user, server and channel ids and
every game), and a file the bot can't write refused at once rather than at every click."""

from __future__ import annotations

import os
import stat
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.errors import DatabaseReadOnly
from bot.application.service import GameService
from game_core import Roll

from tests.bot.fake_discord import FakeDiscord


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


async def test_the_database_its_wal_and_shm_and_its_folder_are_created_owner_only(tmp_path):
    folder = tmp_path / "data"
    db_file = folder / "monopoly.sqlite3"
    old_umask = os.umask(0o022)  # the usual umask: without care, 0644 files and 0755 folders
    try:
        service = await GameService.open(db_file)
        record = await service.start(1, None, None, seed=1)
        await service.act(record.id, 1, 0, Roll())  # the -wal and -shm files exist now
        try:
            assert mode(folder) == 0o700
            for name in ("monopoly.sqlite3", "monopoly.sqlite3-wal", "monopoly.sqlite3-shm"):
                assert mode(folder / name) == 0o600, name
        finally:
            await service.close()
    finally:
        os.umask(old_umask)


async def test_an_existing_folder_and_file_keep_the_permissions_the_admin_gave_them(tmp_path):
    os.chmod(tmp_path, 0o750)
    db_file = tmp_path / "shared.sqlite3"
    db_file.touch()
    os.chmod(db_file, 0o640)
    service = await GameService.open(db_file)
    await service.close()
    assert mode(db_file) == 0o640 and mode(tmp_path) == 0o750


@pytest.fixture
async def read_only_database(tmp_path) -> AsyncIterator[Path]:
    """A database file, already set up by the bot, that this process can't write, in a
    writable folder: mode 0444, or for root (whom modes don't stop) the immutable flag."""
    db_file = tmp_path / "games.sqlite3"
    service = await GameService.open(db_file)
    await service.start(1, None, None, seed=1)
    await service.close()
    os.chmod(db_file, 0o444)
    immutable = False
    if os.access(db_file, os.W_OK):
        done = subprocess.run(["chattr", "+i", str(db_file)], capture_output=True, check=False)
        immutable = done.returncode == 0
        if not immutable:
            pytest.skip("no way to make a file read-only for this user here")
    try:
        yield db_file
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(db_file)], check=True)
        os.chmod(db_file, 0o600)


async def test_a_read_only_database_file_is_refused_when_the_service_opens(read_only_database):
    with pytest.raises(DatabaseReadOnly, match="is read-only for the bot") as refused:
        await GameService.open(read_only_database)
    assert refused.value.path == str(read_only_database)


def test_a_read_only_database_file_stops_the_bot_with_one_line(tmp_path, read_only_database):
    """Not a bot that starts and then fails every click with "attempt to write a readonly
    database": one line at start-up, as for the other unusable databases."""
    discord_ = FakeDiscord()
    discord_.start()
    try:
        env = {"PATH": os.environ.get("PATH", ""), "DISCORD_TOKEN": "a.token",
               "MONOPOLY_DB": str(read_only_database)}
        result = subprocess.run(discord_.bot_command(), cwd=tmp_path, env=env,
                                capture_output=True, text=True, timeout=60, check=False)
    finally:
        discord_.stop()
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last == (f"solo-monopoly: the database {read_only_database} is read-only for the "
                    "bot: make the file (and its -wal and -shm files, if any) writable by the "
                    "user running the bot, or point MONOPOLY_DB elsewhere.")
