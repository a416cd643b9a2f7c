"""`solo-monopoly play`: a whole game in the terminal, through the same service, the same
flow and the same words as the bot's buttons. Quit at any prompt, or Ctrl-C: the
game waits (H2) and resumes next time.

Keys don't renumber after each action: `r` roll, `o` roll on, `b` buy, `d` decline, `p` pay
it for me (or the plan shown: raise the price and buy, lift and build, cash out), `u`/`t`
build a house/hotel, `f` finish building, `j` pay the fine, `c` use the card, `k` sell it,
`m N` / `l N` / `x N` mortgage, lift, sell a building on square N, `g` give up, `s` status,
`v` the text board, `i` the pictures as PNG files (bot.cli.pictures), `w` standing orders
(bot.cli.standing_orders), `h` a hint (the same
hint service as the bot's, in worker processes started at the first `h`), `q` quit, `?` the
keys. As on Discord, the answer to a decision Roll on stopped for goes on rolling, until `r`.
At a build stop, `u N` builds the street up to N houses (5: the hotel) at once; each level
within reach is listed with its cost first.

The terminal plays on its own database file by default (TERMINAL_DB_PATH), never the bot's:
a game played here must not land on the bot's leaderboards (--db chooses another).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from game_core import (
    Action, BuildHotel, BuildHouse, Buy, Decline, DoneBuilding, GameError, IllegalActionError,
    LiftMortgage, Mortgage, PayFine, Resign, Roll, SellBuilding, SellJailCard, UseJailCard,
)
from game_core import BuildTo
from game_core.game import Game
from game_core.plans import CASH_OUT, PAY_DEBT, RAISE_TO_BUY, UNBLOCK, WAYS, Plan
from game_core.prompts import STOP_WIN, way_to_win
from game_core.state import ROLL

from bot.cli.interrupts import CtrlC, Interrupted
from bot.cli.paths import PICTURES_DIR, TERMINAL_DB_PATH
from bot.cli.pictures import say_written, write_pictures
from bot.cli.standing_orders import ORDERS_KEY, orders_key, undo_line
from bot.errors import ServiceError, WordedRefusal
from bot.application.autoplay import ROLLED_ON, Played, plan_for
from bot.application.choices import Choices, choices_now
from bot.application.hinted import HintedWays
from bot.application.hints import HintService
from bot.i18n import format_money, t
from bot.narration import build_to_note
from bot.narration import house_rules_notice, property_lines, refusal_text, square_name
from bot.narration.errors import error_clause
from bot.narration.account import (
    account_lines, describe_buy_plan, describe_debt_plans, describe_unblock_plan, key_name,
    narrate_steps, plan_steps, stop_line,
)
from bot.narration.hints import describe_hint
from bot.narration.narrate import (
    action_label, describe_outcome, describe_pending, told_the_end,
)
from bot.application.service import GameRecord, GameService
from bot.hosting.settings import database_target
from bot.hosting.workers import WorkerPool
from bot.pictures.board_text import render_board_text
from bot.pictures.jobs import recap

Ask = Callable[[str], str]
Say = Callable[[str], None]
MAKE_PLAY = "make play"  # the command the README gives (it sets SOLO_MONOPOLY_COMMAND so)
QUIT_WORDS = ("q", "quit", "exit")
YES_WORDS = ("y", "yes")  # in every language (no key of the terminal's), with the player's own
HINT_WORDS = ("h", "hint", "conseil")
# Stable keys: one letter per kind of action, the same whatever else is on offer.
KEYS: dict[type[Action], str] = {
    Roll: "r", Buy: "b", Decline: "d", BuildHouse: "u", BuildHotel: "t", DoneBuilding: "f",
    PayFine: "j", UseJailCard: "c", SellJailCard: "k", Mortgage: "m", LiftMortgage: "l",
    SellBuilding: "x", Resign: "g", BuildTo: "u",  # `u N`: up to N, the levels listed
}
SQUARE_KEYS = {"m": Mortgage, "l": LiftMortgage, "x": SellBuilding}
ROLL_ON_KEY, PLAN_KEY, STATUS_KEY, BOARD_KEY, HELP_KEY = "o", "p", "s", "v", "?"
PICTURES_KEY = "i"  # the board, recap, money map and record chart as PNG files
NEVER_KEY = "n"  # rolling on: decline, and don't offer this property again


def run_terminal(db: str | None, user_id: int, locale: str, edition: str,
                 ask: Ask = input, say: Say = print,
                 options: Mapping[str, Any] | None = None, edition_chosen: bool = False,
                 command: str = MAKE_PLAY) -> int:
    """`db`: --db; by default the terminal's own file, never the bot's (MONOPOLY_DB).
    Ctrl-C anywhere saves and quits at once (every move is already saved), saying so once.
    `command`: how the player started this, named when the game is saved or over."""
    ctrl_c = CtrlC()
    try:
        return ctrl_c.run(play(database_target(db or TERMINAL_DB_PATH), user_id, locale,
                               edition, ctrl_c.asking(ask), say, options=options,
                               edition_chosen=edition_chosen, command=command,
                               pictures_at_end=True))
    except (KeyboardInterrupt, Interrupted):  # at a yes/no question, or during a move
        say("")
        say(t(locale, "clicks.terminal.interrupted", command=command))
        return 0


def offered_plan(game: Game, choices: Choices | None = None) -> tuple[str, Plan] | None:
    """The plan `p` carries out now, among the choices the Discord message offers too
    (bot.application.choices): a debt's, raising a price the cash can't pay, lifting what
    blocks building here, or cashing out to win."""
    choices = choices or choices_now(game)
    kind = choices.plan_kind
    if kind is None:
        return None
    plan = choices.plan if choices.plan is not None else plan_for(game, kind)
    return None if plan is None else (kind, plan)


def keys_now(game: Game, rolling: bool = False, choices: Choices | None = None) -> list[str]:
    """The keys that do something now, in a stable order."""
    choices = choices or choices_now(game, rolling=rolling)
    legal = choices.actions
    keys = [KEYS[type(a)] for a in legal if type(a) not in (*SQUARE_KEYS.values(), BuildTo)]
    if choices.roll_on:
        keys.insert(1, ROLL_ON_KEY)
    if choices.decline_for_good:
        keys.append(NEVER_KEY)
    if offered_plan(game, choices) is not None:
        keys.append(PLAN_KEY)
    for key, kind in SQUARE_KEYS.items():
        if any(type(a) is kind for a in legal):
            keys.append(f"{key} N")
    if choices.build_to:
        keys.append(f"{KEYS[BuildTo]} N")
    return list(dict.fromkeys(keys)) + ["s", "v", PICTURES_KEY, "h", "q"]


def parse(answer: str, game: Game, rolling: bool = False) -> Action | str | None:
    """The action, or one of the words "roll_on", "plan", "status", "board", "help", "hint",
    "pictures", "quit"; None when it is no key here. Square numbers are ASCII digits only
    ("²" or "٣" are as wrong as "zz")."""
    if answer in QUIT_WORDS:
        return "quit"
    if answer in HINT_WORDS:
        return "hint"
    words = {ROLL_ON_KEY: "roll_on", PLAN_KEY: "plan", STATUS_KEY: "status",
             BOARD_KEY: "board", HELP_KEY: "help", PICTURES_KEY: "pictures"}
    if answer in words:
        return words[answer]
    if answer == NEVER_KEY and choices_now(game, rolling=rolling).decline_for_good:
        return "never"
    legal = game.legal_actions()
    key, rest = answer[:1], answer[1:].strip()
    if key in SQUARE_KEYS and rest:
        if not (rest.isascii() and rest.isdigit()) or int(rest) >= 40:
            return None
        wanted: Action = SQUARE_KEYS[key](int(rest))
        return wanted if wanted in legal else None
    if key == KEYS[BuildTo] and rest:  # P2: up to level N, one of those listed
        level = BuildTo(int(rest)) if rest.isascii() and rest.isdigit() else None
        return level if level in legal else None
    for action in legal:
        if KEYS[type(action)] == answer and type(action) not in (*SQUARE_KEYS.values(),
                                                                  BuildTo):
            return action
    return None


def is_yes(answer: str, locale: str) -> bool:
    words = answer.strip().lower()
    return words in YES_WORDS or words in t(locale, "terminal.yes_words").split()


def is_no(answer: str, locale: str) -> bool:
    """Enter alone (the N of "(y/N)"), or a no word of any language the player may type."""
    words = answer.strip().lower()
    return not words or words in ("n", "no") or words in t(locale, "terminal.no_words").split()


class OptionsNeedANewGame(WordedRefusal):
    """--preset or --rule given while a game is in progress: they would be ignored."""

    def __init__(self, game_id: int, locale: str) -> None:
        super().__init__(t(locale, "terminal.options_in_progress", game_id=game_id))


class Terminal:
    """One game at the terminal: what it shows and how it answers a key."""

    def __init__(self, service: GameService, user_id: int, locale: str, ask: Ask,
                 say: Say) -> None:
        self.service, self.user_id, self.locale = service, user_id, locale
        self.ask, self.say = ask, say
        self.rolling = False  # the answer to a decision goes on rolling (after `o`)
        self.keep: frozenset[int] = frozenset()  # declined for good, while rolling on
        self.win_told = False  # the last account ended on the win stop: it named the key
        self.end_told = False  # the last moves told the game's end (E1-E3): said once

    def money(self, amount: int, record: GameRecord) -> str:
        return format_money(amount, record.edition, self.locale)

    def show(self, record: GameRecord) -> None:
        game, loc = record.game, self.locale
        s = game.s
        self.say("")
        self.say(t(loc, "terminal.status", turn=game.turn,
                   square=square_name(record.edition, s.position, loc, in_jail=s.in_jail),
                   cash=self.money(s.cash, record), bank=self.money(s.bank_cash, record)))
        self.say(describe_pending(game, locale=loc))
        choices = choices_now(game, rolling=self.rolling)  # once: plans are found by trial
        offered = offered_plan(game, choices)
        if offered is not None and offered[0] == RAISE_TO_BUY:
            self.say(describe_buy_plan(offered[1], game, loc))
        elif offered is not None and offered[0] == UNBLOCK:
            self.say(describe_unblock_plan(offered[1], game, loc))
        elif offered is not None and offered[0] == CASH_OUT and not self.win_told:
            self.say(t(loc, "clicks.offer.cash_out", cash_out=key_name(PLAN_KEY, loc)))
        self.win_told = False
        self.say(t(loc, "clicks.terminal.options",
                   keys=" · ".join(keys_now(game, self.rolling, choices))))
        for action in game.legal_actions():
            if type(action) in SQUARE_KEYS.values():
                self.say(t(loc, "clicks.terminal.menu", key=KEYS[type(action)],
                           square=action.square,  # type: ignore[attr-defined]
                           label=action_label(action, game, locale=loc)))
        for level in choices.build_to:  # P2: each level with its cost, before it is chosen
            self.say(t(loc, "clicks.terminal.menu", key=KEYS[BuildTo], square=level.level,
                       label=f"{action_label(level, game, locale=loc)} · "
                             f"{build_to_note(level, game, locale=loc)}"))

    def status(self, record: GameRecord) -> None:
        game, loc = record.game, self.locale
        s = game.s
        worth, left = way_to_win(game)

        def field(key: str, value: object) -> str:  # "Label: value", the language's way
            return t(loc, "terminal.field", label=t(loc, key), value=value)

        self.say(" · ".join((
            field("clicks.field.net_worth", self.money(worth, record)),
            field("clicks.field.cash_out",
                  t(loc, "clicks.value.cash_out.breaks") if left < 0 else t(
                      loc, "clicks.value.cash_out", left=self.money(left, record))))))
        self.say(" · ".join((field("status.supply", f"{s.houses_left} / {s.hotels_left}"),
                             field("status.pawns", s.pawns_left),
                             field("status.jail_card", len(s.jail_cards)))))
        mine = property_lines(game, loc)
        self.say(field("status.properties",
                       ", ".join(mine) if mine else t(loc, "status.no_properties")))

    def tell(self, played: Played) -> None:
        record, loc = played.record, self.locale
        game = record.game
        steps = [(step.events, step.skip) for step in played.steps]
        keys = {"cash_out": key_name(PLAN_KEY, loc), "roll_on": key_name(ROLL_ON_KEY, loc)}
        self.win_told = played.stop is not None and played.stop.why == STOP_WIN
        self.end_told = told_the_end(step.events for step in played.steps)
        if any(step.by == ROLLED_ON for step in played.steps):
            self.say(account_lines(steps, start_cash=played.start_cash, end_cash=game.s.cash,
                                   start_turn=played.start_turn, stop=played.stop,
                                   edition=record.edition, locale=loc, limit=10_000,
                                   start_square=played.start_square,
                                   start_in_jail=played.start_in_jail, end=game,
                                   dangers=played.dangers, **keys))
            return
        for line in narrate_steps(steps, edition=record.edition, locale=loc,
                                  doubles_matter=game.options.standard_doubles, end=game):
            self.say(line)
        tail = stop_line(played.stop, game.s.cash, game.turn - played.start_turn,
                         edition=record.edition, locale=loc, **keys)
        if tail:
            self.say(tail)

    def confirm(self, question: str) -> bool:
        """Only a yes word confirms (y, yes, or the player's language's: oui, sí), never a
        key such as `o` (roll on): a key typed ahead must not carry a plan out."""
        try:
            answer = self.ask(question)
        except EOFError:
            return False
        if is_yes(answer, self.locale):
            return True
        if not is_no(answer, self.locale):  # French `o`, a key: refused in words, not silent
            self.say(t(self.locale, "terminal.not_yes", answer=answer.strip()[:20]))
        return False

    async def plan(self, record: GameRecord) -> Played | None:
        """`p`: the plan on offer; a debt's is listed first and asked (as on Discord)."""
        offered = offered_plan(record.game)
        if offered is None:
            return None
        kind, plan = offered
        game, loc = record.game, self.locale
        way = plan.way
        if kind == PAY_DEBT:  # the Hint's best way first, when one was asked here
            plans = self.service.hinted.first(
                [p for p in (plan_for(game, PAY_DEBT, w) for w in WAYS) if p], record.id,
                record.version)
            way = plans[0].way
            self.say(describe_debt_plans(plans, game, loc))
            if not self.confirm(t(loc, "clicks.terminal.confirm_plan")):
                return None
        else:
            self.say(t(loc, "clicks.terminal.plan", plan=plan_steps(plan, game, loc)))
        return await self.service.autoplay.carry_out(record.id, self.user_id, record.version, kind,
                                                     way, roll_on=self.rolling,
                                                     keep_declining=self.keep)

    async def act(self, record: GameRecord, chosen: Action | str) -> Played | None:
        if chosen == "roll_on":
            self.rolling = True
            return await self.service.autoplay.roll_on(record.id, self.user_id, record.version,
                                                       self.keep)
        if chosen == "plan":
            return await self.plan(record)
        if chosen == "never":
            played = await self.service.autoplay.play(record.id, self.user_id, record.version,
                                                      Decline(), roll_on=True,
                                                      keep_declining=self.keep, never_again=True)
            self.keep = played.keep_declining
            return played
        assert isinstance(chosen, Action)
        if isinstance(chosen, Roll) and record.game.pending == ROLL:
            self.rolling, self.keep = False, frozenset()  # plain Roll: one roll
        if isinstance(chosen, Resign) and not self.confirm(
                t(self.locale, "terminal.confirm_resign")):
            return None  # E3 can't be undone: a slip of the finger must not end the game
        return await self.service.autoplay.play(record.id, self.user_id, record.version, chosen,
                                                roll_on=self.rolling, keep_declining=self.keep)


async def play(path: str | Path, user_id: int, locale: str, edition: str, ask: Ask, say: Say,
               workers: WorkerPool | None = None, hint_rollouts: int | None = None,
               options: Mapping[str, Any] | None = None,
               pictures: Path = PICTURES_DIR, edition_chosen: bool = False,
               command: str = MAKE_PLAY, pictures_at_end: bool = False,
               hinted: HintedWays | None = None) -> int:
    """Resume the player's game, or start one with `options` (house rules, a preset's;
    given while a game is in progress they are refused, OptionsNeedANewGame, rather than
    ignored, as is an `edition_chosen` by --edition). `pictures_at_end`: the game's pictures
    written once it is over (the command's; `i` writes them at any prompt). `workers`: the
    pool hints run in (default: worker processes, started at the first hint);
    `hint_rollouts`: per choice (default: the advisor's); `hinted`: the debt ways Hints
    asked before rated best (default: none; a test's, as if asked in this process). The first
    Ctrl-C quits (the game is saved: every move is stored as it is made)."""
    service = await GameService.open(path)
    if hinted is not None:
        service.hinted = hinted
    hints: HintService | None = None
    own_workers = workers is None
    try:
        record = await service.active_game(user_id)
        if record is not None and (options is not None or edition_chosen):
            raise OptionsNeedANewGame(record.id, locale)
        if record is None:
            record = await service.start(user_id, None, None, edition=edition, options=options)
            say(t(locale, "terminal.started", game_id=record.id))
        else:
            say(t(locale, "terminal.resumed", game_id=record.id, turn=record.game.turn))
        say(t(locale, "clicks.terminal.keys"))
        notice = house_rules_notice(record.game.options, edition=record.edition, locale=locale)
        if notice:  # say plainly which house rules are on
            say(notice)
        term = Terminal(service, user_id, locale, ask, say)
        while not record.game.is_over:
            term.show(record)
            try:
                answer = ask(t(locale, "clicks.terminal.prompt")).strip().lower()
            except EOFError:  # Ctrl-D or the end of piped input: quit, the game is saved
                answer = QUIT_WORDS[0]
                say("")
            except KeyboardInterrupt:  # the first Ctrl-C: saved (it always is), quit
                say("")
                say(t(locale, "clicks.terminal.interrupted", command=command))
                return 0
            if answer.split(" ", 1)[0] == ORDERS_KEY:  # standing orders (game_core.orders)
                await orders_key(service.prefs, user_id, answer[1:].strip(), locale, say)
                continue
            chosen = parse(answer, record.game, term.rolling)
            if chosen == "quit":
                say(t(locale, "terminal.saved", command=command))
                return 0
            if chosen is None:
                say(t(locale, "clicks.terminal.bad_key",
                      keys=" ".join(keys_now(record.game, term.rolling))))
                continue
            if chosen == "help":
                say(t(locale, "clicks.terminal.keys"))
                say(t(locale, "clicks.terminal.orders_help"))
                continue
            if chosen == "status":
                term.status(record)
                continue
            if chosen == "board":
                say(render_board_text(record.game, locale=locale, plain=True))
                continue
            if chosen == "pictures":
                await _write_pictures(service, record, locale, pictures, say)
                continue
            if chosen == "hint":
                if hints is None:
                    workers = workers or WorkerPool.start()
                    hints = HintService(service, workers)
                    if hint_rollouts is not None:
                        hints.rollouts = hint_rollouts
                say(t(locale, "terminal.thinking"))
                try:
                    record, hint = await hints.hint(record.id, user_id, record.version)
                except ServiceError as exc:  # a busy database...: worded, never its English
                    say(t(locale, "terminal.refused",
                          reason=error_clause(exc, record.game, locale=locale)))
                    continue
                for line in describe_hint(hint, record.game, locale=locale, bold=False,
                                          limit=None):  # no length limit: plans whole
                    say(line)
                continue
            try:
                played = await term.act(record, chosen)
            except IllegalActionError as exc:  # e.g. `o` while a choice waits: not the time
                record = await service.get(record.id)  # its names, what it waits for
                say(t(locale, "terminal.refused",
                      reason=refusal_text(exc, record.game, locale=locale)))
                continue
            except (GameError, ServiceError) as exc:  # worded from its type, never its English
                say(t(locale, "terminal.refused",
                      reason=error_clause(exc, record.game, locale=locale)))
                record = await service.get(record.id)
                continue
            if played is not None:
                term.tell(played)
                if undo := undo_line(played.orders_used, locale):
                    say(undo)
                record = played.record
        await _the_end(service, record, locale, say, told=term.end_told)
        if pictures_at_end:  # as Discord shows the recap at the end: the files, and where
            await _write_pictures(service, record, locale, pictures, say)
        if notice:
            say(notice)
        say(t(locale, "terminal.again", command=command))
        return 0
    finally:
        try:
            if own_workers and workers is not None:
                await workers.close()
        finally:
            await service.close()


async def _write_pictures(service: GameService, record: GameRecord, locale: str,
                          folder: Path, say: Say) -> None:
    try:
        say_written(await write_pictures(service, record, locale, folder), locale, say)
    except OSError as exc:  # a file where the folder goes, a full disk: said, play goes on
        say(t(locale, "terminal.pictures.failed", folder=folder, reason=exc.strerror or exc))


async def _the_end(service: GameService, record: GameRecord, locale: str, say: Say, *,
                   told: bool = False) -> None:
    """The outcome (unless the last moves' lines just told it), then the recap of the whole
    game (the recap picture's, in words) without its title, which says the outcome again:
    the end is said once."""
    if not told:
        say(describe_outcome(record.game, locale))
    text = recap(await service.game_log(record.id), locale, False).text
    body = text.split("\n", 1)[1] if "\n" in text else ""
    if body:
        say(body)


__all__ = ["GameRecord", "TERMINAL_DB_PATH", "play", "run_terminal"]
