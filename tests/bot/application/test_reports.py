"""Leaderboard and player statistics, from games really played through the service, on both
backends (their SQL differs: SQLite's and PostgreSQL's)."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from itertools import count
from pathlib import Path

import pytest

from bot.cli.migrate_db import copy_database
from bot.application.service import GameRecord, GameService, PlayerStats
from bot.storage.targets import is_postgres_url
from game_core.strategies import make_strategy

# (owner, guild, seed): under the standard rules (only they reach the leaderboard) always-buy
# wins each of these seeds, with scores and turns that tie in both ways the leaderboard must
# handle: seeds 7913 and 9422 score the same (25,625) in 210 and 280 turns, and owners 3 and
# 4 play the same seed, hence the same score in the same turns. (Dice by roll, H4.)
WINS = [(1, 1, 19213), (1, 1, 20111), (2, 1, 7913), (3, 1, 9422), (4, 1, 9422), (5, 2, 24740),
        (1, 2, 18938), (7, None, 11817)]
LOSSES = [(1, 1), (2, 1), (6, 2)]  # (owner, guild): resigned games


@pytest.fixture
async def service(database, request) -> AsyncIterator[GameService]:
    if "played" in request.fixturenames:  # the played games' database first, then open it
        request.getfixturevalue("played")
    ticks = count(1)
    opened = await GameService.open(database, clock=lambda: float(next(ticks)))
    yield opened
    await opened.close()


async def win(service: GameService, owner: int, guild: int | None, seed: int) -> GameRecord:
    record = await service.start(owner, guild, None, seed=seed)
    chooser = make_strategy("always-buy")
    while not record.game.is_over:
        record = (await service.act(record.id, owner, record.version,
                                    chooser.choose(record.game))).record
    assert record.status == "won", "always-buy wins these seeds"
    return record


@pytest.fixture(scope="session")
def played_file(tmp_path_factory) -> tuple[Path, list[GameRecord]]:
    """The games below, played once through a real service (a few thousand actions), in a
    file each test gets a fresh copy of."""
    path = tmp_path_factory.mktemp("played") / "games.sqlite3"

    async def play() -> list[GameRecord]:
        ticks = count(1)
        service = await GameService.open(path, clock=lambda: float(next(ticks)))
        try:
            wins = [await win(service, *game) for game in WINS]
            for owner, guild in LOSSES:
                record = await service.start(owner, guild, None)
                await service.resign(record.id, owner)
            await service.start(1, 1, None)  # an active game counts nowhere
            return wins
        finally:
            await service.close()

    return path, asyncio.run(play())


@pytest.fixture
def played(played_file, database) -> list[GameRecord]:
    """The played games in the test's database: a copy of the file, or for PostgreSQL the
    file's games copied over by migrate-db's copy (in a thread: a fixture runs inside the
    test's event loop)."""
    template, wins = played_file
    if is_postgres_url(database):
        with ThreadPoolExecutor(1) as thread:
            copied = thread.submit(asyncio.run, copy_database(template, database)).result()
        assert copied.games == len(WINS) + len(LOSSES) + 1 and not copied.damaged
    else:
        shutil.copyfile(template, database)
    return wins


def best_per_player(wins: list[GameRecord], guild: int | None) -> list[tuple[int, int, int]]:
    """The expected leaderboard, computed in Python: (owner, score, turns), best first."""
    best: dict[int, GameRecord] = {}
    for record in wins:
        if guild is not None and record.guild_id != guild:
            continue
        kept = best.get(record.owner_id)
        if kept is None or (-record.score, record.turns) < (-kept.score, kept.turns):
            best[record.owner_id] = record
    ordered = sorted(best.values(), key=lambda r: (-r.score, r.turns, r.finished_at))
    return [(r.owner_id, r.score, r.turns) for r in ordered]


@pytest.mark.parametrize("guild", [None, 1, 2])
async def test_leaderboard_is_each_players_best_win_by_score_then_fewer_turns(service, played,
                                                                              guild):
    rows = await service.leaderboard(guild, limit=50)
    assert [(r.owner_id, r.score, r.turns) for r in rows] == best_per_player(played, guild)
    by_game = {r.id: r for r in played}
    for row in rows:
        game = by_game[row.game_id]
        assert (game.owner_id, game.score, game.turns, game.finished_at) == (
            row.owner_id, row.score, row.turns, row.finished_at)
        assert guild is None or game.guild_id == guild


async def test_the_fixture_really_has_ties_to_break(played):
    scores = [(r.score, r.turns) for r in played]
    tied_scores = {s for s, _ in scores if sum(1 for t, _ in scores if t == s) > 1}
    assert any(len({t for s, t in scores if s == score}) > 1 for score in tied_scores)
    assert len(scores) > len(set(scores))  # an exact tie: same score, same turns


async def test_exact_ties_share_a_rank_and_pages_keep_the_ranks(service, played):
    rows = await service.leaderboard(None, limit=50)
    for before, after in zip(rows, rows[1:], strict=False):
        same = (before.score, before.turns) == (after.score, after.turns)
        assert (after.rank == before.rank) if same else (after.rank > before.rank)
    assert rows[0].rank == 1 and len({r.owner_id for r in rows}) == len(rows)
    assert any(a.rank == b.rank for a, b in zip(rows, rows[1:], strict=False))
    page = await service.leaderboard(None, limit=2, offset=2)
    assert page == rows[2:4]
    assert await service.leaderboard(None, limit=5, offset=len(rows)) == []


async def test_a_server_without_wins_has_an_empty_leaderboard(service, played):
    assert await service.leaderboard(999) == []


async def test_stats_count_finished_games_only(service, played):
    mine = [r for r in played if r.owner_id == 1]
    stats = await service.stats(1)
    assert stats == PlayerStats(
        owner_id=1, played=len(mine) + 1, won=len(mine), lost=1,
        win_rate=len(mine) / (len(mine) + 1), best_score=max(r.score for r in mine),
        fastest_win=min(r.turns for r in mine))


async def test_stats_per_server(service, played):
    in_guild_2 = [r for r in played if r.owner_id == 1 and r.guild_id == 2]
    stats = await service.stats(1, guild_id=2)
    assert (stats.played, stats.won, stats.lost) == (len(in_guild_2), len(in_guild_2), 0)
    assert stats.best_score == max(r.score for r in in_guild_2)
    loser = await service.stats(6)
    assert (loser.played, loser.won, loser.lost, loser.win_rate) == (1, 0, 1, 0.0)
    assert (loser.best_score, loser.fastest_win) == (None, None)


async def test_stats_of_a_newcomer_are_zero(service):
    assert await service.stats(123) == PlayerStats(123, 0, 0, 0, 0.0, None, None, 0, 0)
