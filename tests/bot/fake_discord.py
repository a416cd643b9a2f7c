"""A loopback stand-in for Discord: the REST routes and the gateway a bot uses, so that the
real `python -m bot` can be started, reach READY, be clicked at and be stopped.

Only 127.0.0.1; it answers with Discord's documented payload shapes and keeps what players
would see (fake_payloads.Message, by id). As Discord does, it refuses an interaction's answer
given later than `deadline` seconds after the interaction was sent (404, code 10062 "Unknown
interaction"), and it can answer every `rate_limit_every`-th message edit with 429 and a
`retry_after`. `click_many` sends many button presses at the same instant over the gateway.
`bot_command()` is the command line that points discord.py at it.

Like Discord, it has `shards` shards (what /gateway/bot answers): each gateway connection
IDENTIFYs as one [shard_id, num_shards], and a click goes on the connection of its server's
shard (fake_shards.py); with none (that bot process down) it is recorded undelivered, and
each shard's outages are kept. Several bot processes can so share one fake, each running
some of the shards; two sessions of one shard both get its events, as Discord documents
(fake_shards.py). `go_away()` and `come_back()` make it unreachable and back, as in one of
Discord's outages: its gateway connections close, new ones are refused, REST answers 503.

Like Discord, it refuses a payload over one of Discord's documented limits (400, error 50035:
the commands it is asked to sync, every message and interaction answer; the limits are
`bot.hosting.discord_limits`'); unlike Discord, it keeps each refusal in `violations`, and
`stop()` fails the test that made one.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any

from aiohttp import WSMsgType, web

from bot.hosting.discord_limits import check_callback, check_commands, check_message

from .fake_payloads import (
    APPLICATION_ID, BOT_USER, CHANNEL_ID, EPHEMERAL, GUILD_ID, Interaction, Message,
    channel_payload, click_payload, error, json_response, new_interaction, next_id, read_body,
)
from .fake_oauth import FakeActivities
from .fake_shards import ShardTable

APPLICATION = {"id": APPLICATION_ID, "name": "Solo Monopoly", "description": "", "icon": None,
               "bot_public": True, "bot_require_code_grant": False, "owner": BOT_USER,
               "verify_key": "0" * 64, "flags": 0}
HELLO, IDENTIFY, HEARTBEAT, HEARTBEAT_ACK, DISPATCH = 10, 2, 1, 11, 0
RESUME, INVALID_SESSION = 6, 9  # https://discord.com/developers/docs/topics/opcodes-and-status-codes
GOING_AWAY = 1001  # the WebSocket close code of a server going away (RFC 6455)
# Interaction callback types (https://discord.com/developers/docs/interactions/receiving-and-responding)
REPLY, DEFER_REPLY, DEFER_UPDATE, UPDATE, LAUNCH_ACTIVITY = 4, 5, 6, 7, 12


class FakeDiscord:
    def __init__(self, *, deadline: float = 3.0, rate_limit_every: int = 0,
                 retry_after: float = 0.2, refuse_commands: bool = False,
                 shards: int = 1, entry_point: bool = False) -> None:
        self.deadline = deadline
        # OAuth2, /users/@me for players, activity instances, the Entry Point (fake_oauth).
        self.activities = FakeActivities(entry_point=entry_point)
        self.shards = ShardTable(shards)
        self.refuse_commands = refuse_commands  # answer a sync as Discord does a bad one
        self.rate_limit_every = rate_limit_every  # 0: never rate limited
        self.retry_after = retry_after
        self.synced: list[dict[str, Any]] = []  # the commands the bot synced
        self.logged_in = threading.Event()  # the bot logged in (asked who it is, users/@me)
        self.identified = threading.Event()  # the bot sent IDENTIFY and was told READY
        self.closed_by_bot = threading.Event()  # the bot closed its gateway connection
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}  # by id
        self.rate_limited = 0  # 429s answered
        self.violations: list[str] = []  # payloads Discord would have refused
        self.late = 0  # answers refused with 10062
        self._by_token: dict[str, Interaction] = {}
        self._edits = 0
        self._seq = 1
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self._sockets: set[web.WebSocketResponse] = set()  # gateway connections open
        self.away = False  # unreachable (go_away) until come_back
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
        assert not self.violations, "Discord would refuse:\n" + "\n".join(self.violations)

    def _serve(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        app = web.Application(client_max_size=64 * 1024**2, middlewares=[self._reachable])
        api = "/api/v10"
        route = app.router
        route.add_get(f"{api}/users/@me", self._login)
        route.add_get(f"{api}/oauth2/applications/@me", self._json(APPLICATION))
        route.add_put(f"{api}/applications/{{app}}/commands", self._sync)
        self.activities.add_routes(route, api)
        route.add_post(f"{api}/interactions/{{id}}/{{token}}/callback", self._callback)
        hook = f"{api}/webhooks/{{app}}/{{token}}"
        route.add_get(f"{hook}/messages/{{message}}", self._webhook_get)
        route.add_patch(f"{hook}/messages/{{message}}", self._webhook_edit)
        route.add_post(hook, self._followup)
        route.add_get(f"{api}/channels/{{channel}}", self._json(channel_payload()))
        route.add_post(f"{api}/channels/{{channel}}/messages", self._channel_send)
        route.add_patch(f"{api}/channels/{{channel}}/messages/{{message}}", self._channel_edit)
        route.add_get("/gateway", self._gateway)
        # Automatic sharding (the bot's default) asks how many shards first: one.
        route.add_get(f"{api}/gateway/bot", self._gateway_bot)
        self._runner = web.AppRunner(app)
        self._loop.run_until_complete(self._runner.setup())
        self._site = site = web.TCPSite(self._runner, "127.0.0.1", 0)
        self._loop.run_until_complete(site.start())
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        ready.set()
        self._loop.run_forever()

    # ---- what the tests do (from their own thread) ---------------------------------------

    def go_away(self) -> None:
        """Discord unreachable: every gateway connection closes (going away), new connections
        are refused and REST requests on connections still open are answered 503."""
        asyncio.run_coroutine_threadsafe(self._go_away(), self._loop).result(10)

    def come_back(self) -> None:
        """Reachable again, on the same address."""
        asyncio.run_coroutine_threadsafe(self._come_back(), self._loop).result(10)

    async def _go_away(self) -> None:
        self.away = True
        if self._site is not None:
            await self._site.stop()
            self._site = None
        for ws in list(self._sockets):
            await ws.close(code=GOING_AWAY)

    async def _come_back(self) -> None:
        assert self._runner is not None
        self._site = web.TCPSite(self._runner, "127.0.0.1", self.port)
        await self._site.start()
        self.away = False

    def post_message(self, components: list[dict[str, Any]], guild_id: int = GUILD_ID) -> int:
        """A message the bot posted earlier (a game started before this run) in server
        `guild_id`; its id."""
        message = Message(next_id(), CHANNEL_ID, components=components, guild_id=guild_id)
        self.messages[message.id] = message
        return message.id

    def delete_message(self, message_id: int) -> None:
        """Someone deleted the message: edits to it now fail with 10008 Unknown Message."""
        self.messages[message_id].deleted = True

    def click_many(self, clicks: Sequence[tuple[int, int, str]], *,
                   deadline: float | None = None) -> list[Interaction]:
        """Press buttons at the same instant: (user id, message id, custom_id) each, all sent
        over the gateway back to back. `deadline` overrides the answer deadline for these."""
        return asyncio.run_coroutine_threadsafe(self._click_many(clicks, deadline),
                                                self._loop).result(60)

    def click(self, user_id: int, message_id: int, action: str) -> Interaction:
        """Press the button for `action` the message shows now."""
        custom_id = self.messages[message_id].button(action)
        assert custom_id is not None, f"no {action} button on message {message_id}"
        return self.click_many([(user_id, message_id, custom_id)])[0]

    def entry_point(self, user_id: int) -> Interaction:
        """The App Launcher's Entry Point command (type 4) used by `user_id` in the channel,
        as Discord sends it to an app whose handler is APP_HANDLER."""
        return asyncio.run_coroutine_threadsafe(self._entry_point(user_id), self._loop).result(60)

    async def _entry_point(self, user_id: int) -> Interaction:
        interaction = new_interaction(user_id, None, self.deadline)
        payload = click_payload(interaction, Message(0, CHANNEL_ID, guild_id=GUILD_ID), "")
        del payload["message"]
        payload |= {"type": 2, "data": {"id": "4000", "name": "launch", "type": 4}}
        self.interactions[interaction.id] = self._by_token[interaction.token] = interaction
        sessions = self.shards.route(interaction, GUILD_ID)
        assert sessions, "no bot runs the channel's shard"
        self._seq += 1
        event = json.dumps({"op": DISPATCH, "t": "INTERACTION_CREATE", "s": self._seq,
                            "d": payload})
        for ws in sessions:  # every session of the shard gets it, as for a click
            await ws.send_str(event)
        return interaction

    def wait_answered(self, interactions: Sequence[Interaction], timeout: float = 60) -> None:
        """Until each interaction is answered or its deadline passed."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if all(i.acked is not None or i.refused is not None or i.undelivered
                   or time.monotonic() > i.dispatched + i.deadline for i in interactions):
                return
            time.sleep(0.02)
        raise TimeoutError("interactions still unanswered")

    def wait_until(self, condition: Any, timeout: float = 60) -> None:
        """Until `condition()` holds (read on the fake's loop, between requests)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if asyncio.run_coroutine_threadsafe(_call(condition), self._loop).result(10):
                return
            time.sleep(0.05)
        raise TimeoutError("the condition never held")

    def wait_shards(self, shards: Sequence[int], after: float, timeout: float = 120) -> bool:
        """Until each of `shards` has a connection that IDENTIFYed after `after`
        (time.monotonic()); False if that did not happen within `timeout`."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            table = self.shards
            if all(table.served(s) and table.identified_at[s] > after for s in shards):
                return True
            time.sleep(0.02)
        return False

    async def _click_many(self, clicks: Sequence[tuple[int, int, str]],
                          deadline: float | None) -> list[Interaction]:
        sent = []
        for user_id, message_id, custom_id in clicks:
            interaction = new_interaction(user_id, message_id,
                                          self.deadline if deadline is None else deadline)
            message = self.messages[message_id]
            payload = click_payload(interaction, message, custom_id)
            self.interactions[interaction.id] = self._by_token[interaction.token] = interaction
            sessions = self.shards.route(interaction, message.guild_id)
            sent.append(interaction)
            self._seq += 1
            event = json.dumps({"op": DISPATCH, "t": "INTERACTION_CREATE", "s": self._seq,
                                "d": payload})
            reached = 0
            for ws in sessions:  # none: no bot runs this server's shard now
                try:
                    await ws.send_str(event)
                    reached += 1
                except ConnectionError:  # it closed meanwhile: that bot never got it
                    pass
            if sessions and not reached:
                interaction.cut = True
        return sent

    # ---- REST --------------------------------------------------------------------------

    @web.middleware
    async def _reachable(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if self.away:  # a keep-alive connection opened before the outage
            return error(503, 0, "upstream connect error")
        response: web.StreamResponse = await handler(request)
        return response

    @staticmethod
    def _json(payload: Any) -> Any:
        async def handler(request: web.Request) -> web.Response:
            return json_response(payload)

        return handler

    async def _login(self, request: web.Request) -> web.Response:
        player = self.activities.bearer_user(request)  # a player's OAuth2 token (the Activity)
        if player is not None:
            return player
        self.logged_in.set()
        return json_response(BOT_USER)

    def _refused(self, request: web.Request, problems: list[str]) -> web.Response | None:
        """Discord's answer to a payload over its limits; None when it is within them."""
        if not problems:
            return None
        self.violations.extend(f"{request.method} {request.path}: {p}" for p in problems)
        return error(400, 50035, "Invalid Form Body: " + "; ".join(problems))

    async def _sync(self, request: web.Request) -> web.Response:
        commands = await request.json()
        refused = self._refused(request, check_commands(commands))
        if refused is not None:
            return refused
        if self.refuse_commands:
            return json_response({"message": "Invalid Form Body", "code": 50035, "errors": {
                "0": {"_errors": [{"code": "APPLICATION_COMMAND_TOO_LARGE",
                                   "message": "Command exceeds maximum size (4000)"}]}}}, 400)
        dropped = self.activities.refuse_sync(commands)
        if dropped is not None:
            return dropped
        self.synced = commands
        return json_response(self.activities.synced(commands))

    async def _callback(self, request: web.Request) -> web.Response:
        interaction = self.interactions.get(int(request.match_info["id"]))
        if interaction is None or interaction.token != request.match_info["token"]:
            return error(404, 10062, "Unknown interaction")
        body, files = await read_body(request)
        refused = self._refused(request, check_callback(body))
        if refused is not None:
            return refused
        if time.monotonic() > interaction.dispatched + interaction.deadline:
            self.late += 1
            interaction.refused = 10062
            return error(404, 10062, "Unknown interaction")
        if interaction.acked is not None:
            return error(400, 40060, "Interaction has already been acknowledged.")
        kind, data = body["type"], body.get("data") or {}
        interaction.acked, interaction.response_type = time.monotonic(), kind
        resource: dict[str, Any] = {"type": kind}
        if kind in (REPLY, DEFER_REPLY):
            message = Message(next_id(), CHANNEL_ID)
            message.apply(data, files)
            message.flags = data.get("flags") or 0
            if message.flags & EPHEMERAL and message.content:
                interaction.replies.append(message.content)
            self.messages[message.id] = message
            interaction.response_message_id = message.id
            resource["message"] = message.payload()
        elif kind == LAUNCH_ACTIVITY:
            resource["activity_instance"] = {"id": f"i-{interaction.id}"}
        elif kind == UPDATE and interaction.message_id is not None:
            message = self.messages[interaction.message_id]
            message.apply(data, files)
            resource["message"] = message.payload()
        answered = {"id": str(interaction.id), "type": 3,
                    "response_message_id": str(interaction.response_message_id or
                                               interaction.message_id),
                    "response_message_loading": kind == DEFER_REPLY,
                    "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL)}
        return json_response({"interaction": answered, "resource": resource})

    def _original(self, token: str, which: str) -> Message | web.Response:
        """The message a webhook route names: @original (the interaction's answer, or for a
        click the clicked message) or a message id."""
        interaction = self._by_token.get(token)
        if interaction is None or interaction.acked is None:
            return error(404, 10015, "Unknown Webhook")
        if which == "@original":
            message_id = interaction.response_message_id or interaction.message_id
        else:
            message_id = int(which)
        message = self.messages.get(message_id or 0)
        if message is None or message.deleted:
            return error(404, 10008, "Unknown Message")
        return message

    async def _webhook_get(self, request: web.Request) -> web.Response:
        found = self._original(request.match_info["token"], request.match_info["message"])
        return found if isinstance(found, web.Response) else json_response(found.payload())

    async def _webhook_edit(self, request: web.Request) -> web.Response:
        body, files = await read_body(request)
        refused = self._refused(request, check_message(body))
        if refused is not None:
            return refused
        limited = self._rate_limit()
        if limited is not None:
            return limited
        found = self._original(request.match_info["token"], request.match_info["message"])
        if isinstance(found, web.Response):
            return found
        found.apply(body, files)
        return json_response(found.payload())

    async def _followup(self, request: web.Request) -> web.Response:
        body, files = await read_body(request)
        refused = self._refused(request, check_message(body))
        if refused is not None:
            return refused
        interaction = self._by_token.get(request.match_info["token"])
        if interaction is None or interaction.acked is None:
            return error(404, 10015, "Unknown Webhook")
        message = Message(next_id(), CHANNEL_ID, flags=body.get("flags") or 0)
        message.apply(body, files)
        self.messages[message.id] = message
        if message.flags & EPHEMERAL and message.content:
            interaction.replies.append(message.content)
        return json_response(message.payload())

    async def _channel_send(self, request: web.Request) -> web.Response:
        body, files = await read_body(request)
        refused = self._refused(request, check_message(body))
        if refused is not None:
            return refused
        message = Message(next_id(), int(request.match_info["channel"]))
        message.apply(body, files)
        self.messages[message.id] = message
        return json_response(message.payload())

    async def _channel_edit(self, request: web.Request) -> web.Response:
        body, files = await read_body(request)
        refused = self._refused(request, check_message(body))
        if refused is not None:
            return refused
        limited = self._rate_limit()
        if limited is not None:
            return limited
        message = self.messages.get(int(request.match_info["message"]))
        if message is None or message.deleted:
            return error(404, 10008, "Unknown Message")
        message.apply(body, files)
        return json_response(message.payload())

    def _rate_limit(self) -> web.Response | None:
        """Every `rate_limit_every`-th edit: 429 with retry_after, as Discord answers (its
        `Via` header is what tells discord.py this is Discord's limit, not a ban)."""
        self._edits += 1
        if not self.rate_limit_every or self._edits % self.rate_limit_every:
            return None
        self.rate_limited += 1
        return json_response(
            {"message": "You are being rate limited.", "retry_after": self.retry_after,
             "global": False}, 429,
            headers={"Retry-After": str(self.retry_after), "Via": "1.1 google",
                     "X-RateLimit-Scope": "user"})

    # ---- gateway -----------------------------------------------------------------------

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        return json_response({
            "url": f"ws://127.0.0.1:{self.port}/gateway", "shards": self.shards.count,
            "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0,
                                    "max_concurrency": 1}})

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        await ws.send_json({"op": HELLO, "d": {"heartbeat_interval": 45_000}})
        try:
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    continue
                payload = json.loads(message.data)
                op = payload["op"]
                if op == IDENTIFY:
                    shard = (payload.get("d") or {}).get("shard") or [0, 1]  # as asked
                    await ws.send_json({"op": DISPATCH, "t": "READY", "s": 1, "d": {
                        "v": 10, "user": BOT_USER, "guilds": [], "session_id": "fake",
                        "shard": shard,
                        "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                        "application": {"id": APPLICATION_ID, "flags": 0}}})
                    self.shards.identify(ws, int(shard[0]))
                    self.identified.set()
                elif op == HEARTBEAT:
                    await ws.send_json({"op": HEARTBEAT_ACK})
                elif op == RESUME:  # no session is kept here: the bot must identify anew
                    await ws.send_json({"op": INVALID_SESSION, "d": False})
        finally:
            self._sockets.discard(ws)
            self.shards.closed(ws)
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


async def _call(condition: Any) -> bool:
    return bool(condition())
