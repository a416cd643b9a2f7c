"""Where the money went: the board with each square where money changed
hands washed by how much: paid out red, on the outer half of the square; received green, on
its inner half (the side facing the centre); one scale for both, so the washes compare. A
square where no money moved stays plain: the map prints no prices. Each amount sits in its
own slot (the foot strip for what was paid, the colour band for what was received), clear
of the name. The centre tells the totals by kind, GO's salary apart (`heatmap_panel`).

    render_money_map(story, locale="fr", book=ledger) -> PNG bytes
    money_map_text(story, locale="fr", book=ledger)   -> the same in words

The amounts are `Story.paid` / `Story.received` (see `game_core.story` for what counts
where); the kinds, `game_core.ledger`.
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw

from bot.i18n import format_money, format_number
from bot.i18n.grammar import localize_digits
from game_core.board import SQUARES, Kind
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

__all__ = ["money_map_text", "render_money_map"]

LEAST_ALPHA, MOST_ALPHA = 50, 170  # the wash of the smallest and of the largest amount
NARROWEST = 0.84  # the narrowest an amount may be set (font.SQUEEZE's last)


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
    lay = L.layout(size)
    most = max(max(story.paid), max(story.received), 1)
    for square in range(40):
        outer, inner = _halves(lay, square)
        slots = _slots(lay, square, both=bool(story.paid[square] and story.received[square]))
        ways = [(amount, half, colour, ink, slot) for amount, half, colour, ink, slot in (
            (story.paid[square], outer, PAID_COLOUR, PAID_INK, slots[0]),
            (story.received[square], inner, RECEIVED_COLOUR, RECEIVED_INK, slots[1]))
            if amount > 0]
        texts = _amounts([(w[0], w[4]) for w in ways], story.edition, locale, size)
        for (amount, half, colour, ink, slot), text in zip(ways, texts, strict=True):
            alpha = LEAST_ALPHA + round((MOST_ALPHA - LEAST_ALPHA) * amount / most)
            width, height = half[2] - half[0], half[3] - half[1]
            image.paste(colour, half, Image.new("L", (width, height), alpha))
            fit_text(image, text, slot, ink, big=22, bold=True, panel=L.WHITE)
    draw_panel(image, lay, story, locale, book)
    return image


@cache
def _base(edition: str, locale: str, size: int) -> tuple[Image.Image, list[measure.Drawn]]:
    """The board with names only, each kept to the middle of its square (the amounts' slots
    are its two ends); drawn once per edition, language and size."""
    lay = L.layout(size)
    image = Image.new("RGB", (size, size), L.SQUARE_BG)
    draw = ImageDraw.Draw(image)
    draw.rectangle(lay.centre_rect(), fill=L.CENTRE_BG)
    names = EDITIONS[edition].square_names
    with measure.recording() as texts:
        for i in range(40):
            draw.rectangle(lay.square_rect(i), outline=L.GRID, width=2)
            if SQUARES[i].kind is Kind.STREET:
                draw.rectangle(lay.band_rect(i), fill=L.GROUP_COLOURS[SQUARES[i].group],
                               outline=L.GRID, width=2)
            if L.is_corner(i):
                fit_text(image, names[i], _corner_name(lay, i), L.INK, big=28, bold=True)
            else:
                fit_text(image, board_name(edition, i), _name_box(lay, i), L.INK, big=22)
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
    """A corner's name: the corner less its slot strip."""
    x0, y0, x1, y1 = lay.square_rect(i)
    if i in (0, 10):
        return (x0, y0 + lay.strip, x1, y1)
    return (x0, y0, x1, y1 - lay.strip)


def _slots(lay: L.Layout, square: int, *, both: bool) -> tuple[L.Box, L.Box]:
    """Where the amount paid and the amount received are written, clear of the name: on the
    top and bottom rows, the foot strip and the colour band; on the side columns (whose band
    stands upright) and the corners, the strip across the square's foot, shared when both
    amounts are there (paid on the outer side, as its wash)."""
    x0, y0, x1, y1 = lay.square_rect(square)
    if L.is_corner(square):
        top, bottom = (y0, y0 + lay.strip) if square in (0, 10) else (y1 - lay.strip, y1)
    elif L.side(square) in (0, 2):
        return lay.strip_rect(square), lay.band_rect(square)
    else:
        top, bottom = y1 - lay.strip, y1
    if not both:
        return (x0, top, x1, bottom), (x0, top, x1, bottom)
    mid = (x0 + x1) // 2
    left, right = (x0, top, mid, bottom), (mid, top, x1, bottom)
    return (right, left) if L.side(square) == 3 else (left, right)


def _amounts(amounts: list[tuple[int, L.Box]], edition: str, locale: str, size: int
             ) -> list[str]:
    """The square's amounts, each in its slot, written alike: as in the centre if all fit;
    else without the currency (the centre's totals say it); else in thousands ("12,3k")."""
    font = board_font(least_size(size), bold=True)

    def forms(amount: int) -> list[str]:
        texts = [format_money(amount, edition, locale), format_number(amount, locale)]
        for digits in (1, 0):
            number = f"{amount / 1000:,.{digits}f}k"
            texts.append(localize_digits(number, locale))
        return texts

    written = [forms(amount) for amount, _ in amounts]
    for level in range(4):
        if all(font.width(texts[level]) <= (slot[2] - slot[0] - 2 * TEXT_PAD) / NARROWEST
               for texts, (_, slot) in zip(written, amounts, strict=True)):
            return [texts[level] for texts in written]
    return [texts[-1] for texts in written]


def _halves(lay: L.Layout, square: int) -> tuple[L.Box, L.Box]:
    """The square's outer half (along the board's edge) and inner half (facing the centre)."""
    x0, y0, x1, y1 = lay.square_rect(square)
    mx, my = (x0 + x1) // 2, (y0 + y1) // 2
    halves: tuple[tuple[L.Box, L.Box], ...] = (
        ((x0, my, x1, y1), (x0, y0, x1, my)),  # bottom row
        ((x0, y0, mx, y1), (mx, y0, x1, y1)),  # left column
        ((x0, y0, x1, my), (x0, my, x1, y1)),  # top row
        ((mx, y0, x1, y1), (x0, y0, mx, y1)),  # right column
    )
    return halves[L.side(square)]
