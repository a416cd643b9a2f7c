"""Logs a machine can read (MONOPOLY_LOG_FORMAT=json): one JSON object a line.

Each line holds the time (UTC, ISO 8601), the level, the logger, the message and, where the
line was logged while handling an interaction, the game it is about (from the control's
custom_id), the shard it came through and the interaction's kind. Those three come from
context variables set when the interaction arrives (`bot.hosting.observability.clicks`):
the tasks that handle it inherit them, so no call site has to pass them on.

The token filter (bot.hosting.redact) sits on the handler, before this formatter: the
message and the traceback it formats are already clean.
"""

from __future__ import annotations

import contextvars
import json
import logging
from datetime import UTC, datetime
from typing import Any

game_id_var: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "monopoly_log_game_id", default=None)
shard_var: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "monopoly_log_shard", default=None)
kind_var: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "monopoly_log_interaction", default=None)


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON: time, level, logger, message; game_id, shard and
    interaction where there is one; exception (the traceback's text) where there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, var in (("game_id", game_id_var), ("shard", shard_var),
                         ("interaction", kind_var)):
            value = var.get()
            if value is not None:
                line[key] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        # ensure_ascii: a line stays one line, whatever a message holds.
        return json.dumps(line, ensure_ascii=True, default=str)
