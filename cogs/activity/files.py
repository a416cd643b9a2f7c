"""The page's files and its configuration: index.html never cached, the files under their
content-hashed names cached for a year (bot.activity.assets), the rest revalidated by ETag."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from bot.activity.assets import Asset, Assets

from .answers import json_answer
from .errors import ApiError

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

CACHE_HASHED = "public, max-age=31536000, immutable"


class PageFiles:
    def __init__(self, bot: MonopolyBot, assets: Assets) -> None:
        self._bot = bot
        self.assets = assets

    async def index(self, request: web.Request) -> web.Response:
        return _file(request, self.assets.index, "no-cache")

    async def static(self, request: web.Request) -> web.Response:
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

    async def config(self, request: web.Request) -> web.Response:
        """What the page needs before it signs in: the application's id, the SDK's client id
        (so that the page's files name no application)."""
        app_id = self._bot.application_id
        if app_id is None:
            raise ApiError(503, "unavailable")
        return json_answer({"client_id": str(app_id)})


def _file(request: web.Request, asset: Asset, cache: str) -> web.Response:
    headers = {"Cache-Control": cache, "ETag": asset.etag}
    if request.headers.get("If-None-Match") == asset.etag:
        return web.Response(status=304, headers=headers)
    return web.Response(body=asset.body, headers={**headers, "Content-Type": asset.content_type})
