"""A rolling restart without a gap: the new process of a shard connects and warms up beside
the old one, and takes the shard's clicks over the moment the old one lets them go.

What Discord documents (https://discord.com/developers/docs/events/gateway#sharding):
"num_shards does not relate to (or limit) the total number of potential sessions. It is only
used for routing traffic. [...] You can establish multiple sessions with the same
[shard_id, num_shards] [...] to orchestrate 'zero-downtime' scaling/updating by handing off
traffic to a new deployment of sessions [...] prepared in parallel." Events are routed by
shard_id = (guild_id >> 22) % num_shards, so two sessions of one shard both get its
servers' clicks, and Discord takes only the first answer to each (the second is refused,
40060 "Interaction has already been acknowledged"). So while both are connected exactly one
process must answer a shard's clicks, and that is what this decides.

Who answers is a PostgreSQL advisory lock per shard (`pg_advisory_lock(LOCK_SPACE,
shard_id)`), held on a connection of its own by the process that serves the shard:

- A process starting takes the locks of its shards if it can: nobody else serves them, it
  answers from its first second (a first start, or a process that died: PostgreSQL frees a
  dead process's locks with its connection).
- Otherwise it stands by: it connects to Discord, starts and warms its picture workers,
  logs `standing by for shard N`, and waits for the lock, ignoring the shard's clicks (the
  old process answers them).
- On SIGTERM the old process looks whether a process waits for its shard's lock; if so it
  stops taking that shard's new clicks (the new process answers them) and lets the lock go,
  then finishes the clicks it was playing. The new process gets the lock in a round trip:
  that is the whole gap, a few milliseconds, logged by both with the wall-clock time
  (`handed shard N over at T`, `took shard N over at T`). If nobody waits, the shard's
  clicks are refused in words while it stops, as before (bot.hosting.draining).

Only on PostgreSQL: with SQLite there is one process, and nothing to hand over to.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from typing import Any

log = logging.getLogger(__name__)

# The advisory locks' first key: "MONO". The second is the shard id. (Locks are per
# database, so two bots on two databases of one server don't meet.)
LOCK_SPACE = 0x4D4F4E4F
WARM_BUDGET = 30.0  # seconds a standing-by process waits for its workers before taking over
CONNECT_BUDGET = 10.0
# Seconds each step of the handover gets on SIGTERM (asking who stands by, each unlock);
# an unlock not answered in time cuts the lock connection, which frees its locks as well.
STEP_BUDGET = 1.5
STOP_BUDGET = 0.5  # seconds the lock connection's close gets
RETRY_EVERY = 1.0  # seconds between tries when the lock connection is lost while standing by


class Handoff:
    """The shards this process serves now, and the lock connection that says so."""

    def __init__(self, url: str, shard_ids: Sequence[int]) -> None:
        self._url = url
        self.shard_ids = tuple(shard_ids)
        self.serving: set[int] = set()
        self.waiting: set[int] = set()  # standing by for these
        self.handed: set[int] = set()  # let go to a process standing by
        self._conn: Any = None  # asyncpg.Connection, only for the locks
        self._lock = asyncio.Lock()  # one statement at a time on that connection
        self._taking: asyncio.Task[None] | None = None

    def serves(self, shard_id: int) -> bool:
        return shard_id in self.serving and shard_id not in self.handed

    async def start(self) -> None:
        """Take every free shard lock now; the others are waited for in `take_over`."""
        await self._connect()
        for shard_id in self.shard_ids:
            if await self._conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", LOCK_SPACE,
                                         shard_id):
                self.serving.add(shard_id)
            else:
                self.waiting.add(shard_id)
        if self.waiting:
            log.info("shard %s served by another process: connecting beside it",
                     _ids(self.waiting))

    async def _connect(self) -> None:
        import asyncpg

        self._conn = await asyncio.wait_for(asyncpg.connect(self._url), CONNECT_BUDGET)

    def take_over_when_ready(self, ready: Any) -> None:
        """In the background: once `ready()` (connected and warm) is done, stand by for the
        shards another process serves, and take each over when it lets it go."""
        if self.waiting:
            self._taking = asyncio.create_task(self._take_over(ready))

    async def _take_over(self, ready: Any) -> None:
        await ready()
        told = False
        while self.waiting:
            shard_id = min(self.waiting)
            try:
                async with self._lock:
                    if self._conn is None or self._conn.is_closed():
                        await self._connect()
                    locking = asyncio.ensure_future(self._conn.fetchval(
                        "SELECT pg_advisory_lock($1, $2)", LOCK_SPACE, shard_id))
                    if not told:  # said once PostgreSQL has the request: SIGTERM may follow
                        await self._queued(locking)
                        log.info("standing by for shard %s: connected and warm; stop the "
                                 "process serving it (SIGTERM) to hand it over",
                                 _ids(self.waiting))
                        told = True
                    await locking
            except Exception as exc:  # noqa: BLE001 -- the server restarted, say: again
                log.warning("standing by for shard %d: the lock connection failed (%r); "
                            "trying again", shard_id, exc)
                await asyncio.sleep(RETRY_EVERY)
                continue
            self.waiting.discard(shard_id)
            self.serving.add(shard_id)
            log.info("took shard %d over at %.3f", shard_id, time.time())

    async def _queued(self, locking: asyncio.Future[Any]) -> None:
        """Until the lock request waits in PostgreSQL (seen from a second connection), or
        is granted: only then can the serving process see that someone stands by."""
        import asyncpg

        pid = self._conn.get_server_pid()
        probe = await asyncio.wait_for(asyncpg.connect(self._url), CONNECT_BUDGET)
        try:
            while not locking.done() and not await probe.fetchval(
                    "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted "
                    "AND locktype = 'advisory')", pid):
                await asyncio.sleep(0.01)
        finally:
            await probe.close()

    async def release(self) -> set[int]:
        """On SIGTERM: the shards a process stands by for stop being served here (their
        clicks are its now) and their locks go; the shards handed over."""
        if self._taking is not None:
            self._taking.cancel()
        if self._conn is None or not self.serving:
            return set()
        async with self._lock:
            try:
                rows = await asyncio.wait_for(self._conn.fetch(
                    "SELECT DISTINCT objid::int8 AS shard FROM pg_locks WHERE locktype = "
                    "'advisory' AND NOT granted AND classid::int8 = $1 AND objsubid = 2 AND "
                    "database = (SELECT oid FROM pg_database WHERE datname = "
                    "current_database())", LOCK_SPACE), STEP_BUDGET)
            except Exception as exc:  # noqa: BLE001 -- then the clicks are refused, as before
                log.warning("could not see who stands by (%r): not handing over", exc)
                return set()
            waited = {int(r["shard"]) for r in rows} & self.serving
            for shard_id in sorted(waited):
                self.handed.add(shard_id)  # from now on its clicks are left to the other
                at = time.time()
                try:
                    await asyncio.wait_for(self._conn.fetchval(
                        "SELECT pg_advisory_unlock($1, $2)", LOCK_SPACE, shard_id),
                        STEP_BUDGET)
                except Exception as exc:  # noqa: BLE001 -- cut: the server frees them all
                    log.warning("the lock connection did not answer (%r): cutting it", exc)
                    self._conn.terminate()
                    self._conn = None
                    for other in sorted(waited - self.handed):
                        self.handed.add(other)
                        log.info("handed shard %d over at %.3f", other, at)
                log.info("handed shard %d over at %.3f", shard_id, at)
                if self._conn is None:
                    break
        return waited

    async def close(self) -> None:
        if self._taking is not None:
            self._taking.cancel()
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                await asyncio.wait_for(conn.close(), STOP_BUDGET)
            except Exception:  # noqa: BLE001 -- a lock connection that can't close cleanly
                conn.terminate()  # is cut: the server frees its locks with it


def _ids(shards: set[int]) -> str:
    return ", ".join(map(str, sorted(shards)))
