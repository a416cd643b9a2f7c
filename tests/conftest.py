"""Fixtures shared by every test folder: a real PostgreSQL server for the storage tests.

The server is the `pgserver` package's (PostgreSQL's own binaries in a wheel, a dev
dependency): started once per test session in a temporary folder, stopped and deleted at the
end. Run as root (CI, containers), pgserver itself runs the server as its own unprivileged
user. Each test gets a fresh, empty database of its own on that server.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A running PostgreSQL server (pgserver.PostgresServer). Skips, saying why, only when
    one can't be started on this machine at all."""
    try:
        with warnings.catch_warnings():  # platformdirs: XDG_RUNTIME_DIR unset in containers
            warnings.simplefilter("ignore")
            import pgserver

            server = pgserver.get_server(tmp_path_factory.mktemp("postgres"),
                                         cleanup_mode="delete")
    except Exception as exc:  # pragma: no cover - depends on the machine
        pytest.skip(f"PostgreSQL (pgserver) could not start on this machine: {exc}")
    yield server
    server.cleanup()


def _database_url(server: Any, name: str) -> str:
    """The server's URL (a Unix socket, user postgres) for database `name`."""
    base: str = server.get_uri()  # postgresql://postgres:@/postgres?host=/path
    path, _, query = base.partition("?")
    return f"{path.rsplit('/', 1)[0]}/{name}?{query}"


@pytest.fixture
def postgres_url(postgres_server: Any) -> Iterator[str]:
    """The URL of a new, empty database, dropped after the test."""
    name = f"test_{next(_numbers)}"
    postgres_server.psql(f"CREATE DATABASE {name};")
    yield _database_url(postgres_server, name)
    postgres_server.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE);")


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A fresh database of each backend, as MONOPOLY_DB would name it: a SQLite file under
    tmp_path, or a postgresql:// URL."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url
