"""A player's record as a chart, read at a glance:

- the title: games, wins, win rate and best score (of the standard wins, as /monopoly stats
  and the leaderboard count it); under it the longest winning streak;
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

from bot.application.records import FinishedGame
from bot.i18n import format_number, format_percent, points, t, tn

from . import plot as P

TEXT_LINES = 25  # the newest games listed in the text alternative
WINDOW = 20  # games in the rolling win rate
BINS = 8  # bars of the wins-by-turns panel
WIN, LOSS, RATE = (31, 157, 85), (214, 69, 69), P.INK
STANDARD, HOUSE = (30, 99, 214), (224, 122, 16)  # the rules' colours, as on the board


def render_record(games: Sequence[FinishedGame], *, locale: str) -> bytes:
    return record_chart(games, locale=locale).png()


def best_score(games: Sequence[FinishedGame]) -> int | None:
    """The best score as /monopoly stats and the leaderboard count it: standard games' wins
    only (E1: a house-rule win is no record; the storage's best_score query)."""
    return max((g.score for g in games if g.won and g.standard), default=None)


def headline(games: Sequence[FinishedGame], locale: str) -> str:
    """"12 games · 3 wins (25%) · best 24,100 points", plurals right in both languages;
    the best among standard wins only, left out when every win was under house rules."""
    wins = [g for g in games if g.won]
    count = tn(locale, "picture.record.games", len(games))
    if not wins:
        return t(locale, "picture.record.headline_none", games=count)
    won = tn(locale, "picture.record.wins", len(wins))
    rate = format_percent(len(wins) / len(games), locale)
    best = best_score(games)
    if best is None:
        return t(locale, "picture.record.headline_no_best", games=count, wins=won, rate=rate)
    return t(locale, "picture.record.headline", games=count, wins=won, rate=rate,
             best=points(best, locale))


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


def record_chart(games: Sequence[FinishedGame], *, locale: str) -> P.Chart:
    """The chart drawn (its series kept by name for the tests: "wins", "losses", "rate",
    "wins.standard", "wins.house")."""
    chart = P.Chart()
    room = P.WIDTH - 48
    chart.text((24, 40), headline(games, locale), size=P.TITLE_PX, bold=True, room=room)
    chart.text((24, 78), t(locale, "picture.record.streak", count=longest_streak(games)))
    x = P.WIDTH - 230.0
    for colour, key in ((WIN, "picture.record.win"), (LOSS, "picture.record.loss")):
        x = chart.chip(x, 78, colour, t(locale, key).capitalize()) + 24
    _strip(chart, games, locale)
    _by_turns(chart, games, locale)
    return chart


def _strip(chart: P.Chart, games: Sequence[FinishedGame], locale: str) -> None:
    """Each game a bar at its place, win or loss, under the rolling win rate."""
    n = len(games)
    chart.text((96, 122), t(locale, "picture.record.rate", count=min(WINDOW, n)), room=680)
    ax = P.Axes(chart, (96, 134, 776, 272), (0.5, n + 0.5), (0, 1.02))
    ax.frame(P.nice_ticks(1, n, 6), lambda v: str(round(v)), (0, 0.5, 1),
             lambda v: format_percent(v, locale))
    for won, colour, name in ((True, WIN, "wins"), (False, LOSS, "losses")):
        xs = [k + 1 for k, g in enumerate(games) if g.won == won]
        ax.bars(name, xs, [0.12] * len(xs), 0.8, colour)
    ax.line("rate", list(range(1, n + 1)), rolling_rate(games), RATE, width=3)


def _by_turns(chart: P.Chart, games: Sequence[FinishedGame], locale: str) -> None:
    """How many wins took how many turns, standard and house rules stacked."""
    chart.text((96, 340), t(locale, "picture.record.by_turns"), room=680)
    chart.text((96, 546), t(locale, "picture.record.turns_axis"))
    won = [g for g in games if g.won]
    box = (96, 352, 776, 500)
    if not won:
        ax = P.Axes(chart, box, (0, 1), (0, 1))
        ax.frame((), str, (), str)
        chart.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                   t(locale, "picture.record.no_win"), anchor="mm")
        return
    low, width = turn_bins(min(g.turns for g in won), max(g.turns for g in won))
    bottom = [0] * BINS
    stacks = []
    for standard, colour, key in ((True, STANDARD, "standard"), (False, HOUSE, "house")):
        counts = [0] * BINS
        for g in won:
            if g.standard == standard:
                counts[min(BINS - 1, (g.turns - low) // width)] += 1
        stacks.append((key, colour, counts, list(bottom)))
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    yticks = P.nice_ticks(0, max(bottom), 3)
    ax = P.Axes(chart, box, (low, low + BINS * width), (0, yticks[-1]))
    ax.frame(P.nice_ticks(low, low + BINS * width, 6), lambda v: str(round(v)), yticks,
             lambda v: format_number(round(v), locale))
    centres = [low + (k + 0.5) * width for k in range(BINS)]
    x = P.WIDTH - 24.0
    for key, colour, counts, under in reversed(stacks):
        if any(counts):
            ax.bars(f"wins.{key}", centres, counts, width * 0.9, colour, under)
    labels = [(colour, t(locale, f"picture.record.{key}")) for key, colour, counts, _ in stacks
              if any(counts)]
    x -= sum(P.SMALL_PX + 2 + P.font(P.SMALL_PX).width(label) + 24 for _, label in labels)
    for colour, label in labels:
        x = chart.chip(x, 546, colour, label) + 24


def turn_bins(low: int, high: int) -> tuple[int, int]:
    """(first turn, turns a bar) of the BINS bars holding the wins from `low` to `high`
    turns. The axis starts on a tick, so the first bar's turns are labelled; a single bar
    stands mid-axis, between labelled ticks, not against the axis's edge where no tick
    named it."""
    width = max(1, -(-(high - low + 1) // BINS))
    start = low - (BINS // 2) * width if high - low < width else low
    ticks = P.nice_ticks(start, start + BINS * width, 6)
    step = int(ticks[1] - ticks[0]) if len(ticks) > 1 else 1
    start = max(0, start // step * step)
    return start, max(1, -(-(high - start + 1) // BINS))


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
