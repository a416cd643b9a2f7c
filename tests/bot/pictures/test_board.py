"""The board picture: size and format, and the pixels where each mark must be."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.pictures import layout as L
from bot.pictures.font import board_font
from bot.pictures.board import _draw_state, _png, _static, render_board, sample_game
from game_core.board import HOTEL, PROPERTIES, SQUARES
from game_core.game import Game
from game_core.state import BANK, PLAYER

TOLERANCE = 12  # per channel: the 256-colour palette may round a shade a little


def close(pixel: tuple[int, ...], colour: L.RGB) -> bool:
    return all(abs(a - b) <= TOLERANCE for a, b in zip(pixel[:3], colour, strict=True))


def picture(game: Game, **kwargs: object) -> Image.Image:
    png = render_board(game, **kwargs)  # type: ignore[arg-type]
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.fixture
def game() -> Game:
    """Boardwalk with a hotel and Park Place with 3 houses (the player's), Reading Railroad
    the Bank's, Mediterranean mortgaged, the pawn on Illinois after a move from 17."""
    g = Game.new(seed=1)
    s = g.s
    s.owner[39], s.buildings[39] = PLAYER, HOTEL
    s.owner[37], s.buildings[37] = PLAYER, 3
    s.owner[5] = BANK
    s.owner[1], s.mortgaged[1] = PLAYER, True
    s.position = 24
    return g


def test_png_of_the_chosen_size() -> None:
    png = render_board(Game.new(seed=1))
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.size == (L.DEFAULT_SIZE, L.DEFAULT_SIZE) == (1024, 1024)


@pytest.mark.parametrize("size", [L.DEFAULT_SIZE, 640])
def test_marks_where_the_layout_puts_them(game: Game, size: int) -> None:
    lay = L.layout(size)
    image = picture(game, last_move=(17, 24), size=size)
    assert image.size == (size, size)
    assert close(image.getpixel(lay.probe_mark(39, bank=False)), L.PLAYER_COLOUR)
    assert close(image.getpixel(lay.probe_mark(37, bank=False)), L.PLAYER_COLOUR)
    assert close(image.getpixel(lay.probe_mark(5, bank=True)), L.BANK_COLOUR)
    assert close(image.getpixel(lay.probe_badge(39, hotel=True)), L.BADGE_COLOUR)
    assert close(image.getpixel(lay.probe_badge(37)), L.BADGE_COLOUR)
    assert close(image.getpixel(lay.probe_mortgage(1)), L.MORTGAGE_COLOUR)
    assert close(image.getpixel(lay.probe_token(24)), L.TOKEN_COLOUR)


def test_nothing_where_nothing_is(game: Game) -> None:
    lay = L.layout()
    image = picture(game)
    # Baltic Avenue is for sale: no mark, no house (its brown band), no "M"; no pawn on GO.
    for probe in (lay.probe_mark(3, bank=False), lay.probe_mark(3, bank=True)):
        pixel = image.getpixel(probe)
        assert not close(pixel, L.PLAYER_COLOUR) and not close(pixel, L.BANK_COLOUR)
    assert close(image.getpixel(lay.probe_badge(3)), L.GROUP_COLOURS["brown"])
    assert not close(image.getpixel(lay.probe_mortgage(3)), L.MORTGAGE_COLOUR)
    assert not close(image.getpixel(lay.probe_token(0)), L.TOKEN_COLOUR)
    assert not close(image.getpixel(lay.probe_mortgage(37)), L.MORTGAGE_COLOUR)


def test_mortgage_hatches_the_square_but_not_its_name(game: Game) -> None:
    """A mortgaged property is hatched, the hatching left out round the letters of its name
    (so it still reads at phone size)."""
    lay = L.layout()
    hatched = picture(game)  # Mediterranean Avenue mortgaged
    game.s.mortgaged[1] = False
    plain = picture(game)
    x0, y0, x1, y1 = lay.name_rect(1)
    box = (x0 + 3, y0 + 3, x1 - 3, y1)
    diff = ImageChops.difference(hatched.crop(box), plain.crop(box)).convert("L")
    changed = diff.point(lambda v: 255 if v > 30 else 0)
    area = (box[2] - box[0]) * (box[3] - box[1])
    assert changed.histogram()[255] > 0.05 * area  # hatching over the square
    ink = plain.crop(box).convert("L").point(lambda v: 255 if v < 110 else 0)
    assert ink.histogram()[255] > 20  # the name is there...
    assert ImageChops.multiply(changed, ink).getbbox() is None  # ...and left untouched


def test_player_and_bank_marks_differ_in_shape(game: Game) -> None:
    """Not by colour alone: the Bank's tile fills its corners, the player's disc does not."""
    lay = L.layout()
    image = picture(game)
    r = lay.mark_radius
    corner = round(0.8 * r)
    (px, py), (bx, by) = lay.mark_center(39), lay.mark_center(5)
    assert close(image.getpixel((px - corner, py - corner)), L.PLAYER_TINT)
    assert close(image.getpixel((bx - corner, by - corner)), L.BANK_COLOUR)
    # Both carry a white figure in the middle: a star, a pawn.
    assert close(image.getpixel((px, py)), L.WHITE)
    assert close(image.getpixel((bx, by + round(0.3 * r))), L.WHITE)


def test_pawn_in_jail_and_just_visiting() -> None:
    lay = L.layout()
    game = Game.new(seed=1)
    game.s.position, game.s.in_jail = 10, True
    assert close(picture(game).getpixel(lay.probe_token(10, in_jail=True)), L.TOKEN_COLOUR)
    game.s.in_jail = False
    image = picture(game)
    assert close(image.getpixel(lay.probe_token(10)), L.TOKEN_COLOUR)
    assert not close(image.getpixel(lay.probe_token(10, in_jail=True)), L.TOKEN_COLOUR)


def test_last_move_outlines_both_squares_and_the_current_one_is_always_framed(game: Game
                                                                             ) -> None:
    lay = L.layout()
    moved, still = picture(game, last_move=(17, 24)), picture(game)
    for square in (17, 24):
        x0, y0, _, _ = lay.square_rect(square)
        point = (x0 + 2, (y0 + lay.square_rect(square)[3]) // 2)
        assert close(moved.getpixel(point), L.MOVE_COLOUR)
        assert close(still.getpixel(point), L.MOVE_COLOUR) == (square == 24)  # the pawn's


def test_the_pawn_stands_on_its_square(game: Game) -> None:
    lay = L.layout()
    for square in (24, 3, 15, 35, 0, 20):
        game.s.position = square
        x, y = lay.token_center(square)
        x0, y0, x1, y1 = lay.square_rect(square)
        assert x0 < x < x1 and y0 < y < y1
        assert close(picture(game).getpixel(lay.probe_token(square)), L.TOKEN_COLOUR)


def test_every_mark_at_once_and_every_edition() -> None:
    """All properties owned, built and mortgaged in turn: each mark still where it belongs."""
    lay = L.layout()
    for edition in ("us", "uk", "fr"):
        game = Game.new(seed=2, edition=edition)
        s = game.s
        for n, i in enumerate(PROPERTIES):
            s.owner[i] = BANK if n % 3 == 0 else PLAYER
            if SQUARES[i].group in ("station", "utility"):
                s.mortgaged[i] = True
            else:
                s.buildings[i] = n % 6
        image = picture(game, last_move=(30, 10))
        for n, i in enumerate(PROPERTIES):
            assert close(image.getpixel(lay.probe_mark(i, bank=n % 3 == 0)),
                         L.BANK_COLOUR if n % 3 == 0 else L.PLAYER_COLOUR), (edition, i)
            if s.mortgaged[i]:
                assert close(image.getpixel(lay.probe_mortgage(i)), L.MORTGAGE_COLOUR)
            elif s.buildings[i]:
                probe = lay.probe_badge(i, hotel=s.buildings[i] == HOTEL)
                assert close(image.getpixel(probe), L.BADGE_COLOUR), (edition, i)


def test_static_board_drawn_once_per_edition() -> None:
    render_board(Game.new(seed=3, edition="uk"))
    misses = _static.cache_info().misses
    game, move = sample_game(actions=60, edition="uk")
    render_board(game, last_move=move)
    assert _static.cache_info().misses == misses


def test_squares_tile_the_ring() -> None:
    for size in (1024, 640, 401):
        lay = L.layout(size)
        area = 0
        for i in range(40):
            x0, y0, x1, y1 = lay.square_rect(i)
            assert 0 <= x0 < x1 <= size and 0 <= y0 < y1 <= size
            area += (x1 - x0) * (y1 - y0)
        cx0, cy0, cx1, cy1 = lay.centre_rect()
        assert area == size * size - (cx1 - cx0) * (cy1 - cy0)


def ink(text: str, fallback: bool) -> Image.Image:
    image = Image.new("RGB", (60, 60), (0, 0, 0))
    board_font(30, fallback=fallback).draw(ImageDraw.Draw(image), (10, 45), text, (255,) * 3,
                                           anchor="ls")
    return image


@pytest.mark.parametrize("fallback", [False, True])
def test_french_accents_render(fallback: bool) -> None:
    """é, è, ô, É: ink above the bare letter, wherever the font comes from (Pillow's own font
    lacks them: they are drawn by hand then)."""
    for accented, bare in (("é", "e"), ("è", "e"), ("ô", "o"), ("É", "E"), ("ç", "c")):
        with_mark, without = ink(accented, fallback), ink(bare, fallback)
        assert with_mark.tobytes() != without.tobytes(), accented
        box, bare_box = with_mark.getbbox(), without.getbbox()
        assert box is not None and bare_box is not None
        if accented == "ç":
            assert box[3] > bare_box[3]  # the cedilla hangs below
        else:
            assert box[1] < bare_box[1]  # the accent stands above


def test_fallback_font_is_pillows_own() -> None:
    font = board_font(20, fallback=True)
    assert font.synthetic and font.font.getname()[0] == "Aileron"
    assert font.plain("Champs-Élysées\u00a0£") == "Champs-Elysees L"


@pytest.mark.parametrize(("square", "owner"), [(3, "player"), (11, "bank"), (31, "player"),
                                               (39, "bank")])
def test_the_pawn_stands_beside_the_owners_mark_not_over_it(square, owner) -> None:
    """On an owned street the pawn takes the strip's right end and the mark its left end:
    both seen, on every side of the board."""
    from game_core.state import BANK, PLAYER

    lay = L.layout()
    game = Game.new(seed=1)
    game.s.owner[square] = PLAYER if owner == "player" else BANK
    game.s.position = square
    image = picture(game)
    assert close(image.getpixel(lay.probe_token(square, owned=True)), L.TOKEN_COLOUR)
    (mx, my), r = lay.mark_center(square, pawn_here=True), lay.mark_radius
    (tx, _), tr = lay.token_center(square, owned=True), lay.token_radius
    assert abs(tx - mx) > r + tr  # apart, not overlapping
    x0, _, x1, _ = lay.square_rect(square)
    assert x0 < mx - r and tx + tr < x1  # both inside the square
    corner = round(0.8 * r)
    if owner == "player":
        assert close(image.getpixel((mx - corner, my - corner)), L.PLAYER_TINT)
        assert close(image.getpixel((mx, my)), L.WHITE)  # the star's middle
    else:
        assert close(image.getpixel((mx - corner, my - corner)), L.BANK_COLOUR)


def _redrawn_whole(game: Game, move: tuple[int, int] | None) -> bytes:
    """The picture as drawn before the panel was kept on the unchanging board: the state
    drawn on the bare board, then the panel pasted over it every time."""
    static = _static(game.s.edition, "en", L.DEFAULT_SIZE)
    image = static.image.copy()
    _draw_state(image, static.panel, static.hatches, game, move, "en")
    return _png(image, static.palette)


@pytest.mark.parametrize("move", [(7, 11), (30, 10), (2, 10), (36, 33), (22, 22), None])
def test_the_panel_kept_on_the_board_draws_the_same_pixels_as_pasting_it_each_time(
        game: Game, move: tuple[int, int] | None) -> None:
    # (30, 10) with the pawn in Jail: the arrow goes straight across the centre, under the
    # panel; (36, 33) back three squares; (22, 22) no arrow.
    if move is not None:
        game.s.position = move[1]
        game.s.in_jail = move == (30, 10)
    assert render_board(game, last_move=move, locale="en") == _redrawn_whole(game, move)


def test_a_sampled_game_draws_the_same_pixels_as_pasting_the_panel_each_time() -> None:
    for actions in (5, 40, 120, 207, 400):
        game, move = sample_game(actions=actions)
        assert render_board(game, last_move=move, locale="en") == _redrawn_whole(game, move)


def test_text_drawn_twice_comes_out_the_same_as_drawn_once() -> None:
    # The fonts keep the masks they rendered (a burst draws the same figures board after
    # board): the second drawing of a string uses the kept mask.
    font = board_font(40, bold=True)
    pictures = []
    for _ in range(2):
        image = Image.new("RGB", (300, 80), L.PANEL_BG)
        font.draw(ImageDraw.Draw(image), (10, 60), "$12,345", L.INK, anchor="ls")
        pictures.append(image.tobytes())
    fresh = Image.new("RGB", (300, 80), L.PANEL_BG)
    ImageDraw.Draw(fresh).text((10, 60), "$12,345", fill=L.INK, anchor="ls",
                               font=ImageFont.truetype(font.font.path, 40,
                                                       layout_engine=ImageFont.Layout.BASIC))
    assert pictures[0] == pictures[1] == fresh.tobytes()
