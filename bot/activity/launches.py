"""Which game each launch of the Activity is for, so that the other participants of the
instance watch the game of the player who launched it.

Kept in this process's memory, by channel: a launch names no instance yet (Discord makes
the instance when the Activity opens), so when a participant's page signs in, the instance
Discord confirms (its channel and users) is matched to the newest launch in that channel by
one of its users. The launcher's own page never needs it (a player's game in progress is
found in the database), so in a cluster only watching depends on the launch and the sign-in
reaching the same process (README: The board in Discord)."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Collection

KEEP = 10_000  # launches remembered (the oldest forgotten first)
FRESH = 6 * 3600.0  # a launch older than this opens nothing for watchers


class Launches:
    def __init__(self) -> None:
        self._by_channel: OrderedDict[int, list[tuple[int, int, float]]] = OrderedDict()

    def launched(self, channel_id: int | None, user_id: int, game_id: int) -> None:
        if channel_id is None:
            return
        found = [entry for entry in self._by_channel.pop(channel_id, [])
                 if entry[0] != user_id][-4:]
        found.append((user_id, game_id, time.monotonic()))
        self._by_channel[channel_id] = found
        while len(self._by_channel) > KEEP:
            self._by_channel.popitem(last=False)

    def playing(self, user_id: int, game_id: int) -> None:
        """A new game started on the board: nothing to record (the database has it)."""

    def watched(self, channel_id: int | None, users: Collection[int], viewer: int) -> int:
        """The player another participant `viewer` watches in that channel's instance: the
        newest launch there by one of the instance's users; 0 if none."""
        now = time.monotonic()
        for user_id, _game, at in reversed(self._by_channel.get(channel_id or 0, [])):
            if user_id != viewer and user_id in users and now - at < FRESH:
                return user_id
        return 0
