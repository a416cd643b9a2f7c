"""Games that survive anything: a process playing through the game service is killed with
SIGKILL at random moments, again and again, on one real SQLite file (issue #3) and on one
real PostgreSQL database (issue #15).

After every kill: the database is sound (SQLite: `PRAGMA integrity_check`; both: every log
row belongs to a game); every write the child reported
(it reports only after the service call returned) is in the database, with the action it
reported; no action is in a log twice (each game's log is exactly 1..version, and a click
whose answer the kill lost, delivered again by the next run, is applied once); and every game
equals the replay of its log (GameService.verify). The child is tests/bot/crash_child.py.
"""

from __future__ import annotations

import pytest

import asyncio
import contextlib
import json
import random
import signal
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.application.service import GameService
from bot.storage.targets import is_postgres_url
from tests.bot import crash_child

from tests.bot.raw_db import raw

REPO = Path(__file__).resolve().parents[3]
KILLS = 20
SEED = 20240603

Key = tuple[int, int]  # (game id, version the action brought it to) = an actions row's key


@dataclass
class Reported:
    """What the child said, read from its report file as it grows."""

    starts: set[int] = field(default_factory=set)
    acts: dict[Key, Any] = field(default_factory=dict)  # committed actions, by key
    redos: list[tuple[Key, bool]] = field(default_factory=list)  # (key, was a duplicate)
    read: int = 0

    def update(self, path: Path) -> list[tuple[Key, bool]]:
        """Reads the new lines; returns the redeliveries among them. A kill can't cut a line
        in two (one write() each), so every line is whole."""
        text = path.read_text() if path.exists() else ""
        new, self.read = text[self.read:], len(text)
        assert not new or new.endswith("\n"), "a report line was cut"
        redos: list[tuple[Key, bool]] = []
        for line in new.splitlines():
            kind, rest = line.split(" ", 1)
            if kind == "start":
                assert int(rest) not in self.starts, f"game {rest} reported started twice"
                self.starts.add(int(rest))
            elif kind in ("act", "redo"):
                game_id, version, rest = rest.split(" ", 2)
                key = (int(game_id), int(version))
                if kind == "redo":
                    duplicate, rest = rest.split(" ", 1)
                    redos.append((key, duplicate == "dup"))
                    if duplicate == "dup":
                        continue  # applied before; reported now, or lost in the kill
                assert key not in self.acts, f"{key} was reported applied twice"
                self.acts[key] = json.loads(rest)
        self.redos += redos
        return redos


async def kill_at_a_random_moment(database: str, report: Path, stderr: Path, run: int,
                                  rng: random.Random) -> None:
    with stderr.open("ab") as errors:
        child = await asyncio.create_subprocess_exec(
            sys.executable, "-m", crash_child.__name__, database, str(report), str(run),
            cwd=REPO, stdout=asyncio.subprocess.PIPE, stderr=errors)
    try:
        if rng.random() < 0.2:
            # Anywhere from start-up on: opening the file, migrating it, redelivering clicks.
            await asyncio.sleep(rng.uniform(0.0, 0.3))
        else:
            assert child.stdout is not None
            ready = await asyncio.wait_for(child.stdout.readline(), timeout=10)
            assert ready == b"ready\n", stderr.read_text()
            await asyncio.sleep(rng.uniform(0.02, 0.4))
        with contextlib.suppress(ProcessLookupError):  # it stopped by itself: see below
            child.send_signal(signal.SIGKILL)
    except BaseException:
        with contextlib.suppress(ProcessLookupError):
            child.kill()
        await child.wait()
        raise
    returncode = await child.wait()
    # Anything else: it stopped by itself (an exception in the child) before the kill.
    assert returncode == -signal.SIGKILL, f"the child failed:\n{stderr.read_text()}"


async def until_the_killed_sessions_end(database: str) -> None:
    """A SIGKILLed client's PostgreSQL sessions live on until the server notices: a statement
    in flight may still commit after the kill. Read the database once they are gone, or a
    move committed a moment later would look lost now and duplicated at its redelivery."""
    for _ in range(500):
        [(others,)] = await raw(database, "SELECT count(*) FROM pg_stat_activity WHERE "
                                          "datname = current_database() "
                                          "AND backend_type = 'client backend' "
                                          "AND pid <> pg_backend_pid()")
        if not others:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the killed child's sessions never ended")


async def check_database(database: str) -> tuple[dict[int, int], dict[Key, Any]] | None:
    """The database after a crash: sound pages, sound keys; each game's version and its log.
    None if the child was killed before it made the schema."""
    if is_postgres_url(database):
        await until_the_killed_sessions_end(database)
        [(made,)] = await raw(database, "SELECT to_regclass('games') IS NOT NULL")
        if not made:
            return None
        assert await raw(database, "SELECT a.game_id FROM actions AS a LEFT JOIN games AS g"
                                   " ON g.id = a.game_id WHERE g.id IS NULL") == []
        versions = dict(await raw(database, "SELECT id, version FROM games"))
        rows = await raw(database, "SELECT game_id, seq, action FROM actions")
    else:
        if not Path(database).exists():
            return None
        conn = sqlite3.connect(database)
        try:
            assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
            versions = dict(conn.execute("SELECT id, version FROM games").fetchall())
            rows = conn.execute("SELECT game_id, seq, action FROM actions").fetchall()
        finally:
            conn.close()
    log = {(game_id, seq): json.loads(action) for game_id, seq, action in rows}
    assert len(log) == len(rows)
    return versions, log


@pytest.mark.slow
async def test_a_player_killed_at_random_moments_loses_nothing_it_was_told_was_saved(
        database, tmp_path):
    report, stderr = tmp_path / "report.txt", tmp_path / "child-stderr.txt"
    rng = random.Random(SEED)
    reported = Reported()
    log: dict[Key, Any] = {}  # as found after the previous kill
    for run in range(1, KILLS + 1):
        await kill_at_a_random_moment(database, report, stderr, run, rng)
        redos = reported.update(report)
        found = await check_database(database)
        if found is None:
            assert not reported.starts and not reported.acts  # killed before it opened it
            continue
        before, (versions, log) = log, found

        # Every reported write is stored, with the action reported.
        assert reported.starts <= versions.keys()
        missing = [key for key in reported.acts if key not in log]
        assert not missing, f"run {run}: reported as saved but not in the log: {missing[:5]}"
        for key, action in reported.acts.items():
            assert log[key] == action, f"run {run}: game {key[0]} version {key[1]}"
        # A click delivered again after a kill is a duplicate exactly when the killed run had
        # committed it.
        for key, duplicate in redos:
            assert (key in before) == duplicate, f"run {run}: redelivered {key}"
        # Nothing else: each kill can cut at most one call per player between its commit
        # and its report.
        assert len(log) - len(reported.acts) <= crash_child.PLAYERS * run
        # None twice, none missing: each game's log is exactly its versions 1..version.
        seqs: dict[int, list[int]] = {}
        for game_id, seq in sorted(log):
            seqs.setdefault(game_id, []).append(seq)
        for game_id, version in versions.items():
            assert seqs.pop(game_id, []) == list(range(1, version + 1)), f"game {game_id}"
        assert not seqs, f"log entries of games that don't exist: {sorted(seqs)}"

        # Every game equals the replay of its log, read by a service opened after the crash.
        service = await GameService.open(database)
        try:
            for game_id in versions:
                assert await service.verify(game_id), f"run {run}: game {game_id}"
        finally:
            await service.close()

    # The kills really fell while games were being played, between a click and its commit
    # (redelivered, then new) and between a commit and its report (redelivered, then a
    # duplicate), and the games went on after each one.
    assert len(reported.acts) > 20 * KILLS and len(reported.starts) > KILLS
    assert {duplicate for _, duplicate in reported.redos} == {True, False}
