"""`solo-monopoly play`'s input: Ctrl-C, the options of a new game, yes words, the text
board and the command its messages name. Ctrl-C is what a terminal sends: SIGINT to the
whole process group of the real command, reading from a pseudo-terminal."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.application.service import GameService
from bot.cli.main import main
from bot.cli.terminal import OptionsNeedANewGame, is_yes, play
from bot.i18n import t
from game_core import Roll

REPO = Path(__file__).resolve().parents[3]
INTERRUPTED = {  # the command as run here (`make play` says "make play")
    "en": "Interrupted: the game is saved. Run python -m bot.cli play",
    "fr": "Interrompu : la partie est enregistrée. Relancez python -m bot.cli play"}
RESUMED = {"en": "Resuming game #1 at turn 1", "fr": "Reprise de la partie n° 1 au tour 1"}
PROMPT = {"en": "Your move (? for the keys): ", "fr": "Votre coup (? pour les touches) : "}


class Console:
    """The real `solo-monopoly play` on a pseudo-terminal, in its own process group."""

    def __init__(self, db: Path, *args: str) -> None:
        self.master, slave = os.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bot.cli", "play", "--db", str(db), *args],
            stdin=slave, stdout=slave, stderr=slave, cwd=db.parent, start_new_session=True,
            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), "HOME": str(db.parent)})
        os.close(slave)
        self.out = ""

    def wait_for(self, text: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.out:
            assert time.monotonic() < deadline, f"no {text!r} in:\n{self.out}"
            self._read(0.1)

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the other end is closed: the process has exited
            return False
        self.out += chunk.decode(errors="replace").replace("\r\n", "\n")
        return bool(chunk)

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def ctrl_c(self) -> None:
        os.killpg(self.process.pid, signal.SIGINT)

    def exit_status(self, timeout: float) -> int | None:
        """The status once it has exited by itself within `timeout` s, else None."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            alive = self._read(0.1)
            if self.process.poll() is not None and not alive:
                return self.process.returncode
        return self.process.poll()

    def close(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        os.close(self.master)


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["en", "fr"])
def test_ctrl_c_at_the_prompt_saves_and_quits_at_once_saying_so_once(tmp_path, locale):
    db = tmp_path / "c.sqlite3"
    console = Console(db, "--locale", locale)
    try:
        console.wait_for(PROMPT[locale])
        # As a player would, a moment after the prompt shows: a signal in the microseconds
        # between the prompt written and the read() begun is seen only at the next key
        # (any Python program's input() has that window).
        time.sleep(0.3)
        console.ctrl_c()
        status = console.exit_status(15)  # no key typed after it: it quits by itself
    finally:
        console.close()
    assert status == 0, console.out
    assert console.out.count(INTERRUPTED[locale]) == 1, console.out
    assert "Traceback" not in console.out
    console = Console(db, "--locale", locale)  # the game waits where it was
    try:
        console.wait_for(PROMPT[locale])
        console.type("q\n")
        assert console.exit_status(15) == 0
    finally:
        console.close()
    assert RESUMED[locale] in console.out


@pytest.mark.slow
def test_ctrl_c_during_the_first_hint_quits_once_without_worker_tracebacks(tmp_path):
    console = Console(tmp_path / "h.sqlite3")
    try:
        console.wait_for(PROMPT["en"])
        console.type("h\n")
        console.wait_for("Thinking")  # the worker processes are being started now
        console.ctrl_c()
        status = console.exit_status(30)
    finally:
        console.close()
    assert status == 0, console.out
    assert console.out.count(INTERRUPTED["en"]) == 1, console.out
    assert "Traceback" not in console.out and "KeyboardInterrupt" not in console.out


async def _game_in_progress(db: Path) -> None:
    service = await GameService.open(db)
    try:
        record = await service.start(0, None, None, seed=3)
        await service.act(record.id, 0, record.version, Roll())
    finally:
        await service.close()


@pytest.mark.parametrize(("locale", "says"), [
    ("en", "Game #1 is still in progress, and --preset, --rule and --edition only set up a new "
           "game: finish it or give it up (g) first"),
    ("fr", "La partie n° 1 est toujours en cours, et --preset, --rule et --edition ne règlent "
           "qu'une nouvelle partie : terminez-la ou abandonnez-la (g) d'abord"),
])
@pytest.mark.parametrize("option", [["--preset", "beginner"], ["--rule", "bank_build_cap=2"],
                                    ["--preset", "standard"], ["--edition", "uk"],
                                    ["--edition", "us"]])
def test_new_game_options_with_a_game_in_progress_are_refused_in_one_line(
        tmp_path, capsys, monkeypatch, locale, says, option):
    import asyncio

    db = tmp_path / "p.sqlite3"
    asyncio.run(_game_in_progress(db))
    monkeypatch.setattr("sys.stdin", open(os.devnull))
    assert main(["play", "--db", str(db), "--locale", locale, *option]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and says in err, err
    assert err.startswith("solo-monopoly: ")


async def test_play_refuses_options_for_a_game_in_progress_before_showing_it(tmp_path):
    db = tmp_path / "p.sqlite3"
    await _game_in_progress(db)
    said: list[str] = []
    with pytest.raises(OptionsNeedANewGame):
        await play(db, 0, "en", "us", lambda _: "q", said.append, options={})
    assert said == []


@pytest.mark.parametrize("rule", ["foo=1", "bank_build_cap=9", "doubles=sometimes"])
def test_a_wrong_rule_is_refused_in_one_line_with_no_game_in_progress(tmp_path, capsys, rule):
    db = tmp_path / "new.sqlite3"
    assert main(["play", "--db", str(db), "--rule", rule]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("solo-monopoly: "), err
    assert rule.split("=")[0] in err
    assert not db.exists()  # refused before anything was made


@pytest.mark.parametrize(("locale", "yes", "no"), [
    ("en", ["y", "yes", " Y "], ["o", "oui", "n", "", "r", "s"]),
    ("fr", ["oui", "OUI", "y"], ["o", "n", "non", "", "s"]),
    ("es", ["sí", "si", "y"], ["s", "o", "n", ""]),
])
def test_only_yes_words_confirm_never_a_key(locale, yes, no):
    assert all(is_yes(word, locale) for word in yes)
    assert not any(is_yes(word, locale) for word in no)


@pytest.mark.parametrize(("locale", "question", "word"), [
    ("en", "Resign? It counts as a loss with 0 points (y/N): ", "y"),
    ("fr", "Abandonner ? La partie comptera comme perdue, avec 0 point (oui/N) : ", "oui"),
])
async def test_E3_o_does_not_confirm_resigning_but_the_yes_word_does(tmp_path, locale,
                                                                     question, word):
    db = tmp_path / "r.sqlite3"
    answers = iter(["g", "o", "g", word])
    said: list[str] = []

    def ask(prompt: str) -> str:
        said.append(prompt)
        return next(answers, "q")

    assert await play(db, 3, locale, "us", ask, said.append) == 0
    assert said.count(question) == 2
    # `o` (the French short yes, and the roll-on key): refused in words, never a silent no.
    refusal = t(locale, "terminal.not_yes", answer="o")
    assert said.count(refusal) == 1 and said.index(refusal) == said.index(question) + 1
    service = await GameService.open(db)
    try:
        record = await service.get(1)
        assert (record.version, record.outcome) == (1, "lost:resigned")  # after the yes word
    finally:
        await service.close()


@pytest.mark.parametrize(("locale", "here"), [("en", "Turn 2 · 🔴 Oriental Avenue (6)"),
                                              ("fr", "Tour 2 · 🔴 Oriental Avenue (6)")])
async def test_v_prints_the_board_as_plain_text_with_square_numbers(tmp_path, locale, here):
    db = tmp_path / "v.sqlite3"
    service = await GameService.open(db)
    try:
        record = await service.start(0, None, None, seed=3)
        await service.act(record.id, 0, record.version, Roll())  # to Oriental Avenue (6)
    finally:
        await service.close()
    said: list[str] = []
    answers = iter(["b", "v"])
    assert await play(db, 0, locale, "us", lambda _: next(answers, "q"), said.append) == 0
    board = next(line for line in said if "⬛" in line)
    assert here in board and "(6)" in board.split(here)[1]  # the pawn, then "⭐ You: ..."
    assert "**" not in board and "`" not in board


@pytest.mark.parametrize("locale", ["en", "fr", "es"])
def test_the_terminals_texts_name_the_command_that_was_run_not_one_off_the_path(locale):
    from bot.i18n import MESSAGES

    texts = MESSAGES[locale]
    assert not [key for key, text in texts.items() if "solo-monopoly play" in text]
    for key in ("terminal.again", "terminal.saved", "clicks.terminal.interrupted"):
        assert "{command}" in texts[key] and "make play" not in texts[key], key


def test_make_play_names_itself_to_the_terminal():
    done = subprocess.run(["make", "-n", "play"], cwd=REPO, capture_output=True, text=True)
    assert 'SOLO_MONOPOLY_COMMAND="make play"' in done.stdout, done.stdout


@pytest.mark.parametrize(("env", "command"), [
    ({"SOLO_MONOPOLY_COMMAND": "make play"}, "make play"),
    ({}, "python -m bot.cli play --db s.sqlite3 --locale fr"),  # as typed, arguments and all
])
def test_saved_says_to_run_again_the_command_actually_run(tmp_path, env, command):
    done = subprocess.run([sys.executable, "-m", "bot.cli", "play", "--db", "s.sqlite3",
                           "--locale", "fr"], cwd=tmp_path, input="q\n", capture_output=True,
                          text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), **env})
    assert done.returncode == 0, done.stderr
    assert t("fr", "terminal.saved", command=command) in done.stdout
