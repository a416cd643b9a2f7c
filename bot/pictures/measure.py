"""What each picture's texts measure once Discord shows it (issue 24): a chat shows a picture
400-550 px wide, so a picture is judged scaled to 512 px wide; there no text may be smaller
than 11 px, and no two texts may overlap.

The drawing code reports each text it draws:
- Pillow (the board, the money map): `BoardFont.draw` calls `record` with the font's size
  and the text's ink box, and the box it was meant to fit in when there is one; `recording()`
  collects them for the picture drawn inside it.
- matplotlib (the recap, the record chart): `chart_texts(figure)` reads the drawn figure's
  texts back, each with its size and its box from the renderer.

`problems(texts, width)` lists what breaks the rule (the tests fail on any).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text

SHOWN_WIDTH = 512  # px: the picture as a chat shows it
LEAST_PX = 11  # px: the smallest text readable there
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class Drawn:
    text: str
    size: float  # the font's size (em), px of the picture as drawn
    box: Box  # the ink's box (x0, y0, x1, y1), px of the picture as drawn
    room: Box | None = None  # the box it had to fit in, if any


_sink: ContextVar[list[Drawn] | None] = ContextVar("_sink", default=None)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect the texts drawn inside the block (the list fills as they are drawn)."""
    texts: list[Drawn] = []
    token = _sink.set(texts)
    try:
        yield texts
    finally:
        _sink.reset(token)


def is_recording() -> bool:
    return _sink.get() is not None


def record(text: str, size: float, box: Box, room: Box | None = None) -> None:
    sink = _sink.get()
    if sink is not None and text.strip():
        sink.append(Drawn(text, size, box, room))


def replay(texts: list[Drawn]) -> None:
    """Report texts drawn earlier (a cached layer pasted into this picture)."""
    sink = _sink.get()
    if sink is not None:
        sink.extend(texts)


def chart_texts(figure: Figure) -> list[Drawn]:
    """The visible texts of a drawn figure (y from the top, like Pillow's)."""
    canvas = figure.canvas
    assert isinstance(canvas, FigureCanvasAgg)
    renderer = canvas.get_renderer()  # type: ignore[no-untyped-call]
    width, height = figure.bbox.width, figure.bbox.height
    texts: list[Drawn] = []
    hidden = _off_range(figure)
    for text in figure.findobj(Text):
        assert isinstance(text, Text)
        if not text.get_text().strip() or not _shown(text, hidden):
            continue
        extent = text.get_window_extent(renderer)
        size = float(text.get_fontsize()) * figure.dpi / 72
        texts.append(Drawn(text.get_text(), size,
                           (extent.x0, height - extent.y1, extent.x1, height - extent.y0),
                           room=(0, 0, width, height)))  # every text inside the picture
    return texts


def _shown(text: Text, hidden: set[int]) -> bool:
    """Visible, inside the figure, and not a tick label off its axis's range (matplotlib
    keeps those but does not draw them)."""
    if id(text) in hidden or not text.get_visible():
        return False
    if text.axes is not None and not text.axes.get_visible():
        return False
    figure = text.get_figure()
    if figure is None:
        return False
    extent = text.get_window_extent()
    box = figure.bbox
    return not (extent.x1 < box.x0 or extent.x0 > box.x1 or extent.y1 < box.y0
                or extent.y0 > box.y1)


def _off_range(figure: Figure) -> set[int]:
    hidden: set[int] = set()
    for ax in figure.axes:
        for axis in (ax.xaxis, ax.yaxis):
            low, high = sorted(axis.get_view_interval())
            if not axis.get_visible():
                low, high = 1.0, 0.0
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                if not low - 1e-9 <= tick.get_loc() <= high + 1e-9:
                    hidden.update((id(tick.label1), id(tick.label2)))
    return hidden


def problems(texts: list[Drawn], width: int, *, shown: int = SHOWN_WIDTH,
             least: float = LEAST_PX) -> list[str]:
    """Each text under `least` px once the picture (`width` px wide) is shown `shown` px
    wide, out of its room, or overlapping another text."""
    scale = shown / width
    found = []
    for d in texts:
        if d.size * scale < least - 1e-6:
            found.append(f"{d.text!r} is {d.size * scale:.1f} px at {shown} px wide")
        if d.room is not None and not _inside(d.box, d.room):
            found.append(f"{d.text!r} overflows its room {d.room}: {d.box}")
    for k, a in enumerate(texts):
        for b in texts[k + 1:]:
            if _overlap(a.box, b.box):
                found.append(f"{a.text!r} {a.box} overlaps {b.text!r} {b.box}")
    return found


def _inside(box: Box, room: Box, slack: float = 1.0) -> bool:
    return (box[0] >= room[0] - slack and box[1] >= room[1] - slack
            and box[2] <= room[2] + slack and box[3] <= room[3] + slack)


def _overlap(a: Box, b: Box, slack: float = 0.5) -> bool:
    return (min(a[2], b[2]) - max(a[0], b[0]) > slack
            and min(a[3], b[3]) - max(a[1], b[1]) > slack)
