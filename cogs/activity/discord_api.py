"""The three calls the Activity's server makes to Discord, all through discord.py's one API
base (`discord.http.Route.BASE`), so that the tests' loopback Discord stands in for them:

- the OAuth2 token exchange (`POST /oauth2/token`, form-encoded, with the client secret and
  the registered redirect URI): a code works once; a refusal is final (never retried);
- who the code's user is (`GET /users/@me` with the user's bearer token);
- who is in an Activity instance (`GET /applications/{app}/activity-instances/{id}`, with
  the bot's token, through discord.py's HTTP client and its rate limits).

Nothing here logs a secret, a code or a token (and the log's redaction would catch them).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from discord.http import Route

log = logging.getLogger(__name__)
TIMEOUT = aiohttp.ClientTimeout(total=10)
_INSTANCE = re.compile(r"^[A-Za-z0-9_-]{1,100}$")


class CodeRefused(Exception):
    """Discord refused the code (invalid_grant & co.): the page must authorize again."""


class DiscordDown(Exception):
    """Discord didn't answer as it should (5xx, a timeout): try again later."""


@dataclass(frozen=True, slots=True)
class DiscordUser:
    id: int
    username: str
    global_name: str
    locale: str

    def public(self) -> dict[str, str]:
        return {"id": str(self.id), "username": self.username,
                "global_name": self.global_name}


@dataclass(frozen=True, slots=True)
class Instance:
    users: frozenset[int]
    channel_id: int | None
    guild_id: int | None


class DiscordOAuth:
    def __init__(self, client: discord.Client, application_id: int, client_secret: str,
                 redirect_uri: str) -> None:
        self._client = client
        self._application_id = application_id
        self._secret = client_secret
        self._redirect = redirect_uri
        self._session: aiohttp.ClientSession | None = None

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._session

    async def exchange(self, code: str) -> tuple[str, int]:
        """(access token, seconds it lives) for `code`. CodeRefused, DiscordDown."""
        form = {"client_id": str(self._application_id), "client_secret": self._secret,
                "grant_type": "authorization_code", "code": code,
                "redirect_uri": self._redirect}
        try:
            async with self._http().post(f"{Route.BASE}/oauth2/token", data=form) as answer:
                body = await _json(answer)
                if answer.status == 400 or answer.status == 401:
                    raise CodeRefused(str(body.get("error") or answer.status))
                if answer.status != 200:
                    raise DiscordDown(f"token endpoint answered {answer.status}")
        except (aiohttp.ClientError, TimeoutError) as exc:
            raise DiscordDown(type(exc).__name__) from exc
        token = body.get("access_token")
        if not isinstance(token, str) or not token:
            raise DiscordDown("no access_token in the token endpoint's answer")
        expires = body.get("expires_in")
        return token, int(expires) if isinstance(expires, int) else 604800

    async def user(self, access_token: str) -> DiscordUser:
        """The user the bearer token is for. CodeRefused (401), DiscordDown."""
        headers = {"Authorization": f"Bearer {access_token}"}
        try:
            async with self._http().get(f"{Route.BASE}/users/@me", headers=headers) as answer:
                body = await _json(answer)
                if answer.status == 401:
                    raise CodeRefused("the access token was refused")
                if answer.status != 200:
                    raise DiscordDown(f"users/@me answered {answer.status}")
        except (aiohttp.ClientError, TimeoutError) as exc:
            raise DiscordDown(type(exc).__name__) from exc
        try:
            user_id = int(body["id"])
        except (KeyError, TypeError, ValueError) as exc:
            raise DiscordDown("users/@me without an id") from exc
        return DiscordUser(user_id, str(body.get("username") or ""),
                           str(body.get("global_name") or body.get("username") or ""),
                           str(body.get("locale") or ""))

    async def instance(self, instance_id: str) -> Instance | None:
        """Who is in the Activity instance, and where it runs; None if Discord knows no such
        instance (or the id isn't one)."""
        if not _INSTANCE.match(instance_id):
            return None
        route = Route("GET", "/applications/{application_id}/activity-instances/{instance_id}",
                      application_id=self._application_id, instance_id=instance_id)
        try:
            body: Any = await self._client.http.request(route)
        except discord.NotFound:
            return None
        except discord.HTTPException as exc:
            log.info("activity instance not confirmed (%s %s)", exc.status, exc.code)
            return None
        users = frozenset(int(u) for u in body.get("users", ()) if str(u).isdigit())
        location = body.get("location") or {}
        return Instance(users, _id(location.get("channel_id")), _id(location.get("guild_id")))


def _id(value: object) -> int | None:
    return int(value) if isinstance(value, str | int) and str(value).isdigit() else None


async def _json(answer: aiohttp.ClientResponse) -> dict[str, Any]:
    try:
        body = await answer.json(content_type=None)
    except (ValueError, aiohttp.ContentTypeError):
        return {}
    return body if isinstance(body, dict) else {}
