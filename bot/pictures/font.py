"""Fonts for the board picture, never downloaded: DejaVu if a package installed it, else the
font Pillow ships, with the accents it lacks drawn by hand.

Pillow's own font (Aileron, `ImageFont.load_default(size=...)`) covers ASCII only: "é" comes
out as a box. So the first choice is DejaVu Sans from a font package (Debian's
fonts-dejavu-core, matplotlib's copy, or a TTF placed in `bot/pictures/fonts/`); without one
the board still reads right in French: each accented letter is drawn as its base letter plus
the accent stroked above it (cedilla below). `fit_text` sets a name in a square: wrapped,
centred, at the largest size that fits.
"""

from __future__ import annotations

import importlib.util
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import math

from PIL import Image, ImageDraw, ImageFont

from . import measure
from .layout import Box

Fill = tuple[int, int, int]
TEXT_PAD = 2  # between a square's text and its edges
SQUEEZE = (1.0, 0.92, 0.84)  # how narrow a name may be set when it fits no other way

_REGULAR = ("DejaVuSansCondensed.ttf", "DejaVuSans.ttf")
_BOLD = ("DejaVuSansCondensed-Bold.ttf", "DejaVuSans-Bold.ttf")
_NBSP = "\u00a0"
# Characters with no decomposition that Pillow's font lacks, written with what it has.
_SUBSTITUTES = {_NBSP: " ", "\u2019": "'", "\u2026": "...", "\u00b7": "-", "\u00d7": "x"}
_MARKS = {"\u0301": "acute", "\u0300": "grave", "\u0302": "circumflex", "\u0308": "diaeresis",
          "\u0327": "cedilla"}


def _font_dirs() -> list[Path]:
    dirs = [Path(__file__).with_name("fonts")]
    spec = importlib.util.find_spec("matplotlib")  # its DejaVu copy, without importing it
    if spec is not None and spec.origin:
        dirs.append(Path(spec.origin).parent / "mpl-data" / "fonts" / "ttf")
    return dirs


class _KeptMasks(ImageFont.FreeTypeFont):
    """A FreeType font that keeps the masks it rendered (`getmask2`, what `ImageDraw.text`
    draws from): board after board shows the same words and many of the same figures (a
    burst of clicks at a daily's start: the same turn, the same amounts), so each string is
    rendered once per worker and drawn from then on, the same pixels."""

    KEEP = 1024  # masks kept per font, the least recently drawn dropped first

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._masks: OrderedDict[tuple[Any, ...], tuple[Any, tuple[int, int]]] = OrderedDict()

    def getmask2(self, text: str | bytes, mode: str = "", *args: Any,
                 **kwargs: Any) -> tuple[Any, tuple[int, int]]:
        if mode == "RGBA":  # a colour mask the caller changes: drawn afresh each time
            return super().getmask2(text, mode, *args, **kwargs)
        try:
            key = (text, mode, *args, *sorted(kwargs.items()))
            hash(key)
        except TypeError:  # features given as a list: nothing this board draws
            return super().getmask2(text, mode, *args, **kwargs)
        found = self._masks.get(key)
        if found is None:
            found = self._masks[key] = super().getmask2(text, mode, *args, **kwargs)
            if len(self._masks) > self.KEEP:
                self._masks.popitem(last=False)
        else:
            self._masks.move_to_end(key)
        return found


def _truetype(names: tuple[str, ...], size: int) -> ImageFont.FreeTypeFont | None:
    for name in names:
        for folder in _font_dirs():
            if (folder / name).is_file():
                return _KeptMasks(str(folder / name), size,
                                  layout_engine=ImageFont.Layout.BASIC)
        try:  # Pillow looks the bare name up in the system font folders
            found = ImageFont.truetype(name, size, layout_engine=ImageFont.Layout.BASIC)
        except OSError:
            continue
        return _KeptMasks(found.path, size, layout_engine=ImageFont.Layout.BASIC)
    return None


@dataclass(eq=False)
class BoardFont:
    """A font and whether its accents must be drawn by hand (Pillow's ASCII-only font)."""

    font: ImageFont.FreeTypeFont
    size: int
    synthetic: bool

    @property
    def name(self) -> str:
        family, style = self.font.getname()
        return f"{family} {style}" + (" (accents drawn)" if self.synthetic else "")

    def covers(self, char: str) -> bool:
        """Whether the font draws `char` itself: DejaVu every letter the editions use,
        Pillow's own font ASCII only (anything else comes out as its "missing" box)."""
        return not self.synthetic or char.isascii()

    def plain(self, text: str) -> str:
        """`text` with each letter the font lacks replaced by its unaccented base."""
        if not self.synthetic:
            return text
        return "".join(self._base(ch) for ch in text)

    def _base(self, char: str) -> str:
        if self.covers(char):
            return char
        if char in _SUBSTITUTES:
            return _SUBSTITUTES[char]
        if char == "\u00a3":  # the pound sign: an L, crossed where it is drawn
            return "L"
        base = unicodedata.normalize("NFD", char)[0]
        return base if self.covers(base) else "?"

    def width(self, text: str) -> float:
        return self.font.getlength(self.plain(text))

    def box(self, xy: tuple[float, float], text: str, anchor: str = "la"
            ) -> tuple[float, float, float, float]:
        """The ink's box of `text` drawn at `xy` with `anchor`."""
        x0, y0, x1, y1 = self.font.getbbox(self.plain(text), anchor=anchor)
        return (xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1)

    def draw(self, draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
             fill: Fill, anchor: str = "la", *, room: Box | None = None,
             quiet: bool = False) -> None:
        """Draw `text` like `ImageDraw.text`; with the fallback font, add the accents.
        The text is reported to `measure` (unless `quiet`: a layer scaled afterwards)."""
        plain = self.plain(text)
        if not quiet and measure.is_recording():
            measure.record(text, self.size, self.box(xy, text, anchor), room)
        draw.text(xy, plain, font=self.font, fill=fill, anchor=anchor)
        if plain == text:
            return
        # Where the pen starts and the baseline runs, whatever the anchor.
        at = self.font.getbbox(plain, anchor=anchor)
        ls = self.font.getbbox(plain, anchor="ls")
        pen, base = xy[0] + at[0] - ls[0], xy[1] + at[1] - ls[1]
        for i, ch in enumerate(text):
            if ch == plain[i]:
                continue
            x = pen + self.font.getlength(plain[:i])
            g = self.font.getbbox(plain[i], anchor="ls")
            glyph = (x + g[0], base + g[1], x + g[2], base)
            for mark in unicodedata.normalize("NFD", ch)[1:]:
                _draw_mark(draw, _MARKS.get(mark, ""), glyph, self.size, fill)
            if ch == "\u00a3":
                _draw_mark(draw, "bar", glyph, self.size, fill)


def _draw_mark(draw: ImageDraw.ImageDraw, mark: str, glyph: tuple[float, float, float, float],
               size: int, fill: Fill) -> None:
    """Stroke one accent over (or under) the glyph box (x0, top, x1, baseline)."""
    x0, top, x1, base = glyph
    cx, w = (x0 + x1) / 2, max(1, round(size / 12))
    h, gap = size * 0.16, size * 0.07
    y1 = top - gap
    y0 = y1 - h
    if mark == "acute":
        draw.line([(cx - h * 0.35, y1), (cx + h * 0.45, y0)], fill=fill, width=w)
    elif mark == "grave":
        draw.line([(cx - h * 0.45, y0), (cx + h * 0.35, y1)], fill=fill, width=w)
    elif mark == "circumflex":
        draw.line([(cx - h * 0.6, y1), (cx, y0), (cx + h * 0.6, y1)], fill=fill, width=w)
    elif mark == "diaeresis":
        d = max(1.0, size / 14)
        for x in (cx - h * 0.5, cx + h * 0.5):
            draw.ellipse([x - d / 2, y0 + h / 2 - d / 2, x + d / 2, y0 + h / 2 + d / 2],
                         fill=fill)
    elif mark == "cedilla":
        draw.line([(cx, base), (cx + h * 0.3, base + h * 0.6), (cx - h * 0.3, base + h)],
                  fill=fill, width=w)
    elif mark == "bar":  # turns the L standing in for a pound sign into one
        y = top + (base - top) * 0.55
        draw.line([(x0 - size * 0.05, y), (x0 + (x1 - x0) * 0.7, y)], fill=fill, width=w)


@cache
def board_font(size: int, bold: bool = False, fallback: bool = False) -> BoardFont:
    """DejaVu Sans (condensed where installed) at `size` px, else Pillow's own font.
    `fallback=True` forces Pillow's font (tests check the hand-drawn accents with it)."""
    font = None if fallback else _truetype(_BOLD if bold else _REGULAR, size)
    if font is not None:
        return BoardFont(font, size, synthetic=False)
    default = ImageFont.load_default(size=size)
    if not isinstance(default, ImageFont.FreeTypeFont):  # Pillow built without FreeType
        raise RuntimeError("the board picture needs Pillow with FreeType support")
    return BoardFont(default, size, synthetic=True)


def wrap(text: str, font: BoardFont, width: float) -> list[str] | None:
    """Greedy word wrap; None when one word alone is too wide."""
    lines: list[str] = []
    for word in text.split():
        if font.width(word) > width:
            return None
        if lines and font.width(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def least_size(width: int) -> int:
    """The smallest font size (px) on a picture `width` px wide: 11 px once shown 512 wide."""
    return math.ceil(measure.LEAST_PX * width / measure.SHOWN_WIDTH)


def fit_text(image: Image.Image, text: str, box: Box, fill: Fill, *, big: int,
             bold: bool = False, panel: Fill | None = None) -> None:
    """`text` centred in `box`, wrapped, at the largest size up to `big` px (of the 1024 px
    design, scaled to the picture drawn on) that fits, never under `least_size`; at that
    size, set narrower (`SQUEEZE`) if it must. `panel`: a plate behind it."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0 - 2 * TEXT_PAD, y1 - y0 - 2 * TEXT_PAD
    least = least_size(image.width)
    size = max(least, round(big * image.width / 1024))
    squeeze = 1.0
    while True:
        font = board_font(size, bold)
        lines = wrap(text, font, width / squeeze)
        step = round(size * 1.18)  # room for the accent of a capital ("Élysées")
        if lines is not None and len(lines) * step <= height + 4:
            break
        if size > least:
            size -= 1
        elif squeeze > SQUEEZE[-1]:
            squeeze = SQUEEZE[SQUEEZE.index(squeeze) + 1]
        else:
            break
    lines = lines or [text]
    draw = ImageDraw.Draw(image)
    top = (y0 + y1) / 2 - step * (len(lines) - 1) / 2
    if panel is not None:  # a plate behind the text, where it sits on a pattern
        w = max(font.width(line) for line in lines) * squeeze / 2 + 3
        h = step * len(lines) / 2 + 1
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        draw.rectangle((mx - w, my - h, mx + w, my + h), fill=panel)
    for k, line in enumerate(lines):
        at = ((x0 + x1) / 2, top + k * step)
        if squeeze == 1.0:
            font.draw(draw, at, line, fill, anchor="mm", room=box)
        else:
            _draw_narrow(image, font, at, line, fill, squeeze, box)


def _draw_narrow(image: Image.Image, font: BoardFont, at: tuple[float, float], line: str,
                 fill: Fill, squeeze: float, room: Box) -> None:
    """`line` centred at `at`, set `squeeze` times its width (drawn, then scaled). The
    layer holds the ink's box and the anchor keeps its place in it: the ink of "gnon" lies
    below the anchor's middle, that of "Mati-" above, and centring the ink instead clipped
    their descenders and tops and moved them off the other lines' baseline."""
    x0, y0, x1, y1 = font.box((0, 0), line, "mm")
    w, h = math.ceil(x1 - x0) + 2, math.ceil(y1 - y0) + 2
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    font.draw(ImageDraw.Draw(layer), (1 - x0, 1 - y0), line, fill, anchor="mm", quiet=True)
    narrow = layer.resize((max(1, round(w * squeeze)), h), Image.Resampling.LANCZOS)
    left, top = round(at[0] - (1 - x0) * squeeze), round(at[1] - (1 - y0))
    image.paste(narrow, (left, top), narrow)
    measure.record(line, font.size, (at[0] + x0 * squeeze, at[1] + y0, at[0] + x1 * squeeze,
                                     at[1] + y1), room)  # the ink's box, as drawn
