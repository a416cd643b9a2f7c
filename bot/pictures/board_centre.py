"""The board's centre: what decides the game, readable at chat size.

    Turn 57                                   [dice]
    Pawn: Boardwalk
    Net worth                Bank if you cash out
    $4,120                   $9,870
    Cash $1,020              Bank $13,000
    Houses left 23 · hotels 11 · Bank's pawns 0
    (legend: your mark, the Bank's, mortgaged)

Net worth is E2 (what a win would score now); "Bank if you cash out" is the Bank's treasury
less all that selling every building and mortgaging every property would raise (M1-M3): at
0 or below, cashing out bankrupts the Bank and wins (M5, E1). The labels and the legend are
drawn once per language (`make_panel`); the figures on each render (`draw_figures`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import format_money, t
from bot.narration import square_name
from game_core.game import Game
from game_core.rules import estate_value, liquidation_value

from . import layout as L
from . import measure
from .font import BoardFont, board_font, least_size
from .short_names import board_name
from .sprites import die, mortgage_tag, owner_mark


@dataclass(frozen=True)
class Panel:
    """The centre's frame with its labels and legend, pasted over the last-move arrow (a
    long jump crosses the board) before the figures are written on it."""

    image: Image.Image
    mask: Image.Image  # its rounded corners
    texts: list[measure.Drawn]  # its labels, for `measure`


def bank_after_cash_out(game: Game) -> int:
    """What the Bank would hold once it paid for every building sold and every property
    mortgaged (M2, M3) and every Jail card sold: 0 or less means cashing out wins (M5)."""
    s = game.s
    return s.bank_cash - (liquidation_value(s) - s.cash)


def px(lay: L.Layout, n: float) -> int:
    """n pixels of the 1024 px design, at this board's size."""
    return round(n * lay.size / L.DEFAULT_SIZE)


def _font(lay: L.Layout, design: float, bold: bool = False) -> BoardFont:
    return board_font(max(least_size(lay.size), px(lay, design)), bold)


def _fitting(lay: L.Layout, text: str, design: float, room: float, bold: bool) -> BoardFont:
    """The largest font up to `design` px in which `text` fits `room`, never under the
    smallest readable size."""
    size = max(least_size(lay.size), px(lay, design))
    while size > least_size(lay.size) and board_font(size, bold).width(text) > room:
        size -= 1
    return board_font(size, bold)


def _cells(lay: L.Layout) -> tuple[int, int, int]:
    """Left of column 1, left of column 2, and a column's width."""
    x0, _, x1, _ = lay.panel_rect()
    m = px(lay, 30)
    col = (x1 - x0 - 2 * m) // 2
    return x0 + m, x0 + m + col, col - px(lay, 12)


# Baselines, in design px below the panel's top.
_TURN, _PAWN, _LABEL1, _VALUE1, _LABEL2, _VALUE2, _SMALL = 72, 136, 214, 280, 364, 420, 500


def make_panel(board: Image.Image, lay: L.Layout, locale: str) -> Panel:
    image = board.copy()
    draw = ImageDraw.Draw(image)
    box = lay.panel_rect()
    radius = lay.size // 50
    draw.rounded_rectangle(box, radius=radius, fill=L.PANEL_BG, outline=L.GRID, width=2)
    mask = Image.new("L", (box[2] - box[0] + 1, box[3] - box[1] + 1), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, mask.width - 1, mask.height - 1),
                                           radius=radius, fill=255)
    left, right, room = _cells(lay)
    with measure.recording() as texts:
        for key, x, y in (("picture.board.worth", left, _LABEL1),
                          ("picture.board.cash_out", right, _LABEL1)):
            text = t(locale, key)
            _fitting(lay, text, 30, room, False).draw(draw, (x, box[1] + px(lay, y)), text,
                                                      L.INK, anchor="ls")
        # Legend: what the marks mean, in words as well as shapes.
        legend = _font(lay, 26)
        x, y = left, box[3] - px(lay, 40)
        r = lay.mark_radius
        for sprite, text in ((owner_mark(r, bank=False), t(locale, "owner.player")),
                             (owner_mark(r, bank=True), t(locale, "owner.bank")),
                             (mortgage_tag(r), t(locale, "mortgaged"))):
            image.paste(sprite, (x, y - sprite.height // 2), sprite)
            x += sprite.width + px(lay, 6)
            text = text[:1].upper() + text[1:]
            legend.draw(draw, (x, y), text, L.INK, anchor="lm")
            x += round(legend.width(text)) + px(lay, 24)
    return Panel(image.crop((box[0], box[1], box[0] + mask.width, box[1] + mask.height)),
                 mask, texts)


def draw_figures(image: Image.Image, lay: L.Layout, game: Game, locale: str) -> None:
    """The turn, the dice, where the pawn is and the figures, in the edition's money."""
    s = game.s
    draw = ImageDraw.Draw(image)
    x0, y0, x1, _ = lay.panel_rect()
    left, right, room = _cells(lay)
    _font(lay, 56, bold=True).draw(draw, (left, y0 + px(lay, _TURN)),
                                   f"{t(locale, 'embed.field.turn')} {s.turn}", L.INK,
                                   anchor="ls")
    if s.last_dice[0]:  # the dice of the latest roll, at the right of the turn line
        side = px(lay, 62)
        for k, pips in enumerate(reversed(s.last_dice)):
            x = x1 - px(lay, 30) - side - k * (side + px(lay, 10))
            image.paste(d := die(side, pips), (x, y0 + px(lay, _TURN) - side + px(lay, 6)), d)
    where = square_name(s.edition, s.position, locale, in_jail=s.in_jail)
    if s.position % 10:
        where = board_name(s.edition, s.position, locale) if len(where) > 28 else where
    pawn = t(locale, "picture.board.pawn", square=where)
    _fitting(lay, pawn, 32, x1 - x0 - 2 * px(lay, 30), False).draw(
        draw, (left, y0 + px(lay, _PAWN)), pawn, L.INK, anchor="ls")

    def money(amount: int) -> str:
        return format_money(amount, s.edition, locale)

    after = bank_after_cash_out(game)
    big = ((money(estate_value(s)), left),
           (money(after) if after > 0 else t(locale, "picture.board.cash_out_wins"), right))
    for text, x in big:
        _fitting(lay, text, 58, room, True).draw(draw, (x, y0 + px(lay, _VALUE1)), text,
                                                 L.INK, anchor="ls")
    for key, amount, x in (("picture.board.cash", s.cash, left),
                           ("picture.board.bank", s.bank_cash, right)):
        label = t(locale, key)
        _fitting(lay, label, 28, room, False).draw(draw, (x, y0 + px(lay, _LABEL2)), label,
                                                   L.INK, anchor="ls")
        _fitting(lay, money(amount), 42, room, True).draw(
            draw, (x, y0 + px(lay, _VALUE2)), money(amount), L.INK, anchor="ls")
    small = t(locale, "picture.board.supply", houses=s.houses_left, hotels=s.hotels_left,
              pawns=s.pawns_left)
    _fitting(lay, small, 28, x1 - x0 - 2 * px(lay, 30), False).draw(
        draw, (left, y0 + px(lay, _SMALL)), small, L.INK, anchor="ls")
