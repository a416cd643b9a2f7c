"""The Activity's web server, in the bot process, on the bot's own event loop (aiohttp, as
the metrics endpoint): the page's files, the token exchange, the game's read model, its
actions and its live updates (docs/activity-api.md is the contract).

An adapter only: who the viewer is comes from our own signed session (bot.activity.
sessions) and nothing else the page says; every move goes through the game service
(bot.activity.moves), every word through the read model (bot.activity.read_model).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from bot.activity import read_model
from bot.activity.assets import Asset, Assets
from bot.activity.choice_ids import AGAIN, HINT, NEW, Choice, decode
from bot.activity.limits import RateLimit, retry_after
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

from .discord_api import CodeRefused, DiscordDown, DiscordOAuth
from .errors import ApiError, guard, on_prepare, worded
from .message_sync import MessageSync

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

log = logging.getLogger(__name__)
SESSION_LABEL = b"activity-sessions"
MAX_BODY = 8 * 1024
CACHE_HASHED = "public, max-age=31536000, immutable"
# Token exchange: per address (the client's as a proxy on this machine forwards it, else
# the connection's: every page comes through Discord's proxy, so this is generous; a code is
# single-use anyway, and a refused one is never retried). Actions and reads: per player, far
# above what a person taps, far below what would cost the others.
TOKEN_RATE, TOKEN_BURST = 50.0, 100
ACTION_RATE, ACTION_BURST = 10.0, 20
READ_RATE, READ_BURST = 20.0, 40
FIRST_MESSAGE_WAIT = 10.0
HISTORY_MOVES = 10
MODELS_KEPT = 256
HINTS_KEPT = 256
# A Hint's refusals, worded as the message's Hint words them (cogs/hint).
HINT_REFUSALS: dict[type[Exception], tuple[int, str, str]] = {
    AlreadyThinking: (429, "thinking", "hint.already_thinking"),
    NoHints: (409, "no_hints", "hint.no_hints"),
    GameFinished: (409, "game_over", "hint.game_over"),
}


class ActivityServer:
    def __init__(self, bot: MonopolyBot, *, clock: Any = time.time) -> None:
        self._bot = bot
        settings = bot.settings
        self.settings = settings
        self.assets = Assets()
        service = bot.service
        self.sessions = Sessions(service.daily.derived_key(SESSION_LABEL), clock)
        monotonic = time.monotonic
        self.token_limit = RateLimit(TOKEN_RATE, TOKEN_BURST, monotonic)
        self.action_limit = RateLimit(ACTION_RATE, ACTION_BURST, monotonic)
        self.read_limit = RateLimit(READ_RATE, READ_BURST, monotonic)
        self.live = LiveGames(service.core)
        self.sync = MessageSync(bot)
        self._oauth: DiscordOAuth | None = None
        self._runner: web.AppRunner | None = None
        self._sockets: set[web.WebSocketResponse] = set()
        # The newest read models built, by (game, version, language, viewer, name): a state
        # pushed to several views (a player's page, its watchers) is built once.
        self._models: dict[tuple[int, int, str, str, str], dict[str, Any]] = {}
        # The Hints asked on the board, by (game, version): the player's model of that
        # version shows what it said (a reload, another of their views), until a move.
        self._hints: dict[tuple[int, int], Hint] = {}
        self.port: int | None = None

    # ---- lifecycle (as the metrics endpoint's: bot.hosting.observability.endpoint) -----

    async def start(self) -> None:
        app = web.Application(middlewares=[guard], client_max_size=MAX_BODY)
        app.on_response_prepare.append(on_prepare)
        route = app.router
        route.add_get("/", self._index)
        route.add_get("/index.html", self._index)
        route.add_get("/static/{path:.+}", self._static)
        route.add_get("/api/config", self._config)
        route.add_post("/api/token", self._token)
        route.add_get("/api/game", self._game)
        route.add_post("/api/game/action", self._action)
        route.add_get("/api/live", self._live)
        # No line (with its URL) per request; a request still running at the stop gets 0.5 s,
        # not aiohttp's 60: the whole stop fits in 10 s (bot.hosting.app's close).
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await runner.setup()
        host, port = self.settings.activity_host, self.settings.activity_port or 0
        try:
            await web.TCPSite(runner, host, port).start()
        except OSError as exc:
            await runner.cleanup()
            from bot.hosting.host import StartupError

            raise StartupError(f"can't serve the Activity on {host}:{port} "
                               f"({exc.strerror or exc}): check MONOPOLY_ACTIVITY_PORT and "
                               "MONOPOLY_ACTIVITY_HOST") from exc
        self._runner = runner
        self.port = int(runner.addresses[0][1])
        log.info("the Activity (the board in Discord) on http://%s:%d", host, self.port)

    async def stop(self) -> None:
        for socket in list(self._sockets):
            await socket.close(code=1001)
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        await self.live.stop()
        await self.sync.stop()
        if self._oauth is not None:
            await self._oauth.close()

    def oauth(self) -> DiscordOAuth:
        if self._oauth is None:
            app_id = self._bot.application_id
            if app_id is None:
                raise ApiError(503, "unavailable")
            self._oauth = DiscordOAuth(self._bot, app_id, self.settings.client_secret,
                                       self.settings.redirect_uri)
        return self._oauth

    # ---- the page's files --------------------------------------------------------------

    async def _index(self, request: web.Request) -> web.Response:
        return _file(request, self.assets.index, "no-cache")

    async def _static(self, request: web.Request) -> web.Response:
        path = request.match_info["path"]
        if ".." in path.split("/"):
            raise ApiError(404, "not_found")
        asset = self.assets.hashed.get(path)
        if asset is not None:
            return _file(request, asset, CACHE_HASHED)
        asset = self.assets.plain.get(path)
        if asset is None:
            raise ApiError(404, "not_found")
        return _file(request, asset, "no-cache")

    async def _config(self, request: web.Request) -> web.Response:
        """What the page needs before it signs in: the application's id, the SDK's client id
        (so that the page's files name no application)."""
        app_id = self._bot.application_id
        if app_id is None:
            raise ApiError(503, "unavailable")
        return _json({"client_id": str(app_id)})

    # ---- the token exchange ------------------------------------------------------------

    async def _token(self, request: web.Request) -> web.Response:
        _limited(self.token_limit, _address(request))
        body = await _body(request)
        code, instance_id = body.get("code"), body.get("instance_id", "")
        if not isinstance(code, str) or not code or len(code) > 200 \
                or not isinstance(instance_id, str) or len(instance_id) > 100:
            raise ApiError(400, "bad_request")
        oauth = self.oauth()
        try:
            access_token, expires = await oauth.exchange(code)
            user = await oauth.user(access_token)
        except CodeRefused:  # reused, unknown, another app's: final, never retried
            raise ApiError(401, "bad_code") from None
        except DiscordDown as exc:
            log.warning("activity: the token exchange failed (%s)", exc)
            raise ApiError(503, "discord_down") from None
        confirmed, watch = "", 0
        if instance_id:
            instance = await oauth.instance(instance_id)
            if instance is not None and user.id in instance.users:
                confirmed = instance_id
                watch = await self._watched(instance.channel_id, instance.users, user.id)
        asked = body.get("locale")
        locale = language(asked if isinstance(asked, str) and asked else
                          user.locale or "en").code
        session_token, session = self.sessions.issue(
            user.id, instance_id=confirmed, locale=locale, name=user.global_name, watch=watch)
        log.info("activity: session for user %d (instance %s)", user.id,
                 "confirmed" if confirmed else "none")
        return _json({"session": session_token, "access_token": access_token,
                      "expires_in": session.expires - int(time.time()),
                      "discord_expires_in": expires, "user": user.public(),
                      "locale": locale})

    async def _watched(self, channel_id: int | None, users: Collection[int],
                       viewer: int) -> int:
        """The player whose launch in that channel the viewer watches (the database's
        launch records: any process of a cluster may have recorded it); 0 if none, or if
        the database can't say now (the viewer then sees their own board)."""
        try:
            return await self._bot.service.launches.watched(channel_id, users, viewer)
        except (DatabaseBusy, DatabaseUnavailable, InvalidRequest) as exc:
            log.warning("activity: the launch watched not read (%s)", type(exc).__name__)
            return 0

    # ---- the game ----------------------------------------------------------------------

    def _session(self, request: web.Request) -> Session:
        header = request.headers.get("Authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(401, "no_session")
        try:
            return self.sessions.check(token.strip())
        except SessionError as exc:
            raise ApiError(401, exc.code) from None

    async def _game(self, request: web.Request) -> web.Response:
        session = self._session(request)
        _limited(self.read_limit, session.user_id)
        record, viewer = await self._viewed(session)
        return _json(await self.model(session, record, viewer))

    async def _viewed(self, session: Session) -> tuple[GameRecord | None, str]:
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

    async def _action(self, request: web.Request) -> web.Response:
        session = self._session(request)
        _limited(self.action_limit, session.user_id)
        body = await _body(request)
        choice, version = decode(body.get("choice")), body.get("version")
        if choice is None or isinstance(version, bool) or not isinstance(version, int):
            raise ApiError(400, "bad_request")
        record, viewer = await self._viewed(session)
        if viewer != read_model.PLAYER_VIEW:
            raise ApiError(403, "not_your_game", worded(session.locale, "not_your_game"))
        if choice.base == HINT:
            return _json({"game": await self._hint(session, record, version)})
        if choice.base in (NEW, AGAIN):
            started = await self._start(session, record, choice)
            return _json({"game": await self.model(session, started, viewer, events=[])})
        if record is None:
            raise ApiError(404, "no_game")
        if record.game.is_over:
            raise ApiError(409, "game_over", worded(session.locale, "game_over"))
        played = await self._play(session, record, version, choice)
        new = played.record
        events = played.steps[-1].events if played.steps else []
        if not played.duplicate:
            self.sync.show(new, events, played, locale=session.locale, player=session.name)
        return _json({"game": await self.model(session, new, viewer, events=events,
                                               played=played)})

    async def _hint(self, session: Session, record: GameRecord | None,
                    version: int) -> dict[str, Any]:
        """The Hint, asked on the board: the same hint service as the message's Hint button
        (its rollouts in the worker pool, one at a time per player, about this version), its
        words in the player's model of this version."""
        if record is None:
            raise ApiError(404, "no_game")
        locale = session.locale
        try:
            hinted, hint = await self._bot.hints.hint(record.id, session.user_id, version)
        except StaleVersion:
            now = await self._bot.service.get(record.id)
            raise ApiError(409, "stale", t(locale, "hint.stale"), extra={
                "game": await self.model(session, now, read_model.PLAYER_VIEW)}) from None
        except (AlreadyThinking, NoHints, GameFinished) as exc:
            status, code, key = HINT_REFUSALS[type(exc)]
            raise ApiError(status, code, t(locale, key)) from None
        except NotYourGame:
            raise ApiError(403, "not_your_game") from None
        except GameNotFound:
            raise ApiError(404, "no_game") from None
        except DatabaseBusy:
            raise ApiError(503, "busy") from None
        except DatabaseUnavailable:
            raise ApiError(503, "unavailable") from None
        self._hints[hinted.id, hint.version] = hint
        while len(self._hints) > HINTS_KEPT:
            self._hints.pop(next(iter(self._hints)))
        self.live.said(hinted)  # the player's other open views say it too
        return await self.model(session, hinted, read_model.PLAYER_VIEW)

    async def _play(self, session: Session, record: GameRecord, version: int,
                    choice: Choice) -> Played:
        service = self._bot.service
        try:
            return await play_choice(service, record.id, session.user_id, version, choice)
        except StaleVersion:
            now = await service.get(record.id)
            raise ApiError(409, "stale", worded(session.locale, "stale"), extra={
                "game": await self.model(session, now, read_model.PLAYER_VIEW)}) from None
        except GameFinished:
            raise ApiError(409, "game_over", worded(session.locale, "game_over")) from None
        except NotYourGame:
            raise ApiError(403, "not_your_game") from None
        except GameNotFound:
            raise ApiError(404, "no_game") from None
        except IllegalActionError as exc:
            reason = refusal_text(exc, record.game, locale=session.locale)
            raise ApiError(409, "illegal", reason) from None
        except InvalidRequest:
            raise ApiError(400, "bad_request") from None
        except DatabaseBusy:
            raise ApiError(503, "busy") from None
        except DatabaseUnavailable:
            raise ApiError(503, "unavailable") from None

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

    # ---- live updates ------------------------------------------------------------------

    async def _live(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(heartbeat=20.0, max_msg_size=MAX_BODY)
        await socket.prepare(request)
        self._sockets.add(socket)
        try:
            session = await self._first_message(socket)
            if session is None:
                return socket
            record, viewer = await self._viewed(session)
            followed = record.owner_id if record is not None else session.user_id
            view = self.live.open(followed, record)
            try:
                await socket.send_str(_dumps({"type": "game", "game": await self.model(
                    session, record, viewer)}))
                await self._push(socket, session, view, viewer)
            finally:
                self.live.close(view)
        except ApiError as exc:
            if not socket.closed:
                await socket.send_str(_dumps({"type": "error", "error": {
                    "code": exc.code, "message": exc.message or exc.code}}))
                await socket.close(code=4503)
        finally:
            self._sockets.discard(socket)
        return socket

    async def _first_message(self, socket: web.WebSocketResponse) -> Session | None:
        try:
            message = await socket.receive(timeout=FIRST_MESSAGE_WAIT)
            token = json.loads(message.data).get("session") if message.type == WSMsgType.TEXT \
                else None
            if not isinstance(token, str):
                raise SessionError("no_session")
            return self.sessions.check(token)
        except (SessionError, ValueError, AttributeError, TimeoutError) as exc:
            code = exc.code if isinstance(exc, SessionError) else "no_session"
            # The page may be gone already (closed while it connected): nothing to tell.
            with contextlib.suppress(ConnectionError):
                await socket.send_str(_dumps({"type": "error", "error": {"code": code,
                                                                          "message": code}}))
                await socket.close(code=4401)
            return None

    async def _push(self, socket: web.WebSocketResponse, session: Session, view: Any,
                    viewer: str) -> None:
        """Send every new state of the followed game until the page goes away."""
        reader = asyncio.ensure_future(_drain(socket))
        try:
            while not socket.closed:
                waiting = asyncio.ensure_future(view.next())
                done, _ = await asyncio.wait({waiting, reader},
                                             return_when=asyncio.FIRST_COMPLETED)
                if waiting not in done:
                    waiting.cancel()
                    return
                record, events = waiting.result()
                mine = record.owner_id == session.user_id
                shown = viewer if mine or viewer == read_model.WATCHER_VIEW \
                    else read_model.WATCHER_VIEW
                await socket.send_str(_dumps({"type": "game", "game": await self.model(
                    session, record, shown, events=events)}))
        finally:
            reader.cancel()


async def _drain(socket: web.WebSocketResponse) -> None:
    """Read (and ignore) what the page sends after its session, until it closes."""
    async for _ in socket:
        pass


def _address(request: web.Request) -> str:
    """The client's address: a reverse proxy on this machine (the connection comes from the
    loopback) says it in X-Forwarded-For's last entry; anyone else can't be believed."""
    remote = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded and remote in ("127.0.0.1", "::1"):
        return forwarded.rsplit(",", 1)[-1].strip()[:64] or remote
    return remote


def _limited(limit: RateLimit, key: object) -> None:
    wait = limit.take(key)
    if wait:
        raise ApiError(429, "rate_limited", headers={"Retry-After": retry_after(wait)})


async def _body(request: web.Request) -> dict[str, Any]:
    """The request's JSON object; the ids it may carry besides are never read."""
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, "bad_request") from None
    if not isinstance(body, dict):
        raise ApiError(400, "bad_request")
    return body


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _json(value: Any) -> web.Response:
    return web.Response(text=_dumps(value), content_type="application/json",
                        headers={"Cache-Control": "no-store"})


def _file(request: web.Request, asset: Asset, cache: str) -> web.Response:
    headers = {"Cache-Control": cache, "ETag": asset.etag}
    if request.headers.get("If-None-Match") == asset.etag:
        return web.Response(status=304, headers=headers)
    return web.Response(body=asset.body, headers={**headers, "Content-Type": asset.content_type})
