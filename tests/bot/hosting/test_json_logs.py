"""MONOPOLY_LOG_FORMAT=json: one JSON object a line, the token filter still in front of it,
and an interaction's kind, game and shard on the lines logged while it is handled."""

from __future__ import annotations

import io
import json
import logging

from bot.__main__ import setup_logging
from bot.hosting.observability import logs
from bot.hosting.redact import REDACTED
from bot.hosting.settings import Settings

INTERACTION_TOKEN = "aW50ZXJhY3Rpb246OTg3NjU0MzIxOnNlY3JldA"
BOT_TOKEN = "MTAw.json.token.secret"


def test_json_lines_parse_one_by_one_hold_no_token_and_name_the_interaction():
    out = io.StringIO()
    root = logging.getLogger()
    old_level, old_handlers = root.level, list(root.handlers)
    handler = setup_logging(Settings(token=BOT_TOKEN, log_level=logging.DEBUG,
                                     log_format="json"), stream=out)
    try:
        logging.getLogger("bot.test").info("before any interaction")
        tokens = [logs.kind_var.set("button:roll"), logs.game_id_var.set(42),
                  logs.shard_var.set(3)]
        try:
            event = {"t": "INTERACTION_CREATE", "d": {"token": INTERACTION_TOKEN}}
            logging.getLogger("discord.gateway").debug("WebSocket Event: %s", event)
            for detail in ("a plain failure", f"could not log in with {BOT_TOKEN}"):
                try:
                    raise RuntimeError(f"{detail}\nsecond line")
                except RuntimeError:
                    logging.getLogger("cogs.errors").exception("error %s", "ab12cd34")
        finally:
            for var, token in zip((logs.kind_var, logs.game_id_var, logs.shard_var),
                                  tokens, strict=True):
                var.reset(token)
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
        assert root.handlers == old_handlers
    text = out.getvalue()
    lines = [json.loads(line) for line in text.splitlines()]
    assert len(lines) == 4  # a traceback stays inside its line
    first, event_line, error, secret_error = lines
    assert first["message"] == "before any interaction" and "interaction" not in first
    assert first["level"] == "INFO" and first["logger"] == "bot.test"
    assert first["time"].endswith("Z")
    for line in (event_line, error, secret_error):
        assert (line["interaction"], line["game_id"], line["shard"]) == ("button:roll", 42, 3)
    assert REDACTED in event_line["message"]
    assert "RuntimeError: a plain failure" in error["exception"] and error["level"] == "ERROR"
    # A traceback that held a secret is told, cleaned, in the message (bot.hosting.redact).
    assert "RuntimeError: could not log in with" in secret_error["message"]
    assert REDACTED in secret_error["message"]
    assert INTERACTION_TOKEN not in text and BOT_TOKEN not in text
