"""Which game each launch of the Activity is for (the game service's `launches`), so that
the other participants of the instance watch the game of the player who launched it.

A launch names no instance yet (Discord makes the instance when the Activity opens), so
when a participant's page signs in, the instance Discord confirms (its channel and users)
is matched to the newest launch in that channel by one of its users. Kept in the database
(migration 11, bot.storage.launches), not in a process's memory: in a cluster the launch's
click and a watcher's sign-in may reach different processes (README: The board in Discord).
A launch older than FRESH opens nothing; one older than KEPT is deleted, at most every
PRUNE_EVERY seconds, by the process recording a launch.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from bot.errors import InvalidRequest
from bot.storage.launches import LaunchRows

from . import checks
from .store import Store, call

FRESH = 6 * 3600.0  # a launch older than this opens nothing for watchers
KEPT = 24 * 3600.0  # a launch older than this is deleted: useless
PRUNE_EVERY = 600.0
NEWEST = 50  # a channel's launches read at most (its newest), to find one by the instance's users
MAX_USERS = 1000  # an instance's participants checked at most (Discord's are far fewer)


class ActivityLaunches:
    def __init__(self, store: Store, now: Callable[[], float]) -> None:
        self._store = store
        self._rows = LaunchRows(store.storage)
        self._now = now
        self._pruned = float("-inf")

    def _clock(self) -> float:
        return float(self._now())

    @call
    async def launched(self, channel_id: int | None, user_id: int, game_id: int) -> None:
        """`user_id` launched the Activity in `channel_id` for `game_id` (no channel: a
        launch nobody else can join, nothing recorded). InvalidRequest for a bad id."""
        channel = checks.an_optional_id(channel_id, "a channel id")
        user = checks.an_id(user_id, "a user id")
        game = checks.an_id(game_id, "a game id")
        if channel is None:
            return
        now = self._clock()
        await self._rows.launched(user, channel, game, now)
        if now - self._pruned >= PRUNE_EVERY:
            self._pruned = now
            await self._rows.prune(now - KEPT)

    @call
    async def watched(self, channel_id: int | None, users: Collection[int],
                      viewer: int) -> int:
        """The player another participant `viewer` watches in that channel's instance: the
        newest fresh launch there by another of the instance's `users`; 0 if none."""
        channel = checks.an_optional_id(channel_id, "a channel id")
        viewer = checks.an_id(viewer, "a user id")
        if channel is None:
            return 0
        if len(users) > MAX_USERS:
            raise InvalidRequest(f"an instance of at most {MAX_USERS} users, "
                                        f"not {len(users)}")
        members = {checks.an_id(user, "a user id") for user in users}
        for row in await self._rows.newest(channel, self._clock() - FRESH, NEWEST):
            user = int(row["user_id"])
            if user != viewer and user in members:
                return user
        return 0
