"""The Activity's settings (MONOPOLY_ACTIVITY_PORT, _HOST, DISCORD_CLIENT_SECRET, the
redirect URI) and the client secret kept out of the log (issue 36, points 2 and 4)."""

from __future__ import annotations

import io
import logging

import pytest

from bot.__main__ import setup_logging
from bot.hosting.redact import redact
from bot.hosting.settings import DEFAULT_REDIRECT_URI, Settings, SettingsError

SECRET = "s3cr3t-client-secret-value"
BASE = {"DISCORD_TOKEN": "t.o.k"}


def test_off_by_default_and_on_with_a_port_and_the_secret():
    off = Settings.from_env(BASE, dotenv=False)
    assert off.activity_port is None and off.client_secret == ""
    on = Settings.from_env({**BASE, "MONOPOLY_ACTIVITY_PORT": "8080",
                            "DISCORD_CLIENT_SECRET": SECRET}, dotenv=False)
    assert (on.activity_port, on.activity_host, on.redirect_uri) == (
        8080, "127.0.0.1", DEFAULT_REDIRECT_URI)
    assert SECRET not in repr(on)


@pytest.mark.parametrize(("env", "says"), [
    ({"MONOPOLY_ACTIVITY_PORT": "8080"}, "DISCORD_CLIENT_SECRET"),
    ({"MONOPOLY_ACTIVITY_PORT": "http", "DISCORD_CLIENT_SECRET": SECRET}, "port number"),
    ({"MONOPOLY_ACTIVITY_HOST": "0.0.0.0"}, "needs MONOPOLY_ACTIVITY_PORT"),
    ({"MONOPOLY_ACTIVITY_PORT": "80", "MONOPOLY_ACTIVITY_HOST": "a b",
      "DISCORD_CLIENT_SECRET": SECRET}, "address to listen on"),
])
def test_a_bad_setting_says_what_to_set(env, says):
    with pytest.raises(SettingsError, match=says):
        Settings.from_env({**BASE, **env}, dotenv=False)


def test_the_client_secret_and_oauth_tokens_never_reach_the_log():
    settings = Settings.from_env({**BASE, "MONOPOLY_ACTIVITY_PORT": "8080",
                                  "DISCORD_CLIENT_SECRET": SECRET}, dotenv=False)
    stream = io.StringIO()
    handler = setup_logging(settings, stream)
    try:
        log = logging.getLogger("tests.activity")
        log.warning("posting client_id=1&client_secret=%s&code=abc123", SECRET)
        log.warning("the secret itself: %s", SECRET)
        log.warning("headers {'Authorization': 'Bearer tok.en-123'}")
        log.warning('answer {"access_token": "at-456", "session": "v1.x.y"}')
    finally:
        logging.getLogger().removeHandler(handler)
    text = stream.getvalue()
    for secret in (SECRET, "abc123", "tok.en-123", "at-456", "v1.x.y"):
        assert secret not in text
    assert redact("code=xyz&state=1") == "code=[redacted]&state=1"
