"""migrate-db on a bad day: a damaged source row never stops the
copy, and a copy cut short (SIGKILL) is seen as unfinished by the bot and verify-db, then
finished by the same command."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys

from bot.application.service import GameService
from bot.cli.main import main
from bot.errors import DatabaseIncomplete
from game_core import Roll

import pytest

from tests.bot.raw_db import raw

GAMES = 1_247


async def games_in(path: str, count: int) -> None:
    service = await GameService.open(path)
    try:
        for start in range(0, count, 200):
            await asyncio.gather(*(service.start(i + 1, None, None, seed=i)
                                   for i in range(start, min(start + 200, count))))
        await service.act(1, 1, 0, Roll())
    finally:
        await service.close()


def damage(path: str, **rows: tuple[int, str, object]) -> None:
    """Write values the way a damaged disk (or another program) would: SQLite keeps them."""
    conn = sqlite3.connect(path)
    try:
        for game_id, column, value in rows.values():
            conn.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_id))
        conn.commit()
    finally:
        conn.close()


async def test_damaged_source_rows_are_listed_and_every_other_game_is_copied(
        tmp_path, postgres_url, capsys):
    source = str(tmp_path / "games.sqlite3")
    await games_in(source, GAMES)
    damage(source,
           not_utf8=(17, "state", b'{"format": 2, "bad": "\xff\xfe"}'),  # invalid UTF-8 text
           nul=(600, "edition", "us\x00"),  # a NUL: PostgreSQL text can't hold it
           wrong_type=(1_100, "turns", "many"),  # no BIGINT at all
           last=(GAMES, "channel_id", "#general"))  # the highest id: skipped, id kept
    code = await asyncio.to_thread(main, ["migrate-db", source, postgres_url])
    out, err = capsys.readouterr()
    assert code == 1, err
    for game_id in (17, 600, 1_100, GAMES):
        assert f"game {game_id}:" in err
    assert "game 17: copied as it could be" in err and "game 1100: not copied" in err
    [(copied,)] = await raw(postgres_url, "SELECT COUNT(*) FROM games")
    assert copied == GAMES - 2  # all but the two the destination can't hold at all
    assert f"{GAMES - 2:,} games" in out
    service = await GameService.open(postgres_url)  # a finished copy: the bot may use it
    try:
        assert (await service.start(99_999, None, None)).id == GAMES + 1  # past the skipped
        assert not await service.verify(17)  # copied as it could be, and damaged
    finally:
        await service.close()


@pytest.mark.slow
async def test_a_copy_killed_half_way_is_refused_as_unfinished_then_finished_by_a_rerun(
        tmp_path, postgres_url, capsys):
    source = str(tmp_path / "games.sqlite3")
    await games_in(source, GAMES)
    child = subprocess.Popen([sys.executable, "-m", "bot.cli", "migrate-db", source,
                              postgres_url], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    assert child.stdout is not None
    first = await asyncio.to_thread(child.stdout.readline)  # one batch of 500 stored
    assert first.startswith("copied 500 games"), child.stderr.read() if child.stderr else ""
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    [(partial,)] = await raw(postgres_url, "SELECT COUNT(*) FROM games")
    assert 500 <= partial < GAMES and partial % 500 == 0  # whole batches, never half of one

    with pytest.raises(DatabaseIncomplete, match="unfinished copy"):  # the bot refuses it
        await GameService.open(postgres_url)
    code = await asyncio.to_thread(main, ["verify-db", "--db", postgres_url])
    out, err = capsys.readouterr()
    assert code == 2 and "unfinished copy" in err and "migrate-db" in err and not out

    code = await asyncio.to_thread(main, ["migrate-db", source, postgres_url])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert f"resumed after game {partial:,}" in out and "all verified" in out
    [(copied,)] = await raw(postgres_url, "SELECT COUNT(*) FROM games")
    assert copied == GAMES
    code = await asyncio.to_thread(main, ["verify-db", "--db", postgres_url])
    assert code == 0 and f"{GAMES:,} games checked: all sound" in capsys.readouterr().out


async def test_an_unfinished_copy_from_another_source_is_refused_with_the_way_out(
        tmp_path, postgres_url, capsys):
    source, other = str(tmp_path / "a.sqlite3"), str(tmp_path / "b.sqlite3")
    await games_in(source, 3)
    await games_in(other, 3)
    await raw(postgres_url, "SELECT 1")  # the database exists (the fixture made it)
    service = await GameService.open(postgres_url)
    await service.close()
    await raw(postgres_url, "INSERT INTO bot_secrets (name, value) VALUES (?, ?)",
              "migrate-db copy in progress",
              f'{{"source": "{source}", "games": 3}}'.encode())
    code = await asyncio.to_thread(main, ["migrate-db", other, postgres_url])
    err = capsys.readouterr().err
    assert code == 2 and f"unfinished copy of {source}" in err and err.count("\n") == 1
