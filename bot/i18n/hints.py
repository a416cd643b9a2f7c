"""The Hint told in the player's language: one line per choice, the best one marked, and
whether it is too close to call (issue 13)."""

from __future__ import annotations

from game_core import Game
from game_core.advisor import Hint

from .catalog import t
from .money import format_number, format_percent
from .narrate import action_label

BEST_MARK, OTHER_MARK = "★", "·"


def describe_hint(hint: Hint, game: Game, *, locale: str, bold: bool = True) -> list[str]:
    """The hint's lines: title, one line per choice, the verdict, how it was computed.
    `bold`: Discord markdown around the choices' names (not in the terminal)."""

    def name(label: str) -> str:
        return f"**{label}**" if bold else label

    def percent(ratio: float) -> str:
        return format_percent(ratio, locale)

    lines = [name(t(locale, "hint.title", turn=game.turn))]
    labels = [action_label(o.action, game, locale=locale) for o in hint.choices]
    if len(hint.choices) == 1:
        lines.append(t(locale, "hint.only_choice", action=name(labels[0])))
    for odds, label in zip(hint.choices, labels, strict=True):
        mark = BEST_MARK if odds.best else OTHER_MARK
        if hint.by_turns:
            lines.append(t(locale, "hint.line.turns", mark=mark, action=name(label),
                           win=percent(odds.win_rate), turns=f"{odds.turns:.0f}",
                           low=f"{odds.turns_low:.0f}", high=f"{odds.turns_high:.0f}"))
        else:
            lines.append(t(locale, "hint.line", mark=mark, action=name(label),
                           win=percent(odds.win_rate), low=percent(odds.win_low),
                           high=percent(odds.win_high), turns=f"{odds.turns:.0f}"))
    best = hint.best
    if best is not None and len(hint.choices) > 1:
        if hint.by_turns:
            lines.append(t(locale, "hint.by_turns"))
        best_label = name(labels[hint.choices.index(best)])
        close = [name(label) for odds, label in zip(hint.choices, labels, strict=True)
                 if odds.too_close]
        if close:
            lines.append(t(locale, "hint.too_close", action=best_label,
                           others=t(locale, "hint.or").join(close)))
        else:
            lines.append(t(locale, "hint.best", action=best_label))
    lines.append(t(locale, "hint.method", rollouts=format_number(hint.rollouts, locale)))
    return lines
