"""Without a Chromium the page's tests fail in CI (they would prove nothing) and skip, saying
why, on a developer's machine."""

from __future__ import annotations

import pytest

from . import browser


def test_no_chromium_fails_in_ci_and_skips_elsewhere(monkeypatch):
    monkeypatch.setattr(browser, "find_chromium", lambda: None)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="no Chromium"):
        browser.need_chromium()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        browser.need_chromium()


def test_requests_elsewhere_than_the_pages_origin_are_caught():
    watched = browser.Watched(origin="http://127.0.0.1:8090")
    for url in ("http://127.0.0.1:8090/api/game", "ws://127.0.0.1:8090/api/live", "data:,"):
        watched._request(url)
    assert watched.elsewhere == []
    watched._request("https://discord.com/api/v10/users/@me")
    watched._request("ws://127.0.0.1:9999/api/live")
    assert len(watched.elsewhere) == 2
    with pytest.raises(AssertionError):
        watched.check()
