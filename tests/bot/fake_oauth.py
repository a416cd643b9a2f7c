"""The loopback Discord's Activity routes (tests/bot/fake_discord.py holds one of these):

- `POST /oauth2/token`: Discord's token exchange. A form body only (JSON is refused, as
  Discord does); the client id and secret must be the app's; a code works once and only with
  the redirect URI it was issued for: an unknown, reused or mismatched one answers 400
  `invalid_grant`, a wrong secret 401 `invalid_client`.
- `GET /users/@me` with `Authorization: Bearer <access token>`: the code's user.
- `GET /applications/{app}/activity-instances/{id}` with the bot's token: who is in the
  instance and where (404, code 10xxx, for an instance nobody made).
- The Entry Point command: with `entry_point=True` the application already has the
  PRIMARY_ENTRY_POINT command (type 4) Discord makes when Activities are turned on; a bulk
  overwrite of the global commands that leaves it out is refused (400, code 50240), as
  Discord refuses it, and `GET .../commands` lists what the application has.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .fake_payloads import APPLICATION_ID, error, json_response

CLIENT_SECRET = "fake-client-secret-0123456789abcdef"
REDIRECT_URI = "https://127.0.0.1"
ENTRY_POINT = {"id": "4000", "application_id": APPLICATION_ID, "version": "1", "type": 4,
               "name": "launch", "description": "Launch an Activity", "handler": 2,
               "integration_types": [0, 1], "contexts": [0, 1, 2],
               "default_member_permissions": None, "nsfw": False}
UNKNOWN_INSTANCE = 10_000 + 62  # an unknown resource's code (the exact number is not ours)


@dataclass
class FakeActivities:
    entry_point: bool = False
    client_secret: str = CLIENT_SECRET
    codes: dict[str, tuple[dict[str, Any], str]] = field(default_factory=dict)  # code -> user
    used: set[str] = field(default_factory=set)
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)  # access token -> user
    instances: dict[str, dict[str, Any]] = field(default_factory=dict)
    exchanges: int = 0  # token exchanges asked for (refused ones too)
    refused_syncs: int = 0
    commands: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.entry_point:
            self.commands = [dict(ENTRY_POINT)]

    # ---- what the tests do -------------------------------------------------------------

    def code_for(self, user_id: int, *, name: str = "Ada", locale: str = "en-US",
                 redirect_uri: str = REDIRECT_URI, code: str | None = None) -> str:
        """An authorization code, as the SDK's authorize() gets one for `user_id` (`code`:
        that very text, e.g. the one the SDK's mock mode hands its page)."""
        code = code or secrets.token_urlsafe(16)
        self.codes[code] = ({"id": str(user_id), "username": name.lower(),
                             "global_name": name, "discriminator": "0", "avatar": None,
                             "locale": locale}, redirect_uri)
        return code

    def instance(self, instance_id: str, users: list[int], channel_id: int,
                 guild_id: int | None) -> None:
        self.instances[instance_id] = {
            "application_id": APPLICATION_ID, "instance_id": instance_id,
            "launch_id": str(secrets.randbits(60)),
            "location": {"id": f"gc-{guild_id}-{channel_id}", "kind": "gc",
                         "channel_id": str(channel_id),
                         "guild_id": str(guild_id) if guild_id else None},
            "users": [str(u) for u in users]}

    # ---- the routes --------------------------------------------------------------------

    def add_routes(self, route: web.UrlDispatcher, api: str) -> None:
        route.add_post(f"{api}/oauth2/token", self._token)
        route.add_get(f"{api}/applications/{{app}}/activity-instances/{{instance}}",
                      self._instance)
        route.add_get(f"{api}/applications/{{app}}/commands", self._commands)

    async def _token(self, request: web.Request) -> web.Response:
        self.exchanges += 1
        if request.content_type != "application/x-www-form-urlencoded":
            return json_response({"error": "invalid_request",
                                  "error_description": "a form body only"}, 400)
        form = await request.post()
        if form.get("client_id") != APPLICATION_ID or \
                form.get("client_secret") != self.client_secret:
            return json_response({"error": "invalid_client"}, 401)
        if form.get("grant_type") != "authorization_code":
            return json_response({"error": "unsupported_grant_type"}, 400)
        code = str(form.get("code") or "")
        found = self.codes.get(code)
        if found is None or code in self.used or form.get("redirect_uri") != found[1]:
            if found is not None:
                self.used.add(code)  # a code tried wrongly is spent, as an attacker's would be
            return json_response({"error": "invalid_grant",
                                  "error_description": 'Invalid "code" in request.'}, 400)
        self.used.add(code)
        token = secrets.token_urlsafe(24)
        self.tokens[token] = found[0]
        return json_response({"access_token": token, "token_type": "Bearer",
                              "expires_in": 604800, "refresh_token": secrets.token_urlsafe(24),
                              "scope": "identify"})

    def bearer_user(self, request: web.Request) -> web.Response | None:
        """/users/@me for a bearer token (None: it is the bot's own login)."""
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        if scheme != "Bearer":
            return None
        user = self.tokens.get(token)
        if user is None:
            return error(401, 0, "401: Unauthorized")
        return json_response(user)

    async def _instance(self, request: web.Request) -> web.Response:
        if not request.headers.get("Authorization", "").startswith("Bot "):
            return error(401, 0, "401: Unauthorized")
        found = self.instances.get(request.match_info["instance"])
        if found is None or request.match_info["app"] != APPLICATION_ID:
            return error(404, UNKNOWN_INSTANCE, "Unknown activity instance")
        return json_response(found)

    async def _commands(self, request: web.Request) -> web.Response:
        return json_response(self.commands)

    def refuse_sync(self, commands: list[dict[str, Any]]) -> web.Response | None:
        """Discord's answer to a bulk overwrite that drops the Entry Point command."""
        kept = [c for c in self.commands if c.get("type") == 4]
        if kept and not any(c.get("type") == 4 for c in commands):
            self.refused_syncs += 1
            return error(400, 50240, "You cannot remove this app's Entry Point command in a "
                                     "bulk update operation. Please include the Entry Point "
                                     "command in your update request or delete it separately.")
        return None

    def synced(self, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        stored = [{**c, "id": c.get("id") or str(200 + i), "application_id": APPLICATION_ID,
                   "version": "1"} for i, c in enumerate(commands)]
        self.commands = stored
        return stored
