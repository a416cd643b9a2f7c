"""The board as a PNG: a pure function of the engine state, no Discord here.

    render_board(game, last_move=(7, 11)) -> PNG bytes

What never changes in a game (squares, names, prices, colour bands, the centre's labels) is
drawn once per edition, language and size and kept; each render copies it and draws only what
the state changes: owners' marks, buildings, mortgages, the pawn, the last move and the
figures in the centre (`board_centre`).

Made to be read where a chat shows it, ~512 px wide: no text under 11 px there
(`measure` checks every text drawn), so a square shows its edition's short name where the
full one can't fit (`short_names`), a street its buildings as a badge that stands out on
every colour (a house and a count, or "H" for a hotel), the pawn stands on its square's foot
strip and that square is always framed, and every amount is in the edition's money written
the locale's way.

The picture is saved as a 256-colour PNG: an RGB PNG of this size costs ~45 ms to encode, a
palette one ~5 ms.

    python -m bot.pictures.board --sample docs/board.png [--edition fr]
"""

from __future__ import annotations

import argparse
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from bot.i18n import format_money
from bot.i18n.squares import jail_cell_name, square_name
from game_core.board import HOTEL, PROPERTIES, SQUARES, Kind
from game_core.editions import EDITIONS
from game_core.events import Moved
from game_core.game import Game
from game_core.state import BANK, NOBODY, PLAYER
from game_core.strategies import make_strategy

from . import layout as L
from . import measure
from .board_centre import Panel, draw_figures, make_panel, px
from .font import board_font, fit_text, least_size
from .short_names import board_name
from .sprites import badge, hatch, house, mortgage_tag, owner_mark, token

Move = tuple[int, int]
_Hatches = dict[int, tuple[L.Point, Image.Image]]  # property -> where its hatching goes, and it


@dataclass(frozen=True)
class _Static:
    image: Image.Image  # RGB, the unchanging board
    framed: Image.Image  # the same with the centre's panel pasted on it: each render's start
    texts: list[measure.Drawn]  # the squares' names and prices, for `measure`
    panel: Panel
    palette: Image.Image  # "P" image holding the 256 colours every render is mapped to
    hatches: _Hatches  # mortgage hatching, clear of the name


def render_board(game: Game, *, last_move: Move | None = None, locale: str | None = None,
                 size: int = L.DEFAULT_SIZE) -> bytes:
    """The board of `game` as PNG bytes, `size` px square. `last_move`: (from, to) squares
    of the latest move, shown by an arrow. `locale`: the language of the centre's labels,
    by default the edition's language."""
    edition = game.s.edition
    locale = locale or EDITIONS[edition].language
    static = _static(edition, locale, size)
    image = static.framed.copy()
    measure.replay(static.texts)
    _draw_state(image, static.panel, static.hatches, game, last_move, locale, framed=True)
    return _png(image, static.palette)


def _png(image: Image.Image, palette: Image.Image) -> bytes:
    paletted = image.quantize(palette=palette, dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, "PNG", compress_level=1)  # speed over the last few kB
    return out.getvalue()


# ---- the unchanging board -----------------------------------------------------------------

@cache
def _static(edition: str, locale: str, size: int) -> _Static:
    lay = L.layout(size)
    image = Image.new("RGB", (size, size), L.SQUARE_BG)
    draw = ImageDraw.Draw(image)
    draw.rectangle(lay.centre_rect(), fill=L.CENTRE_BG)
    with measure.recording() as texts:
        for square in range(40):
            _draw_square(image, lay, edition, locale, square)
    panel = make_panel(image, lay, locale)
    hatches = {i: _mortgage_hatch(image, lay, i) for i in PROPERTIES}
    # The palette: the design colours exactly, then the shades of a board showing every
    # kind of mark, so that anti-aliased edges keep a close colour.
    sample = image.copy()
    with measure.recording():  # the showcase's texts are no part of any picture
        _draw_state(sample, panel, hatches, _showcase_game(edition), (7, 24), locale)
    shades = sample.quantize(colors=256 - len(L.EXACT_COLOURS), method=Image.Quantize.MEDIANCUT)
    colours = [c for rgb in L.EXACT_COLOURS for c in rgb]
    colours += (shades.getpalette() or [])[: 3 * (256 - len(L.EXACT_COLOURS))]
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours + [0] * (768 - len(colours)))
    framed = image.copy()
    framed.paste(panel.image, lay.panel_rect()[:2], panel.mask)
    return _Static(image, framed, texts, panel, palette, hatches)


def _draw_square(image: Image.Image, lay: L.Layout, edition: str, locale: str, i: int) -> None:
    sq = SQUARES[i]
    draw = ImageDraw.Draw(image)
    box = lay.square_rect(i)
    draw.rectangle(box, outline=L.GRID, width=2)
    if L.is_corner(i):
        _draw_corner(image, lay, edition, locale, i)
        return
    foot = ""  # in the picture's one money format: the edition's, written the locale's way
    if sq.is_property:
        foot = format_money(sq.price, edition, locale)
    elif sq.kind is Kind.TAX:
        foot = format_money(sq.tax, edition, locale)
    if sq.kind is Kind.STREET:
        band = lay.band_rect(i)
        draw.rectangle(band, fill=L.GROUP_COLOURS[sq.group], outline=L.GRID, width=2)
    name_box = _name_box(lay, i) if foot else box
    if sq.kind is Kind.CHANCE:  # a big "?" says Chance at a glance, as on the real board
        mark, name_box = _split(name_box)
        fit_text(image, "?", mark, L.MOVE_COLOUR, big=56, bold=True)
    fit_text(image, board_name(edition, i, locale), name_box, L.INK, big=22)
    if foot:
        fit_text(image, foot, lay.strip_rect(i), L.INK, big=22, bold=True)


def _name_box(lay: L.Layout, i: int) -> L.Box:
    """Where the name of a square with a foot strip goes: above the strip, clear of the
    colour band of a street."""
    if SQUARES[i].kind is Kind.STREET:
        return lay.name_rect(i)
    x0, y0, x1, _ = lay.square_rect(i)
    return (x0, y0, x1, lay.strip_rect(i)[1])


def _mortgage_hatch(board: Image.Image, lay: L.Layout, i: int) -> tuple[L.Point, Image.Image]:
    """Diagonal hatching over the name box of property `i`, left out round the letters so
    that the name stays readable on a phone."""
    x0, y0, x1, y1 = _name_box(lay, i)
    box = (x0 + 2, y0 + 2, x1 - 1, y1)  # inside the grid lines
    ink = board.crop(box).convert("L").point(lambda v: 255 if v < 170 else 0)
    halo = ink.filter(ImageFilter.MaxFilter(px(lay, 7) | 1))
    lines = hatch(box[2] - box[0], box[3] - box[1]).copy()
    lines.putalpha(ImageChops.subtract(lines.getchannel("A"), halo))
    return box[:2], lines


def _draw_corner(image: Image.Image, lay: L.Layout, edition: str, locale: str,
                 i: int) -> None:
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = lay.square_rect(i)
    pad = lay.size // 100
    if i == 10:  # the Jail cell, and the visiting strip along its foot
        cell = lay.jail_cell()
        draw.rectangle(cell, fill=L.GROUP_COLOURS["orange"], outline=L.GRID, width=2)
        cx0, cy0, cx1, cy1 = cell
        for k in range(1, 5):  # bars
            x = cx0 + (cx1 - cx0) * k // 5
            draw.line([(x, cy0), (x, cy1)], fill=L.GRID, width=2)
        fit_text(image, jail_cell_name(locale),
                 _shrink(cell, top=0.55, bottom=0.0), L.INK, big=22, bold=True,
                 panel=L.PANEL_BG)
        fit_text(image, square_name(edition, 10, locale), (x0, cy1, x1, y1), L.INK, big=22)
        return
    inner = (x0 + pad, y0 + pad, x1 - pad, y1 - pad)
    fit_text(image, square_name(edition, i, locale), inner, L.INK, big=28, bold=True)
    if i == 0:  # which way round the pawn goes
        ay = y1 - 3 * pad
        draw.line([(x0 + 3 * pad, ay), (x1 - 3 * pad, ay)], fill=L.HOTEL_COLOUR, width=pad)
        draw.polygon([(x0 + pad, ay), (x0 + 5 * pad, ay - 3 * pad), (x0 + 5 * pad, ay + 3 * pad)],
                     fill=L.HOTEL_COLOUR)


# ---- what changes ------------------------------------------------------------------------

def _draw_state(image: Image.Image, panel: Panel, hatches: _Hatches, game: Game,
                last_move: Move | None, locale: str, *, framed: bool = False) -> None:
    """The state's marks on `image`: the unchanging board, or with `framed` the unchanging
    board with the centre's panel on it already (pasted again only over an arrow that
    crossed it; its mask has no soft edge, so pasting it twice changes no pixel)."""
    s = game.s
    lay = L.layout(image.width)
    draw = ImageDraw.Draw(image)
    r = lay.mark_radius
    for i in PROPERTIES:
        owner = s.owner[i]
        if owner == NOBODY:
            continue
        strip = lay.strip_rect(i)
        draw.rectangle((strip[0] + 1, strip[1], strip[2] - 1, strip[3] - 1),
                       fill=L.BANK_TINT if owner == BANK else L.PLAYER_TINT)
        _paste(image, owner_mark(r, bank=owner == BANK),
               lay.mark_center(i, pawn_here=i == s.position and not s.in_jail))
        if s.mortgaged[i]:
            at, lines = hatches[i]
            image.paste(lines, at, lines)
            mx0, my0, mx1, my1 = lay.mortgage_rect(i)
            _paste(image, mortgage_tag(r), ((mx0 + mx1) // 2, (my0 + my1) // 2))
    crossed = False  # the arrow went under the panel
    if last_move is not None:
        crossed = _draw_move(draw, lay, last_move, s.in_jail)
    _frame(draw, lay, 10 if s.in_jail else s.position, max(3, lay.size // 200))
    for i in PROPERTIES:  # over the squares' frames, which would cross them
        if s.buildings[i]:
            _draw_buildings(image, draw, lay, i, s.buildings[i])
    if crossed or not framed:
        image.paste(panel.image, lay.panel_rect()[:2], panel.mask)
    measure.replay(panel.texts)
    owned = s.position in PROPERTIES and s.owner[s.position] != NOBODY  # beside its mark
    _paste(image, token(lay.token_radius), lay.token_center(s.position, s.in_jail, owned))
    draw_figures(image, lay, game, locale)


def _draw_buildings(image: Image.Image, draw: ImageDraw.ImageDraw, lay: L.Layout, i: int,
                    built: int) -> None:
    """A badge across the colour band: a house and how many, or "H" for a hotel; white on
    near black, ringed white, so that it reads at chat size on every colour."""
    hotel = built == HOTEL
    x0, y0, x1, y1 = lay.badge_rect(i, hotel)
    image.paste(sprite := badge(x1 - x0, y1 - y0), (x0, y0), sprite)
    if not hotel:
        _paste(image, house(lay.house), lay.house_center(i))
    font = board_font(max(least_size(lay.size), px(lay, 24)), bold=True)
    font.draw(draw, lay.count_center(i, hotel), "H" if hotel else str(built), L.WHITE,
              anchor="mm")


def _frame(draw: ImageDraw.ImageDraw, lay: L.Layout, square: int, width: int) -> None:
    x0, y0, x1, y1 = lay.square_rect(square)
    draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=L.MOVE_COLOUR, width=width)


def _draw_move(draw: ImageDraw.ImageDraw, lay: L.Layout, move: Move, in_jail: bool) -> bool:
    """Outline both squares and draw the way between them as an arrow; whether the arrow
    reaches into the centre's panel (the way straight to Jail crosses it)."""
    start, end = move
    w = max(3, lay.size // 200)
    for square, width in ((start, w - 2), (end, w)):
        _frame(draw, lay, square, width)
    if start == end:
        return False
    points = _path(lay, start, end, in_jail)
    draw.line(points, fill=L.GRID, width=2 * w + 4, joint="curve")
    draw.line(points, fill=L.MOVE_COLOUR, width=2 * w, joint="curve")
    a = points[0]
    rs = lay.token_radius * 0.45  # a disc where the pawn was
    draw.ellipse((a[0] - rs, a[1] - rs, a[0] + rs, a[1] + rs), fill=L.MOVE_COLOUR,
                 outline=L.GRID, width=2)
    # Arrow head at the end of the way, along the path's last direction.
    (ax, ay), tip = points[-2], points[-1]
    ang = math.atan2(tip[1] - ay, tip[0] - ax)
    h = lay.token_radius * 1.1
    head = [tip] + [(tip[0] - h * math.cos(ang + d), tip[1] - h * math.sin(ang + d))
                    for d in (0.5, -0.5)]
    draw.polygon(head, fill=L.MOVE_COLOUR, outline=L.GRID, width=2)
    reach = w + 4 + max(lay.token_radius * 1.1, rs)  # past the line, the disc and the head
    px0, py0, px1, py1 = lay.panel_rect()
    return any(px0 - reach <= x <= px1 + reach and py0 - reach <= y <= py1 + reach
               for x, y in _along(points))


def _along(points: list[L.Point]) -> list[tuple[float, float]]:
    """Points every few pixels along the polyline `points`: a segment's ends alone could
    both lie outside a box the segment crosses."""
    out: list[tuple[float, float]] = [points[0]]
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        steps = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / 4))
        out += [(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps)
                for k in range(1, steps + 1)]
    return out


def _path(lay: L.Layout, start: int, end: int, in_jail: bool) -> list[L.Point]:
    """The way the pawn went: along the lane inside the ring, through each square passed
    (forward, or back for "go back 3 spaces"); straight to the cell when sent to Jail (it
    does not go round, and the centre panel hides the middle of that line)."""
    if end == 10 and in_jail:
        return [lay.lane_point(start), lay.lane_point(10, in_jail=True)]
    ahead = (end - start) % 40
    step, count = (-1, 40 - ahead) if 40 - ahead <= 3 else (1, ahead)
    return [lay.lane_point((start + k * step) % 40) for k in range(count + 1)]


# ---- helpers ------------------------------------------------------------------------------

def _paste(image: Image.Image, sprite: Image.Image, centre: L.Point) -> None:
    x, y = centre[0] - sprite.width // 2, centre[1] - sprite.height // 2
    image.paste(sprite, (x, y), sprite)


def _split(box: L.Box) -> tuple[L.Box, L.Box]:
    """A tall box cut into bottom and top halves, a wide one into left and right."""
    x0, y0, x1, y1 = box
    if y1 - y0 > x1 - x0:
        mid = (y0 + y1) // 2
        return (x0, mid, x1, y1), (x0, y0, x1, mid)
    mid = x0 + (x1 - x0) // 3
    return (x0, y0, mid, y1), (mid, y0, x1, y1)


def _shrink(box: L.Box, top: float = 0.0, bottom: float = 0.0) -> L.Box:
    """`box` less a share of its height at the top and/or bottom."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    return (x0, y0 + round(h * top), x1, y1 - round(h * bottom))


# ---- a game to show ------------------------------------------------------------------------

def _showcase_game(edition: str) -> Game:
    """Every kind of mark at once: the palette is built from it."""
    game = Game.new(seed=1, edition=edition)
    s = game.s
    for n, i in enumerate(sq.index for sq in SQUARES if sq.is_property):
        s.owner[i] = PLAYER if n % 2 else BANK
        s.mortgaged[i] = n % 5 == 1
        if SQUARES[i].kind is Kind.STREET and not s.mortgaged[i]:
            s.buildings[i] = n % 6
    s.position, s.last_dice = 24, (3, 5)
    return game


def sample_game(seed: int = 20, actions: int = 207, edition: str = "us",
                strategy: str = "always-buy") -> tuple[Game, Move | None]:
    """A seeded game played `actions` actions in, and its last move. The default is a
    mid-game board with a hotel, houses, mortgages and the Bank's pawns."""
    game = Game.new(seed, edition=edition)
    player = make_strategy(strategy, seed)
    move: Move | None = None
    for _ in range(actions):
        if game.is_over:
            break
        events = game.apply(player.choose(game))
        moved = [e for e in events if isinstance(e, Moved)]
        if moved:
            move = (moved[0].start, moved[-1].end)
    return game, move


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write a sample board picture.")
    parser.add_argument("--sample", type=Path, required=True, help="where to write the PNG")
    parser.add_argument("--edition", default="us", choices=sorted(EDITIONS))
    parser.add_argument("--size", type=int, default=L.DEFAULT_SIZE)
    args = parser.parse_args(argv)
    game, move = sample_game(edition=args.edition)
    args.sample.write_bytes(render_board(game, last_move=move, size=args.size))
    print(f"wrote {args.sample} (turn {game.turn}, last move {move})")


if __name__ == "__main__":
    main()
