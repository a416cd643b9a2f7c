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
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

from .layout import DEFAULT_SIZE, Box

Fill = tuple[int, int, int]
TEXT_PAD = 4  # between a square's text and its edges

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


def _truetype(names: tuple[str, ...], size: int) -> ImageFont.FreeTypeFont | None:
    for name in names:
        for folder in _font_dirs():
            if (folder / name).is_file():
                return ImageFont.truetype(str(folder / name), size,
                                          layout_engine=ImageFont.Layout.BASIC)
        try:  # Pillow looks the bare name up in the system font folders
            return ImageFont.truetype(name, size, layout_engine=ImageFont.Layout.BASIC)
        except OSError:
            continue
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

    def draw(self, draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
             fill: Fill, anchor: str = "la") -> None:
        """Draw `text` like `ImageDraw.text`; with the fallback font, add the accents."""
        plain = self.plain(text)
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


def fit_text(draw: ImageDraw.ImageDraw, text: str, box: Box, fill: Fill, *, big: int,
              bold: bool = False, panel: Fill | None = None) -> None:
    """`text` centred in `box`, wrapped, at the largest size up to `big` px (of the 1024 px
    design, scaled to the picture drawn on) that fits; `panel`: a plate behind it."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0 - 2 * TEXT_PAD, y1 - y0 - 2 * TEXT_PAD
    scale = draw.im.size[0] / DEFAULT_SIZE
    size = max(6, round(big * scale))
    while True:
        font = board_font(size, bold)
        lines = wrap(text, font, width)
        step = round(size * 1.12)
        if lines is not None and len(lines) * step <= height or size <= 8:
            break
        size -= 1
    lines = lines or [text]
    top = (y0 + y1) / 2 - step * (len(lines) - 1) / 2
    if panel is not None:  # a plate behind the text, where it sits on a pattern
        w = max(font.width(line) for line in lines) / 2 + 3
        h = step * len(lines) / 2 + 1
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        draw.rectangle((mx - w, my - h, mx + w, my + h), fill=panel)
    for k, line in enumerate(lines):
        font.draw(draw, ((x0 + x1) / 2, top + k * step), line, fill, anchor="mm")
