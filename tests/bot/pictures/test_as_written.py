"""Every chart text is drawn as written: matplotlib read the text between two `$`
as math, which garbled every US recap ("Rent paid $4,411 · Rent received $2,622"). The
recap is drawn with Pillow now (`bot.pictures.plot`), which parses nothing; these tests read
the drawn texts back on every edition and language."""

from __future__ import annotations

import pytest

from bot.pictures import measure
from bot.pictures.recap import headline_lines, recap_chart, title
from game_core.ledger import ledger_of
from game_core.story import GameLog

from .test_recap import log_of


@pytest.fixture(scope="module")
def lost() -> GameLog:
    return log_of(5, "always-buy")


@pytest.mark.parametrize("edition", ["us", "uk", "fr"])
@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_recap_draws_every_text_as_written_its_headline_the_catalogs(lost, edition, locale):
    log = GameLog(lost.seed, lost.options, edition, lost.actions)
    story = log.story()
    with measure.recording() as texts:
        recap_chart(story, locale=locale, book=ledger_of(log))
    drawn = [d.text for d in texts]
    for line in (title(story, locale), *headline_lines(story, locale)):
        assert line in drawn
    if edition == "us" and locale == "en":  # two dollars on one line: the case that broke
        assert any(line.count("$") >= 2 for line in drawn)
        assert headline_lines(story, locale)[0].startswith("Rent paid $")
