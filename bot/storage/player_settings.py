"""A player's own settings in the database (issue 20, migration 10), on both backends: one
row per setting the player changed, (owner_id, name, value), read and written by the primary
key only.

Kept apart from the backends' modules (which hold the games' own calls), like
`server_settings`: it speaks to a backend through its private statement helpers
(`_read`/`_write` for SQLite, `_fetch`/`_execute` for PostgreSQL), the statements written
once with `?` placeholders and numbered for PostgreSQL. Privacy (`bot.storage.privacy`)
exports and deletes these rows with the player's others.
"""

from __future__ import annotations

from typing import Any

from . import Row, Storage
from .server_settings import numbered

_SETTINGS = "SELECT name, value FROM player_settings WHERE owner_id = ? ORDER BY name"
_SET = ("INSERT INTO player_settings (owner_id, name, value) VALUES (?, ?, ?)"
        " ON CONFLICT (owner_id, name) DO UPDATE SET value = excluded.value")
_UNSET = "DELETE FROM player_settings WHERE owner_id = ? AND name = ?"
# What migrate-db copies: whole rows, in a stable order.
COLUMNS = "owner_id, name, value"
_ALL = f"SELECT {COLUMNS} FROM player_settings ORDER BY owner_id, name"
_IMPORT = f"INSERT INTO player_settings ({COLUMNS}) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"


class PlayerRows:
    """The calls; `PlayerRows(storage)` for either backend."""

    def __init__(self, storage: Storage) -> None:
        self._s: Any = storage  # its private statement helpers: the same database
        self._postgres = storage.backend == "postgresql"

    async def _read(self, sql: str, *args: Any) -> list[Row]:
        if self._postgres:
            return list(await self._s._fetch(numbered(sql), *args))
        return list(await self._s._read(sql, args))

    async def _run(self, sql: str, *args: Any) -> None:
        if self._postgres:
            await self._s._execute(numbered(sql), *args)
        else:
            await self._s._write(sql, args)

    async def settings(self, owner_id: int) -> list[Row]:
        """(name, value) of every setting the player changed."""
        return await self._read(_SETTINGS, owner_id)

    async def change(self, owner_id: int, name: str, value: str | None) -> None:
        """Set one setting (None: back to the bot's default, its row deleted)."""
        if value is None:
            await self._run(_UNSET, owner_id, name)
        else:
            await self._run(_SET, owner_id, name, value)

    async def export_all(self) -> list[Row]:
        """Every player's settings, for migrate-db."""
        return await self._read(_ALL)

    async def import_all(self, rows: list[Row]) -> None:
        """Store exported rows as they are (a row already there is kept: safe to repeat)."""
        if not rows:
            return
        if not self._postgres:
            await self._s._writer.executemany(_IMPORT, rows)
            return
        sql = numbered(_IMPORT)

        async def insert(conn: Any) -> None:
            async with conn.transaction():
                await conn.executemany(sql, rows)
        await self._s._calls.run(insert)
