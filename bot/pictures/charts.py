"""What the charts share: matplotlib's object API on the Agg canvas (no pyplot, so no global
figure state and nothing to close), the project's own DejaVu font, colours, sizes that stay
legible when Discord shows the picture at phone width, money on the axes, and PNG output.

A chart is 800 px wide: on a phone (about 400 px) it is halved, so its smallest text is set
at 15 pt (21 px, 10.5 px on the phone).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache
from pathlib import Path

import matplotlib
from matplotlib import font_manager
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.ticker import MaxNLocator
from PIL import Image

from bot.i18n import format_money
from bot.i18n.money import is_french
from game_core.editions import EDITIONS

# Every text is drawn as written: "$220 · $1,500" is money, not TeX between two dollars (a
# US recap came out as "220·𝑅𝑒𝑛𝑡..." with math parsing on). Set for every Text created from
# here on; `to_png` also turns it off on each text of the figure before drawing.
matplotlib.rcParams.update({"text.usetex": False, "text.parse_math": False})

WIDTH, HEIGHT, DPI = 800, 560, 100
FONT_FILES = ("DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf")
TEXT_PT, TITLE_PT, SMALL_PT = 15, 19, 13

INK = "#191919"
GRID = "#d9d9d0"
BACKGROUND = "#fbfaf4"
PLAYER = "#1e63d6"  # the player's blue, as on the board
WORTH = "#167a30"  # the houses' green
BANK = "#555555"
BOUGHT = "#1e63d6"
BANK_TOOK = "#222222"
BUILT = "#167a30"
DECIDED = "#c81e28"
HIT = "#d9480f"  # a big payment
STANDARD = "#1e63d6"
HOUSE_RULES = "#e07a10"


@cache
def font(size: float = TEXT_PT, *, bold: bool = False) -> font_manager.FontProperties:
    """The DejaVu Sans Condensed shipped in `fonts/`, named by its file: no font lookup, so
    the charts look the same on every machine."""
    name = FONT_FILES[1] if bold else FONT_FILES[0]
    return font_manager.FontProperties(fname=Path(__file__).with_name("fonts") / name,
                                       size=size)


def new_figure(width: int = WIDTH, height: int = HEIGHT) -> Figure:
    figure = Figure(figsize=(width / DPI, height / DPI), dpi=DPI, facecolor=BACKGROUND)
    FigureCanvasAgg(figure)
    return figure


def style_axes(ax: Axes) -> None:
    ax.set_facecolor("white")
    ax.grid(True, color=GRID, linewidth=1)
    ax.set_axisbelow(True)
    for spine in ("top", "right"):
        ax.spines[spine].set_visible(False)
    ax.tick_params(colors=INK)


def ticks(ax: Axes, axis: str, low: float, high: float, label: Callable[[float], str], *,
          count: int = 5, size: float = TEXT_PT, colour: str = INK) -> None:
    """Whole-number ticks from `low` to at least `high`, labelled by `label` in the project
    font; the axis spans them exactly. Set here rather than at drawing time, so the labels
    take the font (matplotlib would otherwise look a family up)."""
    values = [v for v in MaxNLocator(count, integer=True).tick_values(low, max(high, low + 1))
              if v >= low]
    top = max(values[-1], high)
    texts = [label(v) for v in values]
    if axis == "x":
        ax.set_xticks(values, texts, fontproperties=font(size), color=colour)
        ax.set_xlim(low, top)
    else:
        ax.set_yticks(values, texts, fontproperties=font(size), color=colour)
        ax.set_ylim(low, top)


def money_label(edition: str, locale: str) -> Callable[[float], str]:
    """Tick labels in the edition's money (S1), written the locale's way; from 100,000 on,
    in thousands or millions ("$250k", "10 M Cr") so that they fit left of the axis."""
    ed = EDITIONS[edition]
    french = is_french(locale)

    def label(value: float) -> str:
        amount = round(value)
        if abs(amount) < 100_000:
            return format_money(amount, edition, locale)
        unit, scaled = ("M", amount / 1e6) if abs(amount) >= 1_000_000 else ("k", amount / 1e3)
        number = f"{scaled:,.0f}" if abs(scaled) >= 1000 else f"{scaled:.3g}"
        if french:
            number = number.replace(",", "\u00a0").replace(".", ",") + "\u00a0" + unit
            return f"{number}\u00a0{ed.currency}"
        number += unit
        return f"{ed.currency}{number}" if ed.currency_before else f"{number} {ed.currency}"

    return label


def to_png(figure: Figure) -> bytes:
    """Draw the figure and save it as a 256-colour PNG: a chart has few colours, and a
    palette PNG is a third of the RGBA one's size and quicker to write."""
    canvas = figure.canvas
    assert isinstance(canvas, FigureCanvasAgg)
    as_written(figure)
    canvas.draw()  # type: ignore[no-untyped-call]
    width, height = canvas.get_width_height()
    rgba = canvas.buffer_rgba()  # type: ignore[no-untyped-call]
    image = Image.frombuffer("RGBA", (width, height), rgba, "raw", "RGBA", 0, 1)
    paletted = image.convert("RGB").quantize(colors=128, method=Image.Quantize.FASTOCTREE,
                                             dither=Image.Dither.NONE)
    out = io.BytesIO()
    paletted.save(out, "PNG", compress_level=6)
    return out.getvalue()


def as_written(figure: Figure) -> None:
    """No math parsing and no TeX on any text of `figure`: each is drawn as written."""
    for text in figure.findobj(Text):
        assert isinstance(text, Text)
        text.set_usetex(False)
        text.set_parse_math(False)


def fitted_text(figure: Figure, x: float, y: float, text: str, *, size: float,
                least: float = SMALL_PT, bold: bool = False, colour: str = INK) -> Text:
    """`text` at figure coordinates (x, y), top-left anchored, in the largest size from
    `size` down to `least` that keeps it inside the figure's width."""
    canvas = figure.canvas
    assert isinstance(canvas, FigureCanvasAgg)
    renderer = canvas.get_renderer()  # type: ignore[no-untyped-call]
    label = figure.text(x, y, text, fontproperties=font(size, bold=bold), color=colour,
                        va="top")
    limit = figure.bbox.width * (1 - x) - 8
    while size > least and label.get_window_extent(renderer).width > limit:
        size = max(least, size - 1)
        label.set_fontproperties(font(size, bold=bold))
    return label
