"""Fixtures shared by every test folder: Discord's contract on everything the bot sends
through simcord, and a real PostgreSQL server for the storage tests.

The server is the `pgserver` package's (PostgreSQL's own binaries in a wheel, a dev
dependency): started once per test session in a temporary folder, stopped and deleted at the
end. Run as root (CI, containers), pgserver itself runs the server as its own unprivileged
user. Each test gets a fresh, empty database of its own on that server.
"""

from __future__ import annotations

import itertools
import tempfile
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from .discord_contract import Contract, install

_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Any]:
    """A running PostgreSQL server (pgserver.PostgresServer). Skips, saying why, only when
    one can't be started on this machine at all."""
    try:
        with warnings.catch_warnings():  # platformdirs: XDG_RUNTIME_DIR unset in containers
            warnings.simplefilter("ignore")
            import pgserver

            # Its own folder, not one under pytest's basetemp: pytest deletes the oldest
            # runs' folders there as new runs start, so another pytest run on the same
            # machine (a second checkout's tests) would delete a server still in use.
            folder = tempfile.mkdtemp(prefix="monopoly-pg-")
            server = pgserver.get_server(folder, cleanup_mode="delete")
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


_SLOWEST = pytest.StashKey[list[tuple[float, str]]]()


@pytest.fixture(autouse=True)
def discord_contract(monkeypatch: pytest.MonkeyPatch,
                     request: pytest.FixtureRequest) -> Iterator[Contract]:
    """Every test: what the bot sends through simcord is checked against Discord's documented
    limits (tests/discord_contract.py); a payload Discord would refuse fails the test that
    sent it. `discord_contract.installs[user.id] = "user"` makes that user's interactions come
    from the app installed to their account."""
    contract = install(monkeypatch)
    yield contract
    if contract.slowest:
        request.config.stash.setdefault(_SLOWEST, []).append(
            (contract.slowest, request.node.nodeid))
    assert not contract.violations, "Discord would refuse:\n" + "\n".join(contract.violations)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Marks the tests that need the PostgreSQL server (`-m "not postgres"` leaves them out):
    those asking for it, and every `[postgresql]` case of a test run on both backends."""
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        callspec = getattr(item, "callspec", None)
        params = callspec.params.values() if callspec is not None else ()
        if names & {"postgres_server", "postgres_url"} or any(
                value == "postgresql" for value in params):
            item.add_marker(pytest.mark.postgres)


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The slowest first answer to an interaction the contract saw (Discord allows 3 s)."""
    times = config.stash.get(_SLOWEST, [])
    if times:
        slowest, where = max(times)
        terminalreporter.write_line(f"slowest interaction answer: {slowest:.2f} s ({where}); "
                                    f"Discord allows 3 s")
