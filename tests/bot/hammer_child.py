"""One of the processes test_processes.py runs at once on one database, like two bot processes
serving clicks on the same games.

    python -m tests.bot.hammer_child DATABASE STRATEGY GO_FILE GAME_ID...

It waits for GO_FILE (so both processes start together), then plays every game given, taking
turns between them, with its own strategy: at each step it reads the game, chooses, and
acts at the version it read. The other process does the same at the same moment, often at
the same version: each of its clicks must be applied, a duplicate, or refused (stale or
finished). Prints one JSON object: {"applied": [[game_id, version, action], ...],
"duplicates": n, "stale": n, "finished": n}.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time

from bot.errors import GameFinished, StaleVersion
from bot.application.service import GameService
from game_core.strategies import make_strategy

STEPS = 80  # per game, at most


async def main(database: str, strategy_name: str, go: str, game_ids: list[int]) -> None:
    service = await GameService.open(database)
    applied: list[tuple[int, int, object]] = []
    counts = {"duplicates": 0, "stale": 0, "finished": 0}
    try:
        deadline = time.monotonic() + 60
        while not os.path.exists(go) and time.monotonic() < deadline:
            await asyncio.sleep(0.005)

        async def play(game_id: int) -> None:
            strategy = make_strategy(strategy_name, game_id)
            for _ in range(STEPS):
                record = await service.get(game_id)
                if record.game.is_over:
                    return
                action = strategy.choose(record.game)
                try:
                    result = await service.act(game_id, record.owner_id, record.version,
                                               action)
                except StaleVersion:
                    counts["stale"] += 1
                    continue
                except GameFinished:
                    counts["finished"] += 1
                    return
                if result.duplicate:
                    counts["duplicates"] += 1
                else:
                    applied.append((game_id, result.record.version, action.to_dict()))

        await asyncio.gather(*(play(game_id) for game_id in game_ids))
    finally:
        await service.close()
    print(json.dumps({"applied": applied, **counts}))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], [int(a) for a in sys.argv[4:]]))
