"""The SQLite file: settings, migrations (PRAGMA user_version), and the rules the database
itself enforces (H1's partial unique index, the version guard of game_moves)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.storage import sqlite_file as db
from bot.errors import DatabaseTooNew
from bot.application.service import GameService
from game_core import Game, Options
from game_core.strategies import make_strategy


@contextmanager
def raw(path: Path) -> Iterator[sqlite3.Connection]:
    """A plain sqlite3 connection, as another program (or an old release) would open it."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        yield conn
    finally:
        conn.close()


async def test_a_new_file_gets_wal_foreign_keys_busy_timeout_and_the_latest_schema(tmp_path):
    path = tmp_path / "deep" / "folder" / "games.sqlite3"  # the folder is created too
    service = await GameService.open(path)
    try:
        conn = await db.connect(path)
        try:
            assert (await (await conn.execute("PRAGMA journal_mode")).fetchone())[0] == "wal"
            assert (await (await conn.execute("PRAGMA foreign_keys")).fetchone())[0] == 1
            assert (await (await conn.execute("PRAGMA busy_timeout")).fetchone())[0] > 0
            assert await db.schema_version(conn) == db.SCHEMA_VERSION
        finally:
            await conn.close()
    finally:
        await service.close()


def test_migration_files_are_numbered_from_one_without_gaps():
    numbers = [m.number for m in db.MIGRATIONS]
    assert numbers == list(range(1, len(numbers) + 1)) and db.SCHEMA_VERSION >= 2


def test_statements_are_split_around_comments_strings_and_trigger_bodies():
    script = """
    -- a comment; with a semicolon
    CREATE TABLE t (x TEXT DEFAULT 'a;b');
    CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN
        UPDATE t SET x = 'c' WHERE rowid = NEW.rowid;
    END;
    -- trailing words
    """
    statements = db.split_statements(script)
    assert len(statements) == 2
    assert "'a;b'" in statements[0] and statements[1].rstrip().endswith("END;")


async def test_a_database_newer_than_the_code_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "future.sqlite3"
    with raw(path) as conn:
        conn.execute("CREATE TABLE from_the_future (x)")
        conn.execute(f"PRAGMA user_version = {db.SCHEMA_VERSION + 1}")
    with pytest.raises(DatabaseTooNew) as refused:
        await GameService.open(path)
    assert (refused.value.found, refused.value.known) == (db.SCHEMA_VERSION + 1,
                                                          db.SCHEMA_VERSION)
    assert "newer release" in str(refused.value)
    with raw(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION + 1
        assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'games'").fetchone() \
            is None


async def test_a_failing_migration_leaves_the_previous_version_whole(tmp_path):
    path = tmp_path / "broken.sqlite3"
    broken = [db.MIGRATIONS[0], db.Migration(2, "0002_broken.sql",
                                             "CREATE TABLE half (x);\nNOT SQL AT ALL;")]
    conn = await db.connect(path)
    try:
        with pytest.raises(sqlite3.OperationalError):
            await db.migrate(conn, broken)
        assert await db.schema_version(conn) == 1
        rows = await conn.execute_fetchall("SELECT name FROM sqlite_master WHERE name = 'half'")
        assert list(rows) == []  # the statement before the error was rolled back as well
    finally:
        await conn.close()


async def test_services_opening_a_new_file_at_once_migrate_it_once(tmp_path):
    path = tmp_path / "race.sqlite3"
    services = await asyncio.gather(*(GameService.open(path) for _ in range(4)))
    for service in services:
        await service.close()
    with raw(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION


V1_COLUMNS = ("id, owner_id, guild_id, channel_id, message_id, seed, options, edition, status,"
              " state, version, created_at, updated_at, finished_at, outcome, score, turns")


def store_version_1_game(conn: sqlite3.Connection, owner_id: int, seed: int,
                         actions: int) -> int:
    """A game as release 1 stored it: its row and its log, written with plain SQL."""
    game = Game.new(seed)
    strategy = make_strategy("always-buy", seed)
    cur = conn.execute(
        "INSERT INTO games (owner_id, guild_id, channel_id, seed, options, edition, state,"
        " created_at, updated_at) VALUES (?, 7, 8, ?, ?, 'us', ?, 1.0, 1.0)",
        (owner_id, seed, json.dumps(Options().to_dict()), json.dumps(game.to_dict())))
    game_id = cur.lastrowid
    assert game_id is not None
    for _ in range(actions):
        version = game.version
        action = strategy.choose(game)
        events = game.apply(action)
        conn.execute(
            "INSERT INTO game_moves (game_id, from_version, state, status, at, finished_at,"
            " outcome, score, turns, action, events) VALUES (?, ?, ?, 'active', 2.0, NULL,"
            " NULL, 0, ?, ?, ?)",
            (game_id, version, json.dumps(game.to_dict()), game.turn,
             json.dumps(action.to_dict()), json.dumps([e.to_dict() for e in events])))
    return game_id


async def test_a_version_1_database_is_upgraded_in_place_without_losing_games(tmp_path):
    path = tmp_path / "v1.sqlite3"
    conn = await db.connect(path)
    try:
        assert await db.migrate(conn, target=1) == 1
    finally:
        await conn.close()
    with raw(path) as conn:
        ids = [store_version_1_game(conn, owner, seed=owner * 11, actions=owner * 3)
               for owner in range(1, 6)]
        before = {row[0]: row for row in conn.execute(f"SELECT {V1_COLUMNS} FROM games")}
        log_before = conn.execute("SELECT * FROM actions ORDER BY game_id, seq").fetchall()

    service = await GameService.open(path)
    try:
        with raw(path) as conn:
            assert conn.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION
            indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_master"
                                                   " WHERE type = 'index'")}
            assert "games_finished_by_owner" in indexes  # rebuilt by the rule-set migration
            assert "games_standard_wins_by_guild" in indexes  # the rule-set migration
            assert {row[0]: row for row in conn.execute(f"SELECT {V1_COLUMNS} FROM games")} \
                == before
            assert conn.execute("SELECT * FROM actions ORDER BY game_id, seq").fetchall() \
                == log_before
        for owner, game_id in enumerate(ids, 1):
            record = await service.get(game_id)
            assert (record.owner_id, record.version, record.guild_id) == (owner, owner * 3, 7)
            assert await service.verify(game_id)
            assert (await service.active_game(owner)) == record
        # ... and the upgraded games go on being played.
        record = await service.get(ids[0])
        result = await service.act(record.id, 1, record.version,
                                   make_strategy("always-buy").choose(record.game))
        assert result.record.version == record.version + 1 and await service.verify(ids[0])
    finally:
        await service.close()


async def test_h1_one_active_game_per_user_is_enforced_by_the_database_itself(tmp_path):
    path = tmp_path / "h1.sqlite3"
    service = await GameService.open(path)
    try:
        first = await service.start(42, None, None, seed=1)
    finally:
        await service.close()
    with raw(path) as conn:
        row = conn.execute("SELECT seed, options, edition, state FROM games WHERE id = ?",
                           (first.id,)).fetchone()
        insert = ("INSERT INTO games (owner_id, seed, options, edition, state, created_at,"
                  " updated_at, status) VALUES (?, ?, ?, ?, ?, 0, 0, ?)")
        with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
            conn.execute(insert, (42, *row, "active"))  # H1: a second active game
        conn.execute(insert, (42, *row, "lost"))  # finished games don't count
        conn.execute(insert, (43, *row, "active"))  # another user's game
        assert conn.execute("SELECT COUNT(*) FROM games WHERE owner_id = 42").fetchone()[0] == 2


async def test_the_game_moves_trigger_refuses_a_stale_version_and_writes_nothing(tmp_path):
    path = tmp_path / "guard.sqlite3"
    service = await GameService.open(path)
    try:
        record = await service.start(1, None, None, seed=3)
    finally:
        await service.close()
    with raw(path) as conn:
        move = ("INSERT INTO game_moves (game_id, from_version, state, status, at, finished_at,"
                " outcome, score, turns, action, events) VALUES (?, ?, '{}', 'active', 0, NULL,"
                " NULL, 0, 1, '{}', '[]')")
        with pytest.raises(sqlite3.IntegrityError, match="stale version"):
            conn.execute(move, (record.id, 5))
        assert conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 0
        assert conn.execute("SELECT version FROM games").fetchone()[0] == 0
