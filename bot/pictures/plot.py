"""A small chart kit on Pillow: axes, ticks, lines, bars and texts, drawn in 10-20
ms where matplotlib took 60-100 (two of its empty axes cost ~70 ms drawn on the shared
machine; the recap and the record chart must stay under 100 ms at the 99th percentile).
Pillow draws text as written: no `$...$` read as math, which garbled matplotlib's US recaps.

Every text goes through `BoardFont.draw`, so `measure.recording()` sees each one with its
size and box; every series drawn is kept by name in `Chart.series`, so the tests read back
exactly what was plotted.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.i18n import format_money
from bot.i18n.grammar import localize_digits
from bot.i18n.money import sign_after_amount
from game_core.editions import EDITIONS

from .font import BoardFont, board_font

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
WIDTH, HEIGHT = 800, 560
PICTURE: Box = (0, 0, WIDTH, HEIGHT)  # every text's room: inside the picture
TITLE_PX, TEXT_PX, SMALL_PX = 26, 21, 18  # 16, 13 and 11.5 px once shown 512 wide
BACKGROUND: RGB = (251, 250, 244)
PLOT_BG: RGB = (255, 255, 255)
GRID: RGB = (217, 217, 208)
AXIS: RGB = (60, 60, 60)
INK: RGB = (25, 25, 25)


def font(size: int = TEXT_PX, bold: bool = False) -> BoardFont:
    return board_font(size, bold)


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Whole-number ticks, 1, 2, 2.5 or 5 times a power of ten apart, at most about `count`
    intervals, from `low` up to the first at or above `high`."""
    high = max(high, low + 1)
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = float(magnitude * 10)
    for factor in (1, 2, 2.5, 5, 10):
        candidate = factor * magnitude
        if candidate >= raw and candidate == int(candidate) and candidate >= 1:
            step = float(candidate)
            break
    step = max(step, 1.0)
    value = math.ceil(low / step) * step
    ticks = [value]
    while ticks[-1] < high:
        ticks.append(ticks[-1] + step)
    return ticks


def money_ticks(edition: str, locale: str) -> Callable[[float], str]:
    """Tick labels in the edition's money (S1), written the locale's way; from 100,000 on,
    in thousands or millions ("$250k", "10 M Cr") so that they fit left of the axis."""
    ed = EDITIONS[edition]
    after = sign_after_amount(locale)

    def label(value: float) -> str:
        amount = round(value)
        if abs(amount) < 100_000:
            return format_money(amount, edition, locale)
        unit, scaled = ("M", amount / 1e6) if abs(amount) >= 1_000_000 else ("k", amount / 1e3)
        number = f"{scaled:,.0f}" if abs(scaled) >= 1000 else f"{scaled:.3g}"
        number = localize_digits(number, locale)
        if after:
            return f"{number}\u00a0{unit}\u00a0{ed.currency}"
        number += unit
        return f"{ed.currency}{number}" if ed.currency_before else f"{number} {ed.currency}"

    return label


@dataclass
class Chart:
    """A picture with its series kept by name (x, y) for the tests, and where each series'
    markers were drawn (px: a marker may be lifted off its value, out of another's way)."""

    image: Image.Image = field(default_factory=lambda: Image.new("RGB", (WIDTH, HEIGHT),
                                                                 BACKGROUND))
    series: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    marks: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    plots: list[Axes] = field(default_factory=list)  # in the order drawn

    @property
    def draw(self) -> ImageDraw.ImageDraw:
        return ImageDraw.Draw(self.image)

    def text(self, xy: tuple[float, float], text: str, *, size: int = TEXT_PX,
             bold: bool = False, fill: RGB = INK, anchor: str = "ls",
             room: float | None = None) -> None:
        """`text` at `xy`; with `room`, set smaller (down to SMALL_PX) to fit that width."""
        f = font(size, bold)
        while room is not None and f.size > SMALL_PX and f.width(text) > room:
            f = font(f.size - 1, bold)
        f.draw(self.draw, xy, text, fill, anchor=anchor, room=PICTURE)

    def chip(self, x: float, y: float, colour: RGB, label: str) -> float:
        """A colour square and its label, from `x` on the baseline `y`; returns the end."""
        side = SMALL_PX - 4
        self.draw.rectangle((x, y - side, x + side, y), fill=colour)
        f = font(SMALL_PX)
        f.draw(self.draw, (x + side + 6, y), label, INK, anchor="ls", room=PICTURE)
        return x + side + 6 + f.width(label)

    def png(self, colours: int = 64) -> bytes:
        paletted = self.image.quantize(colors=colours, method=Image.Quantize.FASTOCTREE,
                                       dither=Image.Dither.NONE)
        out = io.BytesIO()
        paletted.save(out, "PNG", compress_level=6)
        return out.getvalue()


@dataclass
class Axes:
    """A plotting box of `chart` with data limits; values map to pixels."""

    chart: Chart
    box: Box
    xlim: tuple[float, float]
    ylim: tuple[float, float]

    def __post_init__(self) -> None:
        self.chart.plots.append(self)

    def x(self, value: float) -> float:
        x0, _, x1, _ = self.box
        low, high = self.xlim
        return x0 + (value - low) * (x1 - x0) / ((high - low) or 1)

    def y(self, value: float) -> float:
        _, y0, _, y1 = self.box
        low, high = self.ylim
        return y1 - (value - low) * (y1 - y0) / ((high - low) or 1)

    def frame(self, xticks: Sequence[float], xlabel: Callable[[float], str],
              yticks: Sequence[float], ylabel: Callable[[float], str]) -> None:
        """White plot area, horizontal grid at the y ticks, the axes' lines, tick labels."""
        draw = self.chart.draw
        x0, y0, x1, y1 = self.box
        draw.rectangle(self.box, fill=PLOT_BG)
        small = font(SMALL_PX)
        for value in yticks:
            y = round(self.y(value))
            draw.line((x0, y, x1, y), fill=GRID, width=1)
            small.draw(draw, (x0 - 8, y), ylabel(value), INK, anchor="rm", room=PICTURE)
        for value in xticks:
            if not min(self.xlim) <= value <= max(self.xlim):
                continue  # a tick past the axis's end is not drawn
            x = round(self.x(value))
            draw.line((x, y1, x, y1 + 5), fill=AXIS, width=1)
            small.draw(draw, (x, y1 + 8), xlabel(value), INK, anchor="mt", room=PICTURE)
        draw.line((x0, y0, x0, y1), fill=AXIS, width=1)
        draw.line((x0, y1, x1, y1), fill=AXIS, width=1)

    def line(self, name: str, xs: Sequence[float], ys: Sequence[float], colour: RGB,
             width: int = 3, dash: int = 0) -> None:
        self.chart.series[name] = list(zip(xs, ys, strict=True))
        points = [(self.x(a), self.y(b)) for a, b in zip(xs, ys, strict=True)]
        if len(points) == 1:
            points.append(points[0])
        if not dash:
            self.chart.draw.line(points, fill=colour, width=width, joint="curve")
            return
        draw = self.chart.draw
        last = len(points) - 2
        for k in range(0, len(points) - 1):  # every other stretch: a dashed line, which
            if (k // dash) % 2 == 0 or k == last:  # always reaches its last value
                draw.line(points[k:k + 2], fill=colour, width=width)

    def markers(self, name: str, xs: Sequence[float], ys: Sequence[float], colour: RGB,
                shape: str, size: int = 7, lift: Sequence[float] = ()) -> None:
        """Markers: "^" triangle up, "v" down, "s" square, "x" cross, "o" disc; each drawn
        `lift[k]` px above its value (a pile of them stacked)."""
        self.chart.series[name] = list(zip(xs, ys, strict=True))
        lifts = list(lift) or [0.0] * len(xs)
        self.chart.marks[name] = [(self.x(a), self.y(b) - up)
                                  for a, b, up in zip(xs, ys, lifts, strict=True)]
        draw = self.chart.draw
        for x, y in self.chart.marks[name]:
            r = size
            if shape == "^":
                draw.polygon([(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)],
                             fill=colour, outline=(255, 255, 255))
            elif shape == "v":
                draw.polygon([(x, y + r), (x + r, y - r * 0.8), (x - r, y - r * 0.8)],
                             fill=colour, outline=(255, 255, 255))
            elif shape == "s":
                draw.rectangle((x - r * 0.8, y - r * 0.8, x + r * 0.8, y + r * 0.8),
                               fill=colour, outline=(255, 255, 255))
            elif shape == "x":
                for d in (1, -1):
                    draw.line((x - r, y - d * r, x + r, y + d * r), fill=(255, 255, 255),
                              width=6)
                    draw.line((x - r, y - d * r, x + r, y + d * r), fill=colour, width=4)
            else:
                draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)

    def bars(self, name: str, xs: Sequence[float], heights: Sequence[float], width: float,
             colour: RGB, bottoms: Sequence[float] | None = None) -> None:
        """Bars of `width` (data units) centred at xs, from `bottoms` (default 0)."""
        self.chart.series[name] = list(zip(xs, heights, strict=True))
        bottoms = bottoms or [0.0] * len(xs)
        draw = self.chart.draw
        for x, h, b in zip(xs, heights, bottoms, strict=True):
            if h <= 0:
                continue
            left, right = self.x(x - width / 2), self.x(x + width / 2)
            right = max(right, left + 1)
            draw.rectangle((left, self.y(b + h), right - 1, self.y(b)), fill=colour)
