"""A player's own settings in the database (migration 10), on both backends: one
row per setting the player changed, (owner_id, name, value), read and written by the primary
key only.

Kept apart from the backends' modules (which hold the games' own calls), like
`server_settings`: it speaks to a backend through bot.storage.queries, the statements
written once with `?` placeholders. Privacy (`bot.storage.privacy`) exports and deletes
these rows with the player's others.
"""

from __future__ import annotations

from .queries import Queries, Row, Statements, Values

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

    def __init__(self, storage: Queries) -> None:
        self._db = storage

    async def settings(self, owner_id: int) -> list[Row]:
        """(name, value) of every setting the player changed."""
        return await self._db.read(_SETTINGS, owner_id)

    async def change(self, owner_id: int, name: str, value: str | None) -> None:
        """Set one setting (None: back to the bot's default, its row deleted)."""
        if value is None:
            await self._db.write(_UNSET, owner_id, name)
        else:
            await self._db.write(_SET, owner_id, name, value)

    async def export_all(self) -> list[Row]:
        """Every player's settings, for migrate-db."""
        return await self._db.read(_ALL)

    async def import_all(self, rows: list[Row]) -> None:
        """Store exported rows as they are (a row already there is kept: safe to repeat),
        in one transaction."""
        if not rows:
            return
        values: list[Values] = [tuple(row) for row in rows]

        async def insert(tx: Statements) -> None:
            await tx.write_many(_IMPORT, values)
        await self._db.transaction(insert, write=True)
