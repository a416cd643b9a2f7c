"""The real `python -m bot` against the loopback Discord, with games already started: what the
capacity tests and bench/capacity.py share.

`seed_games` starts one game per player in the database (as `/monopoly new` would have) and
posts its message in the loopback Discord, the games' servers spread over the fake's shards;
`RunningBot` runs the bot process on that database (a SQLite file or a PostgreSQL URL),
running all the shards or some of them, until it is stopped with SIGTERM, as a service
manager stops it.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.pictures.board import render_board
from bot.application.service import GameService
from cogs.play.message import last_move

from .fake_discord import FakeDiscord
from .fake_payloads import CHANNEL_ID, GUILD_ID, guild_on_shard, roll_button_row

FIRST_PLAYER = 10_000  # players' user ids: FIRST_PLAYER, FIRST_PLAYER + 1, ...
# The checkout these tests are in: the bot process runs its code, not another copy installed
# in the environment (an editable install may point at another checkout).
REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Table:
    """A started game: its id, its player and its message in the loopback Discord."""

    game_id: int
    player: int
    message_id: int
    guild_id: int = GUILD_ID

    def shard(self, shards: int) -> int:
        return (self.guild_id >> 22) % shards


def seed_games(db: Path | str, fake: FakeDiscord, players: int,
               seed: int | None = None) -> list[Table]:
    """One game per player; player n's server is on shard n % the fake's shard count. With
    `seed`, every game from that seed (as a daily's: the same dice for everyone)."""
    shards = fake.shards.count

    async def start_all() -> list[Table]:
        seeds = (lambda: seed) if seed is not None else iter(range(1, 10**6)).__next__
        service = await GameService.open(db, seed_source=seeds)
        try:
            tables = []
            for n in range(players):
                player = FIRST_PLAYER + n
                guild = guild_on_shard(n % shards, shards, n // shards)
                record = await service.start(player, guild, CHANNEL_ID)
                message_id = fake.post_message(roll_button_row(record.id, 0, player), guild)
                await service.set_message(record.id, CHANNEL_ID, message_id)
                tables.append(Table(record.id, player, message_id, guild))
            return tables
        finally:
            await service.close()

    return asyncio.run(start_all())


def saved_games(db: Path | str) -> dict[int, tuple[int, str]]:
    """Each game's saved version and the sha256 of its board picture as the bot draws it."""
    import hashlib

    async def read() -> dict[int, tuple[int, str]]:
        service = await GameService.open(db)
        try:
            out = {}
            for game_id in range(1, 10**6):
                try:
                    record = await service.get(game_id)
                except Exception:  # noqa: BLE001 -- past the last game
                    break
                entries = await service.history(game_id, limit=1)
                events = list(entries[0].events) if entries else []
                png = render_board(record.game, last_move=last_move(events))
                out[game_id] = (record.version, hashlib.sha256(png).hexdigest())
            return out
        finally:
            await service.close()

    return asyncio.run(read())


class RunningBot:
    """`python -m bot` on `db`, connected to `fake`; stop() sends SIGTERM and returns the log.
    With `shard_ids`, it runs those of the fake's shards (MONOPOLY_SHARD_COUNT and
    MONOPOLY_SHARD_IDS), as one process of several; else all of them. It is started once
    each of its shards is connected (READY), or `wait=False` to return at once. `env`: more
    settings (or other values for these)."""

    def __init__(self, fake: FakeDiscord, db: Path | str, *,
                 shard_ids: Sequence[int] | None = None, wait: bool = True,
                 env: Mapping[str, str] | None = None) -> None:
        self._log = tempfile.TemporaryFile(mode="w+")  # a pipe could fill up and block it
        self.fake = fake
        settings = {"PATH": os.environ.get("PATH", ""), "DISCORD_TOKEN": "a.token",
                    "MONOPOLY_DB": str(db), "MONOPOLY_LOG_LEVEL": "INFO",
                    "PYTHONPATH": str(REPO)}
        if shard_ids is not None:
            settings |= {"MONOPOLY_SHARD_COUNT": str(fake.shards.count),
                         "MONOPOLY_SHARD_IDS": ",".join(map(str, shard_ids))}
        settings |= env or {}
        self.shard_ids = tuple(range(fake.shards.count) if shard_ids is None else shard_ids)
        cwd = db.parent if isinstance(db, Path) else tempfile.gettempdir()
        self.started = time.monotonic()
        self.process = subprocess.Popen(fake.bot_command(), cwd=cwd, env=settings,
                                        stdout=subprocess.DEVNULL, stderr=self._log, text=True)
        if wait:
            self.wait_ready()

    def wait_ready(self, timeout: float = 120) -> None:
        """Until every shard of this process is connected (its READY came after its start)."""
        if not self.fake.wait_shards(self.shard_ids, self.started, timeout):
            self.stop()
            raise RuntimeError(f"the bot never reached the gateway:\n{self.log()}")

    def log(self) -> str:
        self._log.seek(0)
        return self._log.read()

    def stop(self) -> str:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.log()

    def worker_pids(self, timeout: float = 60) -> list[int]:
        """The picture workers' pids, once they are ready (they start after READY)."""
        end = time.monotonic() + timeout
        while "worker processes ready" not in self.log() and time.monotonic() < end:
            time.sleep(0.05)
        return worker_pids(self.log())


def worker_pids(log: str) -> list[int]:
    """The picture workers' pids, as the bot logs them once they are ready."""
    match = re.search(r"worker processes ready \(pids ([\d ]+)\)", log)
    assert match, log
    return [int(pid) for pid in match[1].split()]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
