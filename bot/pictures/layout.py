"""Where everything sits on the board picture: pure geometry and colours, no drawing.

The picture (`board`) and its tests share this module, so a test can ask where the
pawn or a house must be and sample that pixel. Every box is `(x0, y0, x1, y1)` in pixels,
x1/y1 exclusive (the next square starts there).

The board is the usual ring: GO in the bottom-right corner, squares 1-9 along the bottom
from right to left, Jail bottom-left, 11-19 up the left side, Free Parking top-left, 21-29
along the top, Go to Jail top-right, 31-39 down the right side. All text stays upright (a
phone can't be turned to read a side), so the sides are laid out like the bottom row: the
colour band on the edge facing the centre, the name below it, and at the foot of the square
a strip with the price, or once owned the owner's mark.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

Box = tuple[int, int, int, int]
Point = tuple[int, int]
RGB = tuple[int, int, int]

# 1024 px: sharp when Discord's viewer is opened full screen, and still legible where the
# chat shows it 400-550 px wide (the marks and the centre figures are sized for that).
DEFAULT_SIZE = 1024

# Proportions of a 1024 px board; everything scales with the size.
# Shown 512 px wide a square is ~43 px: a name needs all of its width at 11 px.
_CORNER = 120 / 1024  # corner squares, and the depth of every square
_BAND = 25 / 1024  # colour band of a street (the house count stands on it)
_STRIP = 34 / 1024  # price / owner strip at the foot of a square
_TOKEN = 21 / 1024  # radius of the player's pawn
_MARK = 15 / 1024  # radius of an owner's mark
_HOUSE = 16 / 1024  # side of the house drawn in a buildings badge
_BADGE = 30 / 1024  # depth of the buildings badge: the band's and a little into the centre
_BADGE_HOUSES = 54 / 1024  # its length with a house and a count ...
_BADGE_HOTEL = 40 / 1024  # ... with "H" alone

# Bottom, left, top, right: the direction (dx, dy) from a square of that side to the centre.
INWARD: tuple[Point, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))

GROUP_COLOURS: dict[str, RGB] = {
    "brown": (149, 84, 54), "light_blue": (170, 224, 250), "pink": (217, 58, 150),
    "orange": (247, 148, 29), "red": (237, 27, 36), "yellow": (254, 242, 0),
    "green": (31, 178, 90), "dark_blue": (0, 114, 187),
}
# The colours the renderer uses, kept exact in the PNG palette so tests can sample them.
CENTRE_BG: RGB = (205, 230, 208)
SQUARE_BG: RGB = (246, 242, 230)
GRID: RGB = (40, 40, 40)
INK: RGB = (25, 25, 25)
PLAYER_COLOUR: RGB = (30, 99, 214)  # the player's mark: a blue disc with a white star
PLAYER_TINT: RGB = (214, 228, 252)  # the foot strip of the player's properties
BANK_COLOUR: RGB = (34, 34, 34)  # the Bank's mark: a black tile with a white pawn
BANK_TINT: RGB = (236, 220, 214)
HOUSE_COLOUR: RGB = (22, 122, 48)  # the net-worth green of the charts
HOTEL_COLOUR: RGB = (200, 30, 40)  # GO's arrow
# The buildings badge: near black, ringed white, its count white. The one fill that stands
# out 3:1 (WCAG's contrast for a graphic) on every colour band, the brown and the dark blue
# too; the white ring sets it off the dark bands, the white count reads 17:1 on it.
BADGE_COLOUR: RGB = (16, 16, 20)
MORTGAGE_COLOUR: RGB = (196, 40, 40)  # the "M" tag of a mortgaged property
TOKEN_COLOUR: RGB = (232, 60, 30)  # the player's pawn
MOVE_COLOUR: RGB = (255, 179, 0)  # the last move: arrow and square outlines
WHITE: RGB = (255, 255, 255)
PANEL_BG: RGB = (250, 250, 244)
EXACT_COLOURS: tuple[RGB, ...] = (
    CENTRE_BG, SQUARE_BG, GRID, INK, PLAYER_COLOUR, PLAYER_TINT, BANK_COLOUR, BANK_TINT,
    HOUSE_COLOUR, HOTEL_COLOUR, MORTGAGE_COLOUR, TOKEN_COLOUR, MOVE_COLOUR, WHITE, PANEL_BG,
    BADGE_COLOUR, *GROUP_COLOURS.values(),
)


def side(square: int) -> int:
    """0 bottom, 1 left, 2 top, 3 right; a corner belongs to the side it starts."""
    return (square % 40) // 10


def is_corner(square: int) -> bool:
    return square % 10 == 0


@dataclass(frozen=True)
class Layout:
    """The geometry of a `size` x `size` board."""

    size: int

    @property
    def corner(self) -> int:
        return round(self.size * _CORNER)

    @property
    def band(self) -> int:
        return round(self.size * _BAND)

    @property
    def strip(self) -> int:
        return round(self.size * _STRIP)

    @property
    def token_radius(self) -> int:
        return round(self.size * _TOKEN)

    @property
    def mark_radius(self) -> int:
        return round(self.size * _MARK)

    @property
    def house(self) -> int:
        return round(self.size * _HOUSE)

    def _edge(self, j: int) -> int:
        """The j-th boundary (0-9) between the squares of a side, from the left/top corner."""
        c = self.corner
        return c + round(j * (self.size - 2 * c) / 9)

    def square_rect(self, square: int) -> Box:
        n, c = self.size, self.corner
        k, j = side(square), square % 10
        if j == 0:
            return ((n - c, n - c, n, n), (0, n - c, c, n), (0, 0, c, c), (n - c, 0, n, c))[k]
        if k == 0:  # bottom row, right to left
            return (self._edge(9 - j), n - c, self._edge(10 - j), n)
        if k == 1:  # left column, bottom to top
            return (0, self._edge(9 - j), c, self._edge(10 - j))
        if k == 2:  # top row, left to right
            return (self._edge(j - 1), 0, self._edge(j), c)
        return (n - c, self._edge(j - 1), n, self._edge(j))

    def centre_rect(self) -> Box:
        c = self.corner
        return (c, c, self.size - c, self.size - c)

    def band_rect(self, square: int) -> Box:
        """The colour band: the edge of the square facing the centre."""
        x0, y0, x1, y1 = self.square_rect(square)
        b = self.band
        return ((x0, y0, x1, y0 + b), (x1 - b, y0, x1, y1),
                (x0, y1 - b, x1, y1), (x0, y0, x0 + b, y1))[side(square)]

    def body_rect(self, square: int) -> Box:
        """The square less its band (for streets): where the name and foot strip go."""
        x0, y0, x1, y1 = self.square_rect(square)
        b = self.band
        return ((x0, y0 + b, x1, y1), (x0, y0, x1 - b, y1),
                (x0, y0, x1, y1 - b), (x0 + b, y0, x1, y1))[side(square)]

    def strip_rect(self, square: int) -> Box:
        """The foot of the body: the price, or the owner's mark and the mortgage tag."""
        x0, _, x1, y1 = self.body_rect(square)
        return (x0, y1 - self.strip, x1, y1)

    def name_rect(self, square: int) -> Box:
        x0, y0, x1, y1 = self.body_rect(square)
        return (x0, y0, x1, y1 - self.strip)

    def mark_center(self, square: int, pawn_here: bool = False) -> Point:
        """The owner's mark: in the foot strip, left of centre to leave room for "M"; at the
        strip's left end when the pawn stands on the square (beside it, not over it)."""
        x0, y0, x1, y1 = self.strip_rect(square)
        r = self.mark_radius
        if pawn_here:
            return (x0 + r + 3, (y0 + y1) // 2)
        return ((x0 + x1) // 2 - r // 2 - 3, (y0 + y1) // 2)

    def mortgage_rect(self, square: int) -> Box:
        """The "M" tag, right of the owner's mark."""
        mx, my = self.mark_center(square)
        r = self.mark_radius
        x0 = mx + r + 3
        return (x0, my - r, x0 + round(r * 1.5), my + r)

    def badge_rect(self, square: int, hotel: bool = False) -> Box:
        """The buildings badge of a street: across its colour band, from the name's side to
        a little past the band into the centre (deeper than the band, it holds a count 12 px
        tall at 512 px), centred along the band; longer for a house and its count than for
        the "H" of a hotel."""
        x0, y0, x1, y1 = self.band_rect(square)
        depth = round(self.size * _BADGE)
        length = round(self.size * (_BADGE_HOTEL if hotel else _BADGE_HOUSES))
        k = side(square)
        if k in (0, 2):  # a horizontal band
            left = (x0 + x1 - length) // 2
            top = y1 - depth if k == 0 else y0
            return (left, top, left + length, top + depth)
        top = (y0 + y1 - length) // 2
        left = x0 if k == 1 else x1 - depth
        return (left, top, left + depth, top + length)

    def house_center(self, square: int) -> Point:
        """The house drawn in a badge of houses: its first half along the band."""
        x0, y0, x1, y1 = self.badge_rect(square)
        if side(square) in (0, 2):
            return (x0 + (y1 - y0) // 2, (y0 + y1) // 2)
        return ((x0 + x1) // 2, y0 + (x1 - x0) // 2)

    def count_center(self, square: int, hotel: bool = False) -> Point:
        """Where the number of houses is written, after the house; a hotel's "H", mid-badge."""
        x0, y0, x1, y1 = self.badge_rect(square, hotel)
        if hotel:
            return ((x0 + x1) // 2, (y0 + y1) // 2)
        if side(square) in (0, 2):
            return (x1 - (y1 - y0) // 2 + 1, (y0 + y1) // 2)
        return ((x0 + x1) // 2, y1 - (x1 - x0) // 2)

    def token_center(self, square: int, in_jail: bool = False, owned: bool = False) -> Point:
        """The player's pawn, on its square: over the foot strip (the price; on an `owned`
        square, at the strip's right end, beside the owner's mark; the name stays clear);
        on a corner, its inner corner; in Jail, on the cell."""
        x0, y0, x1, y1 = self.square_rect(square)
        r = self.token_radius
        if square == 10 and in_jail:
            jx0, jy0, jx1, jy1 = self.jail_cell()  # its top half: the name is below
            return ((jx0 + jx1) // 2, jy0 + r + 3)
        if square == 10:  # just visiting: on the strip left of the cell, above its name
            return ((x0 + self.jail_cell()[0]) // 2, y0 + r + 3)
        if is_corner(square):
            cx0, cy0, cx1, cy1 = self.centre_rect()
            ix = x1 - r - 4 if x0 < cx0 else x0 + r + 4
            iy = y1 - r - 4 if y0 < cy0 else y0 + r + 4
            return (ix, iy)
        sx0, sy0, sx1, sy1 = self.strip_rect(square)
        if owned:
            return (sx1 - r - max(2, self.size // 170), (sy0 + sy1) // 2)  # the frame clear
        return ((sx0 + sx1) // 2, (sy0 + sy1) // 2)

    def lane_point(self, square: int, in_jail: bool = False) -> Point:
        """Where the last-move arrow passes a square: just inside the ring, facing it."""
        x0, y0, x1, y1 = self.square_rect(square)
        r, gap = round(self.size * 0.018), max(4, self.size // 160)
        if square == 10 and in_jail:
            return self.token_center(10, in_jail=True)
        if is_corner(square):
            cx0, cy0, cx1, cy1 = self.centre_rect()
            ix = cx0 + r + gap if x0 < cx0 else cx1 - r - gap
            iy = cy0 + r + gap if y0 < cy0 else cy1 - r - gap
            return (ix, iy)
        dx, dy = INWARD[side(square)]
        mx, my = (x0 + x1) // 2, (y0 + y1) // 2
        if dx:
            edge = x1 if dx > 0 else x0
            return (edge + dx * (r + gap), my)
        edge = y1 if dy > 0 else y0
        return (mx, edge + dy * (r + gap))

    def jail_cell(self) -> Box:
        """The "In Jail" cell of corner 10: its upper right, the visiting strip round it."""
        x0, y0, x1, y1 = self.square_rect(10)
        edge = round((x1 - x0) * 0.3)
        return (x0 + edge, y0, x1, y1 - edge)

    def panel_rect(self) -> Box:
        """The figures in the centre, clear of the pawn's places along the ring."""
        x0, y0, x1, y1 = self.centre_rect()
        m = round(self.size * 0.062)  # the arrow's lane between the ring and the panel
        return (x0 + m, y0 + m, x1 - m, y1 - m)

    # ---- pixels that must show a given colour (the tests sample them) -------------------
    # Offsets follow the sprites' proportions in board.py: keep the two in step.

    def probe_mark(self, square: int, bank: bool) -> Point:
        """A pixel of the owner's mark in its base colour: the player's disc below its star,
        the Bank's tile left of its pawn."""
        x, y = self.mark_center(square)
        r = self.mark_radius
        return (x - round(0.8 * r), y) if bank else (x, y + round(0.75 * r))

    def probe_mortgage(self, square: int) -> Point:
        """The "M" tag's red, above the letter."""
        x0, y0, x1, _ = self.mortgage_rect(square)
        return ((x0 + x1) // 2, y0 + max(2, round(0.2 * self.mark_radius)))

    def probe_badge(self, square: int, hotel: bool = False) -> Point:
        """A pixel of the buildings badge's fill, clear of its ring and of what is written
        on it: between the house and the count; before the "H" of a hotel."""
        if not hotel:
            (hx, hy), (cx, cy) = self.house_center(square), self.count_center(square)
            return ((hx + cx) // 2, (hy + cy) // 2)
        x0, y0, x1, y1 = self.badge_rect(square, hotel=True)
        inset = round(self.size * 8 / 1024)
        if side(square) in (0, 2):
            return (x0 + inset, (y0 + y1) // 2)
        return ((x0 + x1) // 2, y0 + inset)

    def probe_token(self, square: int, in_jail: bool = False, owned: bool = False) -> Point:
        """The pawn's disc, clear of its white ring and figure."""
        x, y = self.token_center(square, in_jail, owned)
        r = self.token_radius
        return (x - round(0.55 * r), y - round(0.45 * r))


@cache
def layout(size: int = DEFAULT_SIZE) -> Layout:
    return Layout(size)
