"""The game service's hold on the SQLite file: its three connections, and what every call
goes through.

Writes go through one connection (SQLite has a single writer anyway); being single
statements, they need no lock around them and queue up in that connection's thread. Reads
use a second connection, which in WAL mode sees committed data only. A third copies the
write-ahead log back into the database every few hundred writes (db.Checkpointer).

A lock that another program holds past the busy timeout becomes DatabaseBusy ("try again"),
never a raw sqlite3 error. Closing lets the calls already running finish first: a click in
flight is stored and answered, and no checkpoint starts on a closed connection.
"""

from __future__ import annotations

import asyncio
import functools
import os
import sqlite3
from collections.abc import Callable, Coroutine, Iterable
from typing import Any, Concatenate, ParamSpec, TypeVar

import aiosqlite

from . import db
from .errors import DatabaseReadOnly

_S = TypeVar("_S", bound="Store")
_P = ParamSpec("_P")
_R = TypeVar("_R")


def call(method: Callable[Concatenate[_S, _P], Coroutine[Any, Any, _R]],
         ) -> Callable[Concatenate[_S, _P], Coroutine[Any, Any, _R]]:
    """Marks a public entry point: counted while it runs, so that close() lets it finish."""
    async def counted(self: _S, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        if self._closing:
            raise RuntimeError("the game service is closed")
        self._calls += 1
        self._idle.clear()
        try:
            return await method(self, *args, **kwargs)
        finally:
            self._calls -= 1
            if not self._calls:
                self._idle.set()
    functools.update_wrapper(counted, method)
    return counted


async def open_connections(path: str | os.PathLike[str], busy_timeout_ms: int,
                           ) -> tuple[aiosqlite.Connection, aiosqlite.Connection,
                                      db.Checkpointer]:
    """The writer (the schema migrated, its writing checked), the reader, the checkpointer.
    DatabaseReadOnly if this process can't write the file, DatabaseTooNew if a newer bot
    upgraded it."""
    writer = await db.connect_writer(path, busy_timeout_ms=busy_timeout_ms)
    opened: list[aiosqlite.Connection] = [writer]
    try:
        try:
            await db.migrate(writer)
            await db.check_writable(writer, path)
        except sqlite3.OperationalError as exc:
            if db.is_read_only(exc):
                raise DatabaseReadOnly(os.fspath(path)) from exc
            raise
        reader = await db.connect(path, busy_timeout_ms=busy_timeout_ms)
        opened.append(reader)
        checkpointer = await db.Checkpointer.start(path)
    except BaseException:
        for conn in opened:
            await conn.close()
        raise
    return writer, reader, checkpointer


class Store:
    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection,
                 checkpointer: db.Checkpointer) -> None:
        self._writer = writer
        self._reader = reader
        self._checkpointer = checkpointer
        self._calls = 0  # public calls running: close() waits for them
        self._idle = asyncio.Event()
        self._idle.set()
        self._closing = False

    async def close(self) -> None:
        """Let the calls already running finish, then close the connections; a call made
        after this is a RuntimeError. Each connection is closed even if closing another
        failed."""
        self._closing = True
        await self._idle.wait()
        try:
            await self._checkpointer.stop()
        finally:
            try:
                await self._reader.close()
            finally:
                await self._writer.close()

    async def _read(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        try:
            return list(await self._reader.execute_fetchall(sql, params))
        except sqlite3.OperationalError as exc:
            raise db.busy_or(exc) from exc

    async def _write(self, sql: str, params: Iterable[Any]) -> aiosqlite.Cursor:
        try:
            return await self._writer.execute(sql, params)
        except sqlite3.OperationalError as exc:
            raise db.busy_or(exc) from exc
