"""A player's record as a chart: wins' scores above, losses' turns below,
standard and house-rule games told apart; 2 and 200 games; its text alternative."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.pictures import measure
from bot.pictures.record_chart import (
    best_score, headline, longest_streak, record_chart, record_text, render_record,
)
from bot.application.records import FinishedGame


def record(n: int, seed: int = 1) -> list[FinishedGame]:
    rng = random.Random(seed)
    return [FinishedGame(won=rng.random() < 0.3, score=rng.randint(20_000, 28_000),
                         turns=rng.randint(20, 300), standard=rng.random() < 0.6)
            for _ in range(n)]


def bars(chart, name: str) -> list[float]:
    """The x of each bar of the series `name`, read back from what was drawn."""
    return [x for x, _ in chart.series.get(name, [])]


def heights(chart, name: str) -> list[float]:
    return [h for _, h in chart.series.get(name, [])]


@pytest.mark.parametrize("n", [2, 200])
def test_the_strip_shows_each_game_at_its_place_and_the_rolling_win_rate(n):
    games = record(n)
    figure = record_chart(games, locale="en")
    assert bars(figure, "wins") == [i + 1 for i, g in enumerate(games) if g.won]
    assert bars(figure, "losses") == [i + 1 for i, g in enumerate(games) if not g.won]
    rate = [y for _, y in figure.series["rate"]]
    expected = [sum(g.won for g in games[max(0, k - 19):k + 1]) / min(k + 1, 20)
                for k in range(n)]
    assert rate == pytest.approx(expected)
    assert [x for x, _ in figure.series["rate"]] == list(range(1, n + 1))


def test_the_wins_are_counted_by_the_turns_they_took():
    games = record(200)
    figure = record_chart(games, locale="en")
    for gid, standard in (("wins.standard", True), ("wins.house", False)):
        assert sum(heights(figure, gid)) == sum(1 for g in games if g.won
                                                and g.standard == standard)


@pytest.mark.parametrize("locale, wins, games, expected", [
    ("en", 1, 2, "2 games · 1 win (50%) · best 24,001 points"),
    ("en", 2, 21, "21 games · 2 wins (9.5%) · best 24,002 points"),
    ("fr", 1, 2, "2 parties · 1 victoire (50\u00a0%) · meilleur score 24\u00a0001 points"),
    ("fr", 21, 21, "21 parties · 21 victoires (100\u00a0%) · meilleur score 24\u00a0021 points"),
    ("fr", 0, 2, "2 parties · pas encore de victoire"),
    ("en", 0, 3, "3 games · no win yet"),
])
def test_the_title_counts_games_wins_rate_and_best_score_with_plurals(locale, wins, games,
                                                                      expected):
    played = [FinishedGame(k < wins, 24_000 + k + 1 if k < wins else 0, 50, True)
              for k in range(games)]
    assert headline(played, locale) == expected
    with measure.recording() as texts:
        record_chart(played, locale=locale)
    assert expected in [d.text for d in texts]


@pytest.mark.parametrize("locale, expected", [
    ("en", "4 games · 3 wins (75%) · best 21,000 points"),
    ("fr", "4 parties · 3 victoires (75\u00a0%) · meilleur score 21\u00a0000 points"),
])
def test_E1_the_best_score_counts_standard_wins_only_as_stats_and_the_leaderboard_do(
        locale, expected):
    """A house-rule win scored 27,500: /monopoly stats and the leaderboard leave it out
    (best_score: status won and rule_set standard), so the chart's best is 21,000."""
    played = [FinishedGame(True, 21_000, 90, True), FinishedGame(True, 27_500, 60, False),
              FinishedGame(False, 0, 40, True), FinishedGame(True, 20_000, 120, True)]
    assert best_score(played) == 21_000
    assert headline(played, locale) == expected
    with measure.recording() as texts:
        record_chart(played, locale=locale)
    assert expected in [d.text for d in texts]


@pytest.mark.parametrize("locale, expected", [("en", "2 games · 2 wins (100%)"),
                                              ("fr", "2 parties · 2 victoires (100\u00a0%)"),
                                              ("es", "2 partidas · 2 victorias (100\u00a0%)")])
def test_E1_wins_under_house_rules_only_show_no_best_score(locale, expected):
    played = [FinishedGame(True, 24_000, 90, False), FinishedGame(True, 25_000, 60, False)]
    assert best_score(played) is None
    assert headline(played, locale) == expected


def test_the_longest_winning_streak():
    played = [FinishedGame(w, 20_000, 50, True) for w in (1, 1, 0, 1, 1, 1, 0, 1)]
    assert longest_streak(played) == 3
    with measure.recording() as texts:
        record_chart(played, locale="en")
    assert "Longest winning streak: 3" in [d.text for d in texts]


def test_two_losses_say_no_win_yet():
    games = [FinishedGame(False, 0, 40, True), FinishedGame(False, 0, 90, False)]
    with measure.recording() as texts:
        figure = record_chart(games, locale="fr")
    assert bars(figure, "losses") == [1, 2] and not bars(figure, "wins")
    assert "Pas encore de victoire" in [d.text for d in texts]


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
    assert lines[0] == headline(games, "en")
    last = games[-1]
    assert lines[1].startswith("#200 " + ("win" if last.won else "loss"))
    assert lines[-1] == "… and 175 older games"
    assert record_text(record(26), locale="fr").splitlines()[-1] == \
        "… et 1 partie plus ancienne"
    french = record_text(games[:2], locale="fr")
    assert "2 parties" in french and "règles" in french


@pytest.mark.parametrize("turns", [3, 40, 55, 299])
def test_a_single_wins_bar_stands_inside_its_axis_between_labelled_ticks(turns):
    """One win (or all wins the same length): its bar mid-axis, with a turn count labelled
    at or before it and one after, not against the axis's edge where no tick named it."""
    games = [FinishedGame(False, 0, 3, True), FinishedGame(True, 15_000, turns, True)]
    with measure.recording() as texts:
        figure = record_chart(games, locale="en")
    [x] = [x for x, h in figure.series["wins.standard"] if h]
    low, high = figure.plots[-1].xlim  # the wins-by-turns panel, under the strip
    assert low < x - 0.5 and x + 0.5 < high  # inside, not at an edge
    assert low + (high - low) / 5 < x < high - (high - low) / 5
    labelled = [int(d.text) for d in texts if d.text.isdigit() and low <= int(d.text) <= high
                and int(d.text) not in (1, 2)]
    assert any(v <= turns for v in labelled) and any(v > turns for v in labelled), labelled
