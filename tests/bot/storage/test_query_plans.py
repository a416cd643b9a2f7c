"""Every query a command runs uses an index: no statement the service sends ever scans the
whole `games` or `actions` table (a scan costs seconds on a cold cache of 100,000 games,
past Discord's 3 s).

The statements are not listed by hand: they are caught as the service really sends them
(SQLite's trace hook, with the values bound; asyncpg's query logger, with its arguments),
while every service call a command makes runs once, and each is then asked `EXPLAIN QUERY
PLAN` (SQLite) or `EXPLAIN` (PostgreSQL, with sequential scans priced out, so that a plan
shows one only where no index can serve: a small table would otherwise be scanned by
choice) on a database holding finished and active games of several players and servers.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from itertools import count
from typing import Any

import asyncpg
import pytest

from bot.application.service import GameService
from game_core.strategies import make_strategy

QUICK_WIN = {"treasury": 260}  # S3: a Bank with 60 goes bankrupt at the first GO salary
# A scan of a whole table; a scan through an index (a partial one: the wins) is not.
WHOLE_TABLE_SCAN = re.compile(r"\bSCAN (games|actions|g|a)\b(?! USING (COVERING )?INDEX)")


PG_SCAN = re.compile(r"Seq Scan on (games|actions)\b")


@pytest.fixture
async def service(database) -> AsyncIterator[GameService]:
    ticks = count(1)
    opened = await GameService.open(database, clock=lambda: float(next(ticks)))
    yield opened
    await opened.close()


Sent = list[tuple[str, tuple[Any, ...]]]


async def watch(service: GameService, sent: Sent) -> Callable[[], Awaitable[None]]:
    """Record what the service sends from now on; returns how to stop."""
    storage: Any = service._storage  # private: this test watches what it really sends
    if service.backend == "sqlite":
        conns = (storage._reader, storage._writer)
        for conn in conns:
            await conn.set_trace_callback(lambda statement: sent.append((statement, ())))

        async def stop() -> None:
            for conn in conns:
                await conn.set_trace_callback(None)
        return stop
    calls, watched = storage._calls, set()
    original = calls.run

    def log(query: Any) -> None:
        sent.append((query.query, tuple(query.args)))

    async def run(work: Any, budget: float | None = None) -> Any:
        async def watched_work(conn: Any) -> Any:
            if id(conn) not in watched:
                watched.add(id(conn))
                conn.add_query_logger(log)
            return await work(conn)
        return await original(watched_work, budget)

    calls.run = run

    async def stop_pg() -> None:
        calls.run = original
    return stop_pg


async def plan(database: str, statement: str, args: tuple[Any, ...]) -> list[str]:
    if not database.startswith("postgresql://"):
        with sqlite3.connect(database) as conn:
            return [row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {statement}")]
    conn = await asyncpg.connect(database)
    try:
        await conn.execute("SET enable_seqscan = off")
        return [row[0] for row in await conn.fetch(f"EXPLAIN {statement}", *args)]
    finally:
        await conn.close()


async def _fill(service: GameService) -> None:
    """Won, lost and active games for 40 players in 3 servers and direct messages."""
    for owner in range(1, 41):
        guild = (None, 1, 2, 3)[owner % 4]
        record = await service.start(owner, guild, owner, options=QUICK_WIN, seed=owner)
        chooser = make_strategy("always-buy")
        while not record.game.is_over:
            record = (await service.act(record.id, owner, record.version,
                                        chooser.choose(record.game))).record
        lost = await service.start(owner, guild, owner, seed=owner)
        await service.resign(lost.id, owner)
        if owner % 2:
            await service.start(owner, guild, owner, seed=owner + 100)


async def test_every_query_a_command_runs_uses_an_index(service, database):
    await _fill(service)
    sent: Sent = []
    stop = await watch(service, sent)

    # What the commands and buttons call, in both the active and the finished case.
    record = await service.start(100, 1, 5)                          # /monopoly new
    await service.active_game(100)                                   # status, board, resume...
    await service.latest_game(100)                                   # history, game active
    played = await service.act(record.id, 100, 0, record.game.legal_actions()[0])  # a click
    await service.set_message(record.id, 5, 55)                      # the game's message
    await service.act(record.id, 100, 0, record.game.legal_actions()[0])  # the click again
    await service.get(record.id)                                     # a stale click
    await service.history(record.id, limit=50)                       # /monopoly history
    await service.history(record.id, limit=50, before_seq=played.record.version)
    await service.resign(record.id, 100)                             # /monopoly resign
    await service.latest_game(100)                                   # history, game over
    await service.latest_game(2)                                     # a player of 2 games
    await service.latest_game(999)                                   # a newcomer
    for guild in (1, None):
        await service.leaderboard(guild, limit=100, offset=10)     # /monopoly leaderboard
        await service.stats(3, guild)                                # /monopoly stats
    await service.finished_games(3, limit=200)                      # its record chart
    await service.game_log(1)                                        # recap, money map
    await service.verify(1)                                          # the admin's verify
    damaged = await service.start(101, 1, 5)
    await service.abandon(damaged.id, 101)                           # giving up a damaged game
    daily, _ = await service.daily.start(102, 1, 5)                  # /monopoly daily
    await service.daily.start(102, 1, 5)                             # ...asked again
    await service.daily.active(102)
    await service.resign(daily.id, 102)
    for guild in (1, None):
        await service.daily.board(service.daily.today(), guild)            # the day's board
    await service.daily.streak(102)                                        # streaks
    await stop()

    queries = sorted({(s, a) for s, a in sent
                      if re.match(r"\s*(SELECT|WITH|INSERT|UPDATE|DELETE)", s, re.IGNORECASE)},
                     key=repr)
    assert len({s for s, _ in queries}) >= 12, queries  # the commands' queries were caught
    assert any("daily_day IS NOT NULL" in q for q, _ in queries)  # the daily ones too
    assert any("daily_day = " in q for q, _ in queries)
    scan = PG_SCAN if service.backend == "postgresql" else WHOLE_TABLE_SCAN
    scans = {}
    for statement, args in queries:
        lines = await plan(database, statement, args)
        if any(scan.search(line) for line in lines):
            scans[statement[:60] + "..." + statement[-100:]] = lines
    assert not scans, scans
