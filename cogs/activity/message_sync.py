"""A move made on the board shows on the game's chat message too: the message is edited where
it is (through its channel, or through the last interaction that showed a private one), with
the same embed, controls and picture a click would show (cogs/play/message.py).

One edit at a time per game, of the newest state only: taps that come faster than Discord
takes edits replace the state waiting to be shown rather than queue up. A message that can't
be edited (deleted, no access, a player's own install) is left: the game is saved, and the
next command in the chat shows it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.application.autoplay import Played
from bot.application.records import GameRecord
from game_core import Event

from cogs.play import private_games
from cogs.play.message import build_game_message, draw_picture

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _State:
    record: GameRecord
    events: Sequence[Event]
    played: Played | None
    locale: str
    player: str


class MessageSync:
    def __init__(self, bot: MonopolyBot) -> None:
        self._bot = bot
        self._newest: dict[int, _State] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self.edits = 0  # messages edited (tests, the bench)

    def show(self, record: GameRecord, events: Sequence[Event], played: Played | None, *,
             locale: str, player: str) -> None:
        if record.message_id is None and private_games.edit_of(self._bot, record.id) is None:
            return  # no message in the chat (a game started on the board)
        self._newest[record.id] = _State(record, events, played, locale, player)
        task = self._tasks.get(record.id)
        if task is None or task.done():
            self._tasks[record.id] = asyncio.create_task(self._run(record.id))

    async def stop(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks.clear()

    async def idle(self) -> None:
        """Wait until every edit asked for is made (tests)."""
        while any(not task.done() for task in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _run(self, game_id: int) -> None:
        try:
            while (state := self._newest.pop(game_id, None)) is not None:
                await self._edit(state)
        except Exception:  # noqa: BLE001 -- the game is saved; the next command shows it
            log.exception("game %d: its chat message was not updated from the board", game_id)
        finally:
            self._tasks.pop(game_id, None)

    async def _edit(self, state: _State) -> None:
        record = state.record
        edit: Any = private_games.edit_of(self._bot, record.id)
        if edit is None and record.channel_id is not None and record.message_id is not None:
            channel = self._bot.get_partial_messageable(record.channel_id)
            edit = channel.get_partial_message(record.message_id).edit
        if edit is None:
            return
        drawn = await draw_picture(self._bot, record, state.events, locale=state.locale,
                                   attach=True)
        message = build_game_message(record, state.events, locale=state.locale,
                                     player=state.player, picture=True, drawn=drawn,
                                     played=state.played, board=True)
        try:
            await edit(**message.edit_kwargs())
        except discord.Forbidden:  # no Attach Files here: the text board instead
            message = build_game_message(record, state.events, locale=state.locale,
                                         player=state.player, picture=False,
                                         played=state.played, board=True)
            try:
                await edit(**message.edit_kwargs())
            except discord.HTTPException as exc:
                log.info("game %d: chat message not editable (%s)", record.id, exc)
                return
        except discord.HTTPException as exc:
            log.info("game %d: chat message not editable (%s)", record.id, exc)
            return
        self.edits += 1
