"""The recap of a game: the player's cash and net worth over the turns, on
one scale with the Bank's treasury when that scale serves (a close race), else the Bank in
words; markers where properties were bought, went to the Bank or were built on; the big
payments marked with their amount, and on a loss the debt that ended it; a result line a
player would post above.

    render_recap(story, locale="fr", book=ledger) -> PNG bytes
    recap_text(story, locale="fr")                -> the same in words (no Attach Files)

Everything comes from `game_core.story.tell` and `game_core.ledger`, the game's replay (H3).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import format_money, points, t, tn
from bot.i18n.squares import square_names
from game_core.ledger import Ledger
from game_core.story import BANK_TOOK, BOUGHT, BUILT, Marker, Story

from . import plot as P
from .font import BoardFont, board_font

DESCRIPTION_LIMIT = 4096  # Discord: an embed's description
CASH_SAMPLES = 30  # values of the cash line in the text alternative
ONE_SCALE = 3  # the Bank shares the player's scale while its top is within 3x the player's
HITS = 3  # the biggest payments marked
PLAYER, WORTH, BANK = (30, 99, 214), (22, 122, 48), (85, 85, 85)
HIT, FATAL, BANK_MARK = (217, 72, 15), (200, 30, 40), (34, 34, 34)
_MARKER_STYLE = {  # kind -> (shape, colour)
    BOUGHT: ("^", PLAYER), BANK_TOOK: ("x", BANK_MARK), BUILT: ("s", WORTH),
}
_AXES = (112, 150, 776, 436)
MARGIN = 12  # px inside the plot's frame left of turn 0 and under $0
MARK, FATAL_MARK = 7, 9  # px: a marker's half size (plot.Axes.markers), the unpaid debt's
LABEL_GAP = 4  # px between a payment's marker and its amount
Legend = list[tuple[str, P.RGB, str]]  # (shape: "-" line, "--" dashed, or a marker; colour; words)
Note = tuple[tuple[float, float], int, str, P.RGB, bool]  # beside the marker at (x, y) px of
# that half size: a text, its colour, and whether it must be shown (else left out where it
# finds no free place)


def render_recap(story: Story, *, locale: str, book: Ledger | None = None) -> bytes:
    return recap_chart(story, locale=locale, book=book).png()


def one_scale(story: Story) -> bool:
    """Whether the Bank's treasury is drawn on the player's scale: when the race was close
    enough that both lines read; else the Bank is told in words (two scales misled)."""
    player = max(max(p.worth, p.cash) for p in story.points)
    return max(p.bank for p in story.points) <= ONE_SCALE * max(1, player)


def recap_chart(story: Story, *, locale: str, book: Ledger | None = None) -> P.Chart:
    """The recap drawn; its series kept by name ("cash", "worth", "bank", the marker kinds,
    "hits", "fatal") for the tests."""
    chart = P.Chart()
    room = P.WIDTH - 48
    chart.text((24, 38), title(story, locale), size=P.TITLE_PX, bold=True, room=room)
    for row, line in enumerate(headline_lines(story, locale)):  # two or three lines
        chart.text((24, 70 + row * 26), line, room=room)
    turns = [p.turn for p in story.points]
    last = max(1, turns[-1])
    top = max(max(p.worth, p.cash) for p in story.points)
    shared = one_scale(story)
    if shared:
        top = max(top, max(p.bank for p in story.points))
    yticks = P.nice_ticks(0, top, 5)
    xticks = [v for v in P.nice_ticks(0, last, 6) if v <= last]
    # A margin inside the frame before turn 0 and under $0: a marker there stays clear of
    # the axes' labels ("$0", "0").
    width, height = _AXES[2] - _AXES[0], _AXES[3] - _AXES[1]
    right = last + max(0.5, last / 60)
    left = -right * MARGIN / (width - MARGIN)
    ax = P.Axes(chart, _AXES, (left, right), (-yticks[-1] * MARGIN / (height - MARGIN),
                                              yticks[-1]))
    ax.frame(xticks, lambda v: str(round(v)), yticks, P.money_ticks(story.edition, locale))
    chart.text(((_AXES[0] + _AXES[2]) / 2, 490), t(locale, "picture.recap.turn"),
               anchor="ms")
    legend: Legend = []
    if shared:
        ax.line("bank", turns, [p.bank for p in story.points], BANK, width=2, dash=2)
        legend.append(("--", BANK, t(locale, "picture.recap.bank")))
    ax.line("worth", turns, [p.worth for p in story.points], WORTH)
    ax.line("cash", turns, [p.cash for p in story.points], PLAYER)
    legend[:0] = [("-", PLAYER, t(locale, "picture.recap.cash")),
                  ("-", WORTH, t(locale, "picture.recap.worth"))]
    signs, counts = _markers(ax, story, locale)
    legend += signs
    if book is not None:
        signs, amounts = _payments(ax, story, book, locale)
        legend += signs
        counts[:0] = amounts  # the amounts have the first pick of places
    _place(ax, counts)
    _legend(chart, legend)
    return chart


def _markers(ax: P.Axes, story: Story, locale: str) -> tuple[Legend, list[Note]]:
    """The markers sit on the net-worth line at their turn. Those of a kind that would
    cover one another (the properties that went to the Bank on the first turns, the houses
    of one turn) are one marker and a count ("×4"); markers of different kinds there stack
    upwards."""
    worth = [p.worth for p in story.points]
    legend: Legend = []
    notes: list[Note] = []
    placed: list[tuple[float, float]] = []  # every marker drawn, in px
    y0 = ax.box[1]
    for kind, (shape, colour) in _MARKER_STYLE.items():
        groups: list[list[int]] = []
        for turn in (m.turn for m in story.markers if m.kind == kind):
            if groups and _near((ax.x(turn), ax.y(worth[turn])),
                                (ax.x(groups[-1][0]), ax.y(worth[groups[-1][0]]))):
                groups[-1].append(turn)
            else:
                groups.append([turn])
        if not groups:
            continue
        lifts = []
        for turn in (group[0] for group in groups):
            x, y = ax.x(turn), ax.y(worth[turn])
            up = 0.0
            while (any(_near((x, y - up), spot) for spot in placed)
                   and y - up - 2 * MARK - 1 > y0 + MARK):
                up += 2 * MARK + 1
            placed.append((x, y - up))
            lifts.append(up)
        firsts = [group[0] for group in groups]
        ax.markers(kind, firsts, [worth[turn] for turn in firsts], colour, shape, lift=lifts)
        notes += [(mark, MARK, f"×{len(group)}", colour, False)
                  for group, mark in zip(groups, ax.chart.marks[kind], strict=True)
                  if len(group) > 1]
        legend.append((shape, colour, t(locale, f"picture.marker.{kind}")))
    return legend, notes


def _near(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether two markers at a and b (px) would cover one another."""
    return abs(a[0] - b[0]) < 2 * MARK and abs(a[1] - b[1]) < 2 * MARK


def _payments(ax: P.Axes, story: Story, book: Ledger, locale: str
              ) -> tuple[Legend, list[Note]]:
    """The biggest payments on the cash line, each with its amount beside its marker, and
    on a loss the debt that could not be paid (a red cross at the last turn). The debt and
    the biggest payment must be labelled; a smaller one whose amount finds no free place
    beside its marker is left out (the marker stays)."""
    cash = [p.cash for p in story.points]

    def money(amount: int) -> str:
        return format_money(amount, story.edition, locale)

    legend: Legend = []
    notes: list[Note] = []
    hits = sorted(book.charges, key=lambda c: (-c.amount, c.turn))[:HITS]
    fatal = book.fatal
    if hits:
        ax.markers("hits", [c.turn for c in hits], [cash[c.turn] for c in hits], HIT, "v")
        legend.append(("v", HIT, t(locale, "picture.marker.hit")))
    if fatal is not None:
        ax.markers("fatal", [fatal.turn], [cash[fatal.turn]], FATAL, "x", size=FATAL_MARK)
        legend.append(("x", FATAL, t(locale, "picture.marker.fatal")))
        notes.append((ax.chart.marks["fatal"][0], FATAL_MARK,
                      t(locale, "picture.recap.unpaid", amount=money(fatal.amount)), FATAL,
                      True))
    if hits:
        notes += [(mark, MARK, f"-{money(c.amount)}", HIT, k == 0)
                  for k, (c, mark) in enumerate(zip(hits, ax.chart.marks["hits"],
                                                    strict=True))]
    return legend, notes


def _place(ax: P.Axes, notes: list[Note]) -> None:
    """Each note beside its marker, in order, on a plate that lets it read over the lines;
    none covers a marker or an earlier note."""
    font = board_font(P.SMALL_PX, bold=True)
    taken = [_own(mark) for kind in ax.chart.marks for mark in ax.chart.marks[kind]]
    for mark, size, text, colour, must in notes:
        spot = _spot(ax, font, mark, size, text, taken, must)
        if spot is None:
            continue
        at, anchor, box = spot
        ax.chart.draw.rectangle((box[0] - 3, box[1] - 2, box[2] + 3, box[3] + 2),
                                fill=P.PLOT_BG)
        font.draw(ax.chart.draw, at, text, colour, anchor=anchor, room=P.PICTURE)
        taken.append(box)


Box = tuple[float, float, float, float]


def _spot(ax: P.Axes, font: BoardFont, mark: tuple[float, float], size: int, text: str,
          taken: list[Box], must: bool) -> tuple[tuple[float, float], str, Box] | None:
    """Where `text` goes beside the marker at `mark` (`size`: its half size): its ink
    `LABEL_GAP` px off the marker's edge, right of it, left, above, below or on a diagonal;
    the first place inside the plot that covers no other note or marker. Where there is
    none: None; or, when it `must` be shown, the same a step or two further out, and last
    the place that covers least."""
    x, y = mark
    x0, y0, x1, y1 = ax.box
    ink = font.box((0, 0), text, "ls")  # the ink's box round the pen at (0, 0)
    w, h = ink[2] - ink[0], ink[3] - ink[1]
    best: tuple[float, tuple[tuple[float, float], str, Box]] | None = None
    for ring in range(3 if must else 1):
        d = size + LABEL_GAP + ring * (h + LABEL_GAP)
        diagonal = size + 1 + ring * (h + LABEL_GAP) / 2 ** 0.5  # as far, on a slant
        corners = ((x + d, y - h / 2), (x - d - w, y - h / 2), (x - w / 2, y - d - h),
                   (x - w / 2, y + d), (x + diagonal, y - diagonal - h),
                   (x - diagonal - w, y - diagonal - h), (x + diagonal, y + diagonal),
                   (x - diagonal - w, y + diagonal))
        for left, top in corners:  # the ink box's top left corner
            box = (left, top, left + w, top + h)
            if not (box[0] >= x0 + 4 and box[2] <= x1 - 4 and box[1] >= y0 + 3
                    and box[3] <= y1 - 3):
                continue
            at = (left - ink[0], top - ink[1])  # the pen, for anchor "ls"
            covered = sum(_area(box, other) for other in taken)
            if covered == 0:
                return at, "ls", box
            if must and (best is None or covered < best[0]):
                best = (covered, (at, "ls", box))
    return best[1] if best is not None else None


def _own(mark: tuple[float, float]) -> Box:
    x, y = mark
    return (x - MARK, y - MARK, x + MARK, y + MARK)


def _area(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _legend(chart: P.Chart, legend: Legend) -> None:
    """The legend under the plot, in rows: each sign drawn as on the plot, then its words."""
    font = board_font(P.SMALL_PX)
    x, y = 24.0, 522.0
    draw = chart.draw
    for shape, colour, words in legend:
        width = 30 + font.width(words) + 22
        if x + width > P.WIDTH - 12:
            x, y = 24.0, y + 28
        mid = y - 6
        if shape in ("-", "--"):
            if shape == "-":
                draw.line((x, mid, x + 24, mid), fill=colour, width=3)
            else:
                for k in (0, 10, 20):
                    draw.line((x + k, mid, x + k + 5, mid), fill=colour, width=2)
        else:
            sign = P.Axes(chart, (round(x), round(mid) - 1, round(x) + 24, round(mid) + 1),
                          (0, 1), (0, 1))
            sign.markers(f"legend.{words}", [0.5], [0.5], colour, shape)
            del chart.series[f"legend.{words}"], chart.marks[f"legend.{words}"]
            chart.plots.remove(sign)  # a sign, not a plot
        font.draw(draw, (x + 30, y), words, P.INK, anchor="ls", room=P.PICTURE)
        x += width


def title(story: Story, locale: str) -> str:
    """The result line: what a player would post."""
    h = story.headline
    outcome = h.outcome
    if outcome is None:
        return t(locale, "picture.recap.title.going", turns=h.turns)
    if outcome.result == "won":
        return tn(locale, "picture.recap.result.won", h.turns,
                  points=points(outcome.score, locale),
                  reason=t(locale, f"outcome.{outcome.reason}"))
    return tn(locale, "picture.recap.result.lost", h.turns,
              reason=t(locale, f"outcome.{outcome.reason}"))


def headline_lines(story: Story, locale: str) -> list[str]:
    h, edition = story.headline, story.edition

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    if h.biggest_payment:
        square = square_names(edition, locale)[h.biggest_payment_square]
        biggest = t(locale, "picture.recap.biggest", amount=money(h.biggest_payment),
                    square=square)
    else:
        biggest = t(locale, "picture.recap.biggest_none")
    lines = [t(locale, "picture.recap.rent_paid", amount=money(h.rent_paid)) + " · "
             + t(locale, "picture.recap.rent_received", amount=money(h.rent_received)),
             biggest + " · " + t(locale, "picture.recap.properties", count=h.properties)]
    if not one_scale(story):  # the Bank's line is not drawn: its treasury in words
        lines.append(t(locale, "picture.recap.bank_words", start=money(story.points[0].bank),
                       end=money(story.points[-1].bank)))
    return lines


def recap_text(story: Story, *, locale: str) -> str:
    """The recap in words, within an embed description: the title, the headline figures,
    the turns of each marker and the cash line sampled every few turns."""
    def turns_of(kind: str) -> str:
        return _turn_list([m for m in story.markers if m.kind == kind], locale)

    step = max(1, -(-len(story.points) // CASH_SAMPLES))
    cash = ", ".join(format_money(p.cash, story.edition, locale)
                     for p in story.points[::step])
    lines = [title(story, locale), *headline_lines(story, locale),
             t(locale, "picture.recap.markers", bought=turns_of(BOUGHT),
               bank_took=turns_of(BANK_TOOK), built=turns_of(BUILT)),
             t(locale, "picture.recap.cash_line",
               step=f"{t(locale, 'picture.recap.turn').lower()} 0, {step}, {2 * step}…",
               values=cash)]
    text = "\n".join(lines)
    return text if len(text) <= DESCRIPTION_LIMIT else text[:DESCRIPTION_LIMIT - 1] + "…"


def _turn_list(markers: Sequence[Marker], locale: str) -> str:
    if not markers:
        return t(locale, "picture.none")
    turns = sorted({m.turn for m in markers})
    shown = ", ".join(map(str, turns[:40]))
    return shown + ("…" if len(turns) > 40 else "")
