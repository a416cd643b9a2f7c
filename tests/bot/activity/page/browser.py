"""Real Chromium for the Activity's page, driven by Playwright for Python.

The Chromium is the one this machine has: Debian's `chromium` (what .ci/run installs), else
Playwright's own if `playwright install chromium` could download it. In CI (CI=true) a
missing Chromium fails the tests; on a developer's machine they skip, saying why.
Each page records what a player's browser would show as a problem: console errors, script
errors, and any request that leaves the page's own origin (Discord's proxy and our CSP allow
none).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import pytest

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
DEBIAN_CHROMIUM = "/usr/bin/chromium"


def _playwrights_own() -> str | None:
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            path = p.chromium.executable_path
    except Exception:  # noqa: BLE001 -- no driver, no browser: not found
        return None
    return path if os.path.exists(path) else None


@functools.cache  # once a run: a download that can't be reached is tried once
def find_chromium() -> str | None:
    """Debian's Chromium, another on PATH, or Playwright's own (installed if it can be)."""
    for candidate in (os.environ.get("MONOPOLY_CHROMIUM"), DEBIAN_CHROMIUM,
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    own = _playwrights_own()
    if own is None and os.environ.get("CI") != "true":
        try:  # where Playwright's download can be reached
            subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"],
                           capture_output=True, timeout=180, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return None
        own = _playwrights_own()
    return own


def need_chromium() -> str:
    path = find_chromium()
    if path is None:
        reason = ("no Chromium: install Debian's (apt-get install chromium) or Playwright's "
                  "(python -m playwright install chromium)")
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return path


@dataclass
class Watched:
    """What went wrong on a page, as a player's browser would show it."""

    origin: str
    errors: list[str] = field(default_factory=list)
    elsewhere: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def attach(self, page: Any) -> None:
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("request", lambda request: self._request(request.url))
        page.on("websocket", lambda socket: self._request(socket.url))

    def _request(self, url: str) -> None:
        self.requests.append(url)
        if url.startswith("data:"):
            return
        parts = urlsplit(url)
        scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
        if f"{scheme}://{parts.netloc}" != self.origin:
            self.elsewhere.append(url)

    def check(self) -> None:
        assert self.errors == [], self.errors
        assert self.elsewhere == [], self.elsewhere


def launch() -> Iterator[Any]:
    """One Chromium for a test module (starting one takes seconds on a busy machine)."""
    path = need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def open_page(browser: Any, base: str, query: str = "", *, width: int = 1280,
              height: int = 800, reduced_motion: bool = False,
              ) -> tuple[Any, Any, Watched]:
    """A fresh context and page on `base` + `query`, watched from its first request."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=1,
        reduced_motion="reduce" if reduced_motion else "no-preference",
        has_touch=width < 700, is_mobile=False)
    page = context.new_page()
    watched = Watched(origin=base)
    watched.attach(page)
    page.goto(f"{base}/{query}")
    return context, page, watched
