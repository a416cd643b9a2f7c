"""`solo-monopoly backup DEST` finishes while games are being played, and the copy is a
sound database: every game in it verifies (H3), owner-only like the original."""

from __future__ import annotations

import pytest

import asyncio
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

from bot.storage.backup import backup
from bot.cli.main import main
from bot.application.service import GameService
from game_core.strategies import make_strategy

PLAYERS = 40


async def _keep_playing(service: GameService, owner: int, stop: asyncio.Event,
                        clicks: list[float]) -> None:
    """One player clicking as fast as the service answers, game after game."""
    seed = owner
    while not stop.is_set():
        record = await service.start(owner, 1, None, seed=seed)
        chooser = make_strategy("always-buy", seed)
        while not record.game.is_over and not stop.is_set():
            record = (await service.act(record.id, owner, record.version,
                                        chooser.choose(record.game))).record
            clicks.append(time.monotonic())
        if not record.game.is_over:
            await service.resign(record.id, owner)
        seed += PLAYERS


@pytest.mark.slow
async def test_a_backup_made_while_games_are_played_finishes_and_every_game_verifies(tmp_path):
    source, dest = tmp_path / "games.sqlite3", tmp_path / "backups" / "copy.sqlite3"
    dest.parent.mkdir()
    service = await GameService.open(source)
    stop, clicks = asyncio.Event(), []
    players = [asyncio.create_task(_keep_playing(service, owner, stop, clicks))
               for owner in range(PLAYERS)]
    try:
        while len(clicks) < 2000:  # a database with some history first
            await asyncio.sleep(0.05)
        # The admin's command, as run from a shell, while the clicks go on.
        command = [sys.executable, "-m", "bot.cli", "backup", str(dest), "--db", str(source)]
        copying = await asyncio.create_subprocess_exec(*command, stdout=subprocess.PIPE,
                                                       stderr=subprocess.PIPE)
        started = time.monotonic()
        out, err = await asyncio.wait_for(copying.communicate(), timeout=60)
        finished = time.monotonic()
    finally:
        stop.set()
        await asyncio.gather(*players)
    try:
        assert copying.returncode == 0, err.decode()
        assert out.decode().startswith("backed up ")
        during = sum(started <= t <= finished for t in clicks)
        assert during > 0, "games were played during the copy"
        assert stat.S_IMODE(dest.stat().st_mode) == 0o600
        assert not list(dest.parent.glob(".*partial"))
    finally:
        await service.close()

    copy = await GameService.open(dest)
    try:
        ids = await copy.game_ids(limit=100_000)
        assert len(ids) >= PLAYERS
        assert [game_id for game_id in ids if await copy.damage(game_id)] == []
    finally:
        await copy.close()


def test_a_backup_never_overwrites_a_file(tmp_path, capsys):
    source = tmp_path / "games.sqlite3"
    asyncio.run(_create(source))
    dest = tmp_path / "copy.sqlite3"
    dest.write_text("precious")
    assert main(["backup", str(dest), "--db", str(source)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert dest.read_text() == "precious"


def test_a_backup_of_a_missing_database_says_so(tmp_path, capsys):
    assert main(["backup", str(tmp_path / "copy.sqlite3"),
                 "--db", str(tmp_path / "none.sqlite3")]) == 2
    assert "there is no database at" in capsys.readouterr().err
    assert os.listdir(tmp_path) == []


def test_a_backup_reports_the_games_it_copied_and_its_size(tmp_path):
    source = tmp_path / "games.sqlite3"
    asyncio.run(_create(source))
    report = backup(source, tmp_path / "copy.sqlite3")
    assert report.games == 1 and report.size > 0 and report.path == tmp_path / "copy.sqlite3"


async def _create(path: Path) -> None:
    service = await GameService.open(path)
    await service.start(1, None, None, seed=1)
    await service.close()
