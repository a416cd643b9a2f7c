"""What a MONOPOLY_DB value (or a --db option) names: a SQLite file or a PostgreSQL URL."""

from __future__ import annotations

import os
from urllib.parse import parse_qs, urlsplit

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


def postgres_url_problem(url: str) -> str | None:
    """What is wrong with a postgresql:// URL's form (said before connecting: a port out of
    range would otherwise surface as an OverflowError deep in the driver), else None."""
    try:
        parts = urlsplit(url)
        query = parse_qs(parts.query)
    except ValueError as exc:  # "Invalid IPv6 URL"...
        return f"is not a valid URL ({exc})"
    ports = list(query.get("port", []))
    for host in parts.netloc.rpartition("@")[2].split(","):  # host1:5432,host2:5433
        if host.startswith("["):  # [::1]:5432
            port = host.partition("]")[2].removeprefix(":")
        else:
            port = host.partition(":")[2]
        ports.append(port)
    for port in ports:
        if port and not (port.isascii() and port.isdigit() and 1 <= int(port) <= 65_535):
            return f"has the port {port!r}: a port is a number from 1 to 65535"
    return None
