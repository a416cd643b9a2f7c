"""The small pictures pasted on the board: owners' marks, houses, the pawn, dice.

Each is drawn once at 4x and scaled down (smooth edges without per-render anti-aliasing),
then kept. Their proportions match the probe points of `layout` that tests sample.
The player's mark and the Bank's differ in shape, not only colour: a disc with a star
against a square tile with a pawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw

from . import layout as L
from .font import board_font

_SS = 4  # supersampling factor


def _sprite(width: int, height: int, paint: Callable[[ImageDraw.ImageDraw, int, int], None]
            ) -> Image.Image:
    """An RGBA sprite painted at 4x by `paint(draw, w, h)`, then scaled down."""
    big = Image.new("RGBA", (width * _SS, height * _SS), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), width * _SS, height * _SS)
    return big.resize((width, height), Image.Resampling.BOX)  # no ringing: exact colours


def _star(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _pawn(draw: ImageDraw.ImageDraw, x0: float, y0: float, s: float, fill: L.RGB) -> None:
    """A game pawn in the s x s box at (x0, y0): head, body, base."""
    cx = x0 + s / 2
    head = 0.15 * s
    draw.ellipse((cx - head, y0 + 0.17 * s, cx + head, y0 + 0.47 * s), fill=fill)
    draw.polygon([(cx - 0.1 * s, y0 + 0.42 * s), (cx + 0.1 * s, y0 + 0.42 * s),
                  (cx + 0.24 * s, y0 + 0.78 * s), (cx - 0.24 * s, y0 + 0.78 * s)], fill=fill)
    draw.rounded_rectangle((cx - 0.3 * s, y0 + 0.74 * s, cx + 0.3 * s, y0 + 0.86 * s),
                           radius=0.04 * s, fill=fill)


@cache
def owner_mark(radius: int, bank: bool) -> Image.Image:
    """The player's blue disc with a white star, or the Bank's black tile with a pawn."""
    d = 2 * radius + 2

    def paint(draw: ImageDraw.ImageDraw, w: int, h: int) -> None:
        m, s = _SS, w - 2 * _SS
        if bank:
            draw.rounded_rectangle((m, m, m + s, m + s), radius=0.2 * s, fill=L.BANK_COLOUR,
                                   outline=L.WHITE, width=_SS)
            _pawn(draw, m, m, s, L.WHITE)
            return
        draw.ellipse((m, m, m + s, m + s), fill=L.PLAYER_COLOUR, outline=L.WHITE, width=_SS)
        draw.polygon(_star(w / 2, h / 2, 0.33 * s, 0.14 * s), fill=L.WHITE)

    return _sprite(d, d, paint)


@cache
def mortgage_tag(radius: int) -> Image.Image:
    """A red tag with a white "M"."""
    width, height = round(radius * 1.5), 2 * radius
    letter = board_font(round(radius * 1.3) * _SS, bold=True)

    def paint(draw: ImageDraw.ImageDraw, w: int, h: int) -> None:
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=w // 5, fill=L.MORTGAGE_COLOUR)
        letter.draw(draw, (w / 2, h / 2), "M", L.WHITE, anchor="mm", quiet=True)  # a sign

    return _sprite(width, height, paint)


@cache
def badge(width: int, height: int) -> Image.Image:
    """The buildings badge: a near-black pill ringed white, which stands out on every colour
    band (the count is written on it; see `layout.BADGE_COLOUR`)."""
    def paint(draw: ImageDraw.ImageDraw, w: int, h: int) -> None:
        ring = 3 * _SS
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=min(w, h) * 0.3, fill=L.WHITE)
        draw.rounded_rectangle((ring, ring, w - 1 - ring, h - 1 - ring),
                               radius=min(w, h) * 0.3 - ring, fill=L.BADGE_COLOUR)

    return _sprite(width, height, paint)


@cache
def house(side: int) -> Image.Image:
    """A white house, drawn on a badge beside the number of houses."""
    def paint(draw: ImageDraw.ImageDraw, w: int, h: int) -> None:
        roof = h * 0.45
        draw.polygon([((w - 1) / 2, 0), (w - 1, roof), (w - 1 - w * 0.14, roof),
                      (w - 1 - w * 0.14, h - 1), (w * 0.14, h - 1), (w * 0.14, roof),
                      (0, roof)], fill=L.WHITE)

    return _sprite(side, side, paint)


@cache
def token(radius: int) -> Image.Image:
    """The player's pawn: a red counter, white ring, white figure, dark rim."""
    d = 2 * radius + 2

    def paint(draw: ImageDraw.ImageDraw, w: int, h: int) -> None:
        r = (w - 2 * _SS) / 2
        c = w / 2
        draw.ellipse((c - r - _SS, c - r - _SS, c + r + _SS, c + r + _SS), fill=L.GRID)
        draw.ellipse((c - r, c - r, c + r, c + r), fill=L.WHITE)
        ring = 0.86 * r
        draw.ellipse((c - ring, c - ring, c + ring, c + ring), fill=L.TOKEN_COLOUR)
        head = 0.2 * r
        draw.ellipse((c - head, c - 0.28 * r - head, c + head, c - 0.28 * r + head),
                     fill=L.WHITE)
        draw.chord((c - 0.45 * r, c + 0.1 * r, c + 0.45 * r, c + 0.8 * r), 180, 360,
                   fill=L.WHITE)

    return _sprite(d, d, paint)


_PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
         4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
         6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


@cache
def die(side: int, value: int) -> Image.Image:
    def paint(draw: ImageDraw.ImageDraw, w: int, h: int) -> None:
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=w // 6, fill=L.WHITE,
                               outline=L.GRID, width=_SS * 2)
        pip = w * 0.09
        for col, row in _PIPS[value]:
            x, y = w * (0.25 + 0.25 * col), h * (0.25 + 0.25 * row)
            draw.ellipse((x - pip, y - pip, x + pip, y + pip), fill=L.INK)

    return _sprite(side, side, paint)


@cache
def hatch(width: int, height: int) -> Image.Image:
    """Grey diagonal hatching over a mortgaged property, the name still readable through."""
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    step = 9
    for x in range(-height, width, step):
        draw.line([(x, height), (x + height, 0)], fill=(90, 90, 90, 115), width=2)
    return image
