"""The Hint told in the player's language: the best choice first, the
choices too close to call against it grouped on one line, then the others, the verdict and
how it was computed; always within Discord's 2,000 characters.

What fits: the title, the best choice, the verdict and the method line always stay. The
group too close to call names as many choices as fit ("... and 4 more"); the other choices
follow from the likeliest to win, and those that don't fit are counted on one last line
("... and 9 other choices, none above 31%"). No choice is named twice.
"""

from __future__ import annotations

from game_core import Game
from game_core.actions import LiftMortgage, Mortgage, SellBuilding, SellJailCard
from game_core.advisor import Choice, ChoiceOdds, Hint
from game_core.plans import BUILDINGS_FIRST, KEEP_BUILDINGS, Plan
from game_core.state import RAISE_FUNDS

from bot.i18n.catalog import t, tn
from bot.i18n.money import format_money, format_number, format_percent

from .account import plan_steps
from .narrate import action_label, square_name

BEST_MARK, OTHER_MARK, CLOSE_MARK = "★", "·", "≈"
# T4: the moves the menus offer beside the decision the game waits for. The Hint weighs
# the decision only (game_core.advisor.open_choices); these can wait for a later moment.
SIDE_MOVES = (Mortgage, LiftMortgage, SellBuilding, SellJailCard)
MESSAGE_LIMIT = 2000  # Discord: a message's content
STEPS_LIMIT = 240  # a plan's steps in words, cut beyond (a debt may take a dozen steps)


def choice_label(choice: Choice, game: Game, *, locale: str,
                 steps_limit: int | None = STEPS_LIMIT) -> str:
    """A button's label, or a plan in one line: its goal, then its steps (cut with "…"
    past `steps_limit` characters; None: never, where nothing limits the length)."""
    if not isinstance(choice, Plan):
        return action_label(choice, game, locale=locale)
    steps = plan_steps(choice, game, locale)
    if steps_limit is not None and len(steps) > steps_limit:
        steps = steps[:steps_limit].rsplit(", ", 1)[0] + ", …"
    money = format_money(choice.cash_after, game.edition, locale)
    if choice.kind == "buy":
        return t(locale, "hint.plan.buy", square=square_name(game.edition, choice.square, locale),
                 steps=steps)
    if choice.kind == "unblock":
        then = "" if choice.then is None else action_label(choice.then, game, locale=locale)
        return t(locale, "hint.plan.unblock", steps=steps, then=then)
    return debt_plan_name(choice, locale, steps=steps, cash=money)


def debt_plan_name(plan: Plan, locale: str, **values: str) -> str:
    """A debt plan's name says what it does: its way (plans.WAYS), unless the plan belies
    it: "keeping the buildings" that must sell some says how many it sells, and "selling
    buildings first" with none to sell says it mortgages only."""
    sold = len(plan.sold)
    if plan.way == KEEP_BUILDINGS and sold:
        return tn(locale, "hint.plan.debt.keep_buildings.sells", sold, **values)
    if plan.way == BUILDINGS_FIRST and not sold:
        return t(locale, "hint.plan.debt.buildings_first.none", **values)
    return t(locale, f"hint.plan.debt.{plan.way}", **values)


def describe_hint(hint: Hint, game: Game, *, locale: str, bold: bool = True,
                  limit: int | None = MESSAGE_LIMIT) -> list[str]:
    """The hint's lines, `limit` characters at most once joined by newlines (None: no
    limit, the terminal's: every choice, every plan whole).
    `bold`: Discord markdown around the choices' names (not in the terminal)."""
    steps_limit: int | None = STEPS_LIMIT
    if limit is None:
        limit, steps_limit = 10**9, None

    def name(label: str) -> str:
        return f"**{label}**" if bold else label

    def percent(ratio: float) -> str:
        return format_percent(ratio, locale)

    def line(mark: str, odds: ChoiceOdds) -> str:
        label = name(labels[id(odds)])
        if hint.by_turns:
            return t(locale, "hint.line.turns", mark=mark, action=label,
                     win=percent(odds.win_rate), turns=more_turns(odds.turns),
                     low=f"{odds.turns_low:.0f}", high=f"{odds.turns_high:.0f}")
        return t(locale, "hint.line", mark=mark, action=label, win=percent(odds.win_rate),
                 low=percent(odds.win_low), high=percent(odds.win_high),
                 turns=more_turns(odds.turns))

    def more_turns(turns: float) -> str:  # "1 more turn", "12 more turns"
        return tn(locale, "hint.turns_more", round(turns))

    labels = {id(o): choice_label(o.action, game, locale=locale, steps_limit=steps_limit)
              for o in hint.choices}
    head = [name(t(locale, "hint.title", turn=game.turn))]
    method = method_line(hint, locale)
    best = hint.best
    if best is None or len(hint.choices) == 1:
        if len(hint.choices) == 1:
            head.append(only_choice_line(name(labels[id(hint.choices[0])]), game, locale))
        return head + [line(BEST_MARK, o) for o in hint.choices] + [method]
    close = [o for o in hint.choices if o.too_close]
    others = sorted((o for o in hint.choices if not o.best and not o.too_close),
                    key=lambda o: (o.turns if hint.by_turns else o.win_rate, o.turns),
                    reverse=True)
    tail = []
    if hint.by_turns:
        tail.append(t(locale, "hint.by_turns"))
    best_label = name(labels[id(best)])
    tail.append(t(locale, "hint.too_close" if close else "hint.best", action=best_label))
    tail.append(method)
    body = head + [line(BEST_MARK, best)]
    room = limit - sum(len(x) + 1 for x in body + tail)
    if close:
        group = _close_line(close, [name(labels[id(o)]) for o in close], hint.by_turns,
                            locale, room - _MORE_ROOM)
        body.append(group)
        room -= len(group) + 1
    for k, odds in enumerate(others):
        text = line(OTHER_MARK, odds)
        if len(text) + 1 > room - (_MORE_ROOM if k < len(others) - 1 else 0):
            rest = others[k:]
            top = rest[0].turns if hint.by_turns else rest[0].win_rate
            key = "hint.more.turns" if hint.by_turns else "hint.more"
            body.append(tn(locale, key, len(rest), mark=OTHER_MARK,
                           win=percent(top), turns=tn(locale, "turns", round(top))))
            break
        body.append(text)
        room -= len(text) + 1
    return body + tail


_MORE_ROOM = 90  # kept for the line counting the choices that don't fit


def side_moves(game: Game) -> int:
    """How many moves the menus offer beside the decision (mortgage, lift, sell: T4)."""
    return sum(isinstance(a, SIDE_MOVES) for a in game.legal_actions())


def only_choice_line(action: str, game: Game, locale: str) -> str:
    """The line over a hint that weighed one choice: "one choice only" when it is the only
    move there is; one way found to pay a debt, which the menus could pay otherwise (M1);
    else what the game waits for, and that the menus' other moves (which the Hint doesn't
    weigh) can wait (T4). Either way, whose odds follow: the bot's expert's."""
    others = side_moves(game)
    if game.pending == RAISE_FUNDS and others:  # M1: the menus' moves are the plan's steps
        return t(locale, "hint.only_plan", action=action)
    if not others:
        return t(locale, "hint.only_choice", action=action)
    return tn(locale, "hint.only_decision", others, action=action)


def method_line(hint: Hint, locale: str) -> str:
    """How the odds were found: by whom (the bot's expert, playing on from here), how many
    choices were compared and how many times each was played out."""
    return tn(locale, "hint.method", len(hint.choices),
              rollouts=format_number(hint.rollouts, locale))


def _close_line(close: list[ChoiceOdds], names: list[str], by_turns: bool, locale: str,
                room: int) -> str:
    """One line for every choice too close to call against the best: their names (as many
    as fit in `room`) and the range of their figures."""
    if by_turns:
        low, high = min(o.turns for o in close), max(o.turns for o in close)
        figures = (tn(locale, "hint.turns_more", round(low)) if round(low) == round(high)
                   else t(locale, "hint.turns_more.other", count=f"{low:.0f}–{high:.0f}"))
        key = "hint.close.turns"
    else:
        lo, hi = (format_percent(min(o.win_rate for o in close), locale),
                  format_percent(max(o.win_rate for o in close), locale))
        figures = lo if lo == hi else f"{lo}–{hi}"
        key = "hint.close"
    joiner = t(locale, "hint.or")
    for shown in range(len(names), 0, -1):
        listed = joiner.join(names[:shown])
        if shown < len(names):
            listed = tn(locale, "hint.and_more", len(names) - shown,
                        names=", ".join(names[:shown]))
        text = t(locale, key, mark=CLOSE_MARK, actions=listed, win=figures, turns=figures)
        if len(text) <= room:
            return text
    return t(locale, key, mark=CLOSE_MARK, win=figures, turns=figures,
             actions=tn(locale, "hint.and_more", len(names) - 1, names=names[0]))
