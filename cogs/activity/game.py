"""The game's endpoints: `GET /api/game` (the read model of the game the viewer sees) and
`POST /api/game/action` (a move, a new game, or the Hint), for the player named by our own
signed session only. Every move goes through the game service (bot.activity.moves), every
word through the read model (bot.activity.read_model)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Sequence
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.activity import read_model
from bot.activity.choice_ids import AGAIN, HINT, NEW, Choice, decode
from bot.activity.limits import RateLimit
from bot.activity.live import LiveGames
from bot.activity.moves import play_choice
from bot.activity.sessions import Session, SessionError, Sessions
from bot.application.autoplay import Played
from bot.application.records import GameRecord
from bot.errors import (
    ActiveGameExists, AlreadyThinking, DatabaseBusy, DatabaseUnavailable, GameFinished,
    GameNotFound, InvalidRequest, NoHints, NotYourGame, StaleVersion,
)
from bot.i18n import t
from bot.i18n.languages import language
from bot.narration import refusal_text
from game_core import Event, IllegalActionError
from game_core.advisor import Hint

from .answers import json_answer, limited, read_body
from .errors import ApiError, worded
from .message_sync import MessageSync

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

# Per player: far above what a person taps, far below what would cost the others.
ACTION_RATE, ACTION_BURST = 10.0, 20
READ_RATE, READ_BURST = 20.0, 40
HISTORY_MOVES = 10
MODELS_KEPT = 256
HINTS_KEPT = 256
# A Hint's refusals, worded as the message's Hint words them (cogs/hint).
HINT_REFUSALS: dict[type[Exception], tuple[int, str, str]] = {
    AlreadyThinking: (429, "thinking", "hint.already_thinking"),
    NoHints: (409, "no_hints", "hint.no_hints"),
    GameFinished: (409, "game_over", "hint.game_over"),
}


class GameApi:
    def __init__(self, bot: MonopolyBot, sessions: Sessions, live: LiveGames,
                 sync: MessageSync) -> None:
        self._bot = bot
        self.sessions = sessions
        self.live = live
        self.sync = sync
        monotonic = time.monotonic
        self.action_limit = RateLimit(ACTION_RATE, ACTION_BURST, monotonic)
        self.read_limit = RateLimit(READ_RATE, READ_BURST, monotonic)
        # The newest read models built, by (game, version, language, viewer, name): a state
        # pushed to several views (a player's page, its watchers) is built once.
        self._models: dict[tuple[int, int, str, str, str], dict[str, Any]] = {}
        # The Hints asked on the board, by (game, version): the player's model of that
        # version shows what it said (a reload, another of their views), until a move.
        self._hints: dict[tuple[int, int], Hint] = {}

    def session(self, request: web.Request) -> Session:
        header = request.headers.get("Authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(401, "no_session")
        try:
            return self.sessions.check(token.strip())
        except SessionError as exc:
            raise ApiError(401, exc.code) from None

    async def game(self, request: web.Request) -> web.Response:
        session = self.session(request)
        limited(self.read_limit, session.user_id)
        record, viewer = await self.viewed(session)
        return json_answer(await self.model(session, record, viewer))

    async def viewed(self, session: Session) -> tuple[GameRecord | None, str]:
        """The game the viewer sees: their own in progress, else the one the instance was
        launched for (watching), else their last one, else none."""
        service = self._bot.service
        try:
            record = await service.active_game(session.user_id)
            if record is not None:
                return record, read_model.PLAYER_VIEW
            if session.watch:
                watched = await service.latest_game(session.watch)
                if watched is not None:
                    return watched, read_model.WATCHER_VIEW
            return await service.latest_game(session.user_id), read_model.PLAYER_VIEW
        except DatabaseBusy:
            raise ApiError(503, "busy") from None
        except DatabaseUnavailable:
            raise ApiError(503, "unavailable") from None

    async def model(self, session: Session, record: GameRecord | None, viewer: str, *,
                    events: Sequence[Event] | None = None,
                    played: Played | None = None) -> dict[str, Any]:
        if record is None:
            return read_model.no_game(session.locale)
        model = await self._model(session, record, viewer, events=events, played=played)
        hint = self._hints.get((record.id, record.version))
        if hint is not None and viewer == read_model.PLAYER_VIEW:
            return read_model.with_hint(model, record, hint)
        return model

    async def _model(self, session: Session, record: GameRecord, viewer: str, *,
                     events: Sequence[Event] | None, played: Played | None
                     ) -> dict[str, Any]:
        key = (record.id, record.version, session.locale, viewer,
               session.name if viewer == read_model.PLAYER_VIEW else "")
        if played is None:  # the same state for every view that shows it: built once
            cached = self._models.get(key)
            if cached is not None:
                return cached
        service = self._bot.service
        entries = await service.history(record.id, limit=HISTORY_MOVES)
        last = list(events) if events is not None else (
            list(entries[0].events) if entries else [])
        older = [list(entry.events) for entry in entries[1:]]
        name = session.name if viewer == read_model.PLAYER_VIEW else ""
        model = read_model.game_model(record, last, locale=session.locale, viewer=viewer,
                                      player=name, played=played, history=older)
        # Kept also when built for an action's answer: the pushes of that state to the
        # player's other views reuse it (with the action's whole account).
        self._models[key] = model
        while len(self._models) > MODELS_KEPT:
            self._models.pop(next(iter(self._models)))
        return model

    async def action(self, request: web.Request) -> web.Response:
        session = self.session(request)
        limited(self.action_limit, session.user_id)
        body = await read_body(request)
        choice, version = decode(body.get("choice")), body.get("version")
        if choice is None or isinstance(version, bool) or not isinstance(version, int):
            raise ApiError(400, "bad_request")
        record, viewer = await self.viewed(session)
        if viewer != read_model.PLAYER_VIEW:
            raise ApiError(403, "not_your_game", worded(session.locale, "not_your_game"))
        if choice.base == HINT:
            return json_answer({"game": await self._hint(session, record, version)})
        if choice.base in (NEW, AGAIN):
            started = await self._start(session, record, choice)
            return json_answer({"game": await self.model(session, started, viewer,
                                                         events=[])})
        if record is None:
            raise ApiError(404, "no_game")
        if record.game.is_over:
            raise ApiError(409, "game_over", worded(session.locale, "game_over"))
        played = await self._play(session, record, version, choice)
        new = played.record
        events = played.steps[-1].events if played.steps else []
        if not played.duplicate:
            self.sync.show(new, events, played, locale=session.locale, player=session.name)
        return json_answer({"game": await self.model(session, new, viewer, events=events,
                                                     played=played)})

    @contextlib.asynccontextmanager
    async def _refusals(self, session: Session, game_id: int,
                        stale: str) -> AsyncIterator[None]:
        """The service's refusals a Hint and a move share, as the page's errors: an old
        version answers the game as it is now (`stale`: the words saying so)."""
        try:
            yield
        except StaleVersion:
            now = await self._bot.service.get(game_id)
            raise ApiError(409, "stale", stale, extra={
                "game": await self.model(session, now, read_model.PLAYER_VIEW)}) from None
        except NotYourGame:
            raise ApiError(403, "not_your_game") from None
        except GameNotFound:
            raise ApiError(404, "no_game") from None
        except DatabaseBusy:
            raise ApiError(503, "busy") from None
        except DatabaseUnavailable:
            raise ApiError(503, "unavailable") from None

    async def _hint(self, session: Session, record: GameRecord | None,
                    version: int) -> dict[str, Any]:
        """The Hint, asked on the board: the same hint service as the message's Hint button
        (its rollouts in the worker pool, one at a time per player, about this version), its
        words in the player's model of this version."""
        if record is None:
            raise ApiError(404, "no_game")
        locale = session.locale
        async with self._refusals(session, record.id, t(locale, "hint.stale")):
            try:
                hinted, hint = await self._bot.hints.hint(record.id, session.user_id,
                                                          version)
            except (AlreadyThinking, NoHints, GameFinished) as exc:
                status, code, key = HINT_REFUSALS[type(exc)]
                raise ApiError(status, code, t(locale, key)) from None
        self._hints[hinted.id, hint.version] = hint
        while len(self._hints) > HINTS_KEPT:
            self._hints.pop(next(iter(self._hints)))
        self.live.said(hinted)  # the player's other open views say it too
        return await self.model(session, hinted, read_model.PLAYER_VIEW)

    async def _play(self, session: Session, record: GameRecord, version: int,
                    choice: Choice) -> Played:
        locale = session.locale
        async with self._refusals(session, record.id, worded(locale, "stale")):
            try:
                played = await play_choice(self._bot.service, record.id, session.user_id,
                                           version, choice)
            except GameFinished:
                raise ApiError(409, "game_over", worded(locale, "game_over")) from None
            except IllegalActionError as exc:
                reason = refusal_text(exc, record.game, locale=locale)
                raise ApiError(409, "illegal", reason) from None
            except InvalidRequest:
                raise ApiError(400, "bad_request") from None
        return played

    async def _start(self, session: Session, record: GameRecord | None,
                     choice: Choice) -> GameRecord:
        """A new game (none going), or the next one after a finished game (Play again: the
        same edition and house rules). Where it is shown: the board; the chat has no
        message for it until the player's next command there."""
        service = self._bot.service
        edition, options = language(session.locale).edition, None
        if choice.base == AGAIN:
            if record is None or not record.game.is_over:
                raise ApiError(409, "active_game" if record else "no_game")
            edition, options = record.edition, record.options
        elif record is not None and not record.game.is_over:
            raise ApiError(409, "active_game")
        try:
            return await service.start(session.user_id, None, None, edition=edition,
                                       options=options)
        except ActiveGameExists:
            raise ApiError(409, "active_game") from None
        except DatabaseBusy:
            raise ApiError(503, "busy") from None
