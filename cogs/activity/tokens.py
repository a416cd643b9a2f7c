"""The token exchange (`POST /api/token`): the page's authorization code traded with Discord
for the player's access token and identity, the instance checked with the bot's token, and
our own signed session issued: the only credential the other endpoints accept."""

from __future__ import annotations

import logging
import time
from collections.abc import Collection
from typing import TYPE_CHECKING

from aiohttp import web

from bot.activity.limits import RateLimit
from bot.activity.sessions import Sessions
from bot.errors import DatabaseBusy, DatabaseUnavailable, InvalidRequest
from bot.i18n.languages import language

from .answers import json_answer, limited, read_body
from .discord_api import CodeRefused, DiscordDown, DiscordOAuth
from .errors import ApiError

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

log = logging.getLogger(__name__)
# Per address (the client's as a proxy on this machine forwards it, else the connection's:
# every page comes through Discord's proxy, so this is generous; a code is single-use
# anyway, and a refused one is never retried).
TOKEN_RATE, TOKEN_BURST = 50.0, 100


class TokenExchange:
    def __init__(self, bot: MonopolyBot, sessions: Sessions) -> None:
        self._bot = bot
        self.settings = bot.settings
        self.sessions = sessions
        self.token_limit = RateLimit(TOKEN_RATE, TOKEN_BURST, time.monotonic)
        self._oauth: DiscordOAuth | None = None

    def oauth(self) -> DiscordOAuth:
        if self._oauth is None:
            app_id = self._bot.application_id
            if app_id is None:
                raise ApiError(503, "unavailable")
            self._oauth = DiscordOAuth(self._bot, app_id, self.settings.client_secret,
                                       self.settings.redirect_uri)
        return self._oauth

    async def close(self) -> None:
        if self._oauth is not None:
            await self._oauth.close()

    async def token(self, request: web.Request) -> web.Response:
        limited(self.token_limit, _address(request))
        body = await read_body(request)
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
        return json_answer({"session": session_token, "access_token": access_token,
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


def _address(request: web.Request) -> str:
    """The client's address: a reverse proxy on this machine (the connection comes from the
    loopback) says it in X-Forwarded-For's last entry; anyone else can't be believed."""
    remote = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded and remote in ("127.0.0.1", "::1"):
        return forwarded.rsplit(",", 1)[-1].strip()[:64] or remote
    return remote
