"""Every chart text is drawn as written (issue 24): matplotlib reads the text between two `$`
as math, which garbled every US recap ("Rent paid $4,411 · Rent received $2,622")."""

from __future__ import annotations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text

from bot.pictures.charts import as_written
from bot.pictures.recap import headline_lines, recap_figure, title
from game_core.story import GameLog

from .test_recap import log_of


def drawn_texts(figure: Figure) -> list[Text]:
    """The figure drawn as `to_png` draws it, and its visible texts read back."""
    as_written(figure)
    canvas = figure.canvas
    assert isinstance(canvas, FigureCanvasAgg)
    canvas.draw()  # type: ignore[no-untyped-call]
    return [t for t in figure.findobj(Text) if isinstance(t, Text) and t.get_text()
            and t.get_visible()]


def assert_as_written(texts: list[Text]) -> None:
    for text in texts:
        written = text.get_text()
        assert not text.get_usetex(), written
        # What the renderer is given: the string itself, and no math mode.
        assert text._preprocess_math(written) == (written, False), written


@pytest.fixture(scope="module")
def lost() -> GameLog:
    return log_of(5, "always-buy")


@pytest.mark.parametrize("edition", ["us", "uk", "fr"])
@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_recap_draws_every_text_as_written_its_headline_the_catalogs(lost, edition, locale):
    story = GameLog(lost.seed, lost.options, edition, lost.actions).story()
    texts = drawn_texts(recap_figure(story, locale=locale))
    assert_as_written(texts)
    drawn = [t.get_text() for t in texts]
    for line in (title(story, locale), *headline_lines(story, locale)):
        assert line in drawn
    if edition == "us" and locale == "en":  # two dollars on one line: the case that broke
        assert any(line.count("$") >= 2 for line in drawn)


def test_a_dollar_pair_in_any_text_stays_money():
    figure = recap_figure(log_of(2, "focus").story(), locale="en")
    figure.text(0.5, 0.5, "Rent paid $4,411 · Rent received $2,622")
    texts = drawn_texts(figure)
    assert_as_written(texts)
    assert "Rent paid $4,411 · Rent received $2,622" in [t.get_text() for t in texts]


def test_math_parsing_left_on_is_caught():
    figure = Figure()
    text = figure.text(0.5, 0.5, "$4,411 · $2,622", parse_math=True)
    with pytest.raises(AssertionError):
        assert_as_written([text])
