"""The admin's commands answer bad arguments and unreachable or wrong databases in one line
and a non-zero exit, never a traceback, and make nothing they weren't asked to:
the real `solo-monopoly` process, as an admin types it."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]


async def _new_database(path: Path) -> None:
    from bot.application.service import GameService

    await (await GameService.open(path)).close()


def run(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), **env})


@pytest.mark.parametrize(("args", "says"), [
    (("verify-db", "--db", str(REPO / "README.md")), "is not a SQLite database"),
    (("verify-db", "--db", "postgresql://bot:secret@127.0.0.1:1/monopoly"),
     "can't reach the database postgresql://bot:***@127.0.0.1:1/monopoly"),
    (("migrate-db", "games.sqlite3", "postgresql://bot:secret@127.0.0.1:1/monopoly"),
     "can't open the destination postgresql://bot:***@127.0.0.1:1/monopoly"),
    (("migrate-db", "postgresql://bot:secret@127.0.0.1:1/monopoly", "copy.sqlite3"),
     "can't open the source postgresql://bot:***@127.0.0.1:1/monopoly"),
    (("migrate-db", "games.sqlite3", "mysql://x@y/z"), "is not a database this bot can use"),
    (("verify-db", "--db", "sqlite:///games.sqlite3"), "is not a database this bot can use"),
    (("simulate", "--landings", "--rolls", "0"), "must be 1 or more, not 0"),
    (("simulate", "--games", "-5"), "must be 1 or more, not -5"),
    (("simulate", "--landings", "--rolls", "-1"), "must be 1 or more, not -1"),
    (("simulate", "--games", "ten"), "'ten' is not a whole number"),
    (("simulate", "--games", "99999999999999999999"), "it must be 100,000 at most"),
    (("simulate", "--compare", "--games", "100001"), "it must be 100,000 at most"),
    (("simulate", "--landings", "--rolls", "10000001"), "it must be 10,000,000 at most"),
    (("simulate", "--rolls", "5"), "--rolls counts the rolls of --landings"),
    (("verify-db", "--db", "postgresql://bot:secret@127.0.0.1:99999/monopoly"),
     "postgresql://bot:***@127.0.0.1:99999/monopoly has the port '99999'"),
    (("migrate-db", "games.sqlite3", "postgresql://bot:secret@db-host:70000/monopoly"),
     "has the port '70000': a port is a number from 1 to 65535"),
    (("simulate", "--seed", "-3"), "must be from 0"),
    (("simulate", "--games", "1", "--rule", "auctions=on"), "unknown rule option"),
    (("verify-db", "--db", "missing.sqlite3"), "there is no database at missing.sqlite3"),
    (("backup", "b.sqlite3", "--db", "postgresql://x@y/z"), "pg_dump"),
    (("backup", "postgresql://bot:secret@db-host/monopoly", "--db", "games.sqlite3"),
     "is a URL: backup writes a SQLite file"),
    (("backup", "backups/", "--db", "games.sqlite3"), "backups/ is a folder"),
    (("backup", ".", "--db", "games.sqlite3"), ". is a folder"),
    (("play", "--user", "-1"), "must be from 0"),
    (("frobnicate",), "invalid choice: 'frobnicate'"),
    # -1 is a whole number: what's wrong is its range, said with the range
    (("simulate", "--games", "1", "--rule", "treasury=-1"),
     "treasury must be a whole number from 1 to 10,000,000,000,000, not -1"),
    (("play", "--rule", "start_cash=-5"), "start_cash must be a whole number from 0 to"),
    # A folder as the database: one line (not SQLite's "unable to open" and a traceback
    # from aiosqlite's thread answering a closed event loop)
    (("play", "--db", "."), ". is a folder, not a database file: give the file's path"),
    (("verify-db", "--db", "."), ". is a folder, not a database file"),
    (("migrate-db", "games.sqlite3", "."), ". is a folder, not a database file"),
    (("migrate-db", "games.sqlite3", "copies/2026/new.sqlite3"),
     "there is no folder copies/2026 for the new database: make it first"),
], ids=lambda value: " ".join(value) if isinstance(value, tuple) else None)
def test_a_bad_case_is_one_line_and_a_non_zero_exit(tmp_path, args, says):
    asyncio.run(_new_database(tmp_path / "games.sqlite3"))  # a sound source for migrate-db
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert says in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr and "secret" not in done.stderr
    # (games.sqlite3's -wal and -shm, which SQLite makes to read a WAL database, aside)
    made = sorted(p.name for p in tmp_path.rglob("*") if not p.name.startswith("games.sqlite3"))
    assert made == []  # no folder tree named after a URL, no stray database file


@pytest.mark.parametrize(("command", "database", "says"), [
    (("verify-db",), "mysql://bot:secret@db-host/monopoly", "is not a database this bot can use"),
    (("backup", "b.sqlite3"), "mysql://bot:secret@db-host/monopoly",
     "is not a database this bot can use"),
    # (`play` never reads MONOPOLY_DB, the bot's database: it has its own file.)
    (("verify-db",), "postgresql://bot:secret@127.0.0.1:1/monopoly",
     "can't reach the database postgresql://bot:***@127.0.0.1:1/monopoly"),
    (("verify-db",), "postgresql://bot:secret@127.0.0.1:99999/monopoly",
     "postgresql://bot:***@127.0.0.1:99999/monopoly has the port '99999'"),
], ids=lambda value: " ".join(value) if isinstance(value, tuple) else None)
def test_a_bad_monopoly_db_is_one_line_and_a_non_zero_exit(tmp_path, command, database, says):
    """The database named by MONOPOLY_DB rather than --db: the same one line."""
    done = run(*command, cwd=tmp_path, MONOPOLY_DB=database)
    assert done.returncode == 2, done.stderr
    assert says in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr and "secret" not in done.stderr
    assert list(tmp_path.iterdir()) == []  # nothing made


def test_backup_makes_the_destination_folder(tmp_path):
    source = tmp_path / "games.sqlite3"
    done = run("verify-db", "--db", str(source), cwd=tmp_path)  # nothing there yet
    assert done.returncode == 2
    import asyncio

    from bot.application.service import GameService

    async def make() -> None:
        await (await GameService.open(source)).close()

    asyncio.run(make())
    done = run("backup", "backups/2026-11-24/monopoly.sqlite3", "--db", str(source),
               cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "backups" / "2026-11-24" / "monopoly.sqlite3").is_file()
