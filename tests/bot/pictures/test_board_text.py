"""The text board, used when the bot may not attach the picture."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.i18n.squares import square_names
from bot.pictures.board_text import (
    BANK_MARK, DESCRIPTION_LIMIT, EMPTY, FROM, GROUP_EMOJI, MORTGAGED, PAWN, PLAYER_MARK,
    _fit, discord_length, grid_squares, render_board_text,
)
from game_core.board import HOTEL, PROPERTIES, STREETS
from game_core.game import Game
from game_core.state import BANK, PLAYER


def cells(row: str) -> list[str]:
    """Split a grid row into its emoji (some carry a variation selector)."""
    out: list[str] = []
    for ch in row:
        if ch == "\ufe0f" and out:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def grid(text: str) -> dict[int, str]:
    """square -> its cell, read back from the first 11 lines."""
    rows = text.split("\n")[:11]
    found: dict[int, str] = {}
    for squares, row in zip(grid_squares(), rows, strict=True):
        parts = cells(row)
        assert len(parts) == 11, row
        for square, cell in zip(squares, parts, strict=True):
            if square < 0:
                assert cell == EMPTY
            else:
                found[square] = cell
    return found


def test_grid_holds_every_square_once() -> None:
    flat = [sq for row in grid_squares() for sq in row if sq >= 0]
    assert sorted(flat) == list(range(40))


def test_marks_pawn_and_last_move() -> None:
    game = Game.new(seed=1)
    s = game.s
    s.owner[39], s.buildings[39] = PLAYER, HOTEL
    s.owner[5] = BANK
    s.owner[1], s.mortgaged[1] = PLAYER, True
    s.position = 24
    text = render_board_text(game, last_move=(17, 24))
    board = grid(text)
    assert board[39] == PLAYER_MARK and board[5] == BANK_MARK and board[1] == MORTGAGED
    assert board[24] == PAWN and board[17] == FROM
    assert board[3] == GROUP_EMOJI["brown"]
    assert "Boardwalk 🏨" in text and "Mediterranean Avenue Ⓜ️" in text
    assert "Community Chest ➜ 🔴 **Illinois Avenue**" in text


def test_french_words_and_names() -> None:
    game = Game.new(seed=1, edition="fr")
    game.s.owner[37], game.s.buildings[37] = PLAYER, 2
    text = render_board_text(game)
    assert "Avenue des Champs-Élysées 🏠2" in text and "**Vous**" in text
    assert "Tour 1" in text


def largest_state(edition: str) -> Game:
    """Everything listed: every property owned, every street with a hotel, the rest
    mortgaged, the pawn in Jail after a long move."""
    game = Game.new(seed=1, edition=edition)
    s = game.s
    for n, i in enumerate(PROPERTIES):
        s.owner[i] = PLAYER if n % 2 else BANK
        if i in STREETS:
            s.buildings[i] = HOTEL
        else:
            s.mortgaged[i] = s.owner[i] == PLAYER
    s.position, s.in_jail, s.turn = 10, True, 99_999
    return game


@pytest.mark.parametrize("edition", ["us", "uk", "fr"])
@pytest.mark.parametrize("locale", ["en", "fr"])
def test_largest_state_fits_the_description(edition: str, locale: str) -> None:
    text = render_board_text(largest_state(edition), last_move=(30, 10), locale=locale)
    assert discord_length(text) <= DESCRIPTION_LIMIT
    assert not text.endswith("…")  # nothing had to be cut
    names = square_names(edition, locale)  # the utilities in the player's language
    assert all(names[i] in text for i in PROPERTIES)  # every property is named
    assert text.count("🏨") == len(STREETS)


def test_fit_cuts_at_a_line_end() -> None:
    text = "\n".join("🟥" * 100 for _ in range(40))  # 8,000 UTF-16 units
    cut = _fit(text)
    assert discord_length(cut) <= DESCRIPTION_LIMIT and cut.endswith("\n…")


def test_renderers_do_not_import_discord() -> None:
    code = ("import sys, bot.pictures.board, bot.pictures.board_text; "
            "sys.exit('discord' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_text_boards_owner_lines_take_frances_space_before_the_colon():
    game = Game.new(1, edition="fr")
    game.s.owner[1], game.s.owner[3] = PLAYER, BANK
    for plain in (True, False):
        lines = render_board_text(game, locale="fr", plain=plain).splitlines()
        owners = [line for line in lines if "Vous" in line or "Banque" in line]
        assert len(owners) == 2 and all(" : " in line for line in owners), owners
    english = render_board_text(game, locale="en", plain=True)
    assert "You: " in english or "you: " in english.lower()
