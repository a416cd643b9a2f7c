"""Two service processes on one database hammer the same games at once, as two bot processes
of a cluster would (or the bot and the terminal client on one SQLite file). They share no
lock and no memory: only the database's version guard stands between them."""

from __future__ import annotations

import pytest

import json
import subprocess
import sys
from pathlib import Path

from bot.application.service import GameService

from tests.bot.raw_db import raw

ROOT = Path(__file__).resolve().parents[3]
GAMES = 24


@pytest.mark.slow
async def test_two_processes_on_the_same_games_lose_duplicate_and_fork_nothing(database,
                                                                             tmp_path):
    service = await GameService.open(database)
    try:
        game_ids = [(await service.start(100 + i, None, None, seed=500 + i)).id
                    for i in range(GAMES)]
    finally:
        await service.close()
    go = tmp_path / "go"
    # Different strategies: at the same version the two often choose different actions (one
    # applies, the other is stale) and often the same (one applies, the other a duplicate).
    children = [subprocess.Popen(
        [sys.executable, "-m", "tests.bot.hammer_child", database, strategy, str(go),
         *map(str, game_ids)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True) for strategy in ("always-buy", "random")]
    go.touch()
    reports = []
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err
        reports.append(json.loads(out))

    claimed: dict[tuple[int, int], list[dict[str, object]]] = {}
    for report in reports:
        for game_id, version, action in report["applied"]:
            claimed.setdefault((game_id, version), []).append(action)
    # Nothing applied twice: no version of any game was written by both processes.
    assert all(len(actions) == 1 for actions in claimed.values())
    logged = {(game_id, seq): json.loads(action) for game_id, seq, action in await raw(
        database, "SELECT game_id, seq, action FROM actions ORDER BY game_id, seq")}
    # Nothing lost, nothing extra: the log is exactly the clicks answered as applied.
    assert logged == {key: actions[0] for key, actions in claimed.items()}
    # Both processes really raced: each applied some, and each was refused some.
    assert all(report["applied"] for report in reports)
    assert sum(r["duplicates"] + r["stale"] for r in reports) > GAMES
    # No fork: every game's log is whole and its state is the replay of it (H3).
    service = await GameService.open(database)
    try:
        for game_id in game_ids:
            record = await service.get(game_id)
            seqs = sorted(seq for gid, seq in logged if gid == game_id)
            assert seqs == list(range(1, record.version + 1))
            assert await service.verify(game_id)
    finally:
        await service.close()
