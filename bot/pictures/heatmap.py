"""Where the money went (issue 16): the board with each square washed by the money that
changed hands on it over the game. Paid out is red, on the outer half of the square;
received is green, on its inner half (the side facing the centre); one scale for both, so
the washes compare. The centre tells the totals and the squares that cost and paid most.

    render_money_map(story, locale="fr") -> PNG bytes
    money_map_text(story, locale="fr")   -> the same in words

The amounts are `Story.paid` / `Story.received` (see `game_core.story` for what counts where).
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from bot.i18n import format_money, t
from game_core.editions import EDITIONS
from game_core.story import Story

from . import layout as L
from .board import empty_board
from .font import BoardFont, board_font

PAID_COLOUR: L.RGB = (205, 30, 40)
RECEIVED_COLOUR: L.RGB = (20, 140, 60)
PAID_INK: L.RGB = (150, 10, 20)
RECEIVED_INK: L.RGB = (10, 95, 40)
LEAST_ALPHA, MOST_ALPHA = 50, 170  # the wash of the smallest and of the largest amount
TOP = 3  # squares listed in the centre, for each way the money went


def render_money_map(story: Story, *, locale: str, size: int = L.DEFAULT_SIZE) -> bytes:
    image = empty_board(story.edition, locale, size)
    lay = L.layout(size)
    draw = ImageDraw.Draw(image)
    most = max(max(story.paid), max(story.received), 1)
    label = board_font(_px(lay, 19), bold=True)
    for square in range(40):
        outer, inner = _halves(lay, square)
        for amount, box, colour, ink in ((story.paid[square], outer, PAID_COLOUR, PAID_INK),
                                         (story.received[square], inner, RECEIVED_COLOUR,
                                          RECEIVED_INK)):
            if amount <= 0:
                continue
            alpha = LEAST_ALPHA + round((MOST_ALPHA - LEAST_ALPHA) * amount / most)
            width, height = box[2] - box[0], box[3] - box[1]
            image.paste(colour, box, Image.new("L", (width, height), alpha))
            text = _short_money(amount, story.edition, locale)
            centre = _label_centre(lay, square, box, paid=colour == PAID_COLOUR)
            box = _text_box(label, text, centre, lay)
            if colour == PAID_COLOUR and not L.is_corner(square):  # hide the whole price
                strip = lay.strip_rect(square)
                box = (min(box[0], strip[0] + 3), box[1], max(box[2], strip[2] - 3), box[3])
            draw.rounded_rectangle(box, radius=_px(lay, 4), fill=L.WHITE)
            label.draw(draw, centre, text, ink, anchor="mm")
    _draw_panel(image, draw, lay, story, locale)
    paletted = image.quantize(colors=192, method=Image.Quantize.FASTOCTREE,
                              dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, "PNG", compress_level=1)
    return out.getvalue()


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


def _label_centre(lay: L.Layout, square: int, half: L.Box, *, paid: bool) -> tuple[float, float]:
    """Where an amount is written: on a side square, over its price strip (paid) or its
    colour band (received), which leaves the name readable; on a corner, mid-half."""
    if L.is_corner(square):
        box = half
    else:
        box = lay.strip_rect(square) if paid else lay.band_rect(square)
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _text_box(font: BoardFont, text: str, centre: tuple[float, float],
              lay: L.Layout) -> L.Box:
    half_w, half_h = font.width(text) / 2 + _px(lay, 4), font.size * 0.62
    return (round(centre[0] - half_w), round(centre[1] - half_h),
            round(centre[0] + half_w), round(centre[1] + half_h))


def _draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, lay: L.Layout, story: Story,
                locale: str) -> None:
    x0, y0, x1, y1 = lay.panel_rect()
    draw.rounded_rectangle((x0, y0, x1, y1), radius=lay.size // 50, fill=L.PANEL_BG,
                           outline=L.GRID, width=2)
    m = _px(lay, 28)
    x, y = x0 + m, y0 + _px(lay, 52)
    board_font(_px(lay, 44), bold=True).draw(draw, (x, y), t(locale, "picture.heat.title"),
                                             L.INK, anchor="lm")
    text = board_font(_px(lay, 27))
    bold = board_font(_px(lay, 27), bold=True)
    y += _px(lay, 64)
    for colour, key in ((PAID_COLOUR, "picture.heat.paid"),
                        (RECEIVED_COLOUR, "picture.heat.received")):
        side = _px(lay, 26)
        draw.rectangle((x, y - side // 2, x + side, y + side // 2), fill=colour)
        label = t(locale, key)
        text.draw(draw, (x + side + _px(lay, 10), y), label, L.INK, anchor="lm")
        x += side + _px(lay, 10) + round(text.width(label)) + _px(lay, 36)
    x = x0 + m

    def money(amount: int) -> str:
        return format_money(amount, story.edition, locale)

    y += _px(lay, 52)
    bold.draw(draw, (x, y), t(locale, "picture.heat.total", paid=money(sum(story.paid)),
                               received=money(sum(story.received))), L.INK, anchor="lm")
    names = EDITIONS[story.edition].square_names
    for key, amounts, ink in (("picture.heat.top_paid", story.paid, PAID_INK),
                              ("picture.heat.top_received", story.received, RECEIVED_INK)):
        y += _px(lay, 54)
        bold.draw(draw, (x, y), t(locale, key), ink, anchor="lm")
        for square in _top(amounts):
            y += _px(lay, 36)
            line = f"{money(amounts[square])}  {names[square]}"
            while text.width(line) > x1 - x - m and len(line) > 4:
                line = line[:-2] + "…"
            text.draw(draw, (x + _px(lay, 16), y), line, L.INK, anchor="lm")


def _top(amounts: tuple[int, ...]) -> list[int]:
    ranked = sorted(range(40), key=lambda sq: (-amounts[sq], sq))
    return [sq for sq in ranked[:TOP] if amounts[sq] > 0]


def _short_money(amount: int, edition: str, locale: str) -> str:
    """Thousands as "k" so that an amount fits half a square: "$1.3k", "1,3k Cr"."""
    if amount < 10_000:
        return format_money(amount, edition, locale)
    ed = EDITIONS[edition]
    number = f"{amount / 1000:.0f}k"
    if ed.currency_before and not locale.startswith("fr"):
        return f"{ed.currency}{number}"
    return f"{number}\u00a0{ed.currency}"


def money_map_text(story: Story, *, locale: str) -> str:
    """The map in words: the totals, then every square where money changed hands, the
    costliest first."""
    names = EDITIONS[story.edition].square_names

    def money(amount: int) -> str:
        return format_money(amount, story.edition, locale)

    lines = [t(locale, "picture.heat.title"),
             t(locale, "picture.heat.total", paid=money(sum(story.paid)),
               received=money(sum(story.received)))]
    squares = sorted((sq for sq in range(40) if story.paid[sq] or story.received[sq]),
                     key=lambda sq: (-story.paid[sq], -story.received[sq], sq))
    lines += [t(locale, "picture.heat.square", square=names[sq], paid=money(story.paid[sq]),
                received=money(story.received[sq])) for sq in squares]
    return "\n".join(lines)[:4096]


def _px(lay: L.Layout, n: float) -> int:
    return round(n * lay.size / L.DEFAULT_SIZE)
