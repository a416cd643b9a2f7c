"""The live updates (WebSocket `/api/live`): the session comes in the first message (never
in the URL), then every new state of the followed game is pushed until the page goes away:
a click on the game message moves every open board (bot.activity.live)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from aiohttp import WSMsgType, web

from bot.activity import read_model
from bot.activity.live import LiveGames
from bot.activity.sessions import Session, SessionError, Sessions

from .answers import MAX_BODY, dumps
from .errors import ApiError
from .game import GameApi

FIRST_MESSAGE_WAIT = 10.0


class LiveSocket:
    def __init__(self, sessions: Sessions, live: LiveGames, game: GameApi) -> None:
        self.sessions = sessions
        self.live = live
        self._game = game
        self._sockets: set[web.WebSocketResponse] = set()

    async def close_all(self) -> None:
        for socket in list(self._sockets):
            await socket.close(code=1001)

    async def live_view(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(heartbeat=20.0, max_msg_size=MAX_BODY)
        await socket.prepare(request)
        self._sockets.add(socket)
        try:
            session = await self._first_message(socket)
            if session is None:
                return socket
            record, viewer = await self._game.viewed(session)
            followed = record.owner_id if record is not None else session.user_id
            view = self.live.open(followed, record)
            try:
                await socket.send_str(dumps({"type": "game", "game": await self._game.model(
                    session, record, viewer)}))
                await self._push(socket, session, view, viewer)
            finally:
                self.live.close(view)
        except ApiError as exc:
            if not socket.closed:
                with contextlib.suppress(ConnectionError):
                    await socket.send_str(dumps({"type": "error", "error": {
                        "code": exc.code, "message": exc.message or exc.code}}))
                    await socket.close(code=4503)
        except ConnectionError:
            # The page went away while a state was on its way to it (a board closed just as
            # it opened, or as a move came): nobody is left to tell, and it is no error.
            pass
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
                await socket.send_str(dumps({"type": "error", "error": {"code": code,
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
                await socket.send_str(dumps({"type": "game", "game": await self._game.model(
                    session, record, shown, events=events)}))
        finally:
            reader.cancel()


async def _drain(socket: web.WebSocketResponse) -> None:
    """Read (and ignore) what the page sends after its session, until it closes."""
    async for _ in socket:
        pass
