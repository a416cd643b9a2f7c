"""The recap of a game (issue 16): the player's cash and net worth (E2) over the turns, the
Bank's treasury on its own scale, markers where properties were bought, where the Bank took
one, where the player built and where the game was decided; headline figures above.

    render_recap(story, locale="fr") -> PNG bytes
    recap_text(story, locale="fr")   -> the same in words (no Attach Files permission)

Everything comes from `game_core.story.tell`, the game's replay (H3).
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from bot.i18n import format_money, points, t
from game_core.editions import EDITIONS
from game_core.story import BANK_TOOK, BOUGHT, BUILT, DECIDED, Marker, Story

from . import charts as C

DESCRIPTION_LIMIT = 4096  # Discord: an embed's description
CASH_SAMPLES = 30  # values of the cash line in the text alternative
_MARKER_STYLE = {  # kind -> (matplotlib marker, colour, size)
    BOUGHT: ("^", C.BOUGHT, 11), BANK_TOOK: ("X", C.BANK_TOOK, 10), BUILT: ("s", C.BUILT, 9),
}


def render_recap(story: Story, *, locale: str) -> bytes:
    return C.to_png(recap_figure(story, locale=locale))


def recap_figure(story: Story, *, locale: str) -> Figure:
    """The recap as a matplotlib figure (the tests read its lines back)."""
    edition = story.edition
    figure = C.new_figure()
    figure.text(0.03, 0.955, title(story, locale), fontproperties=C.font(C.TITLE_PT, bold=True),
                color=C.INK, va="top")
    for row, line in enumerate(headline_lines(story, locale)):
        figure.text(0.03, 0.885 - row * 0.05, line, fontproperties=C.font(), color=C.INK,
                    va="top")
    ax = figure.add_axes((0.15, 0.27, 0.68, 0.5))
    C.style_axes(ax)
    turns = [p.turn for p in story.points]
    ax.plot(turns, [p.cash for p in story.points], color=C.PLAYER, linewidth=2.2,
            label=t(locale, "picture.recap.cash"), gid="cash")
    ax.plot(turns, [p.worth for p in story.points], color=C.WORTH, linewidth=2.2,
            label=t(locale, "picture.recap.worth"), gid="worth")
    money = C.money_label(edition, locale)
    C.ticks(ax, "y", 0, max(p.worth for p in story.points), money)
    C.ticks(ax, "x", 0, max(1, turns[-1]), lambda v: str(round(v)), count=6)
    last = max(1, turns[-1])
    ax.set_xlim(0, last + max(0.5, last / 80))  # room for the decision's rule
    ax.set_xlabel(t(locale, "picture.recap.turn"), fontproperties=C.font())
    bank = ax.twinx()
    bank.plot(turns, [p.bank for p in story.points], color=C.BANK, linewidth=1.6,
              linestyle=(0, (4, 3)), label=t(locale, "picture.recap.bank"), gid="bank")
    C.ticks(bank, "y", 0, max(p.bank for p in story.points), money, size=C.SMALL_PT,
            colour=C.BANK)
    bank.spines["top"].set_visible(False)
    handles = ax.get_lines() + bank.get_lines() + _markers(ax, story, locale)
    figure.legend(handles=handles, loc="lower center", ncol=3, frameon=False,
                  prop=C.font(C.SMALL_PT), bbox_to_anchor=(0.5, 0.0), columnspacing=1.2,
                  handlelength=1.8)
    return figure


def _markers(ax: Axes, story: Story, locale: str) -> list[Line2D]:
    """The markers sit on the net-worth line at their turn; the decision is a red rule."""
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
    for marker in story.markers:
        if marker.kind == DECIDED:
            handles.append(ax.axvline(marker.turn, color=C.DECIDED, linewidth=2,
                                      label=t(locale, "picture.marker.decided"), gid=DECIDED))
    return handles


def title(story: Story, locale: str) -> str:
    h = story.headline
    outcome = h.outcome
    if outcome is None:
        return t(locale, "picture.recap.title.going", turns=h.turns)
    if outcome.result == "won":
        return t(locale, "picture.recap.title.won", turns=h.turns,
                 points=points(outcome.score, locale))
    return t(locale, "picture.recap.title.lost", turns=h.turns,
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
    return [t(locale, "picture.recap.rent_paid", amount=money(h.rent_paid)) + " · "
            + t(locale, "picture.recap.rent_received", amount=money(h.rent_received)),
            biggest + " · " + t(locale, "picture.recap.properties", count=h.properties)]


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

