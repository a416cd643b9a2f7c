"""`solo-monopoly play`: a whole game in the terminal through the same service."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator


from bot.application.service import GameService
from bot.cli.terminal import play, run_terminal
from game_core import Roll


def scripted(answers: list[str]) -> tuple[list[str], object, object]:
    """ask/say functions fed from `answers` (then end of input), recording what is said."""
    said: list[str] = []
    feed: Iterator[str] = iter(answers)

    def ask(prompt: str) -> str:
        said.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return said, ask, said.append


async def test_play_quit_and_resume_where_it_stopped(tmp_path):
    db = tmp_path / "play.sqlite3"
    said, ask, say = scripted(["r", "q"])  # roll, then quit
    assert await play(db, 7, "en", "us", ask, say) == 0
    text = "\n".join(said)
    assert "New game #1" in text and "Now: r · o · g · s · v · i · h · q" in text
    assert "Game saved" in text
    assert "── Turn 1 · GO · cash $200 · Bank $20,380 ──" in text
    said, ask, say = scripted([])  # end of input at once: quits cleanly, nothing applied
    assert await play(db, 7, "en", "us", ask, say) == 0
    assert "Resuming game #1" in "\n".join(said)
    service = await GameService.open(db)
    try:
        record = await service.get(1)
        assert record.version >= 1 and await service.verify(1)  # one roll, then forced ways
    finally:
        await service.close()


async def test_a_bad_choice_is_explained_and_asked_again(tmp_path):
    # "²" and "٣" are digits to Python's isdigit(), not square numbers: bad input like any.
    said, ask, say = scripted(["9", "roll", "²", "m²", "x ٣", "b", "q"])
    assert await play(tmp_path / "p.sqlite3", 1, "fr", "fr", ask, say) == 0
    text = "\n".join(said)
    assert text.count("Pas de telle touche ici. Tapez l'une de : r o g s v i h q") == 6
    assert "── Tour 1 · Départ · argent 200\xa0Cr" in text
    service = await GameService.open(tmp_path / "p.sqlite3")
    try:
        assert (await service.get(1)).version == 0  # nothing applied
    finally:
        await service.close()


async def test_a_whole_game_to_its_end_with_stable_keys_and_the_recap(tmp_path):
    # The same keys all game long: roll on, buy, decline, build, finish, card, fine, pay it
    # for me (and yes to its plan). A key that does nothing now is refused and asked again.
    said, ask, say = scripted(["o", "b", "d", "u", "f", "c", "j", "p", "y"] * 400)
    assert await play(tmp_path / "w.sqlite3", 1, "en", "us", ask, say) == 0
    text = "\n".join(said)
    assert "🎲 Rolled on for" in text  # Roll on's account
    # E1-E3: the end is said once (the win, or the loss with its debt), the recap after it
    # without its title, which would say it again.
    lines = text.splitlines()
    outcome = [line for line in lines if line.startswith(("🏆", "You lost", "You won", "Won in",
                                                          "Lost after"))
               or "game lost" in line]
    assert len(outcome) == 1, outcome
    assert lines.index(outcome[0]) < len(lines) - 3  # the recap follows the outcome
    assert any(line.startswith("Cash by turn") for line in lines[lines.index(outcome[0]):])
    assert said[-1] == "Run make play again for a new game."  # not a slash command
    service = await GameService.open(tmp_path / "w.sqlite3")
    try:
        assert (await service.get(1)).game.is_over and await service.verify(1)
    finally:
        await service.close()


async def test_the_first_ctrl_c_saves_and_quits(tmp_path):
    db = tmp_path / "c.sqlite3"
    answers = iter(["r"])

    def ask(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    said: list[str] = []
    assert await play(db, 7, "en", "us", ask, said.append) == 0
    assert said[-1].startswith("Interrupted: the game is saved.")
    resumed: list[str] = []
    assert await play(db, 7, "en", "us", lambda _: "q", resumed.append) == 0
    assert "Resuming game #1" in "\n".join(resumed)


def test_the_terminal_plays_on_its_own_file_never_the_bots(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MONOPOLY_DB", str(tmp_path / "bot.sqlite3"))
    said, ask, say = scripted(["r", "q"])
    assert run_terminal(None, 0, "en", "us", ask, say) == 0
    assert (tmp_path / "data" / "terminal.sqlite3").exists()
    assert not (tmp_path / "bot.sqlite3").exists()


def test_the_console_script_plays_from_piped_input(tmp_path):
    script = os.path.join(os.path.dirname(sys.executable), "solo-monopoly")
    result = subprocess.run([script, "play", "--db", str(tmp_path / "c.sqlite3")],
                            input="r\n", capture_output=True, text=True, timeout=60,
                            cwd=tmp_path, check=False)
    assert result.returncode == 0, result.stderr
    assert "r roll, o roll on" in result.stdout and "Game saved" in result.stdout
    assert "Traceback" not in result.stderr


def test_play_in_french_is_on_the_french_board_unless_an_edition_is_named(tmp_path):
    """The edition follows the language, as on Discord: Cr, not $."""
    script = os.path.join(os.path.dirname(sys.executable), "solo-monopoly")
    for extra, money in (([], "Cr"), (["--edition", "us"], "$")):
        result = subprocess.run([script, "play", "--db", str(tmp_path / f"{money}.sqlite3"),
                                 "--locale", "fr", *extra],
                                input="q\n", capture_output=True, text=True, timeout=60,
                                cwd=tmp_path, check=False)
        assert result.returncode == 0, result.stderr
        banner = next(line for line in result.stdout.splitlines() if "Banque" in line
                      and "──" in line)
        assert money in banner, banner


async def test_E3_resigning_asks_first(tmp_path):
    db = tmp_path / "r.sqlite3"
    said, ask, say = scripted(["g", "n", "g", "y"])  # Resign? no. Resign? yes.
    assert await play(db, 3, "en", "us", ask, say) == 0
    assert said.count("Resign? It counts as a loss with 0 points (y/N): ") == 2
    service = await GameService.open(db)
    try:
        record = await service.get(1)
        assert (record.version, record.outcome) == (1, "lost:resigned")  # once, after "y"
    finally:
        await service.close()


async def test_h_tells_the_odds_of_each_choice_and_plays_nothing(tmp_path):
    from bot.hosting.workers import WorkerPool

    db = tmp_path / "h.sqlite3"
    said, ask, say = scripted(["h", "q"])
    workers = WorkerPool.in_threads()
    try:
        assert await play(db, 7, "en", "us", ask, say, workers=workers, hint_rollouts=10) == 0
    finally:
        await workers.close()
    text = "\n".join(said)
    assert "h hint" in text
    assert "Hint for turn 1" in text and "★ Roll: wins" in text
    assert ("the bot's expert, the Hint's simulated player, played the rest of the game "
            "from here 10 times") in text
    service = await GameService.open(db)
    try:
        assert (await service.get(1)).version == 0  # a hint is not a move
    finally:
        await service.close()


async def test_a_house_rule_game_in_the_terminal_says_which_rules(tmp_path):
    said, ask, say = scripted(["q"])
    assert await play(tmp_path / "h.sqlite3", 1, "en", "us", ask, say,
                      options={"bank_build_cap": 2}) == 0
    assert ("House rules: the Bank builds at most 2 houses. This game doesn't count on "
            "the leaderboard.") in said


async def test_a_refused_key_is_told_in_the_players_language_not_the_engines_english(tmp_path):
    # `o` (roll on) while a buy choice waits: the engine refuses the roll (P1), and a French
    # player reads why in French, worded from the refusal's code.
    db = tmp_path / "fr.sqlite3"
    service = await GameService.open(db)
    try:
        record = await service.start(5, None, None, edition="fr", seed=7)
        await service.autoplay.play(record.id, 5, record.version, Roll())  # to Gare Montparnasse
    finally:
        await service.close()
    said, ask, say = scripted(["o", "q"])
    assert await play(db, 5, "fr", "fr", ask, say) == 0
    text = "\n".join(said)
    assert ("Impossible : pas maintenant : décidez d'abord si vous achetez Gare Montparnasse"
            in text)
    assert "can't" not in text
