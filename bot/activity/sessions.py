"""The Activity's session tokens: the only credential the page holds.

A token is `v1.<payload>.<mac>`, both base64url: the payload (JSON) names the Discord user,
the Activity instance Discord confirmed the user is in (or ""), the viewer's language and
the expiry; the mac is HMAC-SHA256 over `v1.<payload>` with a key derived from the bot's
secret in the database (the one the dailies' seeds come from, never logged), so that every
process of a cluster accepts the sessions of every other, and a token forged or changed by
one bit is refused. Short-lived (SESSION_SECONDS): then the page authorizes again.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass

SESSION_SECONDS = 3600
_PREFIX = b"v1"
_KEY_LABEL = b"solo-monopoly activity session v1"
MAX_TOKEN = 1024


class SessionError(Exception):
    """A token that isn't ours (`bad_session`) or is past its time (`expired_session`)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class Session:
    user_id: int
    instance_id: str  # "" when Discord didn't confirm the user in an instance
    locale: str
    expires: int  # unix seconds
    name: str = ""  # the user's display name, for the game's title
    # The player whose game this viewer watches (another participant of the confirmed
    # instance, who launched it); 0: none.
    watch: int = 0


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Sessions:
    """Issues and checks tokens with a key derived from `secret`; `clock` gives unix time."""

    def __init__(self, secret: bytes, clock: Callable[[], float]) -> None:
        if not secret:
            raise ValueError("a session key needs the bot's secret")
        self._key = hmac.new(secret, _KEY_LABEL, hashlib.sha256).digest()
        self._clock = clock

    def issue(self, user_id: int, *, instance_id: str = "", locale: str = "en",
              name: str = "", watch: int = 0) -> tuple[str, Session]:
        session = Session(user_id, instance_id, locale,
                          int(self._clock()) + SESSION_SECONDS, name[:100], watch)
        payload = _b64(json.dumps({"u": str(user_id), "i": instance_id, "l": locale,
                                   "e": session.expires, "n": session.name,
                                   "w": str(watch)},
                                  separators=(",", ":")).encode())
        signed = _PREFIX + b"." + payload.encode()
        return f"{signed.decode()}.{_b64(self._mac(signed))}", session

    def check(self, token: str) -> Session:
        """The session a token carries; SessionError if forged, malformed or expired."""
        if not isinstance(token, str) or len(token) > MAX_TOKEN or not token.isascii():
            raise SessionError("bad_session")
        prefix, _, rest = token.partition(".")
        payload, _, mac = rest.partition(".")
        if prefix != _PREFIX.decode() or not payload or not mac:
            raise SessionError("bad_session")
        try:
            given = _unb64(mac)
        except ValueError:
            raise SessionError("bad_session") from None
        if not hmac.compare_digest(given, self._mac(f"{prefix}.{payload}".encode())):
            raise SessionError("bad_session")
        try:
            data = json.loads(_unb64(payload))
            session = Session(int(data["u"]), str(data["i"]), str(data["l"]), int(data["e"]),
                              str(data.get("n", "")), int(data.get("w", "0")))
        except (ValueError, KeyError, TypeError):
            raise SessionError("bad_session") from None
        if session.expires <= self._clock():
            raise SessionError("expired_session")
        return session

    def _mac(self, signed: bytes) -> bytes:
        return hmac.new(self._key, signed, hashlib.sha256).digest()
