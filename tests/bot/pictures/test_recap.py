"""The recap picture: it plots exactly the replay's series, reads in both
languages and three editions, for games of 1 and 1,000 turns, and stays small."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import format_money
from bot.pictures import measure
from bot.pictures.plot import Chart
from bot.pictures.recap import (
    headline_lines, one_scale, recap_chart, recap_text, render_recap,
)
from game_core import Game
from game_core.ledger import ledger_of
from game_core.story import BANK_TOOK, BOUGHT, BUILT, GameLog, Story, TurnPoint
from game_core.strategies import make_strategy

MAX_PNG = 300_000
RICH = {"start_cash": 10_000_000, "treasury": 10**12}  # never broke: as long as we like


def log_of(seed: int, strategy: str, *, edition: str = "us", options: dict | None = None,
           turns: int | None = None) -> GameLog:
    game, chooser, actions = Game.new(seed, options, edition), make_strategy(strategy, seed), []
    while not game.is_over and (turns is None or game.turn <= turns):
        actions.append(chooser.choose(game))
        game.apply(actions[-1])
    return GameLog(seed, game.options.to_dict(), edition, tuple(actions))


def plotted(figure: Chart, gid: str) -> list[tuple[float, float]]:
    """The (turn, value) points of the series `gid`, read back from what was drawn."""
    if gid not in figure.series:
        raise AssertionError(f"no series {gid!r} in the picture")
    return figure.series[gid]


def assert_plots(figure: Chart, story: Story) -> None:
    lines = ["cash", "worth"] + ["bank"] * one_scale(story)
    for gid, value in zip(lines, lines, strict=True):
        expected = [(p.turn, getattr(p, value)) for p in story.points]
        assert plotted(figure, gid) == expected, gid


@pytest.fixture(scope="module")
def lost() -> GameLog:
    return log_of(5, "always-buy")


@pytest.fixture(scope="module")
def won() -> GameLog:
    return log_of(2, "focus")


@pytest.mark.parametrize("which", ["won", "lost"])
def test_H3_the_recap_plots_the_replays_cash_worth_and_treasury(which, request):
    log: GameLog = request.getfixturevalue(which)
    story = log.story()
    book = ledger_of(log)
    figure = recap_chart(story, locale="en", book=book)
    ax = figure.plots[0]
    assert_plots(figure, story)
    bought = [m.turn for m in story.markers if m.kind == BOUGHT]
    shown = [x for x, _ in plotted(figure, BOUGHT)]  # a pile of them is its first one
    assert set(shown) <= set(bought) and shown[0] == bought[0]
    assert all(any(ax.x(t) - ax.x(first) < 14 for first in shown if first <= t)
               for t in bought)
    if which == "lost":  # the debt that ended it, on the cash line at the last turn
        assert plotted(figure, "fatal") == [(story.headline.turns, story.points[-1].cash)]
    else:
        with pytest.raises(AssertionError):
            plotted(figure, "fatal")
    biggest = sorted(book.charges, key=lambda c: (-c.amount, c.turn))[:3]
    assert plotted(figure, "hits") == [(c.turn, story.points[c.turn].cash) for c in biggest]
    assert biggest[0].amount == story.headline.biggest_payment


def test_one_scale_for_a_close_race_the_bank_in_words_on_a_rout(won, lost):
    """Two y-scales put the Bank's line above the player's on a loss: a won race shares
    one scale with the Bank; a rout tells the Bank's treasury in words instead."""
    assert one_scale(won.story()) and not one_scale(lost.story())
    story = lost.story()
    with pytest.raises(AssertionError):
        plotted(recap_chart(story, locale="en"), "bank")
    first = story.points[0].bank
    assert headline_lines(story, "en")[2] == (f"The Bank's treasury: ${first:,} at the start, "
                                              f"${story.points[-1].bank:,} at the end")
    figure = recap_chart(won.story(), locale="en")
    assert {"cash", "worth", "bank"} <= set(figure.series)  # one y-scale: the only one drawn


def test_the_legend_speaks_plainly(lost):
    with measure.recording() as texts:
        recap_chart(lost.story(), locale="en", book=ledger_of(lost))
    words = [d.text for d in texts if d.box[1] > 500]  # the legend's rows, under the plot
    assert words == ["Cash", "Net worth", "You bought", "Went to the Bank", "Big payment",
                     "Debt not paid"]


def test_a_recap_with_its_cash_one_turn_late_is_caught(lost):
    story = lost.story()
    cash = [p.cash for p in story.points]
    late = Story(story.edition, tuple(TurnPoint(p.turn, c, p.worth, p.bank) for p, c in
                                      zip(story.points, [cash[0], *cash[:-1]], strict=True)),
                 story.markers, story.paid, story.received, story.headline)
    with pytest.raises(AssertionError):
        assert_plots(recap_chart(late, locale="en"), story)


@pytest.mark.parametrize("edition", ["us", "uk", "fr"])
@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("turns", [1, 1000])
def test_the_recap_renders_for_1_and_1000_turns_in_each_language_and_edition(turns, locale,
                                                                             edition):
    story = log_of(3, "never-buy", edition=edition, options=RICH, turns=turns).story()
    assert story.headline.turns == turns
    png = render_recap(story, locale=locale)
    assert len(png) <= MAX_PNG
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (800, 560)
    text = recap_text(story, locale=locale)
    assert format_money(story.headline.rent_paid, edition, locale) in text
    assert len(text) <= 4096


def test_the_text_alternative_tells_the_headline_in_the_editions_money(lost):
    story = lost.story()
    h = story.headline
    english = recap_text(story, locale="en")
    assert f"Lost after {h.turns} turns" in english
    assert f"Rent paid ${h.rent_paid:,}" in english
    assert f"Properties owned {h.properties}" in english
    french = recap_text(GameLog(5, {}, "fr", lost.actions).story(), locale="fr")
    assert "Perdue après" in french and "Cr" in french and "$" not in french


SEEDED = [(strategy, seed) for strategy in ("always-buy", "focus") for seed in range(1, 25)]


def drawn(log: GameLog) -> tuple[Chart, list[measure.Drawn]]:
    with measure.recording() as texts:
        figure = recap_chart(log.story(), locale="en", book=ledger_of(log))
    return figure, texts


def gap(box: tuple[float, ...], point: tuple[float, float]) -> float:
    """How far `point` is from `box` (0 inside), along x or y."""
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return max(dx, dy)


def distance(box: tuple[float, ...], point: tuple[float, float]) -> float:
    """How far `point` is from `box` (0 inside), straight."""
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return (dx * dx + dy * dy) ** 0.5


@pytest.mark.parametrize("strategy, seed", SEEDED)
def test_the_biggest_payment_is_always_labelled_beside_its_marker(strategy, seed):
    """In 48 seeded games (half of them left it out before): the biggest payment's amount
    and the unpaid debt are always written, every amount beside its own marker, and
    the recap still reads at 512 px (nothing overlaps)."""
    log = log_of(seed, strategy)
    figure, texts = drawn(log)
    book = ledger_of(log)
    hits = sorted(book.charges, key=lambda c: (-c.amount, c.turn))[:3]
    words = {d.text: d for d in texts}
    assert f"-{format_money(hits[0].amount, 'us', 'en')}" in words
    labels = [(f"-{format_money(c.amount, 'us', 'en')}", mark, 7, k == 0)
              for k, (c, mark) in enumerate(zip(hits, figure.marks["hits"], strict=True))]
    if book.fatal is not None:
        unpaid = f"Couldn't pay {format_money(book.fatal.amount, 'us', 'en')}"
        assert unpaid in words
        labels.append((unpaid, figure.marks["fatal"][0], 9, True))
    for text, _, size, must in labels:  # beside its marker: its ink 4 px off the marker's
        # edge, or on a slant; one that must be shown may go two lines further out where
        # that is taken (equal amounts: beside one of their markers)
        marks = [m for other, m, _, _ in labels if other == text]
        reach = size + 6 + (2 * (18 + 4) if must else 0)
        for box in (d.box for d in texts if d.text == text):
            assert min(distance(box, m) for m in marks) <= reach, (text, box, marks)
    assert not measure.problems(texts, 800)


@pytest.mark.parametrize("which", ["won", "lost"])
def test_the_markers_stay_clear_of_the_axes_labels_and_of_one_another(which, request):
    """The first turns' markers (properties gone to the Bank) sat on the "$0" label, piled
    on one another: a pile is now one marker and its count, clear of every tick label."""
    log: GameLog = request.getfixturevalue(which)
    figure, texts = drawn(log)
    ax = figure.plots[0]
    ticks = [d.box for d in texts if d.box[2] <= ax.box[0] or d.box[1] >= ax.box[3]]
    assert any(d.text == "$0" for d in texts)
    marks = [m for kind in (BOUGHT, BANK_TOOK, BUILT) for m in figure.marks.get(kind, [])]
    assert marks
    for k, (x, y) in enumerate(marks):
        own = (x - 7, y - 7, x + 7, y + 7)
        for box in ticks:
            assert gap(box, (x, y)) > 7 or not (own[0] < box[2] and box[0] < own[2]
                                                and own[1] < box[3] and box[1] < own[3])
        for x2, y2 in marks[k + 1:]:
            assert abs(x - x2) >= 14 or abs(y - y2) >= 14, ((x, y), (x2, y2))
    turns = [m.turn for m in log.story().markers if m.kind == BANK_TOOK]
    counted = sum(int(d.text[1:]) for d in texts if d.text.startswith("×"))
    assert len(figure.marks.get(BANK_TOOK, [])) < len(turns) or counted == 0


def test_the_banks_line_reaches_0_when_the_bank_goes_bankrupt(won):
    """Its dashes left the last stretch out: the line stopped at the treasury's last but
    one value, short of 0."""
    story = won.story()
    assert story.headline.outcome.reason == "bank_bankrupt" and story.points[-1].bank == 0
    figure = recap_chart(story, locale="en")
    ax = figure.plots[0]
    x, y = round(ax.x(story.headline.turns)), round(ax.y(0))
    around = [figure.image.getpixel((x + dx, y + dy)) for dx in range(-2, 3)
              for dy in range(-2, 3)]
    assert any(abs(r - 85) < 20 and abs(g - 85) < 20 and abs(b - 85) < 20
               for r, g, b in around), around
