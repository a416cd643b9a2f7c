"""The daily challenge in the service: one seed per UTC day for everyone, from a
secret kept in the database; one attempt per player per day, in a slot of its own; the day's
board; streaks. The clock is the test's, moved by hand."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import AsyncIterator

import pytest

from bot.__main__ import setup_logging
from bot.application.daily import DAY_SECONDS, day_number, parse_day, streak_of
from bot.application.service import GameService
from bot.hosting.settings import Settings
from game_core import Game
from game_core.strategies import make_strategy

from tests.bot.storage.test_db import raw

DAY = 20_780  # 2026-11-23 is 20,780 days after 1970-01-01
NOON = DAY * DAY_SECONDS + 12 * 3600


class Clock:
    def __init__(self, now: float = NOON) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def days(self, count: float) -> None:
        self.now += count * DAY_SECONDS


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(database, clock) -> AsyncIterator[GameService]:
    """A service on each backend (SQLite, PostgreSQL)."""
    opened = await GameService.open(database, clock=clock)
    yield opened
    await opened.close()


@pytest.fixture
async def file_service(tmp_path, clock) -> AsyncIterator[GameService]:
    """A service on a SQLite file the test also reads and writes directly."""
    opened = await GameService.open(tmp_path / "daily.sqlite3", clock=clock)
    yield opened
    await opened.close()


async def finish(service: GameService, owner: int, actions: int = 0) -> None:
    """Play `actions` moves of the player's daily, then resign it (E3 ends the attempt)."""
    record = await service.daily.active(owner)
    assert record is not None
    chooser = make_strategy("always-buy")
    for _ in range(actions):
        if record.game.is_over:
            return
        record = (await service.act(record.id, owner, record.version,
                                    chooser.choose(record.game))).record
    if not record.game.is_over:
        await service.resign(record.id, owner)


async def test_two_players_in_two_servers_get_the_same_daily(service):
    first, started = await service.daily.start(1, 100, 1)
    second, _ = await service.daily.start(2, 200, 2, edition="fr")
    assert started and first.seed == second.seed and first.daily_day == DAY
    assert first.game.options.rule_set == "standard"
    # The same seed: the same dice and the same card order, whatever the edition.
    a, b = Game.new(first.seed), Game.new(second.seed, None, "fr")
    assert a.s.chance == b.s.chance and a.s.chest == b.s.chest


async def test_another_day_has_another_seed(service, clock):
    today, _ = await service.daily.start(1, None, None)
    await finish(service, 1)
    clock.days(1)
    tomorrow, _ = await service.daily.start(1, None, None)
    assert tomorrow.daily_day == DAY + 1 and tomorrow.seed != today.seed


async def test_a_bot_with_another_secret_has_another_daily(tmp_path, clock):
    seeds = []
    for name in ("one", "two"):
        service = await GameService.open(tmp_path / f"{name}.sqlite3", clock=clock)
        try:
            seeds.append((await service.daily.start(1, None, None))[0].seed)
        finally:
            await service.close()
    assert seeds[0] != seeds[1]
    # ... and the secret is kept: reopening a file gives its daily the same seed.
    service = await GameService.open(tmp_path / "one.sqlite3", clock=clock)
    try:
        assert (await service.daily.of(1, DAY)).seed == seeds[0]  # type: ignore[union-attr]
    finally:
        await service.close()


async def test_the_daily_seed_and_the_secret_never_reach_the_log(tmp_path, clock):
    # The bot's own log set-up, at its most talkative level.
    stream = io.StringIO()
    root = logging.getLogger()
    saved = (root.level, list(root.handlers), logging.getLogger("aiosqlite").level)
    setup_logging(Settings(token="x", db_path=tmp_path / "log.sqlite3",
                           log_level=logging.DEBUG), stream)
    try:
        service = await GameService.open(tmp_path / "log.sqlite3", clock=clock)
        try:
            record, _ = await service.daily.start(1, 5, 6)
            await finish(service, 1, actions=30)
        finally:
            await service.close()
    finally:
        root.setLevel(saved[0])
        root.handlers[:] = saved[1]
        logging.getLogger("aiosqlite").setLevel(saved[2])
    with raw(tmp_path / "log.sqlite3") as conn:
        secret = conn.execute("SELECT value FROM bot_secrets").fetchone()[0]
    logged = stream.getvalue()
    assert "game 1 started" in logged and "daily" in logged  # the log does tell the start
    assert str(record.seed) not in logged and secret.hex() not in logged
    assert hex(record.seed)[2:] not in logged


async def test_one_attempt_per_day_a_second_call_resumes_then_shows_the_result(service):
    record, started = await service.daily.start(1, None, None)
    again, started_again = await service.daily.start(1, None, None)
    assert started and not started_again and again.id == record.id
    await finish(service, 1, actions=5)
    after, started_after = await service.daily.start(1, None, None)
    assert not started_after and after.id == record.id and after.status == "lost"


async def test_an_ordinary_game_and_a_daily_go_at_once_H1_per_slot(service):
    ordinary = await service.start(1, None, None, seed=3)
    daily, _ = await service.daily.start(1, None, None)
    assert ordinary.id != daily.id
    assert (await service.active_game(1)).id == ordinary.id  # type: ignore[union-attr]
    assert (await service.daily.active(1)).id == daily.id  # type: ignore[union-attr]
    latest = await service.latest_game(1)
    assert latest is not None and latest.id == ordinary.id  # history: the ordinary slot


async def test_a_daily_finished_after_midnight_counts_for_its_start_day(service, clock):
    clock.now = (DAY + 1) * DAY_SECONDS - 60  # 23:59 UTC
    record, _ = await service.daily.start(1, None, None)
    clock.now += 120  # 00:01 the next day
    again, _ = await service.daily.start(1, None, None)
    assert again.id == record.id  # still in progress: resumed, not a new day's game
    await finish(service, 1, actions=3)
    assert [r.game_id for r in await service.daily.board(DAY, None)] == [record.id]
    assert await service.daily.board(DAY + 1, None) == []
    tomorrow, started = await service.daily.start(1, None, None)
    assert started and tomorrow.daily_day == DAY + 1


async def test_the_daily_board_ranks_wins_by_score_then_turns_then_losses_by_turns(
        file_service, tmp_path):
    service = file_service
    record, _ = await service.daily.start(99, None, None)  # a real row to copy the state of
    await finish(service, 99)
    rows = [  # (owner, guild, status, score, turns)
        (1, 1, "lost", 0, 40), (2, 1, "won", 25_000, 120), (3, 2, "won", 25_000, 90),
        (4, 1, "won", 26_000, 200), (5, 1, "lost", 0, 75), (6, 2, "won", 25_000, 90),
    ]
    with raw(tmp_path / "daily.sqlite3") as conn:
        state, options = conn.execute("SELECT state, options FROM games WHERE id = ?",
                                      (record.id,)).fetchone()
        for owner, guild, status, score, turns in rows:
            conn.execute(
                "INSERT INTO games (owner_id, guild_id, seed, options, edition, status, state,"
                " created_at, updated_at, finished_at, score, turns, rule_set, daily_day)"
                " VALUES (?, ?, ?, ?, 'us', ?, ?, 0, 0, ?, ?, ?, 'standard', ?)",
                (owner, guild, record.seed, options, status, json.dumps(json.loads(state)),
                 float(owner), score, turns, DAY))
    board = await service.daily.board(DAY, None)
    assert [(r.owner_id, r.rank) for r in board] == [
        (4, 1), (3, 2), (6, 2), (2, 4), (5, 5), (1, 6), (99, 7)]
    assert [r.won for r in board] == [True] * 4 + [False] * 3
    assert [r.owner_id for r in await service.daily.board(DAY, 1)] == [4, 2, 5, 1]
    assert [r.owner_id for r in await service.daily.board(DAY, None, limit=2, offset=2)] \
        == [6, 2]


async def test_streaks_across_days_a_missed_day_resets_the_current_not_the_best(
        service, clock):
    for _ in range(3):
        await service.daily.start(1, None, None)
        await finish(service, 1)
        clock.days(1)
    streak = await service.daily.streak(1)
    assert (streak.current, streak.best, streak.played) == (3, 3, 3)  # today not played yet
    clock.days(1)  # a day missed
    streak = await service.daily.streak(1)
    assert (streak.current, streak.best) == (0, 3)
    await service.daily.start(1, None, None)
    assert (await service.daily.streak(1)).current == 0  # started, not finished yet
    await finish(service, 1)
    streak = await service.daily.streak(1)
    assert (streak.current, streak.best, streak.played) == (1, 3, 4)


def test_streak_of_counts_runs_of_consecutive_days():
    assert streak_of([], 0, 10).current == 0
    assert streak_of([8, 9, 10], 1, 10) == streak_of([10, 9, 8], 1, 10)
    assert (streak_of([1, 2, 3, 7, 8], 0, 9).current, streak_of([1, 2, 3, 7, 8], 0, 9).best) \
        == (2, 3)


def test_a_day_is_typed_as_today_a_date_or_a_daily_number():
    today = DAY
    assert parse_day("today", today) == parse_day("aujourd'hui", today) == today
    assert parse_day("hier", today) == parse_day("Ayer", today) == today - 1
    assert parse_day("hoy", today) == parse_day("auj", today) == today  # as the help says
    assert parse_day("2026-11-22", today) == today - 1
    assert parse_day(f"#{day_number(today)}", today) == today
    assert parse_day(str(day_number(today) - 2), today) == today - 2
    for bad in ("2026-11-24", "2026-02-30", "soon", "#0", "-3", "99999999999"):
        assert parse_day(bad, today) is None, bad


async def test_the_daily_queries_use_their_indexes_and_the_board_needs_no_sort(
        file_service, tmp_path):
    from bot.storage import sqlite as daily_service

    board = daily_service._DAILY_BOARD
    with raw(tmp_path / "daily.sqlite3") as conn:
        for sql, params in (
            (board.format(guild_filter=""), (DAY, 10, 0)),
            (board.format(guild_filter="AND guild_id = ?"), (DAY, 1, 10, 0)),
            (daily_service._DAILY_DAYS, (1,)),
            (daily_service._SELECT_ACTIVE_DAILY, (1,)),
            (daily_service._SELECT_DAILY, (1, DAY)),
        ):
            plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql, params)]
            assert all("USING INDEX" in step for step in plan), plan
            assert not any("TEMP B-TREE" in step for step in plan), plan
