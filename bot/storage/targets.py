"""What a MONOPOLY_DB value (or a --db option) names: a SQLite file or a PostgreSQL URL."""

from __future__ import annotations

import os

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(target: str | os.PathLike[str]) -> bool:
    """Whether MONOPOLY_DB (or a --db option) names a PostgreSQL database, not a file."""
    return isinstance(target, str) and target.lower().startswith(POSTGRES_SCHEMES)


def redact_url(url: str) -> str:
    """`url` with the password (if any) replaced by ***."""
    scheme, sep, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    user = credentials.split(":", 1)[0]
    return f"{scheme}{sep}{user}:***@{place}"
