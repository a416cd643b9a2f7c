"""Every query a command runs uses an index: no statement the service sends ever scans the
whole `games` or `actions` table (a scan costs seconds on a cold cache of 100,000 games,
past Discord's 3 s).

The statements are not listed by hand: they are caught as the service really sends them
(SQLite's trace hook, with the values bound), while every service call a command makes runs
once, and each is then asked `EXPLAIN QUERY PLAN` on a database holding finished and active
games of several players and servers.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import AsyncIterator
from itertools import count
from pathlib import Path

import pytest

from bot.application.service import GameService
from game_core.strategies import make_strategy

QUICK_WIN = {"treasury": 260}  # S3: a Bank with 60 goes bankrupt at the first GO salary
# A scan of a whole table; a scan through an index (a partial one: the wins) is not.
WHOLE_TABLE_SCAN = re.compile(r"\bSCAN (games|actions|g|a)\b(?! USING (COVERING )?INDEX)")


@pytest.fixture
async def service(tmp_path) -> AsyncIterator[GameService]:
    ticks = count(1)
    opened = await GameService.open(tmp_path / "games.sqlite3", clock=lambda: float(next(ticks)))
    yield opened
    await opened.close()


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


def _plan(path: Path, statement: str) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {statement}")]


async def test_every_query_a_command_runs_uses_an_index(service, tmp_path):
    await _fill(service)
    sent: list[str] = []
    # The service's own connections (private: this test watches what it really sends).
    for conn in (service._storage._reader, service._storage._writer):
        await conn.set_trace_callback(sent.append)

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
    daily, _ = await service.start_daily(102, 1, 5)                  # /monopoly daily
    await service.start_daily(102, 1, 5)                             # ...asked again
    await service.active_daily(102)
    await service.resign(daily.id, 102)
    for guild in (1, None):
        await service.daily_board(service.today(), guild)            # the day's board
    await service.streak(102)                                        # streaks
    for conn in (service._storage._reader, service._storage._writer):
        await conn.set_trace_callback(None)

    queries = sorted({s for s in sent if re.match(r"\s*(SELECT|WITH|INSERT|UPDATE|DELETE)",
                                                   s, re.IGNORECASE)})
    assert len(queries) >= 12, queries  # the trace caught the commands' queries
    assert any("daily_day IS NOT NULL" in q for q in queries)  # the daily ones too
    assert any("daily_day = " in q for q in queries)
    scans = {}
    for statement in queries:
        plan = _plan(tmp_path / "games.sqlite3", statement)
        if any(WHOLE_TABLE_SCAN.search(line) for line in plan):
            scans[statement[:60] + "..." + statement[-100:]] = plan
    assert not scans, scans
