"""The terminal says every refusal in the player's language: the engine's from its code, the
service's from its type; never the English text an error carries for the logs."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest

from bot.application.service import GameService
from bot.cli.terminal import play
from game_core import Roll

STALE = {"en": "Can't do that: the game moved on in the meantime; nothing was done",
         "fr": "Impossible : la partie a avancé entre-temps ; rien n'a été fait",
         "es": "No se puede: la partida ha avanzado mientras tanto; no se ha hecho nada"}


@pytest.mark.parametrize("locale", ["fr", "es"])
async def test_a_move_made_meanwhile_in_another_terminal_is_refused_in_the_players_words(
        tmp_path, locale):
    """Two terminals on one game: the second rolls while the first waits at its prompt; the
    first one's choice, made at the older version (giving up: E3), is refused in its player's
    language. (The same roll made twice would be taken as one click delivered twice.)"""
    db = tmp_path / "two.sqlite3"
    said: list[str] = []
    feed: Iterator[str] = iter(["g", "y", "q"])
    other: list[subprocess.CompletedProcess[str]] = []

    def ask(prompt: str) -> str:
        said.append(prompt)
        if not other:  # the other terminal rolls, then quits
            other.append(subprocess.run(
                [sys.executable, "-m", "bot.cli", "play", "--db", str(db), "--user", "5",
                 "--locale", locale], input="r\nq\n", capture_output=True, text=True,
                timeout=60, check=False))
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    assert await play(db, 5, locale, "us", ask, said.append) == 0
    assert other[0].returncode == 0, other[0].stderr
    text = "\n".join(said)
    assert STALE[locale] in text
    assert "version" not in text and "Game 1" not in text  # StaleVersion's English
    service = await GameService.open(db)
    try:
        assert (await service.get(1)).status == "active"  # not given up
    finally:
        await service.close()


@pytest.mark.parametrize(("locale", "said"), [
    ("fr", "Impossible : pas maintenant : décidez d'abord si vous achetez Gare Montparnasse"),
    ("es", "No se puede: ahora no: primero decide si compras Reading Railroad"),
])
async def test_P1_roll_on_at_a_buy_prompt_is_refused_in_the_players_words(tmp_path, locale,
                                                                          said):
    db = tmp_path / "buy.sqlite3"
    edition = "fr" if locale == "fr" else "us"
    service = await GameService.open(db)
    try:
        record = await service.start(5, None, None, edition=edition, seed=7)
        await service.autoplay.play(record.id, 5, record.version, Roll())  # to the station
    finally:
        await service.close()
    lines: list[str] = []
    feed = iter(["o", "q"])
    assert await play(db, 5, locale, edition, lambda _: next(feed), lines.append) == 0
    text = "\n".join(lines)
    assert said in text
    assert "can't" not in text and "first decide" not in text


async def test_the_status_key_says_its_labels_the_french_way_with_one_name_each(tmp_path):
    """`s` in French: a space before each colon, net worth as "Patrimoine" and the card by
    its one name, as on the game message."""
    lines: list[str] = []
    feed = iter(["s", "q"])
    assert await play(tmp_path / "s.sqlite3", 5, "fr", "fr", lambda _: next(feed),
                      lines.append) == 0
    text = "\n".join(lines)
    assert "Patrimoine : 200\xa0Cr · Tout vendre maintenant : " in text
    assert "Cartes « Vous êtes libéré de prison » : 0" in text
    assert "Vos propriétés : aucune pour l'instant" in lines  # the value, not a sentence
    assert "Valeur nette" not in text and ": " not in text.replace(" : ", "")


@pytest.mark.parametrize(("locale", "says"), [("en", "Your properties: none yet"),
                                              ("es", "Tus propiedades: ninguna todavía")])
async def test_no_property_yet_is_the_fields_value_not_a_second_sentence(tmp_path, locale,
                                                                          says):
    lines: list[str] = []
    feed = iter(["s", "q"])
    assert await play(tmp_path / "s.sqlite3", 5, locale, "us", lambda _: next(feed),
                      lines.append) == 0
    assert says in lines
