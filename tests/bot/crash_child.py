"""The process test_crash.py kills: it plays games through the game service until SIGKILL.

    python -m tests.bot.crash_child DATABASE REPORT RUN

Several players act at once, each on its own game (resuming the game it left active when the
last run was killed). Each writes to REPORT, one line per event:

    start GAME_ID                      start() returned: the game was created
    try GAME_ID OWNER VERSION ACTION   about to act: ACTION (JSON) chosen at VERSION
    act GAME_ID VERSION ACTION         act() returned: the action that brought the game to
                                       VERSION was stored
    redo GAME_ID VERSION dup|new ACTION

"start" and "act" are written only after the call returned, i.e. once its transaction was
committed. A "try" without its "act" is a click whose answer the kill lost: at start-up the
next run delivers it again, as Discord redelivers an interaction, and reports with "redo"
whether the service found it already applied (dup) or applied it now (new).

Each line goes out in one write() to a file opened with O_APPEND, so a kill leaves either the
whole line or none of it. "ready" on stdout says the service is open.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import traceback
from pathlib import Path

from bot.application.records import dumps
from bot.application.service import GameRecord, GameService
from game_core import Action, Resign, action_from_dict
from game_core.strategies import STRATEGIES, make_strategy

PLAYERS = 6
QUICK_WIN = {"treasury": 260}  # S3: games that end in a few dozen actions


class Report:
    def __init__(self, path: str) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def line(self, text: str) -> None:
        data = (text + "\n").encode()
        assert os.write(self._fd, data) == len(data)


def lost_answers(path: str) -> list[tuple[int, int, int, str]]:
    """(game, owner, version, action) of the clicks tried but never answered, from REPORT."""
    tried: dict[int, tuple[int, int, str]] = {}
    answered: set[tuple[int, int]] = set()
    text = Path(path).read_text() if os.path.exists(path) else ""
    for line in text.splitlines():
        kind, rest = line.split(" ", 1)
        if kind == "try":
            game_id, owner, version, action = rest.split(" ", 3)
            tried[int(game_id)] = (int(owner), int(version), action)
        elif kind in ("act", "redo"):
            game_id, version, _ = rest.split(" ", 2)
            answered.add((int(game_id), int(version)))
    return [(game_id, owner, version, action)
            for game_id, (owner, version, action) in tried.items()
            if (game_id, version + 1) not in answered]


async def new_game(service: GameService, report: Report, owner: int,
                   rng: random.Random) -> GameRecord:
    options = QUICK_WIN if rng.random() < 0.5 else None
    record = await service.start(owner, owner % 3, None, seed=rng.randrange(2**31),
                                 options=options, edition=rng.choice(("us", "uk", "fr")))
    report.line(f"start {record.id}")
    return record


async def play(service: GameService, report: Report, owner: int, run: int) -> None:
    rng = random.Random(run * 1_000 + owner)
    names = sorted(STRATEGIES)
    record = await service.active_game(owner) or await new_game(service, report, owner, rng)
    strategy = make_strategy(names[owner % len(names)], record.seed)
    give_up_at = rng.randrange(20, 120)
    while True:
        if record.game.is_over:
            record = await new_game(service, report, owner, rng)
            strategy = make_strategy(names[owner % len(names)], record.seed)
            give_up_at = rng.randrange(20, 120)
        choice: Action = (Resign() if record.version >= give_up_at
                          else strategy.choose(record.game))
        action = dumps(choice.to_dict())
        report.line(f"try {record.id} {owner} {record.version} {action}")
        if choice == Resign():
            result = await service.resign(record.id, owner)
        else:
            result = await service.act(record.id, owner, record.version, choice)
            if rng.random() < 0.05:  # the same click delivered twice: applied once
                again = await service.act(record.id, owner, record.version, choice)
                assert again.duplicate and again.record.version == result.record.version
        assert not result.duplicate and result.record.version == record.version + 1
        report.line(f"act {record.id} {result.record.version} {action}")
        record = result.record
        if rng.random() < 0.1:
            await asyncio.sleep(0)  # vary the interleaving


async def main(database: str, report_path: str, run: int) -> None:
    service = await GameService.open(database)
    report = Report(report_path)
    for game_id, owner, version, action in lost_answers(report_path):
        result = await service.act(game_id, owner, version,
                                   action_from_dict(json.loads(action)))
        assert result.record.version == version + 1
        report.line(f"redo {game_id} {version + 1} {'dup' if result.duplicate else 'new'}"
                    f" {action}")
    print("ready", flush=True)
    await asyncio.gather(*(play(service, report, owner, run) for owner in range(1, PLAYERS + 1)))


if __name__ == "__main__":
    try:
        asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
    except BaseException:
        # Out at once, with the error for the parent to show: a normal exit would wait for
        # the database connections' threads, and a hung child would pass for a killed one.
        traceback.print_exc()
        sys.stderr.flush()
        os._exit(1)
