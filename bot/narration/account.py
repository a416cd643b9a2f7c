"""A game worth its clicks, in words: plans step by step, the decisions taken for the
player and why, and the short account of a Roll on (money totals, one line a turn at most,
turn_account's, and why it stopped), fitted to a Discord field in the player's language."""

from __future__ import annotations

from collections.abc import Sequence

from game_core.actions import LiftMortgage, Mortgage, SellBuilding, SellJailCard
from game_core.events import (
    BankBankrupt, BuildingSold, Built, Collected, GameLost, JailCardSold, MortgageLifted,
    Mortgaged, Paid, PropertyBought, RentPaid,
)
from game_core.game import Game
from game_core.orders import ORDER_BUILD, ORDER_DEBT, ORDER_DECLINE, ORDER_RESERVE
from game_core.plans import BUILDINGS_FIRST, KEEP_BUILDINGS, LEAST_RENT, RAISE_TO_BUY, Plan
from game_core.prompts import (
    BUILD_MORTGAGED, STOP_LOSS, STOP_RISK, STOP_TURNS, STOP_WIN, Skip, Stop,
)

from bot.i18n.catalog import t, tn
from bot.i18n.layout import FIELD_LIMIT, LABEL_LIMIT
from bot.i18n.money import format_money

from .narrate import describe_pending, narrate, square_name
from .turn_account import (
    StepWords, TurnAccount, loss_words, signed, turn_accounts, turn_line,
)


def _names(edition: str, squares: Sequence[int], locale: str) -> str:
    names = [square_name(edition, i, locale) for i in squares]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + t(locale, "clicks.and") + names[-1]


def plan_steps(plan: Plan, game: Game, locale: str) -> str:
    """The plan's steps in words, in order: "mortgage Reading Railroad (+$100), sell 2
    houses on Boardwalk (+$200)". Amounts are those the steps bring, played on a copy; the
    sales on one street are told once, together, where the first of them comes."""
    edition = game.edition

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    trial = game.copy()
    parts: list[tuple[str, int, int, int]] = []  # (kind, square, count, amount)
    for action in plan.steps:
        events = trial.apply(action)
        amount = sum(e.amount for e in events if isinstance(e, (Mortgaged, BuildingSold,
                                                                  JailCardSold)))
        last = any(isinstance(e, BankBankrupt) for e in events)  # M5: the Bank's last money
        earlier = [k for k, part in enumerate(parts) if part[:2] == ("sell", action.square)
                   ] if isinstance(action, SellBuilding) else []
        if earlier:  # every sale on a street told once, where the first one is
            _, sq, count, before = parts[earlier[0]]
            parts[earlier[0]] = ("sell", sq, count + 1, before + amount)
        elif isinstance(action, SellBuilding):
            parts.append(("sell", action.square, 1, amount))
        elif isinstance(action, Mortgage):
            parts.append(("mortgage.last" if last else "mortgage", action.square, 1, amount))
        elif isinstance(action, LiftMortgage):
            parts.append(("lift", action.square, 1, sum(
                e.cost for e in events if isinstance(e, MortgageLifted))))
        elif isinstance(action, SellJailCard):
            parts.append(("card", -1, 1, amount))
    words: list[str] = []
    for kind, sq, count, amount in parts:
        name = square_name(edition, sq, locale) if sq >= 0 else ""
        if kind == "sell" and count > 1:
            words.append(t(locale, "clicks.step.sell_houses", square=name, count=count,
                           amount=money(amount)))
        elif kind == "sell":
            words.append(t(locale, "clicks.step.sell_house", square=name, amount=money(amount)))
        elif kind.startswith("mortgage"):
            words.append(t(locale, f"clicks.step.{kind}", square=name, amount=money(amount)))
        elif kind == "lift":
            words.append(t(locale, "clicks.step.lift", square=name, cost=money(amount)))
        else:
            words.append(t(locale, "clicks.step.sell_card", amount=money(amount)))
    return ", ".join(words)


def describe_buy_plan(plan: Plan, game: Game, locale: str) -> str:
    s, edition = game.s, game.edition
    return t(locale, "clicks.buy.plan", square=square_name(edition, plan.square, locale),
             price=format_money(plan.target, edition, locale),
             cash=format_money(s.cash, edition, locale), steps=plan_steps(plan, game, locale))


def describe_buy_steps(plan: Plan, game: Game, locale: str) -> str:
    """The buy plan's steps alone, after the offer's line (which says the price and cash)."""
    return t(locale, "clicks.buy.plan.steps", steps=plan_steps(plan, game, locale))


def pending_with_offer(game: Game, plan: Plan | None, pay_debt: bool, locale: str) -> str:
    """What the game waits for, then the plan on offer (or Pay it for me's): the one text
    the game message and the Activity's board both show."""
    text = describe_pending(game, locale=locale)
    if plan is not None and plan.kind == RAISE_TO_BUY:
        text += " " + describe_buy_steps(plan, game, locale)
    elif plan is not None:
        text += " " + describe_unblock_plan(plan, game, locale)
    elif pay_debt:
        text += " " + t(locale, "clicks.debt.offer")
    return text


def describe_unblock_plan(plan: Plan, game: Game, locale: str) -> str:
    return t(locale, "clicks.unblock.plan", squares=_names(game.edition, plan.lifted, locale),
             steps=plan_steps(plan, game, locale))


def describe_debt_plans(plans: Sequence[Plan], game: Game, locale: str) -> str:
    """The confirm step of Pay it for me: the first plan in full (the least-rent way, or
    the Hint's best), the other ways in short."""
    edition = game.edition
    best = plans[0]
    text = t(locale, "clicks.debt.preview", debt=format_money(best.target, edition, locale),
             steps=plan_steps(best, game, locale),
             cash=format_money(best.cash_after, edition, locale))
    others = {BUILDINGS_FIRST: "clicks.way.buildings_first",
              KEEP_BUILDINGS: "clicks.way.keep_buildings", LEAST_RENT: "clicks.way.least_rent"}
    ways = [t(locale, others[p.way], raised=format_money(p.raised, edition, locale))
            for p in plans[1:] if p.way in others]
    if ways:
        text += " " + t(locale, "clicks.debt.preview.other", ways="; ".join(ways))
    return text


def plan_label(plan: Plan, game: Game, locale: str) -> str:
    """The one-click button of a buy or unblock plan; <= 80 characters."""
    edition = game.edition
    if plan.kind == "buy":
        label = t(locale, "clicks.button.buy_plan",
                  raised=format_money(plan.raised, edition, locale),
                  price=format_money(plan.target, edition, locale))
    else:
        label = t(locale, "clicks.button.unblock", cost=format_money(plan.cost, edition, locale))
    return label[:LABEL_LIMIT]


def describe_skip(skip: Skip, edition: str, locale: str) -> str:
    """Why a decision was taken for the player: what it offered was one way only."""
    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    name = square_name(edition, skip.square, locale) if skip.square >= 0 else ""
    if skip.why == BUILD_MORTGAGED:
        return tn(locale, "clicks.skip.build_mortgaged", len(skip.squares), square=name,
                  squares=_names(edition, skip.squares, locale), cost=money(skip.amount),
                  cash=money(skip.cash))
    return t(locale, f"clicks.skip.{skip.why}", square=name, cost=money(skip.amount),
             cash=money(skip.cash), most=money(skip.amount), price=money(skip.price),
             fine=money(skip.amount), reserve=money(skip.price))


def orders_line(steps: Sequence[StepWords], edition: str, locale: str) -> str:
    """What the player's standing orders did in these moves, in one line ("📋 Your standing
    orders: 2 buildings put up, 1 offer declined."), or "" when they did nothing."""
    built = declined = paid = 0
    stopped: list[Skip] = []
    previous = ""
    for _events, skip in steps:
        why = skip.why if skip is not None else ""
        if why == ORDER_BUILD:
            built += 1
        elif why == ORDER_DECLINE:
            declined += 1
        elif why == ORDER_DEBT and previous != ORDER_DEBT:
            paid += 1  # one debt, however many steps it took
        elif why == ORDER_RESERVE and skip is not None:
            stopped.append(skip)
        previous = why
    parts = [tn(locale, key, count) for key, count in (
        ("clicks.orders.built", built), ("clicks.orders.declined", declined),
        ("clicks.orders.paid", paid)) if count]
    parts += [t(locale, "clicks.orders.stopped", square=square_name(edition, skip.square, locale),
                reserve=format_money(skip.price, edition, locale)) for skip in stopped[-1:]]
    return t(locale, "clicks.orders.line", what=", ".join(parts)) if parts else ""


def narrate_steps(steps: Sequence[StepWords], *, edition: str, locale: str,
                  doubles_matter: bool = False, end: Game | None = None) -> list[str]:
    """Every move's events in full, each forced one told with why. `end`: the game after
    the last move; a loss to a debt then says what it was and what could be raised (M1)."""
    lines: list[str] = []
    for events, skip in steps:
        if skip is not None:
            said = describe_skip(skip, edition, locale)
            if not lines or lines[-1] != said:  # a standing order's steps: said once
                lines.append(said)
        lost = events[-1] if events else None
        if end is not None and isinstance(lost, GameLost) and lost.reason == "debt":
            where = TurnAccount(end.turn, end.s.position, end.s.in_jail)
            lines += narrate(events[:-1], edition=edition, locale=locale,
                             doubles_matter=doubles_matter)
            lines.append(loss_words(lost, events, where, end, edition, locale))
            continue
        lines += narrate(events, edition=edition, locale=locale, doubles_matter=doubles_matter)
    return lines


def button_name(label_key: str, locale: str) -> str:
    """A Discord button named in a sentence: 'the "Roll on" button'."""
    return t(locale, "clicks.control.button", label=t(locale, label_key))


def key_name(key: str, locale: str) -> str:
    """A terminal key named in a sentence: 'the p key'."""
    return t(locale, "clicks.control.key", key=key)


def stop_line(stop: Stop | None, cash: int, turns: int, *, edition: str, locale: str,
              cash_out: str = "", roll_on: str = "") -> str:
    """Why a Roll on stopped before a decision, or "" (a decision or the end says itself).
    cash_out / roll_on: the controls that win and go on (a win stop names them; by default
    the Discord buttons', `key_name` for the terminal)."""
    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    if stop is not None and stop.why == STOP_RISK:
        square = square_name(edition, stop.square, locale)
        if stop.salary:  # T2: GO's salary on the way is counted
            return t(locale, "clicks.stop.risk.go", amount=money(stop.amount), square=square,
                     cash=money(cash), total=money(cash + stop.salary))
        return t(locale, "clicks.stop.risk", amount=money(stop.amount), square=square,
                 cash=money(cash))
    if stop is not None and stop.why == STOP_LOSS:
        return t(locale, "clicks.stop.loss", amount=money(stop.amount),
                 square=square_name(edition, stop.square, locale),
                 most=money(stop.raisable + stop.salary))
    if stop is not None and stop.why == STOP_TURNS:
        return t(locale, "clicks.stop.turns", turns=turns)
    if stop is not None and stop.why == STOP_WIN:
        return t(locale, "clicks.stop.win",
                 cash_out=cash_out or button_name("clicks.button.cash_out", locale),
                 roll_on=roll_on or button_name("clicks.button.roll_on", locale))
    return ""


def summary_parts(steps: Sequence[StepWords], edition: str, locale: str) -> str:
    """A Roll on's money by kind, " (rent received +$50; taxes −$300; GO ×2 +$400)": rent
    received and paid, taxes, cards, Jail fines, GO, properties bought and building, each
    said only when it moved money ("" when nothing did)."""
    sums = dict.fromkeys(_KINDS, 0)
    go = 0
    for events, _skip in steps:
        for e in events:
            if isinstance(e, Collected) and e.reason == "salary":
                go += 1
                sums["go"] += e.amount
            elif isinstance(e, Collected):
                sums["cards"] += e.amount
            elif isinstance(e, RentPaid):
                sums["rent_received" if e.payer == "bank" else "rent_paid"] += (
                    e.amount if e.payer == "bank" else -e.amount)
            elif isinstance(e, Paid):
                kind = {"tax": "tax", "fine": "fines"}.get(e.reason, "cards")
                sums[kind] -= e.amount
            elif isinstance(e, PropertyBought):
                sums["bought"] -= e.price
            elif isinstance(e, Built) and e.by == "player":
                sums["building"] -= e.cost
    parts = [t(locale, f"clicks.account.sum.{kind}", amount=signed(sums[kind], edition, locale),
               go=square_name(edition, 0, locale), count=go)
             for kind in _KINDS if sums[kind] or (kind == "go" and go)]
    if not parts:
        return ""
    return " " + t(locale, "clicks.account.sum.parts",
                   parts=t(locale, "clicks.account.sum.sep").join(parts))


_KINDS = ("rent_received", "rent_paid", "tax", "cards", "fines", "go", "bought", "building")


def danger_words(danger: Stop, edition: str, locale: str) -> str:
    """A money danger rolling on went past (nothing on offer changed it): said once, at the
    end of the turn it appeared after."""
    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    square = square_name(edition, danger.square, locale)
    if danger.why == STOP_LOSS:
        return t(locale, "clicks.danger.loss", square=square, amount=money(danger.amount),
                 most=money(danger.raisable + danger.salary))
    return t(locale, "clicks.danger.risk", square=square, amount=money(danger.amount))


def account_lines(steps: Sequence[StepWords], *, start_cash: int, end_cash: int,
                  start_turn: int, stop: Stop | None, edition: str, locale: str,
                  limit: int = FIELD_LIMIT, start_square: int = -1, start_in_jail: bool = False,
                  end: Game | None = None, cash_out: str = "", roll_on: str = "",
                  dangers: Sequence[Stop] = ()) -> str:
    """A Roll on's account in at most `limit` characters: the totals, one line per turn
    (turn_account: its square and each movement of money; the newest kept when they don't
    all fit, with how many earlier ones are in /monopoly history), and why it stopped.
    start_square/start_in_jail: where the pawn stood before the first move; end: the game
    after the last (a loss says what could have been raised); cash_out/roll_on: as for
    `stop_line`; dangers: money dangers rolled past (Played.dangers), each said at the end
    of its turn's line (or before the stop's line when that turn has none)."""
    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    accounts = turn_accounts(steps, start_turn=start_turn, start_square=start_square,
                             start_in_jail=start_in_jail, end=end, edition=edition,
                             locale=locale)
    unsaid = list(dangers)
    for account in accounts:
        for danger in [d for d in unsaid if d.turn == account.turn]:
            account.items.append((danger_words(danger, edition, locale), None))
            unsaid.remove(danger)
    turns = [turn_line(a, edition, locale) for a in accounts]
    turns += [danger_words(d, edition, locale) for d in unsaid]
    count = len(turns)
    head = tn(locale, "clicks.account.summary", count, start=money(start_cash),
              end=money(end_cash), parts=summary_parts(steps, edition, locale))
    tail = stop_line(stop, end_cash, count, edition=edition, locale=locale, cash_out=cash_out,
                     roll_on=roll_on)
    ordered = orders_line(steps, edition, locale)
    if ordered:
        tail = ordered + ("\n" + tail if tail else "")
    room = limit - len(head) - (len(tail) + 1 if tail else 0) - 1
    kept: list[str] = []
    for line in reversed(turns):
        earlier = count - len(kept) - 1
        note = tn(locale, "clicks.account.earlier", earlier) if earlier else ""
        need = sum(len(x) + 1 for x in kept) + len(line) + (len(note) + 1 if note else 0)
        if need > room:
            break
        kept.append(line)
    kept.reverse()
    earlier = count - len(kept)
    body = ([tn(locale, "clicks.account.earlier", earlier)] if earlier else []) + kept
    text = "\n".join([head, *body, *([tail] if tail else [])])
    return text[:limit]
