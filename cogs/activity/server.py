"""The Activity's web server, in the bot process, on the bot's own event loop (aiohttp, as
the metrics endpoint): the page's files (files.py), the token exchange (tokens.py), the
game's read model and actions (game.py) and its live updates (live_socket.py);
docs/activity-api.md is the contract.

An adapter only: who the viewer is comes from our own signed session (bot.activity.
sessions) and nothing else the page says; every move goes through the game service
(bot.activity.moves), every word through the read model (bot.activity.read_model).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from bot.activity.assets import Assets
from bot.activity.live import LiveGames
from bot.activity.sessions import Sessions

from .answers import MAX_BODY
from .errors import guard, on_prepare
from .files import PageFiles
from .game import GameApi
from .live_socket import LiveSocket
from .message_sync import MessageSync
from .tokens import TokenExchange

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

log = logging.getLogger(__name__)
SESSION_LABEL = b"activity-sessions"


class ActivityServer:
    def __init__(self, bot: MonopolyBot, *, clock: Any = time.time) -> None:
        self.settings = bot.settings
        service = bot.service
        self.sessions = Sessions(service.daily.derived_key(SESSION_LABEL), clock)
        self.live = LiveGames(service.core)
        self.sync = MessageSync(bot)
        self.files = PageFiles(bot, Assets())
        self.tokens = TokenExchange(bot, self.sessions)
        self.game = GameApi(bot, self.sessions, self.live, self.sync)
        self.sockets = LiveSocket(self.sessions, self.live, self.game)
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    # ---- lifecycle (as the metrics endpoint's: bot.hosting.observability.endpoint) -----

    async def start(self) -> None:
        app = web.Application(middlewares=[guard], client_max_size=MAX_BODY)
        app.on_response_prepare.append(on_prepare)
        route = app.router
        route.add_get("/", self.files.index)
        route.add_get("/index.html", self.files.index)
        route.add_get("/static/{path:.+}", self.files.static)
        route.add_get("/api/config", self.files.config)
        route.add_post("/api/token", self.tokens.token)
        route.add_get("/api/game", self.game.game)
        route.add_post("/api/game/action", self.game.action)
        route.add_get("/api/live", self.sockets.live_view)
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
        await self.sockets.close_all()
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        await self.live.stop()
        await self.sync.stop()
        await self.tokens.close()
