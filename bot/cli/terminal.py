"""`solo-monopoly play`: a whole game in the terminal, through the same SQLite service as the
bot, told with the same words. Quit at any prompt; the game waits (H2) and resumes next time.
`h` asks for a hint (issue 13), computed by the same hint service as the bot's, in worker
processes started at the first `h` and stopped with the game."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from game_core import GameError, Resign

from bot.errors import ServiceError
from bot.application.hints import HintService
from bot.i18n import format_money, house_rules_notice, square_name, t
from bot.i18n.hints import describe_hint
from bot.i18n.narrate import action_label, describe_outcome, describe_pending, narrate
from bot.application.service import GameRecord, GameService
from bot.hosting.settings import database_target
from bot.hosting.workers import WorkerPool

Ask = Callable[[str], str]
Say = Callable[[str], None]
QUIT_WORDS = ("q", "quit", "exit")
YES_WORDS = ("y", "yes", "o", "oui")
HINT_WORDS = ("h", "hint", "c", "conseil")


def run_terminal(db: str | None, user_id: int, locale: str, edition: str,
                 ask: Ask = input, say: Say = print,
                 options: Mapping[str, Any] | None = None) -> int:
    return asyncio.run(play(database_target(db), user_id, locale, edition, ask, say,
                            options=options))


async def play(path: str | Path, user_id: int, locale: str, edition: str, ask: Ask, say: Say,
               workers: WorkerPool | None = None, hint_rollouts: int | None = None,
               options: Mapping[str, Any] | None = None) -> int:
    """Resume the player's game, or start one with `options` (house rules, a preset's).
    `workers`: the pool hints run in (default: worker processes, started at the first
    hint); `hint_rollouts`: per choice (default: the advisor's)."""
    service = await GameService.open(path)
    hints: HintService | None = None
    own_workers = workers is None
    try:
        record = await service.active_game(user_id)
        if record is None:
            record = await service.start(user_id, None, None, edition=edition, options=options)
            say(t(locale, "terminal.started", game_id=record.id))
        else:
            say(t(locale, "terminal.resumed", game_id=record.id, turn=record.game.turn))
        say(t(locale, "terminal.hint_help"))
        notice = house_rules_notice(record.game.options, edition=record.edition, locale=locale)
        if notice:  # issue 12: say plainly which house rules are on
            say(notice)
        while not record.game.is_over:
            game = record.game
            say("")
            say(t(locale, "terminal.status", turn=game.turn,
                  square=square_name(record.edition, game.s.position, in_jail=game.s.in_jail),
                  cash=format_money(game.s.cash, record.edition, locale),
                  bank=format_money(game.s.bank_cash, record.edition, locale)))
            say(describe_pending(game, locale=locale))
            actions = game.legal_actions()
            for number, action in enumerate(actions, 1):
                say(f"  {number:>2}. {action_label(action, game, locale=locale)}")
            try:
                answer = ask(t(locale, "terminal.prompt")).strip().lower()
            except EOFError:  # Ctrl-D or the end of piped input: quit, the game is saved
                answer = QUIT_WORDS[0]
                say("")
            if answer in QUIT_WORDS:
                say(t(locale, "terminal.saved"))
                return 0
            if answer in HINT_WORDS:
                if hints is None:
                    workers = workers or WorkerPool.start()
                    hints = HintService(service, workers)
                    if hint_rollouts is not None:
                        hints.rollouts = hint_rollouts
                say(t(locale, "terminal.thinking"))
                record, hint = await hints.hint(record.id, user_id, record.version)
                for line in describe_hint(hint, record.game, locale=locale, bold=False):
                    say(line)
                continue
            if not answer.isdigit() or not 1 <= int(answer) <= len(actions):
                say(t(locale, "terminal.bad_choice", count=len(actions)))
                continue
            action = actions[int(answer) - 1]
            if isinstance(action, Resign) and not _confirmed(ask, locale):
                continue  # E3 can't be undone: a slip of the finger must not end the game
            try:
                result = await service.act(record.id, user_id, record.version, action)
            except (GameError, ServiceError) as exc:
                say(t(locale, "terminal.refused", reason=str(exc)))
                record = await service.get(record.id)
                continue
            record = result.record
            for line in narrate(result.events, edition=record.edition, locale=locale,
                                doubles_matter=record.game.options.standard_doubles):
                say(line)
        say(describe_outcome(record.game, locale))
        if notice:
            say(notice)
        say(t(locale, "terminal.again"))
        return 0
    finally:
        try:
            if own_workers and workers is not None:
                await workers.close()
        finally:
            await service.close()


def _confirmed(ask: Ask, locale: str) -> bool:
    try:
        answer = ask(t(locale, "terminal.confirm_resign")).strip().lower()
    except EOFError:
        return False
    return answer in YES_WORDS


__all__ = ["GameRecord", "play", "run_terminal"]
