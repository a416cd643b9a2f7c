"""What every endpoint of the Activity's server shares: the request's JSON body, its rate
limit, and the JSON answer (never cached: every answer is about a player's game now)."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from bot.activity.limits import RateLimit, retry_after

from .errors import ApiError

MAX_BODY = 8 * 1024


def limited(limit: RateLimit, key: object) -> None:
    wait = limit.take(key)
    if wait:
        raise ApiError(429, "rate_limited", headers={"Retry-After": retry_after(wait)})


async def read_body(request: web.Request) -> dict[str, Any]:
    """The request's JSON object; the ids it may carry besides are never read."""
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, "bad_request") from None
    if not isinstance(body, dict):
        raise ApiError(400, "bad_request")
    return body


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def json_answer(value: Any) -> web.Response:
    return web.Response(text=dumps(value), content_type="application/json",
                        headers={"Cache-Control": "no-store"})
