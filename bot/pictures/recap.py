"""The recap of a game (issues 16, 24): the player's cash and net worth over the turns, on
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

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.text import Text

from bot.i18n import format_money, points, t, tn
from game_core.editions import EDITIONS
from game_core.ledger import Ledger
from game_core.story import BANK_TOOK, BOUGHT, BUILT, Marker, Story

from . import charts as C

DESCRIPTION_LIMIT = 4096  # Discord: an embed's description
CASH_SAMPLES = 30  # values of the cash line in the text alternative
ONE_SCALE = 3  # the Bank shares the player's scale while its top is within 3x the player's
HITS = 3  # the biggest payments marked
_MARKER_STYLE = {  # kind -> (matplotlib marker, colour, size)
    BOUGHT: ("^", C.BOUGHT, 11), BANK_TOOK: ("X", C.BANK_TOOK, 10), BUILT: ("s", C.BUILT, 9),
}


def render_recap(story: Story, *, locale: str, book: Ledger | None = None) -> bytes:
    return C.to_png(recap_figure(story, locale=locale, book=book))


def one_scale(story: Story) -> bool:
    """Whether the Bank's treasury is drawn on the player's scale: when the race was close
    enough that both lines read; else the Bank is told in words (two scales misled)."""
    player = max(max(p.worth, p.cash) for p in story.points)
    return max(p.bank for p in story.points) <= ONE_SCALE * max(1, player)


def recap_figure(story: Story, *, locale: str, book: Ledger | None = None) -> Figure:
    """The recap as a matplotlib figure (the tests read its lines back)."""
    edition = story.edition
    figure = C.new_figure()
    C.fitted_text(figure, 0.03, 0.955, title(story, locale), size=C.TITLE_PT, bold=True)
    for row, line in enumerate(headline_lines(story, locale)):
        C.fitted_text(figure, 0.03, 0.885 - row * 0.055, line, size=C.TEXT_PT)
    ax = figure.add_axes((0.15, 0.25, 0.8, 0.5))
    C.style_axes(ax)
    turns = [p.turn for p in story.points]
    ax.plot(turns, [p.cash for p in story.points], color=C.PLAYER, linewidth=2.2,
            label=t(locale, "picture.recap.cash"), gid="cash")
    ax.plot(turns, [p.worth for p in story.points], color=C.WORTH, linewidth=2.2,
            label=t(locale, "picture.recap.worth"), gid="worth")
    top = max(max(p.worth, p.cash) for p in story.points)
    if one_scale(story):
        ax.plot(turns, [p.bank for p in story.points], color=C.BANK, linewidth=1.6,
                linestyle=(0, (4, 3)), label=t(locale, "picture.recap.bank"), gid="bank")
        top = max(top, max(p.bank for p in story.points))
    C.ticks(ax, "y", 0, top, C.money_label(edition, locale))
    C.ticks(ax, "x", 0, max(1, turns[-1]), lambda v: str(round(v)), count=6)
    last = max(1, turns[-1])
    ax.set_xlim(0, last + max(0.5, last / 60))
    ax.set_xlabel(t(locale, "picture.recap.turn"), fontproperties=C.font())
    handles = ax.get_lines() + _markers(ax, story, locale)
    if book is not None:
        handles += _payments(figure, ax, story, book, locale)
    figure.legend(handles=handles, loc="lower center", ncol=4, frameon=False,
                  prop=C.font(C.SMALL_PT), bbox_to_anchor=(0.5, 0.0), columnspacing=1.2,
                  handlelength=1.6)
    return figure


def _markers(ax: Axes, story: Story, locale: str) -> list[Line2D]:
    """The markers sit on the net-worth line at their turn."""
    worth = [p.worth for p in story.points]
    handles: list[Line2D] = []
    for kind, (shape, colour, size) in _MARKER_STYLE.items():
        at = [m.turn for m in story.markers if m.kind == kind]
        if not at:
            continue
        (line,) = ax.plot(at, [worth[turn] for turn in at], linestyle="none", marker=shape,
                          markersize=size, color=colour, markeredgecolor="white",
                          markeredgewidth=0.8, label=t(locale, f"picture.marker.{kind}"),
                          gid=kind, zorder=3)
        handles.append(line)
    return handles


def _payments(figure: Figure, ax: Axes, story: Story, book: Ledger, locale: str
              ) -> list[Line2D]:
    """The biggest payments on the cash line, each with its amount, and on a loss the debt
    that could not be paid (a red cross at the last turn). An amount that would cover
    another text is left out (the marker stays)."""
    cash = [p.cash for p in story.points]

    def money(amount: int) -> str:
        return format_money(amount, story.edition, locale)

    handles: list[Line2D] = []
    hits = sorted(book.charges, key=lambda c: (-c.amount, c.turn))[:HITS]
    canvas = figure.canvas
    assert isinstance(canvas, FigureCanvasAgg)
    renderer = canvas.get_renderer()  # type: ignore[no-untyped-call]
    placed: list[Text] = list(figure.texts)
    labels: list[tuple[float, float, str, str]] = []
    if hits:
        (line,) = ax.plot([c.turn for c in hits], [cash[c.turn] for c in hits],
                          linestyle="none", marker="v", markersize=10, color=C.HIT,
                          markeredgecolor="white", markeredgewidth=0.8, zorder=4,
                          label=t(locale, "picture.marker.hit"), gid="hits")
        handles.append(line)
        labels += [(c.turn, cash[c.turn], f"-{money(c.amount)}", C.HIT) for c in hits]
    fatal = book.fatal
    if fatal is not None:
        (line,) = ax.plot([fatal.turn], [cash[fatal.turn]], linestyle="none", marker="X",
                          markersize=13, color=C.DECIDED, markeredgecolor="white", zorder=5,
                          label=t(locale, "picture.marker.fatal"), gid="fatal")
        handles.append(line)
        labels.insert(0, (fatal.turn, cash[fatal.turn],
                          t(locale, "picture.recap.unpaid", amount=money(fatal.amount)),
                          C.DECIDED))
    right = ax.get_xlim()[1]
    for x, y, text, colour in labels:
        ha = "right" if x > 0.6 * right else "left"
        label = ax.annotate(text, (x, y), xytext=(-8 if ha == "right" else 8, 10),
                            textcoords="offset points", ha=ha, va="bottom", color=colour,
                            fontproperties=C.font(C.SMALL_PT, bold=True), zorder=6)
        box = label.get_window_extent(renderer)
        if box.x0 < 0 or box.x1 > figure.bbox.width or any(
                box.overlaps(other.get_window_extent(renderer)) for other in placed):
            label.remove()
        else:
            placed.append(label)
    return handles


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
    first = (t(locale, "picture.recap.rent_paid", amount=money(h.rent_paid)) + " · "
             + t(locale, "picture.recap.rent_received", amount=money(h.rent_received)))
    if not one_scale(story):
        first += " · " + t(locale, "picture.recap.bank_words",
                           start=money(story.points[0].bank), end=money(story.points[-1].bank))
    return [first, biggest + " · " + t(locale, "picture.recap.properties", count=h.properties)]


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
