"""What each picture's texts measure once Discord shows it: a chat shows a picture
400-550 px wide, so a picture is judged scaled to 512 px wide; there no text may be smaller
than 11 px, and no two texts may overlap.

The drawing code reports each text it draws: every picture is drawn with Pillow, and
`BoardFont.draw` calls `record` with the font's size and the text's ink box, and the box it
was meant to fit in when there is one; `recording()` collects them for the picture drawn
inside it (a cached layer's texts are replayed into it).

`problems(texts, width)` lists what breaks the rule (the tests fail on any).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

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
