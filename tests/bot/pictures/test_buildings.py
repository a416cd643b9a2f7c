"""Houses and hotels read where a chat shows the board, 512 px wide, on every colour band:
each street's buildings are a badge (a house and the count, or "H" for a hotel) whose fill
stands out from its band by WCAG's 3:1 for a graphic, whose count reads 4.5:1 on it, and
which is at least 11 px in both directions (its text too)."""

from __future__ import annotations

import io
import pytest
from PIL import Image

from bot.pictures import layout as L
from bot.pictures import measure
from bot.pictures.board import render_board
from game_core.board import HOTEL, SQUARES, Kind
from game_core.game import Game
from game_core.state import PLAYER

SHOWN = 512
STREETS = [sq.index for sq in SQUARES if sq.kind is Kind.STREET]


def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def built_everywhere(edition: str, hotels: bool) -> Game:
    """Every street the player's: with `hotels`, a hotel on each; else 1 to 4 houses."""
    game = Game.new(seed=1, edition=edition)
    for n, i in enumerate(STREETS):
        game.s.owner[i] = PLAYER
        game.s.buildings[i] = HOTEL if hotels else 1 + n % 4
    return game


def shown(game: Game) -> tuple[Image.Image, list[measure.Drawn]]:
    """The board drawn at its size and scaled to a chat's 512 px, and its texts."""
    with measure.recording() as texts:
        png = render_board(game)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.resize((SHOWN, SHOWN), Image.Resampling.LANCZOS), texts


def scaled(box: L.Box) -> tuple[int, int, int, int]:
    k = SHOWN / L.DEFAULT_SIZE
    return (round(box[0] * k), round(box[1] * k), round(box[2] * k), round(box[3] * k))


def band_pixel(image: Image.Image, lay: L.Layout, square: int, badge: L.Box) -> tuple[int, ...]:
    """The band's own colour, at 512 px: near its end, clear of the badge and the grid."""
    x0, y0, x1, y1 = lay.band_rect(square)
    at = (x0 + 8, (y0 + y1) // 2) if L.side(square) in (0, 2) else ((x0 + x1) // 2, y0 + 8)
    assert not (badge[0] <= at[0] < badge[2] and badge[1] <= at[1] < badge[3])
    return image.getpixel((round(at[0] * SHOWN / L.DEFAULT_SIZE),
                           round(at[1] * SHOWN / L.DEFAULT_SIZE)))


@pytest.mark.parametrize("edition", ["us", "fr"])
@pytest.mark.parametrize("hotels", [False, True], ids=["houses", "hotels"])
def test_the_buildings_badge_stands_out_on_every_colour_band_at_512_px(edition, hotels):
    lay = L.layout(L.DEFAULT_SIZE)
    image, texts = shown(built_everywhere(edition, hotels))
    groups = set()
    for i in STREETS:
        badge = lay.badge_rect(i, hotel=hotels)
        x0, y0, x1, y1 = scaled(badge)
        assert min(x1 - x0, y1 - y0) >= 11, (i, (x1 - x0, y1 - y0))
        probe = lay.probe_badge(i, hotel=hotels)  # its fill, between what is written
        fill = image.getpixel((round(probe[0] * SHOWN / L.DEFAULT_SIZE),
                               round(probe[1] * SHOWN / L.DEFAULT_SIZE)))
        pixels = [image.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)]
        band = band_pixel(image, lay, i, badge)
        group = SQUARES[i].group
        assert contrast(fill, band) >= 3, (group, fill, band, contrast(fill, band))
        brightest = max(pixels, key=luminance)
        assert contrast(brightest, fill) >= 4.5, (group, brightest, fill)
        groups.add(group)
        # Its text: the count (or "H") written inside it, 11 px or more at 512 px.
        word = "H" if hotels else str(1 + STREETS.index(i) % 4)
        inside = [d for d in texts if d.text == word
                  and badge[0] <= d.box[0] and d.box[2] <= badge[2]
                  and badge[1] <= d.box[1] and d.box[3] <= badge[3]]
        assert inside, (i, word)
        assert all(d.size * SHOWN / L.DEFAULT_SIZE >= 11 for d in inside)
    assert groups == set(L.GROUP_COLOURS)


def test_the_badge_of_a_hotel_says_h_and_of_houses_their_count():
    game = built_everywhere("us", hotels=False)
    game.s.buildings[39] = HOTEL
    with measure.recording() as texts:
        render_board(game)
    written = [d.text for d in texts]
    assert written.count("H") == 1
    assert written.count("4") == sum(1 for i in STREETS if game.s.buildings[i] == 4)
