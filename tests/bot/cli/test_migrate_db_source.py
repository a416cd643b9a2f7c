"""`solo-monopoly migrate-db FROM TO` only reads FROM: a source that is no database of this
bot is one line and exit status 2 with the file left exactly as it was (bytes, mode and
date), and a source of an older schema is copied from an upgraded snapshot, never upgraded
itself. The real command, in its own process."""

from __future__ import annotations

import asyncio
import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.application.service import GameService
from bot.storage.sqlite_file import SCHEMA_VERSION, connect, migrate
from game_core import Roll

REPO = Path(__file__).resolve().parents[3]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)})


def fingerprint(path: Path) -> tuple[str, int, int]:
    """What must not change: the bytes, the mode and the modification time."""
    info = path.stat()
    return hashlib.sha256(path.read_bytes()).hexdigest(), info.st_mode, info.st_mtime_ns


def blank_database(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.commit()
    conn.close()


@pytest.mark.parametrize(("make", "says"), [
    (lambda p: p.write_bytes(b""), "is no database of this bot (empty, or none of its tables)"),
    (lambda p: p.write_text("just some text\n" * 100), "is not a SQLite database"),
    (blank_database, "is no database of this bot (empty, or none of its tables)"),
], ids=["empty file", "text file", "another program's database"])
def test_a_source_that_is_no_database_of_the_bot_is_one_line_and_left_as_it_was(
        tmp_path, make, says):
    source = tmp_path / "games.sqlite3"
    make(source)
    source.chmod(0o640)
    before = fingerprint(source)
    done = run("migrate-db", str(source), str(tmp_path / "copy.sqlite3"), cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert says in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    assert fingerprint(source) == before  # byte-identical, mode unchanged (0640), not touched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3"]  # nothing made


async def _older_database(path: Path) -> None:
    conn = await connect(path)
    try:
        await migrate(conn, target=SCHEMA_VERSION - 1)
    finally:
        await conn.close()


async def _games(path: Path) -> int:
    service = await GameService.open(path)
    try:
        return len(await service.game_ids(0))
    finally:
        await service.close()


def test_an_older_source_is_copied_from_an_upgraded_snapshot_and_never_upgraded(tmp_path):
    source = tmp_path / "old.sqlite3"
    asyncio.run(_older_database(source))
    os.chmod(source, 0o600)
    before = fingerprint(source)
    done = run("migrate-db", str(source), str(tmp_path / "new.sqlite3"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "all verified" in done.stdout
    assert fingerprint(source) == before
    conn = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION - 1
    finally:
        conn.close()


async def _played(path: Path) -> None:
    service = await GameService.open(path)
    try:
        record = await service.start(1, None, None, seed=4)
        await service.act(record.id, 1, record.version, Roll())
    finally:
        await service.close()


def test_a_current_source_is_copied_without_a_byte_of_it_changing(tmp_path):
    source = tmp_path / "games.sqlite3"
    asyncio.run(_played(source))
    before = fingerprint(source)
    done = run("migrate-db", str(source), str(tmp_path / "copy.sqlite3"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "1 games and" in done.stdout and "all verified" in done.stdout
    assert fingerprint(source) == before
    assert asyncio.run(_games(tmp_path / "copy.sqlite3")) == 1


def test_an_empty_postgresql_source_is_refused_and_gets_no_schema(tmp_path, postgres_url,
                                                                  capsys):
    import asyncpg

    from bot.cli.main import main

    assert main(["migrate-db", postgres_url, str(tmp_path / "copy.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert "is no database of this bot" in err and err.count("\n") == 1, err

    async def tables() -> int:
        conn = await asyncpg.connect(postgres_url)
        try:
            return int(await conn.fetchval("SELECT count(*) FROM information_schema.tables"
                                           " WHERE table_schema = 'public'"))
        finally:
            await conn.close()

    assert asyncio.run(tables()) == 0
    assert not (tmp_path / "copy.sqlite3").exists()
