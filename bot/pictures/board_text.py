"""The board as text, for when the bot may not attach the picture.

    render_board_text(game, last_move=(7, 11)) -> str   (fits an embed description)

An 11 x 11 grid of emoji laid out like the board (GO bottom right), one per square: who owns
it, else its colour or kind; then the pawn and last move in words, and each side's
properties with their buildings. No discord import: a pure function of the engine state.
"""

from __future__ import annotations

from bot.i18n import t
from bot.narration import square_name
from game_core.board import HOTEL, PROPERTIES, SQUARES, Kind
from game_core.editions import EDITIONS
from game_core.game import Game
from game_core.state import BANK, NOBODY, PLAYER

Move = tuple[int, int]
DESCRIPTION_LIMIT = 4096  # Discord's embed description

PAWN, FROM = "🔴", "⭕"  # the pawn, and where the last move started
PLAYER_MARK, BANK_MARK, MORTGAGED = "⭐", "♟️", "Ⓜ️"
HOUSE, HOTEL_MARK = "🏠", "🏨"
EMPTY = "⬛"  # the inside of the board
GROUP_EMOJI = {
    "brown": "🟫", "light_blue": "💠", "pink": "🟪", "orange": "🟧", "red": "🟥",
    "yellow": "🟨", "green": "🟩", "dark_blue": "🟦",
}
SQUARE_EMOJI = {  # squares nobody can own, and properties for sale
    0: "🏁", 10: "🔒", 20: "🅿️", 30: "👮", 12: "💡", 28: "🚰",
}
KIND_EMOJI = {Kind.CHANCE: "❓", Kind.CHEST: "📦", Kind.TAX: "💸", Kind.STATION: "🚂"}


def grid_squares() -> list[list[int]]:
    """The square shown in each cell of the 11 x 11 grid, -1 inside the board."""
    rows = [list(range(20, 31))]
    for k in range(1, 10):
        rows.append([20 - k] + [-1] * 9 + [30 + k])
    rows.append(list(range(10, -1, -1)))
    return rows


def square_emoji(game: Game, square: int) -> str:
    s = game.s
    owner = s.owner[square]
    if owner == PLAYER:
        return MORTGAGED if s.mortgaged[square] else PLAYER_MARK
    if owner == BANK:
        return BANK_MARK
    sq = SQUARES[square]
    if square in SQUARE_EMOJI:
        return SQUARE_EMOJI[square]
    if sq.kind is Kind.STREET:
        return GROUP_EMOJI[sq.group]
    return KIND_EMOJI[sq.kind]


def render_board_text(game: Game, *, last_move: Move | None = None,
                      locale: str | None = None, plain: bool = False) -> str:
    """The board of `game` as emoji and lines, within DESCRIPTION_LIMIT (UTF-16 units, as
    Discord counts). `locale`: the words' language, by default the edition's. `plain`: for
    the terminal, no Markdown, each square's number after its name (what `m N` takes)."""
    s = game.s
    edition = s.edition
    locale = locale or EDITIONS[edition].language
    start = last_move[0] if last_move and last_move[0] != last_move[1] else -1
    rows = []
    for row in grid_squares():
        cells = []
        for square in row:
            if square < 0:
                cells.append(EMPTY)
            elif square == s.position:
                cells.append(PAWN)
            elif square == start:
                cells.append(FROM)
            else:
                cells.append(square_emoji(game, square))
        rows.append("".join(cells))
    bold = "" if plain else "**"
    here = square_name(edition, s.position, locale, in_jail=s.in_jail)
    where = f"{PAWN} {bold}{here}{_number(s.position, plain)}{bold}"
    if start >= 0:
        where = f"{FROM} {square_name(edition, start, locale)}{_number(start, plain)} ➜ {where}"
    lines = [*rows, "", f"{t(locale, 'embed.field.turn')} {s.turn} · {where}"]
    for owner, mark, key in ((PLAYER, PLAYER_MARK, "owner.player"),
                             (BANK, BANK_MARK, "owner.bank")):
        names = [_holding(game, i, locale, plain) for i in PROPERTIES if s.owner[i] == owner]
        if names:
            label = t(locale, key)
            # "label: value" from the catalog: French puts a space before the colon
            field = t(locale, "terminal.field", label=f"{bold}{label[:1].upper()}"
                      f"{label[1:]}{bold}", value=", ".join(names))
            lines.append(f"{mark} {field}")
    if any(s.mortgaged[i] for i in PROPERTIES if s.owner[i] != NOBODY):
        lines.append(f"{MORTGAGED} {t(locale, 'mortgaged')}")
    return _fit("\n".join(lines))


def _number(square: int, plain: bool) -> str:
    return f" ({square})" if plain else ""


def _holding(game: Game, square: int, locale: str, plain: bool = False) -> str:
    """One property and what stands on it: "Boardwalk 🏨", "Park Place 🏠3", "Baltic Ⓜ️"
    (plain: "Park Place (37) 🏠3")."""
    s = game.s
    name = square_name(s.edition, square, locale) + _number(square, plain)
    built = s.buildings[square]
    if s.mortgaged[square]:
        return f"{name} {MORTGAGED}"
    if built == HOTEL:
        return f"{name} {HOTEL_MARK}"
    if built:
        return f"{name} {HOUSE}{built}"
    return name


def discord_length(text: str) -> int:
    """Length as Discord counts it (UTF-16 code units: an emoji may count 2)."""
    return len(text.encode("utf-16-le")) // 2


def _fit(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """Never over the limit: cut at a line end and mark the cut (the worst case, every
    property listed with its longest French name, stays far below it)."""
    if discord_length(text) <= limit:
        return text
    lines = text.split("\n")
    while lines and discord_length("\n".join([*lines, "…"])) > limit:
        lines.pop()
    return "\n".join([*lines, "…"])
