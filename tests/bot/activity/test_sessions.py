"""The Activity's session tokens: the only credential the page holds (issue 36, point 4)."""

from __future__ import annotations

import base64
import json

import pytest

from bot.activity.sessions import SESSION_SECONDS, SessionError, Sessions


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_session_carries_its_user_instance_and_language():
    sessions = Sessions(b"k" * 32, Clock())
    token, issued = sessions.issue(42, instance_id="i-1", locale="fr", name="Ada", watch=7)
    assert sessions.check(token) == issued
    assert (issued.user_id, issued.instance_id, issued.locale, issued.watch) == (
        42, "i-1", "fr", 7)


def test_an_expired_session_is_refused():
    clock = Clock()
    sessions = Sessions(b"k" * 32, clock)
    token, _ = sessions.issue(42)
    clock.now += SESSION_SECONDS
    with pytest.raises(SessionError) as refused:
        sessions.check(token)
    assert refused.value.code == "expired_session"


def test_a_session_changed_by_its_holder_is_refused():
    """Another user's id put in the payload keeps the old mac: refused."""
    sessions = Sessions(b"k" * 32, Clock())
    token, _ = sessions.issue(42)
    prefix, payload, mac = token.split(".")
    data = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    data["u"] = "43"
    forged = base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()
    for bad in (f"{prefix}.{forged}.{mac}", token[:-1] + ("A" if token[-1] != "A" else "B"),
                "", "v1..", "v2." + token[3:], "x" * 5000, "v1.é.x"):
        with pytest.raises(SessionError) as refused:
            sessions.check(bad)
        assert refused.value.code == "bad_session"


def test_another_bots_sessions_are_refused():
    token, _ = Sessions(b"a" * 32, Clock()).issue(42)
    with pytest.raises(SessionError):
        Sessions(b"b" * 32, Clock()).check(token)
