"""A player's data and a server's, as the privacy rules ask (Discord's developer
policy has bots delete a user's data on request).

- `my_data`: everything kept about a player, as one JSON document (their games with every
  move, their dailies, the other rows naming them).
- `forget`: the player's rows deleted, except the finished games other players' boards rank
  (the leaderboards' standard wins, the dailies on their day's board): those stay in place
  under a pseudonym (a number no Discord account can have: FORMER_PLAYERS), without the
  player's messages, so nobody else's rank moves. The answer says how many of each.
- Servers: when the bot is removed from one (`server_left`), nothing happens at once; if it
  is back within GRACE_DAYS (`server_back`) nothing is lost; past them, `sweep` deletes the
  server's settings and detaches its games from it (they stay their players').
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import IO, Any

from bot.storage import Storage
from bot.storage import privacy as rows
from bot.storage.privacy import ForgetCounts, PseudonymTaken

from . import checks
from .service import GameService

log = logging.getLogger(__name__)
GRACE_DAYS = 30
GRACE_SECONDS = GRACE_DAYS * 86_400
SWEEP_EVERY = 3_600.0  # seconds between two sweeps of the servers left
# Pseudonyms of forgotten players: below every Discord id (the first accounts, in 2015, have
# ids near 2**56), above the small ids tests use.
FORMER_PLAYERS = range(2**40, 2**41)
_TRIES = 5
SPOOL = 8 * 1024 * 1024  # bytes of an export kept in memory; the rest goes to a file
ABOUT = ("Everything Solo Monopoly keeps about this Discord user: their games (each with every "
         "move), their daily challenges, and any other record naming them. "
         "/monopoly forget deletes it.")
# Columns holding JSON text, decoded in the export (kept as text if a row is damaged).
_JSON_FIELDS = ("options", "state", "action", "events")
# Discord ids written as strings, as Discord's own API and data package do (JavaScript
# readers lose precision past 2**53).
_ID_FIELDS = ("guild_id", "channel_id", "message_id", "actor_id", "owner_id")


Forgotten = ForgetCounts


def is_former_player(user_id: int) -> bool:
    """A leaderboard row whose player asked to be forgotten."""
    return user_id in FORMER_PLAYERS


@dataclass
class Export:
    """The JSON document, in a file of its own (on disk past SPOOL bytes): close it."""

    file: IO[bytes]
    size: int  # bytes
    games: int  # ordinary games in it
    dailies: int

    def content(self) -> bytes:
        self.file.seek(0)
        return self.file.read()

    def close(self) -> None:
        self.file.close()


@dataclass(frozen=True)
class SweepResult:
    guild_id: int
    games_detached: int


class Privacy:
    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time,
                 pseudonyms: Callable[[], int] | None = None) -> None:
        self._storage = storage
        self._clock = clock
        self._pseudonyms = pseudonyms or (
            lambda: FORMER_PLAYERS.start + secrets.randbelow(len(FORMER_PLAYERS)))

    @classmethod
    def of(cls, service: GameService, *, clock: Callable[[], float] = time.time) -> Privacy:
        """On the game service's database. (Below its one-game calls: these work across
        all of a player's or a server's rows, each in one transaction.)"""
        return cls(service._storage, clock=clock)  # noqa: SLF001 -- the same database

    # ---- a player's data ------------------------------------------------------------

    async def my_data(self, user_id: int) -> Export:
        """Everything kept about `user_id`, as a JSON document. Written a page of games at
        a time, off the event loop (decoding and encoding a long history is CPU work), into
        a file that stays in memory only while it is small."""
        checks.an_id(user_id, "a user id")
        writer = DocumentWriter(tempfile.SpooledTemporaryFile(max_size=SPOOL),  # noqa: SIM115
                                user_id, self._clock())
        try:
            other = await rows.player_data(
                self._storage, user_id,
                lambda games: asyncio.to_thread(writer.add_games, games))
            await asyncio.to_thread(writer.finish, other)
        except BaseException:
            writer.file.close()
            raise
        return Export(writer.file, writer.file.tell(), writer.games, writer.dailies)

    async def forget(self, user_id: int) -> Forgotten:
        """Delete what is kept about `user_id`, or anonymise what other players' boards
        need; how many rows of each."""
        checks.an_id(user_id, "a user id")
        for _ in range(_TRIES):
            try:
                counts = await rows.forget_player(self._storage, user_id, self._pseudonyms())
            except PseudonymTaken:
                continue
            log.info("forgot a player: %d games deleted, %d anonymised",
                     counts.deleted_games, counts.anonymised_games)
            return counts
        raise RuntimeError("no free pseudonym found")  # 2**40 of them: never in practice

    # ---- servers the bot left -------------------------------------------------------

    async def server_left(self, guild_id: int) -> None:
        await rows.server_left(self._storage, checks.an_id(guild_id, "a server id"),
                               self._clock())

    async def server_back(self, guild_id: int) -> bool:
        """True if the bot had left it within the grace period: nothing was lost."""
        return await rows.server_back(self._storage, checks.an_id(guild_id, "a server id"))

    async def sweep(self, present: Callable[[int], bool] = lambda guild_id: False,
                    ) -> list[SweepResult]:
        """Detach the servers left more than GRACE_DAYS ago (their settings deleted). A
        server `present` says the bot is in again (added back while it was offline: no
        event told it) is kept, its departure forgotten."""
        cutoff = self._clock() - GRACE_SECONDS
        done = []
        for guild_id, left_at in await rows.departures(self._storage):
            if present(guild_id):
                await rows.server_back(self._storage, guild_id)
                continue
            if left_at > cutoff:
                continue
            detached = await rows.detach_server(self._storage, guild_id, cutoff)
            if detached is not None:
                log.info("server %d left over %d days ago: settings deleted, %d games "
                         "detached", guild_id, GRACE_DAYS, detached)
                done.append(SweepResult(guild_id, detached))
        return done


class DocumentWriter:
    """The export, written as it is read: {"about", "user_id", "exported_at", "games": [...],
    "dailies": [...], "other_records": {table: [...]}}, one game a line; ids as strings,
    the stored JSON texts decoded."""

    def __init__(self, file: IO[bytes], user_id: int, now: float) -> None:
        self.file, self.games, self.dailies = file, 0, 0
        head = {"about": ABOUT, "user_id": str(user_id),
                "exported_at": datetime.fromtimestamp(now, UTC).isoformat()}
        self._write(json.dumps(head, ensure_ascii=False)[:-1] + ',\n"games": [')
        self._in_dailies = False

    def _write(self, text: str) -> None:
        self.file.write(text.encode())

    def add_games(self, games: list[dict[str, Any]]) -> None:
        for game in games:
            daily = game["daily_day"] is not None
            if daily and not self._in_dailies:
                self._write('\n],\n"dailies": [')
                self._in_dailies = True
            first = not (self.dailies if daily else self.games)
            readable = _readable(game)
            readable["actions"] = [_readable(action) for action in game["actions"]]
            self._write(("\n" if first else ",\n") + json.dumps(readable, ensure_ascii=False))
            if daily:
                self.dailies += 1
            else:
                self.games += 1

    def finish(self, other: dict[str, list[dict[str, Any]]]) -> None:
        if not self._in_dailies:
            self._write('\n],\n"dailies": [')
        records = {table: [_readable(r) for r in found] for table, found in other.items()}
        self._write('\n],\n"other_records": '
                    + json.dumps(records, ensure_ascii=False, indent=1) + "\n}\n")


def _readable(row: dict[str, Any]) -> dict[str, Any]:
    out = dict(row)
    for key in _JSON_FIELDS:
        if isinstance(out.get(key), str):
            try:
                out[key] = json.loads(out[key])
            except ValueError:  # a damaged row: shown as stored
                pass
    for key in _ID_FIELDS:
        if isinstance(out.get(key), int):
            out[key] = str(out[key])
    for key, value in out.items():
        if isinstance(value, bytes | memoryview):
            out[key] = bytes(value).hex()
    return out
