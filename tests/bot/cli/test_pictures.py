"""The terminal shows the bot's pictures: `i` in `solo-monopoly play` and `solo-monopoly
picture` write a game's board, recap, money map and record chart as PNG files under
data/pictures/game-ID/, owner-only; bad input is one line and exit status 2, and makes
nothing. The real command, as a player types it."""

from __future__ import annotations

import asyncio
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.application.service import GameService
from bot.i18n import t
from game_core import Roll

REPO = Path(__file__).resolve().parents[3]
PNG = b"\x89PNG\r\n\x1a\n"


def run(*args: str, cwd: Path, keys: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=cwd, input=keys,
                          capture_output=True, text=True, timeout=180,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO),
                               "HOME": str(cwd)})


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def assert_pictures(folder: Path, names: set[str]) -> None:
    assert {p.name for p in folder.iterdir()} == names  # no partial file left beside them
    assert mode(folder) == 0o700 and mode(folder.parent) == 0o700
    for path in folder.iterdir():
        assert mode(path) == 0o600, path
        assert path.read_bytes().startswith(PNG)
        with Image.open(path) as image:
            assert min(image.size) >= 400  # drawn for 400-550 px, as on Discord


async def _finished_game(db: Path, user: int) -> int:
    """A game of `user`, played a roll and given up: finished, with a record to chart."""
    service = await GameService.open(db)
    try:
        record = await service.start(user, None, None, seed=5)
        await service.act(record.id, user, 0, Roll())
        await service.resign(record.id, user)
        return record.id
    finally:
        await service.close()


def test_i_in_the_terminal_writes_the_games_pictures_owner_only(tmp_path):
    done = run("play", "--locale", "fr", cwd=tmp_path, keys="o\ni\nq\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    folder = tmp_path / "data" / "pictures" / "game-1"
    assert t("fr", "terminal.pictures.written", folder="data/pictures/game-1",
             files="board.png, recap.png, money-map.png") in done.stdout
    assert_pictures(folder, {"board.png", "recap.png", "money-map.png"})  # no finished game
    assert "i images" in done.stdout  # the keys say so (`?` and every prompt's list)
    assert " · i · " in done.stdout


def test_the_picture_command_writes_a_finished_games_pictures_and_the_record(tmp_path):
    db = tmp_path / "games.sqlite3"
    game_id = asyncio.run(_finished_game(db, 7))
    done = run("picture", str(game_id), "--db", str(db), "--out", "shots", cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.count("\n") == 1 and "shots/game-1" in done.stdout
    # One finished game: no record to chart yet (as /monopoly stats, from two games on).
    assert_pictures(tmp_path / "shots" / "game-1", {"board.png", "recap.png", "money-map.png"})
    game_id = asyncio.run(_finished_game(db, 7))
    done = run("picture", str(game_id), "--db", str(db), "--out", "shots", cwd=tmp_path)
    assert done.returncode == 0 and f"shots/game-{game_id}" in done.stdout
    assert_pictures(tmp_path / "shots" / f"game-{game_id}",
                    {"board.png", "recap.png", "money-map.png", "record.png"})
    again = run("picture", "--db", str(db), "--user", "7", "--out", "shots", "--locale", "es",
                cwd=tmp_path)  # the player's latest game, replaced whole
    assert again.returncode == 0 and "Imágenes de esta partida" in again.stdout
    assert f"game-{game_id}" in again.stdout  # the latest


@pytest.mark.parametrize(("args", "says"), [
    (("picture",), "there is no database at data/terminal.sqlite3 (play a game first"),
    (("picture", "--db", "missing.sqlite3"), "there is no database at missing.sqlite3"),
    (("picture", "0"), "a game's number is 1 or more"),
    (("picture", "two"), "'two' is not a whole number"),
    (("picture", "--db", "games.sqlite3", "9"), "There is no game number 9."),
    (("picture", "--db", "games.sqlite3", "--user", "8"), "player 8 has no game in"),
    (("picture", "1", "--db", "games.sqlite3", "--out", "taken"), "Not a directory"),
    (("picture", "--db", "games.sqlite3", "--locale", "de"), "invalid choice: 'de'"),
])
def test_bad_input_to_picture_is_one_line_and_exit_2_and_makes_nothing(tmp_path, args, says):
    asyncio.run(_finished_game(tmp_path / "games.sqlite3", 7))
    (tmp_path / "taken").write_text("a file where the folder would go")

    def made() -> list[str]:  # SQLite's -wal and -shm come and go with any reader
        return sorted(p.name for p in tmp_path.rglob("*")
                      if not p.name.endswith(("-wal", "-shm")))

    before = made()
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr.count("\n") == 1 and says in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert made() == before  # no database, no folder


async def test_i_where_the_pictures_cant_go_is_said_and_the_game_goes_on(tmp_path):
    from bot.cli.terminal import play

    taken = tmp_path / "taken"
    taken.write_text("a file where the folder would go")
    said: list[str] = []
    answers = iter(["i", "r", "q"])
    assert await play(tmp_path / "g.sqlite3", 1, "en", "us", lambda _: next(answers),
                      said.append, pictures=taken) == 0
    [failed] = [line for line in said if line.startswith("Couldn't write the pictures")]
    assert failed == t("en", "terminal.pictures.failed", folder=taken, reason="Not a directory")
    assert any(line.startswith("🎲") for line in said)  # `r` was played after it


def test_the_end_of_a_terminal_game_writes_its_pictures(tmp_path):
    """As Discord shows the recap when a game ends: `solo-monopoly play` writes the finished
    game's pictures and says where, before the line that names the command again."""
    done = run("play", cwd=tmp_path, keys="g\ny\n")  # give up at once: the game is over
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    lines = done.stdout.splitlines()
    written = t("en", "terminal.pictures.written", folder="data/pictures/game-1",
                files="board.png, recap.png, money-map.png")
    assert any(written in line for line in lines), lines[-6:]
    assert lines[-1].startswith("Run python -m bot.cli play again")
    assert_pictures(tmp_path / "data" / "pictures" / "game-1",
                    {"board.png", "recap.png", "money-map.png"})
    done = run("play", cwd=tmp_path, keys="g\ny\n")  # a second game: the record too
    assert_pictures(tmp_path / "data" / "pictures" / "game-2",
                    {"board.png", "recap.png", "money-map.png", "record.png"})
