"""Keep secrets out of the log, at every level.

At DEBUG discord.py logs every gateway event whole (an INTERACTION_CREATE carries the
interaction's token, good for 15 minutes to answer as the bot in that channel) and every
request's URL (`/interactions/<id>/<token>/callback`, `/webhooks/<app>/<token>/...`).
`TokenFilter`, on the log's handlers, rewrites a record whose text holds one, and the bot's
own token wherever it would appear.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable

REDACTED = "[redacted]"
_PATTERNS = (
    # "token": "..." in a payload, as JSON or as a Python dict's repr.
    (re.compile(r"""(["']token["']\s*:\s*["'])[^"']*"""), rf"\g<1>{REDACTED}"),
    # The token in an interaction's or a webhook's URL.
    (re.compile(r"(/(?:interactions|webhooks)/\d+/)[^/?#\s'\"]+"), rf"\g<1>{REDACTED}"),
    # OAuth2 (the Activity's token exchange): a form body's secret, code or tokens, and a
    # bearer token in a header.
    (re.compile(r"((?:client_secret|code|access_token|refresh_token)=)[^&\s'\"]+"),
     rf"\g<1>{REDACTED}"),
    (re.compile(r"""(["'](?:client_secret|access_token|refresh_token|session)["']\s*:\s*["'])"""
                r"""[^"']*"""), rf"\g<1>{REDACTED}"),
    (re.compile(r"(Bearer\s+)[A-Za-z0-9._~+/=-]+"), rf"\g<1>{REDACTED}"),
)


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    return text


class TokenFilter(logging.Filter):
    """Rewrites records in place (so every handler after it sees them clean); drops none."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 -- a malformed record: the handler reports it
            return True
        clean = redact(message, self.secrets)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info:
            trace = logging.Formatter().formatException(record.exc_info)
            clean_trace = redact(trace, self.secrets)
            if clean_trace != trace:  # told as text, since a formatter would tell it again
                record.msg = f"{record.getMessage()}\n{clean_trace}"
                record.args, record.exc_info, record.exc_text = None, None, None
        if record.stack_info:
            record.stack_info = redact(record.stack_info, self.secrets)
        return True
