"""Where the money went: the board washed red where the player paid, green where
it received; the centre's totals are the story's; three editions, two languages."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import format_money
from bot.pictures import layout as L
from bot.pictures import measure
from bot.pictures.heatmap import (
    MOST_ALPHA, _corner_name, _name_box, _slots, _tint, money_form, money_map_text,
    render_money_map,
)
from bot.pictures.heatmap_panel import PAID_COLOUR, PAID_INK, RECEIVED_COLOUR, RECEIVED_INK
from game_core.board import SQUARES, Kind
from game_core.editions import EDITIONS
from game_core.ledger import ledger_of
from game_core.story import GameLog, Headline, Story

from .test_buildings import contrast
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


def every_square(amount: int) -> Story:
    return story_with(dict.fromkeys(range(40), amount), dict.fromkeys(range(40), amount))


def test_paid_is_tinted_red_in_the_foot_strip_and_received_green_inside_the_ring():
    image = picture(story_with({BOARDWALK: 900}, {BALTIC: 900}))
    lay = L.layout(L.DEFAULT_SIZE)
    paid, _ = _slots(lay, BOARDWALK)
    _, received = _slots(lay, BALTIC)
    assert reddish(image.getpixel((paid[0] + 2, paid[1] + 2)))
    assert greenish(image.getpixel((received[0] + 2, received[1] + 2)))
    # Received inside the ring (on the centre's side), paid along the board's edge.
    assert lay.centre_rect()[3] >= received[3] and paid[1] >= lay.square_rect(BOARDWALK)[1]
    x0, y0, _, _ = lay.square_rect(ILLINOIS)  # nothing changed hands there
    for slot in _slots(lay, ILLINOIS):
        pixel = image.getpixel((slot[0] + 2, slot[1] + 2))
        assert not reddish(pixel) and not greenish(pixel)


def test_the_tints_never_touch_a_name_or_a_colour_band():
    """Money moved both ways on every square, the deepest tint: each name's box is pixel for
    pixel as on a map where no money moved, and each colour band keeps its colour whole
    (washed over, a yellow band turned olive)."""
    lay = L.layout(L.DEFAULT_SIZE)
    plain = picture(story_with({}, {}))
    busy = picture(every_square(900))
    for i in range(40):
        name = _corner_name(lay, i) if L.is_corner(i) else _name_box(lay, i)
        x0, y0, x1, y1 = name
        box = (x0 + 2, y0 + 2, x1 - 1, y1 - 1)  # inside the grid lines
        assert busy.crop(box).tobytes() == plain.crop(box).tobytes(), i
        if SQUARES[i].kind is Kind.STREET:
            x0, y0, x1, y1 = lay.band_rect(i)
            band = busy.crop((x0 + 2, y0 + 2, x1 - 2, y1 - 2))
            colours = {colour for _, colour in band.getcolors(4096) or []}
            assert colours == {L.GROUP_COLOURS[SQUARES[i].group]}, (i, colours)


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
    figures: dict[int, int] = {}  # square -> texts with digits drawn in its slots
    for d in texts:
        cx, cy = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
        for sq in range(40):
            for x0, y0, x1, y1 in _slots(lay, sq):
                if x0 <= cx < x1 and y0 <= cy < y1 and any(c.isdigit() for c in d.text):
                    figures[sq] = figures.get(sq, 0) + 1
    for sq in range(40):  # an amount where money moved, one each way; no price elsewhere
        assert figures.get(sq, 0) == bool(story.paid[sq]) + bool(story.received[sq]), sq
    assert any(not story.paid[sq] and not story.received[sq] for sq in range(40))
    for kind, label in (("rent", "Rent"), ("buying", "Buying and building"),
                        ("taxes", "Taxes, cards and fines")):
        assert label in drawn and money_form(story, "en").write(book.paid[kind]) in drawn
    assert money_form(story, "en").write(book.received["salary"]) in drawn
    assert not any(d.startswith("Paid you most: GO") for d in drawn)


def amounts_drawn(story: Story, locale: str, book=None) -> list[measure.Drawn]:
    with measure.recording() as texts:
        render_money_map(story, locale=locale, book=book)
    return [d for d in texts if any(c.isdigit() for c in d.text)]


@pytest.mark.parametrize("edition, locale, rich", [("us", "en", False), ("fr", "fr", False),
                                                   ("uk", "es", False), ("us", "en", True)])
def test_one_money_format_per_map_its_squares_and_its_centre_alike(edition, locale, rich):
    """Every amount on the map, the centre's totals too, written one way: all with the
    currency, or all without it (the centre then says it once); never "$14,637" beside
    "5,070" and "10.6k"."""
    log = log_of(3 if rich else 2, "always-buy" if rich else "focus", edition=edition,
                 options={"start_cash": 10_000_000, "treasury": 10**12} if rich else None,
                 turns=300 if rich else None)
    story, book = log.story(), ledger_of(log)
    form = money_form(story, locale)
    drawn = amounts_drawn(story, locale, book)
    currency = EDITIONS[edition].currency
    written = {form.write(amount) for amount in (*story.paid, *story.received,
                                                 *book.paid.values(), *book.received.values(),
                                                 sum(story.paid), sum(story.received))}
    figures = [d.text for d in drawn if d.text in written]
    assert len(figures) >= 10
    assert len({currency in text for text in figures}) == 1, figures
    with_currency = currency in figures[0]
    assert (form.note is None) == with_currency
    if not with_currency:
        assert form.note is not None and currency in form.note
        assert form.note in [d.text for d in measure_all(story, locale, book)]



@pytest.mark.parametrize("amount, ending", [(12_345, "12,345"), (123_456, "123.5k")])
def test_amounts_too_long_for_their_slots_all_drop_the_currency_said_once_in_the_centre(
        amount, ending):
    story = story_with({1: amount, 13: amount}, {1: amount, 24: 150})
    form = money_form(story, "en")
    texts = [d.text for d in measure_all(story, "en", None)]
    assert form.note == ("Amounts in $" if ending[-1] != "k" else "Amounts in $, k = thousand")
    assert form.note in texts
    assert texts.count(ending) >= 3 and "150" in texts  # the squares, and the centre's tops
    assert not any("$" in text for text in texts if any(c.isdigit() for c in text))


def measure_all(story: Story, locale: str, book) -> list[measure.Drawn]:
    with measure.recording() as texts:
        render_money_map(story, locale=locale, book=book)
    return texts


def test_a_squares_two_amounts_are_two_numbers_apart():
    """Paid and received on one side square (bought, then rent): two slots, not one strip
    halved ("700 3,914" read as one number), the colour band between them."""
    story = story_with({i: 3914 for i in range(40)}, {i: 3914 for i in range(40)})
    lay = L.layout()
    drawn = amounts_drawn(story, "en")
    for sq in (3, 13, 24, 37):  # a square of each side
        paid, received = _slots(lay, sq)
        inside = [[d for d in drawn if slot[0] <= d.box[0] and d.box[2] <= slot[2]
                   and slot[1] <= d.box[1] and d.box[3] <= slot[3]] for slot in (paid, received)]
        assert [len(found) for found in inside] == [1, 1], sq
        a, b = inside[0][0].box, inside[1][0].box
        gap = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
        assert gap >= lay.band, (sq, gap)


def test_each_amount_reads_on_its_deepest_tint():
    """The amounts are written in dark red or green on their tint: 4.5:1 (WCAG's for text)
    even on the deepest."""
    for colour, ink in ((PAID_COLOUR, PAID_INK), (RECEIVED_COLOUR, RECEIVED_INK)):
        assert contrast(_tint(colour, MOST_ALPHA), ink) >= 4.5


def test_two_neighbours_amounts_are_two_ringed_chips_apart():
    """French writes 3 629 with a space: two neighbours' amounts side by side read as one
    number ("3 629 7 623") unless each is its own ringed chip with a gap between."""
    story = story_with({}, {21: 3629, 22: 7623})
    image = picture(story, "fr")
    lay = L.layout()
    (_, left), (_, right) = _slots(lay, 21), _slots(lay, 22)
    assert right[0] - left[2] >= 4
    y = (left[1] + left[3]) // 2
    assert image.getpixel(((left[2] + right[0]) // 2, y)) == L.CENTRE_BG
    for x in (left[0], left[2] - 1, right[0], right[2] - 1):  # each ringed in its ink
        assert image.getpixel((x, y)) == RECEIVED_INK


@pytest.mark.parametrize("line", ["gnon", "Mati-", "Bd Belle-", "qupy"])
def test_a_name_set_narrower_keeps_its_descenders_tops_and_baseline(line):
    """A name set narrower to fit (the French "Av. Mati-gnon") is drawn whole: the ink
    reaches as high and as low as the same line set at full width, on the same baseline
    (its descenders were cut, and "Mati-" lost its top)."""
    from PIL import ImageDraw

    from bot.pictures.font import _draw_narrow, board_font

    font, at = board_font(22), (100.0, 50.0)
    full = Image.new("L", (200, 100), 255)
    font.draw(ImageDraw.Draw(full), at, line, 0, anchor="mm", quiet=True)
    narrow = Image.new("RGB", (200, 100), (255, 255, 255))
    _draw_narrow(narrow, font, at, line, (0, 0, 0), 0.8, (0, 0, 200, 100))

    def ink(image: Image.Image) -> tuple[int, int, int, int]:
        return image.convert("L").point(lambda v: 255 if v < 160 else 0).getbbox()

    (_, top, _, bottom), (_, n_top, _, n_bottom) = ink(full), ink(narrow)
    assert abs(n_top - top) <= 1 and abs(n_bottom - bottom) <= 1, (top, bottom, n_top,
                                                                    n_bottom)
