"""A loopback stand-in for Discord: the few REST routes and the gateway handshake a bot's
start-up uses, so that the real `python -m bot` can be started, reach READY and be stopped.

Only 127.0.0.1; it answers with Discord's documented payload shapes and records what the bot
sent. `bot_command(base, gateway)` is the command line that points discord.py at it.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from typing import Any

from aiohttp import WSMsgType, web

BOT_USER = {"id": "100", "username": "monopoly", "discriminator": "0", "avatar": None,
            "global_name": None, "bot": True}
APPLICATION = {"id": "100", "name": "Solo Monopoly", "description": "", "icon": None,
               "bot_public": True, "bot_require_code_grant": False, "owner": BOT_USER,
               "verify_key": "0" * 64, "flags": 0}
HELLO, IDENTIFY, HEARTBEAT, HEARTBEAT_ACK, DISPATCH = 10, 2, 1, 11, 0


class FakeDiscord:
    def __init__(self) -> None:
        self.synced: list[dict[str, Any]] = []  # the commands the bot synced
        self.identified = threading.Event()  # the bot sent IDENTIFY and was told READY
        self.closed_by_bot = threading.Event()  # the bot closed its gateway connection
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ---- lifecycle ---------------------------------------------------------------------

    def start(self) -> None:
        ready = threading.Event()
        threading.Thread(target=self._serve, args=(ready,), daemon=True).start()
        if not ready.wait(10):
            raise RuntimeError("the fake Discord did not start")

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)

    def _serve(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        app = web.Application()
        app.router.add_get("/api/v10/users/@me", self._json(BOT_USER))
        app.router.add_get("/api/v10/oauth2/applications/@me", self._json(APPLICATION))
        app.router.add_put("/api/v10/applications/{app}/commands", self._sync)
        app.router.add_get("/gateway", self._gateway)
        self._runner = web.AppRunner(app)
        self._loop.run_until_complete(self._runner.setup())
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        self._loop.run_until_complete(site.start())
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        ready.set()
        self._loop.run_forever()

    # ---- REST --------------------------------------------------------------------------

    @staticmethod
    def _json(payload: Any) -> Any:
        async def handler(request: web.Request) -> web.Response:
            return _json_response(payload)

        return handler

    async def _sync(self, request: web.Request) -> web.Response:
        commands = await request.json()
        self.synced = commands
        return _json_response([{**c, "id": str(200 + i), "application_id": "100",
                                "version": "1"} for i, c in enumerate(commands)])

    # ---- gateway -----------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_json({"op": HELLO, "d": {"heartbeat_interval": 45_000}})
        async for message in ws:
            if message.type is not WSMsgType.TEXT:
                continue
            op = json.loads(message.data)["op"]
            if op == IDENTIFY:
                await ws.send_json({"op": DISPATCH, "t": "READY", "s": 1, "d": {
                    "v": 10, "user": BOT_USER, "guilds": [], "session_id": "fake",
                    "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                    "application": {"id": "100", "flags": 0}}})
                self.identified.set()
            elif op == HEARTBEAT:
                await ws.send_json({"op": HEARTBEAT_ACK})
        self.closed_by_bot.set()
        return ws

    # ---- the bot's command line --------------------------------------------------------

    def bot_command(self) -> list[str]:
        """`python -m bot`, with discord.py's REST and gateway addresses pointed here."""
        return bot_command(f"http://127.0.0.1:{self.port}/api/v10",
                           f"ws://127.0.0.1:{self.port}/gateway")


def bot_command(api: str, gateway: str | None = None) -> list[str]:
    """The bot's real entry point (`python -m bot`'s main()), with discord.py's API address,
    and its gateway address if given, pointed somewhere on this machine."""
    code = f"import discord.http; discord.http.Route.BASE = {api!r}; "
    if gateway is not None:
        code += ("import discord.gateway, yarl; "
                 f"discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL({gateway!r}); ")
    code += "from bot.__main__ import main; raise SystemExit(main())"
    return [sys.executable, "-c", code]


def _json_response(payload: Any) -> web.Response:
    # Exactly "application/json", as Discord sends it: discord.py parses nothing else
    # (aiohttp's json_response would add "; charset=utf-8").
    return web.Response(body=json.dumps(payload).encode(), content_type="application/json")
