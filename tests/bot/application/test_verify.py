"""H3 checks everything that is read of a game, not only its state: the status, outcome,
score and turns columns (the leaderboard and the statistics read them) and the events stored
in its log (the history shows them). `solo-monopoly verify-db` checks every game and lists
the damaged ones for the admin."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.cli.main import main
from bot.application.service import GameRecord, GameService
from game_core.strategies import make_strategy

QUICK_WIN = {"treasury": 260}  # S3: a Bank with 60 goes bankrupt at the first GO salary


@pytest.fixture
def path(tmp_path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def service(path) -> AsyncIterator[GameService]:
    opened = await GameService.open(path)
    yield opened
    await opened.close()


async def won_game(service: GameService, owner: int, seed: int = 1) -> GameRecord:
    record = await service.start(owner, 5, None, options=QUICK_WIN, seed=seed)
    chooser = make_strategy("always-buy")
    while not record.game.is_over:
        record = (await service.act(record.id, owner, record.version,
                                    chooser.choose(record.game))).record
    assert record.status == "won"
    return record


def forge(path: Path, statement: str, *values: object) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(statement, values)


@pytest.mark.parametrize("statement", [
    "UPDATE games SET score = 999999 WHERE id = ?",
    "UPDATE games SET turns = 1 WHERE id = ?",
    "UPDATE games SET outcome = 'won:all_properties' WHERE id = ?",
    "UPDATE games SET status = 'lost', outcome = 'lost:debt', score = 0 WHERE id = ?",
    "UPDATE games SET rule_set = 'standard' WHERE id = ?",
    "UPDATE actions SET events = '[]' WHERE seq = 1 AND game_id = ?",
    "UPDATE actions SET events = replace(events, '\"amount\":200', '\"amount\":2000')"
    " WHERE game_id = ?",
], ids=["score", "turns", "outcome", "status", "rule-set", "events-emptied", "events-amount"])
async def test_a_forged_column_or_logged_event_fails_verification(service, path, statement):
    record = await won_game(service, 1)
    assert await service.verify(record.id) and await service.damage(record.id) == ""
    forge(path, statement, record.id)
    assert not await service.verify(record.id)
    assert await service.damage(record.id)


async def test_a_forged_score_that_tops_the_leaderboard_is_found(service, path):
    honest = await won_game(service, 1, seed=1)
    forged = await won_game(service, 2, seed=3)
    # QUICK_WIN games are house-rule games: the forger must claim the standard rules too.
    forge(path, "UPDATE games SET score = 999999, rule_set = 'standard' WHERE id = ?",
          forged.id)
    assert (await service.leaderboard(5))[0].score == 999999  # what the forger wanted
    assert not await service.verify(forged.id)
    forge(path, "UPDATE games SET rule_set = 'house' WHERE id = ?", forged.id)
    assert "999999" in await service.damage(forged.id)
    assert await service.verify(honest.id)


def verify_db(path: Path) -> subprocess.CompletedProcess[str]:
    """The admin's command, as run from a shell (here while a service has the file open)."""
    return subprocess.run([sys.executable, "-m", "bot.cli", "verify-db", "--db", str(path)],
                          capture_output=True, text=True, timeout=120, check=False)


async def test_verify_db_lists_every_damaged_game_and_exits_non_zero(service, path):
    sound = [await won_game(service, owner, seed=owner) for owner in (1, 2, 3)]
    active = await service.start(4, None, None, seed=4)
    result = verify_db(path)
    assert (result.returncode, result.stdout.strip()) == (0, "4 games checked: all sound")

    forge(path, "UPDATE games SET score = 999999 WHERE id = ?", sound[1].id)
    forge(path, "UPDATE games SET state = CAST(X'7BFF' AS TEXT) WHERE id = ?", active.id)
    result = verify_db(path)
    assert (result.returncode, result.stdout.strip()) == (1, "4 games checked: 2 damaged")
    listed = result.stderr.strip().splitlines()
    assert [line.split(":")[0] for line in listed] == [f"game {sound[1].id}",
                                                       f"game {active.id}"]
    assert "999999" in listed[0] and "not UTF-8" in listed[1]


def test_verify_db_of_a_missing_file_says_so(tmp_path, capsys):
    assert main(["verify-db", "--db", str(tmp_path / "nothing.sqlite3")]) == 2
    assert "there is no database at" in capsys.readouterr().err
    assert not (tmp_path / "nothing.sqlite3").exists()  # not created by looking


async def test_a_daily_moved_to_another_day_fails_verification(service, path):
    """A daily counts on its own day's board; its day column must be the day whose
    seed it was dealt, so a forged day can't move it onto another day's board."""
    daily, _ = await service.daily.start(7, 5, 6)
    assert await service.verify(daily.id)
    forge(path, "UPDATE games SET daily_day = daily_day - 1 WHERE id = ?", daily.id)
    assert not await service.verify(daily.id)
    assert "daily_day" in await service.damage(daily.id)
