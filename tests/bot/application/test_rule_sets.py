"""Rule sets in storage: each game's is derived from its options and stored (the rule-set
migration), so that the leaderboard and the best score of stats compare standard games only."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import sqlite_file as db
from bot.application.service import GameService
from game_core import Options
from game_core.strategies import make_strategy

from tests.bot.storage.test_db import raw, store_version_1_game

# The house-rule exploit: a Bank with 1 left after dealing 9,999,999 goes bankrupt on the
# first rent it owes, and the win scores about ten million.
EXPLOIT = {"start_cash": 9_999_999, "treasury": 10_000_000}
RULE_SET_MIGRATION = next(m.number for m in db.MIGRATIONS if m.name.endswith("_rule_sets.sql"))


@pytest.fixture
async def service(tmp_path) -> AsyncIterator[GameService]:
    opened = await GameService.open(tmp_path / "games.sqlite3")
    yield opened
    await opened.close()


async def play_out(service: GameService, owner: int, options: dict[str, object] | None,
                   seed: int, guild: int | None = 1) -> None:
    record = await service.start(owner, guild, None, options=options, seed=seed)
    chooser = make_strategy("always-buy")
    while not record.game.is_over:
        record = (await service.act(record.id, owner, record.version,
                                    chooser.choose(record.game))).record


def stored_rule_set(path: Path, game_id: int) -> str:
    with raw(path) as conn:
        return str(conn.execute("SELECT rule_set FROM games WHERE id = ?",
                                (game_id,)).fetchone()[0])


async def test_the_house_rule_exploit_never_reaches_the_leaderboard(service):
    await play_out(service, 1, EXPLOIT, seed=5)
    assert (await service.latest_game(1)).score > 9_000_000  # type: ignore[union-attr]
    assert await service.leaderboard(None) == [] and await service.leaderboard(1) == []


async def test_stats_best_score_counts_standard_games_and_house_games_apart(service):
    await play_out(service, 1, EXPLOIT, seed=5)
    record = await service.start(1, 1, None)
    await service.resign(record.id, 1)
    stats = await service.stats(1)
    assert (stats.played, stats.won, stats.lost) == (2, 1, 1)
    assert (stats.best_score, stats.fastest_win) == (None, None)
    assert (stats.house_played, stats.house_won) == (1, 1)


@pytest.mark.parametrize("options, expected", [
    (None, "standard"), ({"start_cash": 200, "bank_build_cap": 5}, "standard"),
    ({"bank_build_cap": 2}, "house"), ({"doubles": "standard"}, "house"),
])
async def test_the_service_stores_the_rule_set_from_the_options(service, tmp_path, options,
                                                                 expected):
    record = await service.start(1, None, None, options=options, seed=1)
    assert stored_rule_set(tmp_path / "games.sqlite3", record.id) == expected
    assert record.game.options.rule_set == expected


async def test_a_row_written_without_a_rule_set_counts_as_house_rules(service, tmp_path):
    record = await service.start(1, None, None, seed=1)
    with raw(tmp_path / "games.sqlite3") as conn:
        row = conn.execute("SELECT seed, options, edition, state FROM games WHERE id = ?",
                           (record.id,)).fetchone()
        conn.execute("INSERT INTO games (owner_id, seed, options, edition, state, created_at,"
                     " updated_at, status, score) VALUES (9, ?, ?, ?, ?, 0, 0, 'won', 99)", row)
    assert await service.leaderboard(None) == []


async def test_migrations_classify_the_games_already_stored(tmp_path):
    path = tmp_path / "old.sqlite3"
    conn = await db.connect(path)
    try:
        await db.migrate(conn, target=RULE_SET_MIGRATION - 1)
    finally:
        await conn.close()
    house = [{"doubles": "standard"}, {"treasury": 10_000_000}, {"bank_pawns": 3},
             {"start_cash": 1_500}, EXPLOIT]
    with raw(path) as conn:
        standard_id = store_version_1_game(conn, 1, seed=3, actions=4)
        house_ids = []
        for owner, options in enumerate(house, 2):
            game_id = store_version_1_game(conn, owner, seed=owner, actions=2)
            conn.execute("UPDATE games SET options = ? WHERE id = ?",
                         (json.dumps(Options.from_mapping(options).to_dict()), game_id))
            house_ids.append(game_id)
        damaged_id = store_version_1_game(conn, 9, seed=9, actions=0)
        conn.execute("UPDATE games SET options = 'not json' WHERE id = ?", (damaged_id,))
        # A finished standard win and a finished house win, as release 1 stored them.
        conn.execute("UPDATE games SET status = 'won', score = 25000 WHERE id = ?",
                     (standard_id,))
        conn.execute("UPDATE games SET status = 'won', score = 9999999 WHERE id = ?",
                     (house_ids[-1],))
    service = await GameService.open(path)
    try:
        assert stored_rule_set(path, standard_id) == "standard"
        assert [stored_rule_set(path, i) for i in house_ids] == ["house"] * len(house)
        assert stored_rule_set(path, damaged_id) == "house"
        assert [(r.owner_id, r.score) for r in await service.leaderboard(None)] == [(1, 25000)]
    finally:
        await service.close()


def test_the_leaderboard_and_stats_queries_use_an_index(tmp_path):
    import asyncio

    from bot.storage import sqlite as service_module  # the SQLite backend's queries

    async def build() -> None:
        opened = await GameService.open(tmp_path / "plan.sqlite3")
        await opened.close()

    asyncio.run(build())
    with raw(tmp_path / "plan.sqlite3") as conn:
        for sql, params in (
            (service_module._WINS_IN_ORDER.format(guild_filter=""), (10, 0)),
            (service_module._WINS_IN_ORDER.format(guild_filter="AND guild_id = ?"), (1, 10, 0)),
            (service_module._STATS.format(guild_filter=""), (1,)),
            (service_module._STATS.format(guild_filter="AND guild_id = ?"), (1, 1)),
        ):
            plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql, params)]
            on_games = [step for step in plan if " games" in step]
            assert on_games and all("INDEX" in step for step in on_games), plan
            if "ORDER BY score DESC, turns, finished_at, owner_id, id" in sql:  # no sort
                assert not any("TEMP B-TREE" in step for step in plan), plan

