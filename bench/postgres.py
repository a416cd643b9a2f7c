"""A PostgreSQL server of the bench's own (pgserver, a dev dependency) and a database on it,
for the benches that run bot processes on PostgreSQL (capacity.py, cluster.py)."""

from __future__ import annotations

import warnings
from typing import Any


def start_postgres(folder: str) -> Any:
    with warnings.catch_warnings():  # platformdirs: XDG_RUNTIME_DIR unset in containers
        warnings.simplefilter("ignore")
        import pgserver

        return pgserver.get_server(folder, cleanup_mode="delete")


def database(server: Any, name: str) -> str:
    """The URL of a new database `name` on `server`."""
    server.psql(f"CREATE DATABASE {name};")
    base: str = server.get_uri()  # postgresql://postgres:@/postgres?host=/path
    path, _, query = base.partition("?")
    return f"{path.rsplit('/', 1)[0]}/{name}?{query}"
