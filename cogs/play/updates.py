"""The game message under load: a saved move's text at once, its board picture as soon as a
worker has drawn it, and only ever the newest state.

An answer to Discord must come within 3 s, however many players click at once. The picture
is drawn in the worker pool, never on the event loop. If it is ready within PICTURE_WAIT the
answer carries it; else the answer goes without it (the embed says the board is being drawn,
and the older picture is taken away rather than shown beside newer text), and a follow-up
edit adds it.

Per game, one follow-up task at a time shows the newest state known. Clicks that pile up
while a picture is drawn only replace that newest state: the task then draws and sends the
newest one, never a backlog of stale pictures. When Discord answers an edit with 429,
discord.py waits as told and retries; the task, once its edit went through, looks again and
edits once more if a newer state arrived meanwhile, so the last edit shows the newest state.
An answer Discord refused (too late: 10062) is followed by an edit of the message through
the channel; if that fails too (message deleted), the game is still saved, and the next
press or /monopoly resume shows it where it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.pictures.jobs import Picture
from bot.application.service import GameRecord, Played
from game_core import Event


from cogs.common.board_launch import shown as board_shown
from cogs.play import private_games
from cogs.play.message import GameMessage, build_game_message, draw_picture
from cogs.common.replies import can_attach, locale_for, owner_name, service_of

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

log = logging.getLogger(__name__)
# Clicks in progress at once beyond which a click is acknowledged first (deferred) and its
# message edited once the move is saved: under a burst, every click gets its cheapest answer
# before any click's heavier work.
BUSY = 8
# How long a click acknowledged first waits, at most, for the other clicks' acknowledgements
# before its own move and answer: under a burst the cheap answers (Discord's 3 s) go first,
# and the heavier work (the move, the message) after them.
ACKS_FIRST = 1.0
# Moves made at once, the others waiting their turn: a burst's thousand moves released at
# once would all wait for the database's few connections (PostgreSQL: 10 a process), and
# those still waiting when their time budget ran out were refused "busy, try again".
MOVES_AT_ONCE = 16
# Clicks in progress beyond which a burst holds the pictures back: each picture's drawing
# and upload then wait (PICTURES_AFTER at most) until the clicks are back to BUSY or fewer,
# and the two cores go to every click's move and text board first (the board shown, with
# "Drawing the board…"), not to drawing, the workers' results and the 85 kB uploads. Well
# over BUSY: 100 clicks a second (steady) may pass 8 in progress now and then, and holding
# the pictures each time made them seconds late (p99 8.3 s, bench/capacity.py --seconds 60);
# and 100 clicks at once have all their text boards out in about a quarter of a second, so
# holding their pictures only made them later (p99 1.05 s against 0.67 s behind hints). 200
# clicks are about half a second of the event loop's work.
HOLD = 200
PICTURES_AFTER = 3.0
# How long an answer may wait for its picture before going without it. Drawing takes ~10 ms
# when a worker is free; when pictures queue for the workers, the answer doesn't wait at all.
PICTURE_WAIT = 0.1
# A message edit refused with a rate limit or a server error is tried this many times by the
# follow-up (each after discord.py's own retries), then left for the next press.
EDIT_ATTEMPTS = 3
Edit = Callable[..., Awaitable[object]]  # changes the game message: edit(**edit_kwargs())


@dataclass(eq=False)
class Shown:
    """One state of a game to show on its message, and how far that got."""

    record: GameRecord
    events: Sequence[Event]
    locale: str
    player: str
    picture: bool  # False: a text board (no Attach Files permission)
    drawing: asyncio.Future[Picture] | None  # the board, or a finished game's recap
    edit: Edit | None = None  # how a follow-up changes the message showing it
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    played: Played | None = None  # the click's moves (a Roll on's account, forced ways)
    preview: str | None = None  # Pay it for me's confirm step: the way it lists first
    rolling: bool = False  # answering its decision goes on rolling
    keep: frozenset[int] = frozenset()  # properties not to be offered again, rolling on
    board: bool = False  # the bot serves the Activity: a button opens the game on the board

    def message(self, drawn: Picture | None) -> GameMessage:
        return build_game_message(self.record, self.events, locale=self.locale,
                                  player=self.player, picture=self.picture, drawn=drawn,
                                  played=self.played, preview=self.preview,
                                  rolling=self.rolling, keep=self.keep, board=self.board)

    async def picture_within(self, seconds: float | None) -> Picture | None:
        """The picture if it is drawn within `seconds` (None: not yet, not wanted, or given
        up for a newer state). Waiting never raises what the drawing raised."""
        if self.drawing is None:
            return None
        await asyncio.wait({self.drawing}, timeout=seconds)
        if self.drawing.done() and not self.drawing.cancelled() \
                and self.drawing.exception() is None:
            return self.drawing.result()
        return None


@dataclass(eq=False)
class _Game:
    newest: Shown
    complete: Shown | None = None  # shown whole (text and picture) by the last edit
    task: asyncio.Task[None] | None = None
    unanswered: int = 0  # states whose answer is still on its way


class BoardUpdates:
    """The newest state of each game waiting to be shown, and the tasks showing them."""

    def __init__(self, bot: MonopolyBot) -> None:
        self._bot = bot
        self._games: dict[int, _Game] = {}
        self._clicks = 0  # clicks being handled now
        self._acknowledging = 0  # clicks whose acknowledgement is on its way
        self._no_acks = asyncio.Event()  # set while none is
        self._no_acks.set()
        self._calm = asyncio.Event()  # cleared from HOLD clicks on, until not busy
        self._calm.set()
        self.moves = asyncio.Semaphore(MOVES_AT_ONCE)  # a click's move, in its turn

    @contextlib.contextmanager
    def acknowledging(self) -> Iterator[None]:
        """A click's acknowledgement (a deferral) is on its way meanwhile."""
        self._acknowledging += 1
        self._no_acks.clear()
        try:
            yield
        finally:
            self._acknowledging -= 1
            if not self._acknowledging:
                self._no_acks.set()

    async def after_acknowledgements(self, most: float = ACKS_FIRST) -> None:
        """Once no click waits for its acknowledgement (at most `most` seconds): a click
        acknowledged first lets the others' acknowledgements go before its own move."""
        await _set_within(self._no_acks, most)

    @contextlib.contextmanager
    def clicking(self) -> Iterator[None]:
        self._clicks += 1
        if self._clicks > HOLD:
            self._calm.clear()
        try:
            yield
        finally:
            self._clicks -= 1
            if not self.busy:
                self._calm.set()

    async def calm(self, most: float = PICTURES_AFTER) -> None:
        """Once the clicks in progress are no burst any more (at most `most` seconds): a
        picture's drawing and upload wait here, behind the burst's text answers."""
        await _set_within(self._calm, most)

    @property
    def busy(self) -> bool:
        return self._clicks > BUSY

    def state(self, interaction: discord.Interaction[Any], record: GameRecord,
              events: Sequence[Event], played: Played | None = None,
              preview: str | None = None, rolling: bool = False,
              keep: frozenset[int] = frozenset()) -> Shown:
        """`record` as the player will see it; its picture starts being drawn now."""
        picture, locale = can_attach(interaction), locale_for(interaction)
        # A finished game's recap is drawn even without Attach Files: its text stands in.
        drawing = (asyncio.ensure_future(self._draw(record, events, locale, picture))
                   if picture or record.game.is_over else None)
        shown = Shown(record, events, locale, owner_name(interaction, record), picture, drawing,
                      played=played, preview=preview, rolling=rolling, keep=keep,
                      board=board_shown(self._bot))
        if drawing is not None:
            drawing.add_done_callback(_retrieve)
        game = self._games.get(record.id)
        if game is None:
            game = self._games[record.id] = _Game(shown)
        elif record.version >= game.newest.record.version:
            older, game.newest = game.newest, shown
            if older.drawing is not None and older is not game.complete:
                older.drawing.cancel()  # only the newest is drawn, if not started yet
        game.unanswered += 1
        return shown

    async def _draw(self, record: GameRecord, events: Sequence[Event], locale: str,
                    attach: bool) -> Picture:
        # Not drawn meanwhile either: the workers' results would come back into this process
        # (a thread unpickling 85 kB each, the GIL taken from the event loop) while text
        # answers still wait; drawn after, a burst's text boards came 10-25% sooner and its
        # pictures about 1 s later (bench/capacity.py, 1,000 clicks).
        await self.calm()  # a burst's text answers first
        return await draw_picture(self._bot, record, events, locale=locale, attach=attach)

    def picture_wait(self) -> float:
        return 0.0 if self.busy or self._bot.workers.backlog else PICTURE_WAIT

    def answered(self, shown: Shown, edit: Edit | None, *, whole: bool) -> None:
        """The answer showing `shown` was given (`whole`: with its picture); `edit` changes
        that message later (None: nothing can)."""
        shown.edit = edit
        shown.answered.set()
        game = self._games[shown.record.id]  # kept while any answer is on its way
        game.unanswered -= 1
        idle = game.task is None or game.task.done()
        if game.newest is shown and whole and idle:
            game.complete = shown
            if not game.unanswered:
                del self._games[shown.record.id]  # nothing more to show
            return
        if game.newest is not shown and game.newest.answered.is_set():
            # An older state's answer landed after the newest one's: show the newest again.
            game.complete = None
        if idle:
            game.task = asyncio.create_task(self._show_newest(shown.record.id, game))

    async def _show_newest(self, game_id: int, game: _Game) -> None:
        try:
            while game.complete is not game.newest:
                shown = game.newest
                await shown.answered.wait()  # its own answer goes first
                drawn = await shown.picture_within(None) if shown.drawing is not None else None
                await self.calm()  # its upload after the burst's text answers too
                if game.newest is not shown:  # a newer state came meanwhile: show that one
                    continue
                if shown.edit is None or (shown.drawing is not None and drawn is None):
                    log.info("game %d: can't update its message now; the next press or "
                             "/monopoly resume shows the game", game_id)
                    game.complete = shown  # nothing more can be done for this state
                    continue
                for attempt in range(EDIT_ATTEMPTS):
                    try:
                        await shown.edit(**shown.message(drawn).edit_kwargs())
                        break
                    except discord.HTTPException as exc:
                        if not _passing(exc) or attempt == EDIT_ATTEMPTS - 1:
                            log.info("game %d: could not update its message (%s)", game_id, exc)
                            break
                        await asyncio.sleep(1.0 + attempt)  # past discord.py's own retries
                game.complete = shown
        except Exception as exc:  # noqa: BLE001 -- a failed picture must not take the bot down
            if self._bot.is_closed():  # stopping: the saved game waits for the next start
                log.info("game %d: message not updated, the bot is stopping (%r)", game_id, exc)
            else:
                log.exception("game %d: could not show its newest state", game_id)
        finally:
            if self._games.get(game_id) is game and not game.unanswered:
                del self._games[game_id]


async def _set_within(event: asyncio.Event, most: float) -> None:
    """Once `event` is set, or after `most` seconds, whichever comes first."""
    if event.is_set():
        return
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(most):
            await event.wait()


def _passing(exc: discord.HTTPException) -> bool:
    """A refusal that may pass if the edit is tried again: a rate limit or a server error."""
    return exc.status == 429 or exc.status >= 500


def _retrieve(drawing: asyncio.Future[Picture]) -> None:
    """A drawing nobody waits for any more must not fail noisily (at shutdown, say)."""
    if not drawing.cancelled() and drawing.exception() is not None:
        log.debug("a picture was not drawn: %r", drawing.exception())


def updates_for(interaction: discord.Interaction[Any]) -> BoardUpdates:
    """The bot's game messages being updated (one BoardUpdates per bot, on its registry)."""
    bot: MonopolyBot = interaction.client
    return bot.parts.get_or_make(BoardUpdates, lambda: BoardUpdates(bot))


async def answer_click(interaction: discord.Interaction[Any], record: GameRecord,
                       events: Sequence[Event], played: Played | None = None,
                       preview: str | None = None, rolling: bool = False,
                       keep: frozenset[int] = frozenset()) -> None:
    """Answer a click by editing its message to show `record` (after `events`; `played`:
    what the click did, move by move; `preview`: Pay it for me's confirm step, the way it
    lists first)."""
    updates = updates_for(interaction)
    shown = updates.state(interaction, record, events, played, preview, rolling, keep)
    edit: Edit | None = None
    drawn: Picture | None = None
    delivered = False
    try:
        drawn = await shown.picture_within(updates.picture_wait())
        if interaction.response.is_done():  # acknowledged first (deferred): edit it now
            await interaction.edit_original_response(**shown.message(drawn).edit_kwargs())
        else:
            await interaction.response.edit_message(**shown.message(drawn).edit_kwargs())
        edit = interaction.edit_original_response
        delivered = True
        if record.daily_day is not None or not interaction.is_guild_integration() or (
                interaction.message is not None and interaction.message.flags.ephemeral):
            # How a command reaches this message: only through an interaction.
            private_games.remember(interaction.client, record.id, edit)
    except discord.NotFound as exc:  # too late (10062): Discord told the player it failed
        log.warning("game %d: the answer to a click was refused (%s); updating the message "
                    "through its channel", record.id, exc)
        edit = interaction.message.edit if interaction.message is not None else None
    except discord.HTTPException as exc:
        if not _passing(exc):
            raise
        # Still rate limited after discord.py's own retries (or Discord hiccupped): the move
        # is saved, so the follow-up shows it a moment later rather than an error id.
        log.warning("game %d: its message could not be edited yet (%s); trying again later",
                    record.id, exc)
        if interaction.response.is_done():
            edit = interaction.edit_original_response
        elif interaction.message is not None:
            edit = interaction.message.edit
    finally:
        updates.answered(shown, edit, whole=delivered and (drawn is not None
                                                           or shown.drawing is None))


async def is_private(interaction: discord.Interaction[Any], record: GameRecord) -> bool:
    """Whether `record`'s messages are for its player's eyes only: a daily until it is over
    (H5), or any game of a server whose admins made games private, so
    that a command's new message never shows such a game to the channel."""
    if record.daily_day is not None:
        return True
    if record.guild_id is None:
        return False
    return not (await service_of(interaction).servers.settings(record.guild_id)).public


async def answer_with_message(interaction: discord.Interaction[Any], record: GameRecord,
                              events: Sequence[Event]) -> discord.Message:
    """Answer a command with a new game message showing `record`; returns that message."""
    updates = updates_for(interaction)
    shown = updates.state(interaction, record, events)
    edit: Edit | None = None
    drawn: Picture | None = None
    try:
        drawn = await shown.picture_within(updates.picture_wait())
        kwargs = shown.message(drawn).send_kwargs()
        private = await is_private(interaction, record)
        if private:  # seen by its player only: a daily (H5), a private server's game
            kwargs["ephemeral"] = True
        sent: discord.Message
        if interaction.response.is_done():
            sent = await interaction.followup.send(wait=True, **kwargs)
            edit = sent.edit
        else:
            callback = await interaction.response.send_message(**kwargs)
            resource = callback.resource if callback is not None else None
            sent = (resource if isinstance(resource, discord.InteractionMessage)
                    else await interaction.original_response())
            edit = interaction.edit_original_response
        if private or not interaction.is_guild_integration():
            # How a command reaches this message: a private one can only be edited through
            # an interaction, and so can any where the bot isn't installed (a player's own
            # install), as long as that interaction's token lives.
            private_games.remember(interaction.client, record.id,
                                   interaction.edit_original_response)
        return sent
    finally:
        updates.answered(shown, edit, whole=drawn is not None or shown.drawing is None)


async def update_message(interaction: discord.Interaction[Any], record: GameRecord,
                         events: Sequence[Event], edit: Edit) -> None:
    """After a command (answered already) changed the game: `edit` its message to show
    `record`, with its picture. Raises what `edit` raises."""
    updates = updates_for(interaction)
    shown = updates.state(interaction, record, events)
    done = False
    try:
        drawn = await shown.drawing if shown.drawing is not None else None
        await edit(**shown.message(drawn).edit_kwargs())
        done = True
    finally:
        updates.answered(shown, edit if done else None, whole=done)
