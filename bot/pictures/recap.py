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
from game_core.editions import EDITIONS
from game_core.ledger import Ledger
from game_core.story import BANK_TOOK, BOUGHT, BUILT, Marker, Story

from . import plot as P
from .font import board_font

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
Legend = list[tuple[str, P.RGB, str]]  # (shape: "-" line, "--" dashed, or a marker; colour; words)


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
    ax = P.Axes(chart, _AXES, (0, last + max(0.5, last / 60)), (0, yticks[-1]))
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
    legend += _markers(ax, story, locale)
    if book is not None:
        legend += _payments(ax, story, book, locale)
    _legend(chart, legend)
    return chart


def _markers(ax: P.Axes, story: Story, locale: str) -> Legend:
    """The markers sit on the net-worth line at their turn."""
    worth = [p.worth for p in story.points]
    legend: Legend = []
    for kind, (shape, colour) in _MARKER_STYLE.items():
        at = [m.turn for m in story.markers if m.kind == kind]
        if at:
            ax.markers(kind, at, [worth[turn] for turn in at], colour, shape)
            legend.append((shape, colour, t(locale, f"picture.marker.{kind}")))
    return legend


def _payments(ax: P.Axes, story: Story, book: Ledger, locale: str) -> Legend:
    """The biggest payments on the cash line, each with its amount, and on a loss the debt
    that could not be paid (a red cross at the last turn). An amount that would cover
    another text or leave the plot is left out (the marker stays)."""
    cash = [p.cash for p in story.points]

    def money(amount: int) -> str:
        return format_money(amount, story.edition, locale)

    legend: Legend = []
    labels: list[tuple[float, float, str, P.RGB]] = []
    hits = sorted(book.charges, key=lambda c: (-c.amount, c.turn))[:HITS]
    if hits:
        ax.markers("hits", [c.turn for c in hits], [cash[c.turn] for c in hits], HIT, "v")
        legend.append(("v", HIT, t(locale, "picture.marker.hit")))
        labels += [(c.turn, cash[c.turn], f"-{money(c.amount)}", HIT) for c in hits]
    fatal = book.fatal
    if fatal is not None:
        ax.markers("fatal", [fatal.turn], [cash[fatal.turn]], FATAL, "x", size=9)
        legend.append(("x", FATAL, t(locale, "picture.marker.fatal")))
        labels.insert(0, (fatal.turn, cash[fatal.turn],
                          t(locale, "picture.recap.unpaid", amount=money(fatal.amount)),
                          FATAL))
    font = board_font(P.SMALL_PX, bold=True)
    placed: list[tuple[float, float, float, float]] = []
    x0, y0, x1, y1 = ax.box
    for turn, value, text, colour in labels:
        x, y = ax.x(turn), ax.y(value)
        right = x > (x0 + x1) / 2
        at = (x - 10 if right else x + 10, y - 12)
        box = font.box(at, text, "rs" if right else "ls")
        inside = box[0] >= x0 and box[2] <= x1 and box[1] >= y0 and box[3] <= y1
        if inside and not any(_overlap(box, other) for other in placed):
            ax.chart.draw.rectangle((box[0] - 3, box[1] - 2, box[2] + 3, box[3] + 2),
                                    fill=P.PLOT_BG)  # a plate: the amount reads over lines
            font.draw(ax.chart.draw, at, text, colour, anchor="rs" if right else "ls",
                      room=P.PICTURE)
            placed.append(box)
    return legend


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
             ) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


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
            del chart.series[f"legend.{words}"]
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
        square = EDITIONS[edition].square_names[h.biggest_payment_square]
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
