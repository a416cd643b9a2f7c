"""A player's record as a chart (issue 16): its finished games in order, the score of each win
above, the turns each loss lasted below; games under the standard rules (every option at its
RULES.md default) in blue discs, under house rules in orange diamonds.

    render_record(games, locale="fr") -> PNG bytes   (two games or more:
                                                     bot.application.records.FinishedGame)
    record_text(games, locale="fr")   -> the same in words
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from bot.i18n import format_number, t
from bot.application.records import FinishedGame

from . import charts as C

TEXT_LINES = 25  # the newest games listed in the text alternative
_STYLES = (("standard", C.STANDARD, "o"), ("house", C.HOUSE_RULES, "D"))


def render_record(games: Sequence[FinishedGame], *, locale: str) -> bytes:
    return C.to_png(record_figure(games, locale=locale))


def record_figure(games: Sequence[FinishedGame], *, locale: str) -> Figure:
    """Oldest game first; one panel for the wins and one for the losses, each only when the
    record has some."""
    figure = C.new_figure(height=520)
    figure.text(0.03, 0.955, t(locale, "picture.record.title", count=len(games)),
                fontproperties=C.font(C.TITLE_PT, bold=True), color=C.INK, va="top")
    panels = [(won, key) for won, key in ((True, "picture.record.score"),
                                          (False, "picture.record.turns"))
              if any(g.won == won for g in games)]
    bottom, top = 0.2, 0.84
    height = (top - bottom) / len(panels)
    for k, (won, key) in enumerate(panels):
        y0 = top - (k + 1) * height
        ax = figure.add_axes((0.15, y0 + 0.06, 0.8, height - 0.11))
        C.style_axes(ax)
        _panel(ax, games, won=won, locale=locale)
        ax.set_title(t(locale, key), fontproperties=C.font(), loc="left", color=C.INK)
        last = k == len(panels) - 1
        C.ticks(ax, "x", 1, len(games), _game_number if last else _no_label, count=6)
        ax.set_xlim(0.5, len(games) + 0.5)
        if last:
            ax.set_xlabel(t(locale, "picture.record.game"), fontproperties=C.font())
    handles = [Line2D([], [], linestyle="none", marker=shape, markersize=9, color=colour,
                      label=t(locale, f"picture.record.{rules}"))
               for rules, colour, shape in _STYLES]
    figure.legend(handles=handles, loc="lower center", ncol=2,
                  frameon=False, prop=C.font(C.SMALL_PT), bbox_to_anchor=(0.5, 0.0))
    return figure


def _game_number(value: float) -> str:
    return str(round(value))


def _no_label(_value: float) -> str:
    return ""  # the upper panel shares the lower one's game numbers


def _panel(ax: Axes, games: Sequence[FinishedGame], *, won: bool, locale: str) -> None:
    values = [g.score if won else g.turns for g in games if g.won == won]
    for rules, colour, shape in _STYLES:
        standard = rules == "standard"
        xs = [i + 1 for i, g in enumerate(games) if g.won == won and g.standard == standard]
        ys = [g.score if won else g.turns for g in games
              if g.won == won and g.standard == standard]
        if xs:
            ax.plot(xs, ys, linestyle="none", marker=shape,
                    markersize=8 if len(games) < 60 else 5, color=colour,
                    gid=f"{'wins' if won else 'losses'}.{rules}")
    C.ticks(ax, "y", 0, max(values), lambda v: format_number(round(v), locale), count=4)
    ax.set_ylim(0, ax.get_ylim()[1] * 1.08)  # a point at the top tick shows whole


def record_text(games: Sequence[FinishedGame], *, locale: str) -> str:
    """The newest games in words, newest first (the chart reads oldest first)."""
    lines = [t(locale, "picture.record.title", count=len(games))]
    start = max(0, len(games) - TEXT_LINES)
    for index in range(len(games), start, -1):
        game = games[index - 1]
        figure = (format_number(game.score, locale) if game.won
                  else t(locale, "picture.record.turns_value", count=game.turns))
        rules = "standard" if game.standard else "house"
        result = "win" if game.won else "loss"
        lines.append(t(locale, "picture.record.line", index=index, figure=figure,
                       result=t(locale, f"picture.record.{result}"),
                       rules=t(locale, f"picture.record.{rules}")))
    if start:
        lines.append(t(locale, "picture.record.more", count=start))
    return "\n".join(lines)
