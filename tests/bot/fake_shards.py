"""The loopback Discord's shards: which gateway connections (sessions) serve each shard, and
when a shard had none (its bot process down or restarting, or Discord away).

Discord sends a server's events, interactions included, to the sessions that IDENTIFYed with
the server's shard, shard_id = (guild_id >> 22) % num_shards
(https://discord.com/developers/docs/events/gateway#sharding). Discord's same section says
what two sessions of one shard do: "num_shards does not relate to (or limit) the total
number of potential sessions. It is only used for routing traffic. [...] You can establish
multiple sessions with the same [shard_id, num_shards]", which is how it suggests handing
traffic to a new deployment prepared in parallel. So, like the routing formula, this stand-in
sends each event to every session of its shard (a second IDENTIFY doesn't take the shard
away from the first); with no session at all an interaction reaches no bot, and the player
sees "This interaction failed" after 3 s. Kept apart from fake_discord.py (the routes) so
each file stays readable. Used on the fake's loop only.
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
        self.sessions: dict[int, list[Connection]] = {s: [] for s in range(count)}
        # Every shard is down until a bot identifies for it.
        self.outages: dict[int, list[Outage]] = {s: [Outage(started)] for s in range(count)}
        self.identified_at: dict[int, float] = {}  # the latest IDENTIFY of each shard
        self.most_sessions: dict[int, int] = dict.fromkeys(range(count), 0)  # at once, ever

    def shard_of(self, guild_id: int) -> int:
        return shard_of(guild_id, self.count)

    def served(self, shard: int) -> bool:
        return bool(self.sessions.get(shard))

    def identify(self, ws: Any, shard: int) -> None:
        now = time.monotonic()
        sessions = self.sessions.setdefault(shard, [])
        sessions.append(Connection(ws, shard, now))
        self.most_sessions[shard] = max(self.most_sessions.get(shard, 0), len(sessions))
        self.identified_at[shard] = now
        outages = self.outages.setdefault(shard, [])
        if outages and outages[-1].end is None:
            outages[-1].end = now

    def closed(self, ws: Any) -> None:
        """A connection closed. What was sent on it and is not answered yet never will be
        by it (its bot is gone); it is cut unless another session of the shard got it too.
        A shard whose last session closed is down from now."""
        now = time.monotonic()
        for shard, sessions in self.sessions.items():
            gone = [c for c in sessions if c.ws is ws]
            if not gone:
                continue
            sessions[:] = [c for c in sessions if c.ws is not ws]
            if not sessions:
                self.outages.setdefault(shard, []).append(Outage(now))
            others = {i.id for c in sessions for i in c.sent}
            for connection in gone:
                for interaction in connection.sent:
                    if (interaction.acked is None and interaction.refused is None
                            and interaction.id not in others):
                        interaction.cut = True

    def route(self, interaction: Interaction, guild_id: int) -> list[Any]:
        """The connections to send `interaction` on (none: recorded as undelivered)."""
        interaction.shard = self.shard_of(guild_id)
        sessions = self.sessions.get(interaction.shard) or []
        if not sessions:
            interaction.undelivered = True
            return []
        for connection in sessions:
            if len(connection.sent) > 200:  # only the unanswered ones matter
                connection.sent = [i for i in connection.sent
                                   if i.acked is None and i.refused is None]
            connection.sent.append(interaction)
        return [connection.ws for connection in sessions]

    def down_at(self, shard: int, when: float) -> Outage | None:
        """The outage of `shard` that `when` falls in."""
        return next((o for o in self.outages.get(shard, [])
                     if o.start <= when and (o.end is None or when <= o.end)), None)
