"""A player's record as a chart (issue 16): wins' scores above, losses' turns below,
standard and house-rule games told apart; 2 and 200 games; its text alternative."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.pictures.record_chart import record_figure, record_text, render_record
from bot.application.records import FinishedGame


def record(n: int, seed: int = 1) -> list[FinishedGame]:
    rng = random.Random(seed)
    return [FinishedGame(won=rng.random() < 0.3, score=rng.randint(20_000, 28_000),
                         turns=rng.randint(20, 300), standard=rng.random() < 0.6)
            for _ in range(n)]


def points(games: list[FinishedGame], gid: str) -> list[tuple[float, float]]:
    figure = record_figure(games, locale="en")
    for ax in figure.axes:
        for line in ax.get_lines():
            if line.get_gid() == gid:
                return list(zip(line.get_xdata(), line.get_ydata(), strict=True))  # type: ignore[arg-type]
    return []


@pytest.mark.parametrize("n", [2, 200])
def test_each_game_is_one_point_at_its_place_wins_by_score_losses_by_turns(n):
    games = record(n)
    for won, value in ((True, "score"), (False, "turns")):
        for standard in (True, False):
            gid = f"{'wins' if won else 'losses'}.{'standard' if standard else 'house'}"
            expected = [(i + 1, getattr(g, value)) for i, g in enumerate(games)
                        if g.won == won and g.standard == standard]
            assert points(games, gid) == expected, gid


def test_two_losses_draw_the_losses_panel_only():
    games = [FinishedGame(False, 0, 40, True), FinishedGame(False, 0, 90, False)]
    figure = record_figure(games, locale="fr")
    assert len(figure.axes) == 1
    assert points(games, "losses.house") == [(2, 90)]


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("n", [2, 200])
def test_the_chart_renders_small_in_both_languages(n, locale):
    png = render_record(record(n), locale=locale)
    assert len(png) <= 300_000
    assert Image.open(io.BytesIO(png)).width == 800


def test_the_text_lists_the_newest_games_first_and_counts_the_rest():
    games = record(200)
    text = record_text(games, locale="en")
    lines = text.splitlines()
    assert lines[0] == "200 finished games"
    last = games[-1]
    assert lines[1].startswith("#200 " + ("win" if last.won else "loss"))
    assert lines[-1] == "… and 175 older games"
    french = record_text(games[:2], locale="fr")
    assert "2 parties terminées" in french and "règles" in french
