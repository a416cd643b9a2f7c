"""The page's files (bot/activity/static/), served under content-hashed names.

`/static/app.js` is also `/static/app.<8 hex of its sha256>.js`; index.html's references to
its files (`src="static/app.js"`, `href="/static/style.css"`) are rewritten to the hashed
names, so those can be cached for a year (immutable) while index.html itself is never cached:
a new bot's page never runs an old script. Files are read once, at start-up (they are part
of the installed package), never per request.
"""

from __future__ import annotations

import hashlib
import mimetypes
import re
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable

INDEX = "index.html"
HASH_CHARS = 8  # of the sha256 in a file's hashed name
ETAG_CHARS = 16  # of the sha256 in its ETag: revalidating a plain name (index.html too)
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
         ".html": "text/html", ".svg": "image/svg+xml", ".png": "image/png",
         ".woff2": "font/woff2", ".json": "application/json", ".txt": "text/plain",
         ".ico": "image/x-icon", ".webp": "image/webp"}
_REFERENCE = re.compile(r"""(?P<attr>(?:src|href)\s*=\s*["'])/?static/(?P<path>[^"'?#]+)""")


@dataclass(frozen=True, slots=True)
class Asset:
    body: bytes
    content_type: str
    etag: str


def _content_type(name: str) -> str:
    suffix = name[name.rfind("."):] if "." in name else ""
    found = TYPES.get(suffix.lower()) or mimetypes.guess_type(name)[0]
    if found is None:
        return "application/octet-stream"
    return f"{found}; charset=utf-8" if found.startswith("text/") or found.endswith(
        ("json", "javascript")) else found


def fingerprint(body: bytes) -> str:
    """A file's content hash (hex sha256): its hashed name and its ETag are cut from it, so
    both change exactly when its bytes do."""
    return hashlib.sha256(body).hexdigest()


def _asset(body: bytes, content_type: str) -> Asset:
    return Asset(body, content_type, f'"{fingerprint(body)[:ETAG_CHARS]}"')


def hashed_name(path: str, body: bytes) -> str:
    digest = fingerprint(body)[:HASH_CHARS]
    folder, _, name = path.rpartition("/")
    stem, dot, suffix = name.rpartition(".")
    hashed = f"{stem}.{digest}.{suffix}" if dot and stem else f"{name}.{digest}"
    return f"{folder}/{hashed}" if folder else hashed


class Assets:
    """Every file of the folder, by its plain name (`app.js`, `vendor/sdk.js`) and by its
    hashed name; `index` is index.html with its references rewritten."""

    def __init__(self, root: Traversable | None = None) -> None:
        root = root if root is not None else files("bot.activity") / "static"
        self.plain: dict[str, Asset] = {}
        self.hashed: dict[str, Asset] = {}
        self.urls: dict[str, str] = {}  # plain name -> /static/<hashed name>
        for path, body in sorted(_walk(root, "")):
            asset = _asset(body, _content_type(path))
            self.plain[path] = asset
            name = hashed_name(path, body)
            self.hashed[name] = asset
            self.urls[path] = f"/static/{name}"
        page = self.plain.get(INDEX)
        html = page.body.decode("utf-8") if page is not None else "<!doctype html>"
        html = _REFERENCE.sub(self._rewrite, html)
        body = html.encode("utf-8")
        self.index = _asset(body, "text/html; charset=utf-8")

    def _rewrite(self, found: re.Match[str]) -> str:
        url = self.urls.get(found["path"])
        return found["attr"] + url if url is not None else found[0]


def _walk(folder: Traversable, prefix: str) -> list[tuple[str, bytes]]:
    found: list[tuple[str, bytes]] = []
    for entry in folder.iterdir():
        if entry.name.startswith((".", "_")):  # dot files, __pycache__
            continue
        path = f"{prefix}{entry.name}"
        if entry.is_dir():
            found.extend(_walk(entry, path + "/"))
        else:
            found.append((path, entry.read_bytes()))
    return found
