"""The Activity's launch records in the database (migration 11), on both backends: one row
per (player, channel), their newest launch there and the game it is for.

Kept apart from the backends' modules, like `player_settings`: it speaks to a backend
through bot.storage.queries (whose calls the timed seam, bot.storage.timed, times like every
other), the statements written once with `?` placeholders, each served by an index: the
primary key (a launch written, the player's rows for privacy), (channel_id, at) (a
channel's newest launches), (at) (the old ones deleted).
"""

from __future__ import annotations

from .queries import Queries, Row

_LAUNCHED = ("INSERT INTO activity_launches (user_id, channel_id, game_id, at)"
             " VALUES (?, ?, ?, ?) ON CONFLICT (user_id, channel_id)"
             " DO UPDATE SET game_id = excluded.game_id, at = excluded.at")
_NEWEST = ("SELECT user_id, game_id, at FROM activity_launches"
           " WHERE channel_id = ? AND at >= ? ORDER BY at DESC LIMIT ?")
_PRUNE = "DELETE FROM activity_launches WHERE at < ?"


class LaunchRows:
    """The calls; `LaunchRows(storage)` for either backend."""

    def __init__(self, storage: Queries) -> None:
        self._db = storage

    async def launched(self, user_id: int, channel_id: int, game_id: int, at: float) -> None:
        """The player's newest launch in that channel (their older one there replaced)."""
        await self._db.write(_LAUNCHED, user_id, channel_id, game_id, at)

    async def newest(self, channel_id: int, since: float, limit: int) -> list[Row]:
        """(user_id, game_id, at) of the channel's launches since `since`, newest first."""
        return await self._db.read(_NEWEST, channel_id, since, limit)

    async def prune(self, before: float) -> None:
        """Delete the launches older than `before`."""
        await self._db.write(_PRUNE, before)
