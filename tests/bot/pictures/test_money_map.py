"""Where the money went: the board washed red where the player paid, green where
it received; the centre's totals are the story's; three editions, two languages."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import format_money
from bot.pictures import layout as L
from bot.pictures import measure
from bot.pictures.heatmap import money_map_text, render_money_map
from game_core.editions import EDITIONS
from game_core.ledger import ledger_of
from game_core.story import GameLog, Headline, Story

from .test_recap import log_of

BOARDWALK, BALTIC, ILLINOIS = 39, 3, 24


def story_with(paid: dict[int, int], received: dict[int, int], edition: str = "us") -> Story:
    return Story(edition, (), (), tuple(paid.get(i, 0) for i in range(40)),
                 tuple(received.get(i, 0) for i in range(40)),
                 Headline(0, 0, 0, 0, -1, 0, None))


def picture(story: Story, locale: str = "en") -> Image.Image:
    return Image.open(io.BytesIO(render_money_map(story, locale=locale))).convert("RGB")


def reddish(pixel: tuple[int, ...]) -> bool:
    r, g, b = pixel[:3]
    return r > g + 40 and r > b + 40


def greenish(pixel: tuple[int, ...]) -> bool:
    r, g, b = pixel[:3]
    return g > r + 30 and g > b + 10


def test_paid_is_washed_red_on_the_outer_half_and_received_green_on_the_inner():
    image = picture(story_with({BOARDWALK: 900}, {BALTIC: 900}))
    lay = L.layout(L.DEFAULT_SIZE)
    x0, y0, x1, y1 = lay.square_rect(BOARDWALK)  # right column: the outer half is the right
    assert reddish(image.getpixel((x1 - 4, y0 + 6)))
    assert not reddish(image.getpixel((x0 + 4, y0 + 6)))
    x0, y0, x1, y1 = lay.square_rect(BALTIC)  # bottom row: the inner half is the top
    assert greenish(image.getpixel((x0 + 6, y0 + 40)))
    assert not greenish(image.getpixel((x0 + 6, y1 - 4)))
    x0, y0, _, _ = lay.square_rect(ILLINOIS)  # nothing changed hands there
    assert not reddish(image.getpixel((x0 + 6, y0 + 6)))
    assert not greenish(image.getpixel((x0 + 6, y0 + 6)))


def test_the_map_and_its_text_total_the_storys_money_per_square():
    story = log_of(5, "always-buy").story()
    text = money_map_text(story, locale="en")
    names = EDITIONS["us"].square_names
    assert f"Paid ${sum(story.paid):,} · received ${sum(story.received):,}" in text
    for square in range(40):
        line = f"{names[square]}: paid ${story.paid[square]:,}, received " \
               f"${story.received[square]:,}"
        assert (line in text) == bool(story.paid[square] or story.received[square]), line


@pytest.mark.parametrize("edition", ["us", "uk", "fr"])
@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("turns", [1, 1000])
def test_the_map_renders_for_1_and_1000_turns_in_each_language_and_edition(turns, locale,
                                                                           edition):
    log = log_of(3, "always-buy", edition=edition,
                 options={"start_cash": 10_000_000, "treasury": 10**12}, turns=turns)
    story = log.story()
    png = render_money_map(story, locale=locale)
    assert len(png) <= 300_000
    assert Image.open(io.BytesIO(png)).size == (L.DEFAULT_SIZE, L.DEFAULT_SIZE)
    assert format_money(sum(story.paid), edition, locale) in money_map_text(story, locale=locale)


def test_a_log_with_no_money_still_draws():
    story = GameLog(1, {}, "us", ()).story()
    assert picture(story).size == (L.DEFAULT_SIZE, L.DEFAULT_SIZE)


def test_the_map_prints_no_price_and_splits_the_totals_by_kind():
    log = log_of(2, "focus")
    story, book = log.story(), ledger_of(log)
    with measure.recording() as texts:
        render_money_map(story, locale="en", book=book)
    drawn = [d.text for d in texts]
    lay = L.layout()
    figures: dict[int, int] = {}  # square -> texts with digits drawn on it
    for d in texts:
        cx, cy = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
        for sq in range(40):
            x0, y0, x1, y1 = lay.square_rect(sq)
            if x0 <= cx < x1 and y0 <= cy < y1 and any(c.isdigit() for c in d.text):
                figures[sq] = figures.get(sq, 0) + 1
    for sq in range(40):  # an amount where money moved, one each way; no price elsewhere
        assert figures.get(sq, 0) == bool(story.paid[sq]) + bool(story.received[sq]), sq
    assert any(not story.paid[sq] and not story.received[sq] for sq in range(40))
    for kind, label in (("rent", "Rent"), ("buying", "Buying and building"),
                        ("taxes", "Taxes, cards and fines")):
        assert label in drawn and format_money(book.paid[kind], "us", "en") in drawn
    assert format_money(book.received["salary"], "us", "en") in drawn
    assert not any(d.startswith("Paid you most: GO") for d in drawn)
