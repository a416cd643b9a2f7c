"""Every call to PostgreSQL within one time budget, and the database's bad days as the
service's own errors.

A call is the wait for one of the pool's connections plus its statements, and both come out
of one budget (CALL_BUDGET): behind another session's lock, the call that found every
connection taken answers as soon as the first ones do, not one statement timeout later for
each place in the queue. A server that stops answering altogether (a frozen host, a paused
VM, a network partition: no refusal and no answer, where the server's own
statement_timeout can't fire) ends every call at the budget all the same: the caller stops
waiting, and the abandoned statement is left to end by its own client-side timeouts in the
background.

What went wrong is told in the service's words: a lock or a statement past its time is
DatabaseBusy; a server that can't be reached, restarts, drops the session or refuses
writes (a standby after a fail-over) is DatabaseUnavailable. Both mean "try again": a write
whose answer was lost may have been stored, and the same click made again is then
recognised as a duplicate. An outage is logged once when it starts and once when it ends,
not once for every player's click.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, Generic, TypeVar

import asyncpg

from bot.errors import DatabaseBusy, DatabaseUnavailable, ServiceError

from .queries import Row, Values, numbered

log = logging.getLogger("bot.storage.postgres")
T = TypeVar("T")

# The server gives up a statement (a lock wait, most often) after this: "busy, try again".
STATEMENT_TIMEOUT_MS = 4_500
# A call's whole wait, connection and statements: a second more than the statement timeout,
# so that the server's answer (busy) comes first when the server answers at all, even for a
# statement that had to wait for a new connection first.
CALL_BUDGET = 5.5
# What a call of the service may wait beyond one storage call (its game's turn).
SERVICE_MARGIN = 0.4
# Opening a connection: a server that is up answers in milliseconds.
CONNECT_TIMEOUT = 3.0

_BUSY: tuple[type[BaseException], ...] = (
    asyncpg.exceptions.LockNotAvailableError, asyncpg.exceptions.DeadlockDetectedError,
    asyncpg.exceptions.QueryCanceledError, asyncpg.exceptions.SerializationError,
    asyncpg.exceptions.TooManyConnectionsError)
# Class 08 (connection exceptions), the server shutting down or starting up (57P01-57P03),
# a read-only server (25006), and the client's side of a lost connection.
_UNAVAILABLE: tuple[type[BaseException], ...] = (
    OSError, TimeoutError, asyncpg.exceptions.PostgresConnectionError,
    asyncpg.exceptions.AdminShutdownError, asyncpg.exceptions.CrashShutdownError,
    asyncpg.exceptions.CannotConnectNowError, asyncpg.exceptions.ReadOnlySQLTransactionError,
    asyncpg.exceptions.InterfaceError, asyncpg.exceptions.InternalClientError)


def service_error(exc: BaseException) -> ServiceError | None:
    """The service's error for a driver's exception; None for anything else (a bug)."""
    if isinstance(exc, ServiceError):
        return exc
    if isinstance(exc, _BUSY):
        return DatabaseBusy()
    if isinstance(exc, _UNAVAILABLE):
        return DatabaseUnavailable(describe(exc))
    return None


def describe(exc: BaseException) -> str:
    """A driver's exception in a few words, for a log line or an admin's message."""
    if isinstance(exc, TimeoutError):
        return "no answer in time"
    if isinstance(exc, asyncpg.exceptions.ReadOnlySQLTransactionError):
        return "the server is read-only (a standby?)"
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class Calls:
    """Runs the storage's calls on a pool, each within its budget, and watches for outages."""

    def __init__(self, pool: asyncpg.Pool, budget: float = CALL_BUDGET) -> None:
        self._pool = pool
        self.budget = budget
        self._outage_since: float | None = None
        self._refused = 0
        self._last_answer = 0.0  # monotonic time of the server's last answer

    @property
    def in_outage(self) -> bool:
        return self._outage_since is not None

    async def run(self, work: Callable[[asyncpg.Connection], Awaitable[T]],
                  budget: float | None = None) -> T:
        """`work(connection)` on a pooled connection, within `budget` seconds (default: the
        call budget) for the wait and the work together; DatabaseBusy or
        DatabaseUnavailable instead of the driver's errors."""
        budget = self.budget if budget is None else budget
        # Apart from the caller, so that the caller's wait ends at the budget even when
        # giving back a connection whose statement was abandoned has to wait for the server.
        started = time.monotonic()
        attempt: _Attempt[T] = _Attempt(self._pool, work)
        task: asyncio.Task[T] = asyncio.ensure_future(attempt.run())
        done, _ = await asyncio.wait({task}, timeout=budget)
        if not done:
            if not attempt.connected:  # still waiting for a connection: nothing was sent
                task.cancel()
            else:
                task.add_done_callback(_forget)  # a statement sent ends by its own timeout
            # The server answered other calls meanwhile: it is up, this one waited behind a
            # lock or for a connection (busy). Nothing from it at all: an outage.
            if self._outage_since is None and self._last_answer >= started:
                raise DatabaseBusy()
            if not attempt.connected and self._outage_since is None:
                raise DatabaseBusy()  # every connection of the pool stayed taken
            raise self._failed(DatabaseUnavailable(f"no answer within {budget:g} s"))
        try:
            result: T = task.result()
        except BaseException as exc:
            error = service_error(exc)
            if error is None:
                raise
            if isinstance(error, DatabaseBusy):
                self._last_answer = time.monotonic()  # the server answered: busy, not gone
            raise self._failed(error) from exc
        self._answered()
        return result

    def _failed(self, error: ServiceError) -> ServiceError:
        if isinstance(error, DatabaseUnavailable):
            self._refused += 1
            if self._outage_since is None:
                self._outage_since = time.monotonic()
                log.warning("PostgreSQL unavailable (%s): every call answers 'try again' "
                            "until it is back", error.detail)
        return error

    def _answered(self) -> None:
        self._last_answer = time.monotonic()
        if self._outage_since is not None:
            log.warning("PostgreSQL answers again after %.1f s; %d calls were answered "
                        "'try again' meanwhile", time.monotonic() - self._outage_since,
                        self._refused)
            self._outage_since, self._refused = None, 0


class _Attempt(Generic[T]):
    """One call's work on a connection from the pool (the connection's wait included)."""

    def __init__(self, pool: asyncpg.Pool,
                 work: Callable[[asyncpg.Connection], Awaitable[T]]) -> None:
        self._pool, self._work = pool, work
        self.connected = False

    async def run(self) -> T:
        # No timeout of its own: the caller gives up at the budget and cancels the wait.
        # (A TimeoutError here is the connect timeout of a new connection: unavailable.)
        conn = await self._pool.acquire()
        self.connected = True
        try:
            return await self._work(conn)
        finally:
            await self._pool.release(conn)


def changed(status: str) -> int:
    """The number of rows a statement changed, from its status ("UPDATE 3", "INSERT 0 1");
    0 for a status that counts none."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class Statements:
    """A transaction's statements (bot.storage.queries.Statements) on its connection, their
    `?` placeholders numbered."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def read(self, sql: str, *args: object) -> list[Row]:
        return list(await self._conn.fetch(numbered(sql), *args))

    async def write(self, sql: str, *args: object) -> int:
        return changed(await self._conn.execute(numbered(sql), *args))

    async def write_many(self, sql: str, rows: Iterable[Values]) -> None:
        await self._conn.executemany(numbered(sql), rows)

    async def has_table(self, name: str) -> bool:
        return bool(await self._conn.fetchval("SELECT to_regclass($1) IS NOT NULL", name))


def _forget(attempt: asyncio.Task[Any]) -> None:
    """An abandoned call ended: its outcome was already told as 'try again'."""
    if not attempt.cancelled():
        attempt.exception()
