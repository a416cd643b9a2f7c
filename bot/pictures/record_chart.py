"""A player's record as a chart (issues 16, 24), read at a glance:

- the title: games, wins, win rate and best score; under it the longest winning streak;
- above, every finished game oldest first as a strip, a green bar for a win and a red one
  for a loss, and the rolling win rate over the last games as a line (0-100%);
- below, the wins by the turns they took, standard rules (every option at its RULES.md
  default) in blue, house rules in orange, stacked.

    render_record(games, locale="fr") -> PNG bytes   (two games or more:
                                                     bot.application.records.FinishedGame)
    record_text(games, locale="fr")   -> the same in words
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter

from bot.application.records import FinishedGame
from bot.i18n import format_number, format_percent, points, t, tn

from . import charts as C

TEXT_LINES = 25  # the newest games listed in the text alternative
WINDOW = 20  # games in the rolling win rate
BINS = 8  # bars of the wins-by-turns panel
WIN, LOSS, RATE = "#1f9d55", "#d64545", C.INK


def render_record(games: Sequence[FinishedGame], *, locale: str) -> bytes:
    return C.to_png(record_figure(games, locale=locale))


def headline(games: Sequence[FinishedGame], locale: str) -> str:
    """"12 games · 3 wins (25%) · best 24,100 points", plurals right in both languages."""
    wins = [g for g in games if g.won]
    count = tn(locale, "picture.record.games", len(games))
    if not wins:
        return t(locale, "picture.record.headline_none", games=count)
    return t(locale, "picture.record.headline", games=count,
             wins=tn(locale, "picture.record.wins", len(wins)),
             rate=format_percent(len(wins) / len(games), locale),
             best=points(max(g.score for g in wins), locale))


def longest_streak(games: Sequence[FinishedGame]) -> int:
    best = run = 0
    for game in games:
        run = run + 1 if game.won else 0
        best = max(best, run)
    return best


def rolling_rate(games: Sequence[FinishedGame], window: int = WINDOW) -> list[float]:
    """The share of wins among the last `window` games (fewer at the start), after each."""
    rates, wins = [], 0
    for k, game in enumerate(games):
        wins += game.won
        if k >= window:
            wins -= games[k - window].won
        rates.append(wins / min(k + 1, window))
    return rates


def record_figure(games: Sequence[FinishedGame], *, locale: str) -> Figure:
    figure = C.new_figure(height=560)
    C.fitted_text(figure, 0.03, 0.965, headline(games, locale), size=C.TITLE_PT, bold=True)
    C.fitted_text(figure, 0.03, 0.9, t(locale, "picture.record.streak",
                                      count=longest_streak(games)), size=C.TEXT_PT)
    strip = figure.add_axes((0.12, 0.52, 0.84, 0.27))
    _strip(strip, games, locale)
    wins = figure.add_axes((0.12, 0.1, 0.84, 0.27))
    _by_turns(wins, games, locale)
    return figure


def _strip(ax: Axes, games: Sequence[FinishedGame], locale: str) -> None:
    """Each game a bar at its place, win or loss, under the rolling win rate."""
    C.style_axes(ax)
    n = len(games)
    for won, colour, gid in ((True, WIN, "wins"), (False, LOSS, "losses")):
        xs = [(k + 0.6, 0.8) for k, g in enumerate(games) if g.won == won]
        if xs:
            ax.broken_barh(xs, (0, 0.12), facecolors=colour, gid=gid)
    window = min(WINDOW, n)
    ax.plot(range(1, n + 1), rolling_rate(games), color=RATE, linewidth=2, gid="rate")
    ax.set_ylim(0, 1.02)
    ax.set_yticks([0, 0.5, 1], [format_percent(v, locale) for v in (0, 0.5, 1)],
                  fontproperties=C.font())
    C.ticks(ax, "x", 1, n, lambda v: str(round(v)), count=6)
    ax.set_xlim(0.5, n + 0.5)
    ax.set_title(t(locale, "picture.record.rate", count=window), loc="left",
                 fontproperties=C.font(C.TEXT_PT), color=C.INK)
    figure = ax.get_figure()
    assert isinstance(figure, Figure)
    figure.legend(handles=[Patch(color=WIN, label=t(locale, "picture.record.win").capitalize()),
                           Patch(color=LOSS,
                                 label=t(locale, "picture.record.loss").capitalize())],
                  loc="upper right", bbox_to_anchor=(0.97, 0.915), ncol=2, frameon=False,
                  prop=C.font(C.SMALL_PT), handlelength=1.2)  # on the streak's line


def _by_turns(ax: Axes, games: Sequence[FinishedGame], locale: str) -> None:
    """How many wins took how many turns, standard and house rules stacked."""
    C.style_axes(ax)
    ax.set_title(t(locale, "picture.record.by_turns"), loc="left",
                 fontproperties=C.font(C.TEXT_PT), color=C.INK)
    won = [g for g in games if g.won]
    ax.set_xlabel(t(locale, "picture.record.turns_axis"), fontproperties=C.font(), loc="left")
    if not won:
        ax.set_xticks([])
        ax.set_yticks([])
        ax.text(0.5, 0.5, t(locale, "picture.record.no_win"), transform=ax.transAxes,
                ha="center", va="center", fontproperties=C.font(), color=C.INK)
        return
    low, high = min(g.turns for g in won), max(g.turns for g in won)
    width = max(1, -(-(high - low + 1) // BINS))
    edges = [low + k * width for k in range(BINS + 1)]
    bottom = [0] * BINS
    handles = []
    for standard, colour, key in ((True, C.STANDARD, "standard"),
                                  (False, C.HOUSE_RULES, "house")):
        counts = [0] * BINS
        for g in won:
            if g.standard == standard:
                counts[min(BINS - 1, (g.turns - low) // width)] += 1
        if any(counts):
            ax.bar([e + width / 2 for e in edges[:-1]], counts, width=width * 0.9,
                   bottom=bottom, color=colour, gid=f"wins.{key}")
            handles.append(Patch(color=colour, label=t(locale, f"picture.record.{key}")))
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    C.ticks(ax, "y", 0, max(bottom), lambda v: format_number(round(v), locale), count=3)
    C.ticks(ax, "x", low, low + BINS * width, lambda v: str(round(v)), count=6)
    ax.set_xlim(low, low + BINS * width)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: str(round(v))))
    ax.legend(handles=handles, loc="upper right", bbox_to_anchor=(1.0, -0.1), ncol=2,
              frameon=False, prop=C.font(C.SMALL_PT), handlelength=1.2)  # the x label's row


def record_text(games: Sequence[FinishedGame], *, locale: str) -> str:
    """The newest games in words, newest first (the chart reads oldest first)."""
    lines = [headline(games, locale)]
    start = max(0, len(games) - TEXT_LINES)
    for index in range(len(games), start, -1):
        game = games[index - 1]
        figure = (format_number(game.score, locale) if game.won
                  else tn(locale, "picture.record.turns_value", game.turns))
        rules = "standard" if game.standard else "house"
        result = "win" if game.won else "loss"
        lines.append(t(locale, "picture.record.line", index=index, figure=figure,
                       result=t(locale, f"picture.record.{result}"),
                       rules=t(locale, f"picture.record.{rules}")))
    if start:
        lines.append(tn(locale, "picture.record.more", start))
    return "\n".join(lines)
