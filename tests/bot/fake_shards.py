"""The loopback Discord's shards: which gateway connection owns each shard, and when a shard
had none (its bot process down or restarting).

Discord sends a server's events, interactions included, on the connection that IDENTIFYed
with the server's shard, shard_id = (guild_id >> 22) % num_shards
(https://discord.com/developers/docs/events/gateway#sharding). With no such connection an
interaction reaches no bot: the player sees "This interaction failed" after 3 s. Kept apart
from fake_discord.py (the routes) so each file stays readable. Used on the fake's loop only.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .fake_payloads import Interaction, shard_of


@dataclass
class Outage:
    """A time (time.monotonic()) a shard had no connection; `end` None while it lasts."""

    start: float
    end: float | None = None

    def seconds(self, now: float | None = None) -> float:
        end = self.end if self.end is not None else (now or time.monotonic())
        return end - self.start


@dataclass
class Connection:
    ws: Any  # aiohttp's WebSocketResponse
    shard: int
    identified: float  # time.monotonic() of its IDENTIFY
    sent: list[Interaction] = field(default_factory=list)


class ShardTable:
    def __init__(self, count: int) -> None:
        self.count = count
        started = time.monotonic()
        self.owners: dict[int, Connection] = {}
        # Every shard is down until a bot identifies for it.
        self.outages: dict[int, list[Outage]] = {s: [Outage(started)] for s in range(count)}
        self.identified_at: dict[int, float] = {}  # the latest IDENTIFY of each shard

    def shard_of(self, guild_id: int) -> int:
        return shard_of(guild_id, self.count)

    def identify(self, ws: Any, shard: int) -> None:
        now = time.monotonic()
        self.owners[shard] = Connection(ws, shard, now)
        self.identified_at[shard] = now
        outages = self.outages.setdefault(shard, [])
        if outages and outages[-1].end is None:
            outages[-1].end = now

    def closed(self, ws: Any) -> None:
        """A connection closed: its shard is down from now; what was sent on it and is not
        answered yet never will be (the bot is gone)."""
        now = time.monotonic()
        for shard, connection in list(self.owners.items()):
            if connection.ws is ws:
                del self.owners[shard]
                self.outages.setdefault(shard, []).append(Outage(now))
                for interaction in connection.sent:
                    if interaction.acked is None and interaction.refused is None:
                        interaction.cut = True

    def route(self, interaction: Interaction, guild_id: int) -> Any | None:
        """The connection to send `interaction` on, or None (recorded as undelivered)."""
        interaction.shard = self.shard_of(guild_id)
        connection = self.owners.get(interaction.shard)
        if connection is None:
            interaction.undelivered = True
            return None
        if len(connection.sent) > 200:  # only the unanswered ones matter
            connection.sent = [i for i in connection.sent
                               if i.acked is None and i.refused is None]
        connection.sent.append(interaction)
        return connection.ws

    def down_at(self, shard: int, when: float) -> Outage | None:
        """The outage of `shard` that `when` falls in."""
        return next((o for o in self.outages.get(shard, [])
                     if o.start <= when and (o.end is None or when <= o.end)), None)
