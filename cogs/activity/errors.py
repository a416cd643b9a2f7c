"""The Activity server's answers to what goes wrong: JSON with a code, never a traceback
(docs/activity-api.md, "Errors"), and the headers every answer carries (the CSP)."""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from bot.i18n import t

log = logging.getLogger(__name__)
# Discord shows the page in an iframe of its own origin, and the page asks only its own.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; frame-ancestors https://discord.com "
       "https://*.discord.com https://*.discordsays.com; base-uri 'none'; "
       "form-action 'none'; object-src 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer"}
# The words of a refusal before the viewer's language is known (no session yet).
MESSAGES = {
    "bad_request": "The request is not one this server understands.",
    "bad_code": "Discord refused the authorization code: open the board again.",
    "no_session": "Not signed in: open the board again.",
    "bad_session": "This session is not valid: open the board again.",
    "expired_session": "This session has expired: open the board again.",
    "not_your_game": "Only the game's player can play it; you are watching.",
    "no_game": "There is no game to play here.",
    "not_found": "Nothing here.",
    "stale": "The game moved on since: here it is as it is now.",
    "game_over": "This game is over.",
    "illegal": "That can't be done now.",
    "active_game": "A game is already going.",
    "rate_limited": "Too many requests: wait a moment.",
    "busy": "The game's database is busy: try again.",
    "unavailable": "The game's database isn't answering: try again.",
    "not_configured": "The board isn't set up on this bot.",
    "discord_down": "Discord didn't answer: try again.",
    "internal": "Something went wrong (error id {error_id}).",
}


class ApiError(Exception):
    def __init__(self, status: int, code: str, message: str = "", *,
                 extra: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(code)
        self.status, self.code, self.message = status, code, message
        self.extra = extra or {}
        self.headers = headers or {}


def error_response(status: int, code: str, message: str = "", *,
                   extra: dict[str, Any] | None = None,
                   headers: dict[str, str] | None = None) -> web.Response:
    body = {"error": {"code": code, "message": message or MESSAGES.get(code, code)},
            **(extra or {})}
    return web.json_response(body, status=status, headers=headers,
                             dumps=lambda v: json.dumps(v, ensure_ascii=False))


def worded(locale: str, code: str) -> str:
    """A refusal in the viewer's language when the catalog words it, else English."""
    key = f"activity.error.{code}"
    try:
        return t(locale, key)
    except KeyError:
        return MESSAGES.get(code, code)


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every answer: the security headers, and any failure as a JSON error (logged here,
    with an id the answer gives, never its traceback)."""
    try:
        response = await handler(request)
    except ApiError as exc:
        response = error_response(exc.status, exc.code, exc.message, extra=exc.extra,
                                  headers=exc.headers)
    except web.HTTPException as exc:  # aiohttp's own: 404, 405, 413...
        code = {404: "not_found", 405: "not_found"}.get(exc.status, "bad_request")
        response = error_response(exc.status, code)
    except Exception:  # noqa: BLE001 -- logged with its traceback here, never sent
        error_id = secrets.token_hex(4)
        log.exception("activity: %s %s failed (error id %s)", request.method, request.path,
                      error_id)
        response = error_response(500, "internal",
                                  MESSAGES["internal"].format(error_id=error_id))
    if not response.prepared:
        response.headers.update(HEADERS)
    return response


async def on_prepare(request: web.Request, response: web.StreamResponse) -> None:
    """The headers also on answers the middleware doesn't see (a WebSocket's upgrade)."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
