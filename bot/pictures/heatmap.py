"""Where the money went: the board with each square where money changed
hands showing how much, the amount paid on a red tint, the amount received on a green one,
each tint the deeper the larger the amount (one scale for both, so the tints compare). A
square where no money moved stays plain: the map prints no prices. Each amount has its own
slot, never shared: what was paid on the outer side, in the square's foot strip; what was
received on the inner side, just inside the ring on the centre's margin beside the square
(the centre's panel is inset for it); a corner's, in its strips along the board's edge and
along the centre. The tints
fill those slots only: never a name, never a colour band (washed over, a band turned
olive). The centre tells the totals by kind, GO's salary apart (`heatmap_panel`).

Every amount on the picture, the centre's totals too, is written one way (`money_form`):
in the edition's money if every square's amount fits its slot that way, else as plain
numbers, else in thousands ("12.3k"); the centre then says the currency once.

    render_money_map(story, locale="fr", book=ledger) -> PNG bytes
    money_map_text(story, locale="fr", book=ledger)   -> the same in words

The amounts are `Story.paid` / `Story.received` (see `game_core.story` for what counts
where); the kinds, `game_core.ledger`.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from bot.i18n import format_money, format_number, t
from bot.i18n.grammar import localize_digits
from game_core.board import SQUARES, Kind
from bot.i18n.squares import square_names
from game_core.editions import EDITIONS
from game_core.ledger import Ledger
from game_core.story import Headline, Story

from . import layout as L
from . import measure
from .font import TEXT_PAD, board_font, fit_text, least_size
from .heatmap_panel import (
    PAID_COLOUR, PAID_INK, RECEIVED_COLOUR, RECEIVED_INK, draw_panel, money_map_text,
)
from .short_names import board_name

__all__ = ["MoneyForm", "money_form", "money_map_text", "render_money_map"]

# The tint of the smallest and of the largest amount (of 255, over white): the deepest keeps
# the amount's dark ink 4.5:1 on it.
LEAST_ALPHA, MOST_ALPHA = 35, 95
NARROWEST = 0.84  # the narrowest an amount may be set (font.SQUEEZE's last)
GAP = 3  # px of the 1024 design round each slot's tint
ROW_LANE, COLUMN_LANE = 44, 96  # px of the 1024 design: the received amounts' margin inside
# the ring, along the top and bottom rows (one line high) and the side columns (as wide as
# a row's square, so that a side square's amount needs no halving)


@dataclass(frozen=True, slots=True)
class MoneyForm:
    """How every amount of one map is written, and the centre's word on it (None when the
    amounts carry the currency)."""

    write: Callable[[int], str]
    note: str | None


def render_money_map(story: Story, *, locale: str, book: Ledger | None = None,
                     size: int = L.DEFAULT_SIZE) -> bytes:
    base, texts = _base(story.edition, locale, size)
    measure.replay(texts)
    image = _draw(base, story, locale, book, size)
    # Mapped to a palette made once (quantizing each map afresh cost ~13 ms of its ~40).
    paletted = image.quantize(palette=_palette(story.edition, locale, size),
                              dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, "PNG", compress_level=1)
    return out.getvalue()


@cache
def _palette(edition: str, locale: str, size: int) -> Image.Image:
    """The colours of a map where money moved on every square, both ways, in every amount
    from the least to the most: its washes' shades over every background."""
    paid = tuple(1 + (k * 37) % 40 for k in range(40))
    received = tuple(1 + (k * 23) % 40 for k in range(40))
    showcase = Story(edition, (), (), paid, received, Headline(0, 0, 0, 0, -1, 0, None))
    base = _base(edition, locale, size)[0]
    with measure.recording():  # no part of any picture
        washed = _draw(base, showcase, locale, None, size)
    both = Image.new("RGB", (2 * size, size))  # the plain squares' colours, and the washed
    both.paste(base, (0, 0))
    both.paste(washed, (size, 0))
    exact = [*L.EXACT_COLOURS, PAID_COLOUR, RECEIVED_COLOUR, PAID_INK, RECEIVED_INK]
    shades = both.quantize(colors=256 - len(exact), method=Image.Quantize.MEDIANCUT)
    colours = [c for rgb in exact for c in rgb]
    colours += (shades.getpalette() or [])[: 3 * (256 - len(exact))]
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours + [0] * (768 - len(colours)))
    return palette


def _draw(base: Image.Image, story: Story, locale: str, book: Ledger | None,
          size: int) -> Image.Image:
    image = base.copy()
    draw = ImageDraw.Draw(image)
    lay = L.layout(size)
    most = max(max(story.paid), max(story.received), 1)
    form = money_form(story, locale, size)
    for square in range(40):
        slots = _slots(lay, square)
        ways = ((story.paid[square], PAID_COLOUR, PAID_INK, slots[0]),
                (story.received[square], RECEIVED_COLOUR, RECEIVED_INK, slots[1]))
        for amount, colour, ink, slot in ways:
            if amount > 0:
                alpha = LEAST_ALPHA + round((MOST_ALPHA - LEAST_ALPHA) * amount / most)
                # Ringed in its ink: two neighbours' amounts are two chips, never one
                # number ("3 629 7 623" in French).
                draw.rectangle(slot, fill=_tint(colour, alpha), outline=ink,
                               width=_px(lay, 2))
                fit_text(image, form.write(amount), slot, ink, big=22, bold=True)
    draw_panel(image, lay, panel_rect(lay), story, locale, book, form)
    return image


def _tint(colour: L.RGB, alpha: int) -> L.RGB:
    """`colour` laid `alpha`/255 deep over white: the same tint on any background."""
    r, g, b = (round(255 + (c - 255) * alpha / 255) for c in colour)
    return (r, g, b)


@cache
def _base(edition: str, locale: str, size: int) -> tuple[Image.Image, list[measure.Drawn]]:
    """The board with names only, each kept to the middle of its square (the amounts' slots
    are its two ends); drawn once per edition, language and size."""
    lay = L.layout(size)
    image = Image.new("RGB", (size, size), L.SQUARE_BG)
    draw = ImageDraw.Draw(image)
    draw.rectangle(lay.centre_rect(), fill=L.CENTRE_BG)
    names = square_names(edition, locale)
    with measure.recording() as texts:
        for i in range(40):
            draw.rectangle(lay.square_rect(i), outline=L.GRID, width=2)
            if SQUARES[i].kind is Kind.STREET:
                draw.rectangle(lay.band_rect(i), fill=L.GROUP_COLOURS[SQUARES[i].group],
                               outline=L.GRID, width=2)
            if L.is_corner(i):
                fit_text(image, names[i], _corner_name(lay, i), L.INK, big=28, bold=True)
            else:
                fit_text(image, board_name(edition, i, locale), _name_box(lay, i), L.INK, big=22)
    return image, texts


def _name_box(lay: L.Layout, i: int) -> L.Box:
    """A side square's name: clear of its foot strip, and of its band on a street."""
    x0, y0, x1, y1 = lay.square_rect(i)
    strip = lay.strip_rect(i)
    if L.side(i) in (0, 2):
        return lay.name_rect(i)
    if SQUARES[i].kind is Kind.STREET:
        return lay.name_rect(i)
    return (x0, y0, x1, strip[1])


def _corner_name(lay: L.Layout, i: int) -> L.Box:
    """A corner's name: between its two slot strips."""
    x0, y0, x1, y1 = lay.square_rect(i)
    return (x0, y0 + lay.strip, x1, y1 - lay.strip)


def _slots(lay: L.Layout, square: int) -> tuple[L.Box, L.Box]:
    """Where the amount paid and the amount received are written and tinted, clear of the
    name and the colour band: paid on the outer side, received on the inner. A side
    square's: its foot strip, and the margin inside the ring beside it; a corner's: its
    strips along the board's edge and along the centre, the name between. Each slot `GAP`
    inside its room, so that two neighbours' tints stay apart."""
    gap = _px(lay, GAP)
    if not L.is_corner(square):
        return _inset(lay.strip_rect(square), gap), _inset(_lane(lay, square), gap)
    x0, y0, x1, y1 = lay.square_rect(square)
    top, bottom = (x0, y0, x1, y0 + lay.strip), (x0, y1 - lay.strip, x1, y1)
    outer, inner = (bottom, top) if square in (0, 10) else (top, bottom)
    return _inset(outer, gap), _inset(inner, gap)


def _lane(lay: L.Layout, square: int) -> L.Box:
    """The margin inside the ring beside side square `square`: a row's, one line deep; a
    column's, `COLUMN_LANE` wide, clear of the rows' at its ends."""
    x0, y0, x1, y1 = lay.square_rect(square)
    cx0, cy0, cx1, cy1 = lay.centre_rect()
    row, column = _px(lay, ROW_LANE), _px(lay, COLUMN_LANE)
    k = L.side(square)
    if k == 0:
        return (x0, cy1 - row, x1, cy1)
    if k == 2:
        return (x0, cy0, x1, cy0 + row)
    top, bottom = max(y0, cy0 + row), min(y1, cy1 - row)
    return (cx0, top, cx0 + column, bottom) if k == 1 else (cx1 - column, top, cx1, bottom)


def panel_rect(lay: L.Layout) -> L.Box:
    """The centre's panel, inside the margins where the amounts received are written."""
    cx0, cy0, cx1, cy1 = lay.centre_rect()
    row, column, gap = _px(lay, ROW_LANE), _px(lay, COLUMN_LANE), _px(lay, 3 * GAP)
    return (cx0 + column + gap, cy0 + row + gap, cx1 - column - gap, cy1 - row - gap)


def _inset(box: L.Box, by: int) -> L.Box:
    return (box[0] + by, box[1] + by, box[2] - by, box[3] - by)


def _px(lay: L.Layout, n: float) -> int:
    return max(1, round(n * lay.size / L.DEFAULT_SIZE))


def money_form(story: Story, locale: str, size: int = L.DEFAULT_SIZE) -> MoneyForm:
    """The one way every amount of the map is written: in the edition's money if every
    square's amount fits its slot so, else as plain numbers, else in thousands ("12.3k",
    with 1 decimal, then none); the centre says the currency when the amounts don't."""
    lay = L.layout(size)
    font = board_font(least_size(size), bold=True)
    edition = story.edition
    currency = EDITIONS[edition].currency

    def thousands(digits: int) -> Callable[[int], str]:
        def write(amount: int) -> str:
            if abs(amount) < 1000:
                return format_number(amount, locale)
            return localize_digits(f"{amount / 1000:,.{digits}f}k", locale)
        return write

    forms = [MoneyForm(lambda amount: format_money(amount, edition, locale), None),
             MoneyForm(lambda amount: format_number(amount, locale),
                       t(locale, "picture.heat.unit", currency=currency))]
    forms += [MoneyForm(thousands(digits), t(locale, "picture.heat.unit_thousands",
                                             currency=currency)) for digits in (1, 0)]
    shown = []
    for square in range(40):
        slots = _slots(lay, square)
        shown += [(amount, slot) for amount, slot in zip(
            (story.paid[square], story.received[square]), slots, strict=True) if amount > 0]
    for form in forms:
        if all(font.width(form.write(amount)) <= (slot[2] - slot[0] - 2 * TEXT_PAD) / NARROWEST
               for amount, slot in shown):
            return form
    return forms[-1]
