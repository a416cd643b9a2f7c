"""A PostgreSQL server's bad days, for real: a server of its own (pgserver, as in
tests/conftest.py) that a test can freeze (SIGSTOP every process of it: what a hung host, a
paused VM or a network partition looks like: no refusal and no answer), stop and start
again, or lock."""

from __future__ import annotations

import contextlib
import signal
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil

with warnings.catch_warnings():  # platformdirs: XDG_RUNTIME_DIR unset in containers
    warnings.simplefilter("ignore")
    from pgserver._commands import pg_ctl


def processes(server: Any) -> list[psutil.Process]:
    """The postmaster and every process it started."""
    postmaster = psutil.Process(server.get_pid())
    return [postmaster, *postmaster.children(recursive=True)]


@contextlib.contextmanager
def frozen(server: Any) -> Iterator[None]:
    """Every process of the server stopped (SIGSTOP), then let go on (SIGCONT)."""
    stopped = processes(server)
    for process in stopped:
        process.send_signal(signal.SIGSTOP)
    try:
        yield
    finally:
        for process in stopped:
            with contextlib.suppress(psutil.NoSuchProcess):
                process.send_signal(signal.SIGCONT)


def stop(server: Any) -> None:
    """A fast shutdown: sessions are told the server goes down, new connections refused."""
    pg_ctl(["-w", "-m", "fast", "stop"], pgdata=Path(server.pgdata), user=server.system_user,
           timeout=30)


def start(server: Any) -> None:
    """Start it again with the options it last ran with: `pg_ctl restart` reads them from
    postmaster.opts, and starts a stopped server ("trying to start server anyway")."""
    pg_ctl(["-w", "-l", str(server.log), "restart"], pgdata=Path(server.pgdata),
           user=server.system_user, timeout=30)
