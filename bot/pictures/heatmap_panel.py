"""The money map's centre and its words: the totals paid and received, each
split by kind (rent; buying and building; taxes, cards and fines / rent; GO's salary; cards,
mortgages and sales), and the squares that cost and paid the most, GO apart (its salary is
paid on every lap, whatever the player does). Its amounts are written as the squares' are
(`heatmap.money_form`), and when those leave the currency out, it says it once, under the
title."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PIL import Image, ImageDraw

from bot.i18n import format_money, t
from bot.i18n.squares import square_names
from game_core.ledger import PAID_KINDS, RECEIVED_KINDS, Ledger
from game_core.story import Story

from . import layout as L
from .board_centre import px
from .font import BoardFont, board_font, least_size
from .short_names import board_name

PAID_COLOUR: L.RGB = (205, 30, 40)
RECEIVED_COLOUR: L.RGB = (20, 140, 60)
PAID_INK: L.RGB = (150, 10, 20)
RECEIVED_INK: L.RGB = (10, 95, 40)
GO = 0
TOP = 2  # squares named in the centre, for each way the money went


class Form(Protocol):  # heatmap.MoneyForm (heatmap imports this module)
    @property
    def write(self) -> Callable[[int], str]: ...

    @property
    def note(self) -> str | None: ...


def _font(lay: L.Layout, design: float, bold: bool = False) -> BoardFont:
    return board_font(max(least_size(lay.size), px(lay, design)), bold)


def top_squares(amounts: tuple[int, ...], count: int = TOP) -> list[int]:
    """The squares with the largest amounts, GO left out."""
    ranked = sorted((sq for sq in range(40) if sq != GO and amounts[sq] > 0),
                    key=lambda sq: (-amounts[sq], sq))
    return ranked[:count]


def draw_panel(image: Image.Image, lay: L.Layout, box: L.Box, story: Story, locale: str,
               book: Ledger | None, form: Form) -> None:
    draw = ImageDraw.Draw(image)
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0, y0, x1, y1), radius=lay.size // 50, fill=L.PANEL_BG,
                           outline=L.GRID, width=2)
    m = px(lay, 22)  # the panel is inset for the amounts received: a narrow margin
    left, right = x0 + m, x1 - m
    y = y0 + px(lay, 62)
    _font(lay, 46, bold=True).draw(draw, (left, y), t(locale, "picture.heat.title"), L.INK,
                                   anchor="ls")
    text, bold = _font(lay, 25), _font(lay, 25, bold=True)
    if form.note is not None:  # the squares' amounts leave the currency out: said here
        y += px(lay, 38)
        text.draw(draw, (left, y), form.note, L.INK, anchor="ls")
        y -= px(lay, 10)
    money = form.write

    def row(label: str, amount: int, font: BoardFont, ink: L.RGB, indent: int = 0) -> None:
        nonlocal y
        y += px(lay, 38)
        figure = money(amount)
        room = right - left - indent - font.width(figure) - px(lay, 16)
        while font.width(label) > room and len(label) > 4:  # a long name, cut
            label = label[:-2] + "…"
        font.draw(draw, (left + indent, y), label, ink, anchor="ls")
        font.draw(draw, (right, y), figure, ink, anchor="rs")

    names = square_names(story.edition, locale)
    sections = (("paid", sum(story.paid), PAID_COLOUR, PAID_INK, PAID_KINDS,
                 book.paid if book else None, story.paid),
                ("received", sum(story.received), RECEIVED_COLOUR, RECEIVED_INK,
                 RECEIVED_KINDS, book.received if book else None, story.received))
    for way, total, colour, ink, kinds, split, per_square in sections:
        y += px(lay, 26)
        side = px(lay, 22)
        draw.rectangle((left, y + px(lay, 38) - side, left + side, y + px(lay, 38)),
                       fill=colour)
        y += px(lay, 38)
        label = t(locale, f"picture.heat.{way}")
        figure = money(total)
        bold.draw(draw, (left + side + px(lay, 12), y), label, ink, anchor="ls")
        bold.draw(draw, (right, y), figure, ink, anchor="rs")
        if split is not None:
            for kind in kinds:
                row(t(locale, f"picture.heat.{way}.{kind}"), split[kind], text, L.INK,
                    px(lay, 34))
        for square in top_squares(per_square):
            label = t(locale, f"picture.heat.top_{way}", square=names[square])
            room = right - left - px(lay, 50) - text.width(money(per_square[square]))
            if text.width(label) > room:  # the board's short name, on one line
                label = t(locale, f"picture.heat.top_{way}",
                          square=board_name(story.edition, square, locale).replace("- ", "-"))
            row(label, per_square[square], text, L.INK, px(lay, 34))


def money_map_text(story: Story, *, locale: str, book: Ledger | None = None) -> str:
    """The map in words: the totals (by kind when known), then every square where money
    changed hands, the costliest first."""
    names = square_names(story.edition, locale)

    def money(amount: int) -> str:
        return format_money(amount, story.edition, locale)

    lines = [t(locale, "picture.heat.title"),
             t(locale, "picture.heat.total", paid=money(sum(story.paid)),
               received=money(sum(story.received)))]
    if book is not None:
        for way, kinds, split in (("paid", PAID_KINDS, book.paid),
                                  ("received", RECEIVED_KINDS, book.received)):
            parts = ", ".join(f"{t(locale, f'picture.heat.{way}.{k}').lower()} "
                              f"{money(split[k])}" for k in kinds)
            lines.append(t(locale, "picture.heat.split", way=t(locale, f"picture.heat.{way}"),
                           parts=parts))
    squares = sorted((sq for sq in range(40) if story.paid[sq] or story.received[sq]),
                     key=lambda sq: (-story.paid[sq], -story.received[sq], sq))
    lines += [t(locale, "picture.heat.square", square=names[sq], paid=money(story.paid[sq]),
                received=money(story.received[sq])) for sq in squares]
    return "\n".join(lines)[:4096]
