"""Several real `python -m bot` processes over one database, each running one shard of the
loopback Discord, and players clicking on every shard: what the rolling-restart test and
bench/cluster.py share.

`Cluster` starts the processes and restarts one as the README says: start the new process
beside the old one (same shard ids), wait until it logs that it stands by (connected and
warm), SIGTERM the old one and wait for its exit; the new one takes the shard over when the
old one lets it go (bot.hosting.handoff), and both log the wall-clock time of the handoff.
`Players` presses buttons for many players from the fake Discord's loop: each presses a
button its game message shows, waits until the click is answered (the message moves on),
refused in words, or failed (Discord's 3 s), then thinks a moment and presses again.
`tally` sorts the clicks and compares every acknowledged move with the game logs the
database holds.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .fake_discord import FakeDiscord
from .fake_payloads import Interaction
from .raw_db import raw
from .running_bot import RunningBot, Table

ACTIONS = ("roll", "buy", "decline", "done_building", "pay_fine", "use_jail_card")
# The ways the bot takes by itself after a click when a decision offers only one
# (game_core.prompts.forced): in a log, the only moves no click asked for.
FORCED = {"decline", "pay_fine", "done_building"}
UNMOVED = 10.0  # seconds: an acknowledged click whose message never moves is given up on


@dataclass
class Click:
    interaction: Interaction
    table: Table
    version: int  # the game version the pressed button was built for
    action: str

    @property
    def moved(self) -> bool:
        """Acknowledged as a move: answered, and not refused in words (stale, restarting,
        database unavailable...)."""
        return self.interaction.acked is not None and not self.interaction.replies


@dataclass
class Restart:
    process: int
    term: float  # SIGTERM sent to the old process (time.monotonic())
    exited: float
    ready: float  # the new process serves its shards (took them over)
    returncode: int | None
    log: str  # the old process's
    started: float = 0.0  # the new process started
    standing_by: float = 0.0  # ... and stood by, connected and warm
    gap: float | None = None  # seconds between the old handing over and the new taking over
    handed: float | None = None  # when the old one handed over (time.monotonic())
    took: float | None = None  # when the new one took its last shard over (likewise)

    def in_gap(self, when: float) -> bool:
        """Whether `when` (time.monotonic()) is within the handoff's gap (both ends logged
        with a millisecond: a click then may have been left by both)."""
        if self.handed is None or self.gap is None:
            return False
        return self.handed - 0.001 <= when <= self.handed + self.gap + 0.001


STANDING_BY = "standing by for shard"
HANDED = re.compile(r"handed shard (\d+) over at ([\d.]+)")
TOOK = re.compile(r"took shard (\d+) over at ([\d.]+)")


class Cluster:
    """`processes` bot processes on `db`; process i runs shard i of the fake's shards."""

    def __init__(self, fake: FakeDiscord, db: Path | str, processes: int) -> None:
        assert fake.shards.count == processes, "one shard per process"
        self.fake, self.db = fake, db
        self.bots: list[RunningBot] = []
        for shard in range(processes):  # all started, then waited for
            self.bots.append(RunningBot(fake, db, shard_ids=[shard], wait=False))
        for bot in self.bots:
            bot.wait_ready()

    def restart(self, index: int, timeout: float = 120) -> Restart:
        old = self.bots[index]
        started = time.monotonic()
        new = RunningBot(self.fake, self.db, shard_ids=old.shard_ids)  # connected beside it
        wait_log(new, lambda log: STANDING_BY in log, timeout)
        standing_by = term = time.monotonic()
        log = old.stop()
        exited = time.monotonic()
        took = wait_log(new, lambda log: len(TOOK.findall(log)) == len(old.shard_ids),
                        timeout)
        self.bots[index] = new
        handed = {int(s): float(t) for s, t in HANDED.findall(log)}
        taken = {int(s): float(t) for s, t in TOOK.findall(new.log())}
        gaps = [taken[s] - handed[s] for s in handed if s in taken]
        to_monotonic = time.monotonic() - time.time()
        return Restart(index, term, exited, took, old.process.returncode, log, started,
                       standing_by, max(gaps) if len(gaps) == len(old.shard_ids) else None,
                       min(handed.values()) + to_monotonic if handed else None,
                       max(taken.values()) + to_monotonic if taken else None)

    def stop(self) -> list[str]:
        return [bot.stop() for bot in self.bots]


def wait_log(bot: RunningBot, condition: Callable[[str], bool], timeout: float) -> float:
    """Until `condition(bot's log)`; the time.monotonic() it held."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition(bot.log()):
            return time.monotonic()
        if bot.process.poll() is not None:
            break
        time.sleep(0.02)
    raise RuntimeError(f"the bot's log never said it:\n{bot.log()}")


@dataclass
class Players:
    """Clicking for `tables` at about `rate` clicks a second in all, from the fake's loop."""

    fake: FakeDiscord
    tables: Sequence[Table]
    rate: float
    clicks: list[Click] = field(default_factory=list)
    stopped: bool = False

    async def run(self) -> None:
        rng = random.Random(1)
        think = len(self.tables) / self.rate  # each player's mean pause between clicks
        next_at = {t.player: time.monotonic() + rng.uniform(0, think) for t in self.tables}
        last: dict[int, Click] = {}
        while not self.stopped:
            now = time.monotonic()
            batch: list[tuple[Table, int, str]] = []
            for table in self.tables:
                click = last.get(table.player)
                if click is not None:
                    settled = self._settled(click, now)
                    if settled is None:
                        continue
                    del last[table.player]
                    next_at[table.player] = settled + rng.uniform(0.5, 1.5) * think
                if now < next_at[table.player]:
                    continue
                message = self.fake.messages[table.message_id]
                action = next((a for a in ACTIONS if message.button(a)), None)
                if action is None or message.version is None:
                    next_at[table.player] = now + think  # a menu only: sits this one out
                    continue
                batch.append((table, message.version, action))
            if batch:
                sent = await self.fake._click_many(
                    [(t.player, t.message_id, self.fake.messages[t.message_id].button(a) or "")
                     for t, _, a in batch], None)
                for interaction, (table, version, action) in zip(sent, batch, strict=True):
                    click = Click(interaction, table, version, action)
                    self.clicks.append(click)
                    last[table.player] = click
            await asyncio.sleep(0.05)

    def _settled(self, click: Click, now: float) -> float | None:
        """When the player saw what became of `click`, or None while they still wait."""
        interaction = click.interaction
        failed_at = interaction.dispatched + interaction.deadline  # "interaction failed"
        if interaction.replies or interaction.refused is not None:
            return now
        if interaction.acked is None:
            return failed_at if now > failed_at else None
        message = self.fake.messages[click.table.message_id]
        if message.version != click.version or now > interaction.acked + UNMOVED:
            return now
        return None


@dataclass
class Tally:
    moves: int  # acknowledged moves
    lost: int  # acknowledged moves not in the log
    duplicated: int  # moves in a log that no click asked for (a move made twice)
    answered: int
    refused: int
    restarting: int  # of the refused: "the bot is restarting"
    undelivered: int  # sent while no process ran their shard
    cut: int  # sent on a connection that closed before answering them
    late: int  # answered after Discord's 3 s (refused by Discord: "interaction failed")
    unanswered: int  # delivered to a running process and never answered
    problems: list[str]


async def tally(db: Path | str, clicks: Sequence[Click], restarting_text: str) -> Tally:
    """Every click sorted, and every acknowledged move looked up in the stored logs: each
    must be there exactly once, at the version its button was built for."""
    rows = await raw(str(db), "SELECT game_id, seq, action FROM actions")
    logged = {(game, seq): json.loads(action)["type"] for game, seq, action in rows}
    asked = {(c.table.game_id, c.version + 1, c.action) for c in clicks}
    problems = []
    lost = 0
    for click in clicks:
        if click.moved and logged.get((click.table.game_id, click.version + 1)) != click.action:
            lost += 1
            problems.append(f"acknowledged, not stored: game {click.table.game_id} "
                            f"{click.action} at version {click.version}")
    duplicated = 0
    for (game, seq), action in logged.items():
        if action not in FORCED and (game, seq, action) not in asked:
            duplicated += 1
            problems.append(f"stored, asked by no click: game {game} {action} as move {seq}")
    kinds = dict.fromkeys(("answered", "refused", "undelivered", "cut", "late", "unanswered"), 0)
    for click in clicks:
        i = click.interaction
        kinds["answered" if click.moved else "refused" if i.replies else "undelivered"
              if i.undelivered else "cut" if i.cut else "late" if i.refused is not None
              else "unanswered"] += 1
    restarting = sum(restarting_text in i.replies for i in (c.interaction for c in clicks))
    return Tally(sum(c.moved for c in clicks), lost, duplicated, restarting=restarting,
                 problems=problems, **kinds)


def phases(clicks: Sequence[Click], start: float,
           end: float) -> dict[str, list[float]]:
    """Acknowledge times of the clicks sent before, during and after [start, end]."""
    out: dict[str, list[float]] = {"before": [], "during": [], "after": []}
    for click in clicks:
        seconds = click.interaction.ack_seconds
        if seconds is None:
            continue
        at = click.interaction.dispatched
        out["before" if at < start else "during" if at <= end else "after"].append(seconds)
    return out


def first_answers(clicks: Sequence[Click], restarts: Sequence[Restart]) -> list[float]:
    """For each restart, the acknowledge time of the first click its shard got after READY
    (how soon a process that comes back serves)."""
    out = []
    for restart in restarts:
        after = [c for c in clicks if c.interaction.shard == restart.process
                 and c.interaction.dispatched >= restart.ready and not c.interaction.undelivered]
        first = min(after, key=lambda c: c.interaction.dispatched, default=None)
        if first is not None and first.interaction.ack_seconds is not None:
            out.append(first.interaction.ack_seconds)
    return out


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]

