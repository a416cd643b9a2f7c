"""Capacity: the real `python -m bot`, pictures on, against the loopback Discord.

(a) Bursts: N players with a game each press Roll at the same instant (N = 500, 1,000).
    Per click, p50/p99/max: to the acknowledgement (target: p99 <= 1 s at 1,000), to the
    new board shown (its text board or its picture; target p99 <= 3 s), to its picture;
    when every message shows its saved state, picture included; the CPU per click (the
    bot, its workers, the database server); and where the time went, by stage (py-spy
    samples of the bot and its workers: the gateway, acknowledging, the database, messages,
    Discord's HTTP, drawing, PNG encoding, the workers' IPC; bench/stages.py).
    The same at a daily's start: every player on one game (the same dice for everyone, H4),
    so the same boards (drawn once, bot/pictures/shared.py).
    The largest burst again over one and two bot processes (one shard each) on one
    PostgreSQL server (pgserver): what a second process buys on this machine.
(b) Steady: 100 clicks/s from 200 players for 60 s, each pressing a button its message
    shows once its last click is answered. Acknowledgement p50/p99 (target p99 <= 250 ms);
    message updated p99, text and picture of the new state (target <= 1 s).
(c) Behind hints: ten players' hints queued (1,000 rollouts each, about a second of both
    workers each), then 100 other players press Roll at once. Their board pictures, from
    the click (target: p99 <= 1 s), and when the hints came.
For each, the CPU time of the bot process and of its picture workers (from /proc).

Run: .venv/bin/python bench/capacity.py [--bursts 500,1000] [--daily 1000] [--postgres 1,2]
         [--no-stages]
         [--seconds 60] [--behind-hints 100]  (0 or '': skip that case)
The loopback Discord runs in this process and takes CPU too: on a 2-core machine the
figures are for the bot, its workers and this stand-in sharing the two cores.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import dataclasses
import os
import random
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' loopback Discord

from tests.bot.fake_discord import FakeDiscord  # noqa: E402
from tests.bot.cluster import Cluster  # noqa: E402
from tests.bot.fake_payloads import Interaction, Message  # noqa: E402
from tests.bot.running_bot import RunningBot, Table, saved_games, seed_games  # noqa: E402

from stages import Stages  # noqa: E402
from postgres import database, start_postgres  # noqa: E402

DEADLINE = 3.0
WAIT_SHOWN = 180.0  # seconds a burst's messages get to show their new state and picture
ACTIONS = ("roll", "buy", "decline", "done_building", "pay_fine", "use_jail_card")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def ms(values: list[float]) -> str:
    if not values:
        return "none"
    return (f"p50 {statistics.median(values) * 1000:6.0f} ms  p99 "
            f"{percentile(values, 0.99) * 1000:6.0f} ms  max {max(values) * 1000:6.0f} ms")


def cpu_seconds(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


class CpuMeter:
    def __init__(self, bot: RunningBot) -> None:
        self.bot_pid, self.workers = bot.process.pid, bot.worker_pids()
        self.start = self._read()

    def _read(self) -> tuple[float, float]:
        return cpu_seconds(self.bot_pid), sum(cpu_seconds(p) for p in self.workers)

    def report(self, wall: float) -> str:
        bot, workers = (now - then for now, then in zip(self._read(), self.start, strict=True))
        total = bot + workers or 1.0
        return (f"CPU over {wall:.1f} s: bot process {bot:.1f} s ({bot / total:.0%}), "
                f"{len(self.workers)} picture workers {workers:.1f} s ({workers / total:.0%})")


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def burst(size: int, *, stages: bool = True, daily: bool = False) -> None:
    """N players press Roll at once, one bot process on a SQLite file. `daily`: every
    game from one seed, as at a daily's start (the same dice for everyone: the same boards)."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        fake = FakeDiscord(deadline=DEADLINE)
        fake.start()
        try:
            tables = seed_games(db, fake, size, seed=1 if daily else None)
            bots = [RunningBot(fake, db)]
            try:
                result = _burst(fake, tables, bots, stages)
            finally:
                result_logs = [bot.stop() for bot in bots]
            result.logs = result_logs
            saved = saved_games(db)
        finally:
            fake.stop()
    game = "one game for everyone, as a daily's" if daily else "a game each"
    print(f"burst of {size:5,}, one process, SQLite, {game}:")
    result.report(saved)


def postgres_burst(size: int, processes: int, *, stages: bool = True) -> None:
    """The same burst over `processes` bot processes (one shard each) on one PostgreSQL
    server of our own (pgserver), as a cluster runs."""
    with tempfile.TemporaryDirectory() as folder:
        server = start_postgres(folder)
        try:
            url = database(server, f"burst_{processes}")
            fake = FakeDiscord(deadline=DEADLINE, shards=processes)
            fake.start()
            try:
                tables = seed_games(url, fake, size)
                cluster = Cluster(fake, url, processes)
                try:
                    result = _burst(fake, tables, cluster.bots, stages,
                                    database_pids=postgres_pids(server))
                finally:
                    result_logs = cluster.stop()
                result.logs = result_logs
                saved = saved_games(url)
            finally:
                fake.stop()
        finally:
            server.cleanup()
    print(f"burst of {size:5,}, {processes} process{'es' if processes > 1 else ''}, "
          f"PostgreSQL:")
    result.report(saved)


def postgres_pids(server: Any) -> list[int]:
    """The PostgreSQL server's processes (the postmaster and its backends, started later)."""
    try:
        top = int(Path(server.pgdata, "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return []
    return [top]


def family(pid: int) -> list[int]:
    """`pid` and every process it started, now."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(children.get(current, []))
    return found


@dataclass
class BurstResult:
    tables: list[Table]
    clicks: list[Interaction]
    messages: list[Message]
    cpu: dict[str, float]
    wall: float
    before: str
    after: str
    late: int
    stages: str
    missing: int  # acknowledged clicks whose message never showed its new state and picture
    loopback: float  # CPU seconds of this process (the loopback Discord) meanwhile
    logs: list[str] = dataclasses.field(default_factory=list)

    def report(self, saved: dict[int, tuple[int, str]]) -> None:
        size = len(self.clicks)
        acks = [c.ack_seconds for c in self.clicks if c.ack_seconds is not None]
        played = [(c, m) for c, m in zip(self.clicks, self.messages, strict=True)
                  if c.acked is not None]
        boards = [b for c, m in played if (b := _first(m, c, ("text", "picture"))) is not None]
        pictures = [b for c, m in played if (b := _first(m, c, ("picture",))) is not None]
        right = sum(m.version == saved[t.game_id][0] and m.picture == saved[t.game_id][1]
                    for t, m in zip(self.tables, self.messages, strict=True))
        print(f"    acknowledged {len(acks):5,}/{size:,}, within 3 s "
              f"{sum(a <= DEADLINE for a in acks):5,}, refused late {self.late}")
        print(f"    to the acknowledgement     {ms(acks)}")
        print(f"    to the board shown         {ms(boards)}  (text or picture; "
              f"{len(boards):,} of {len(played):,} acknowledged)")
        print(f"    to the board's picture     {ms(pictures)}")
        if self.missing:
            print(f"    {self.missing:,} acknowledged clicks' messages never showed their new "
                  f"state and picture within {WAIT_SHOWN:.0f} s")
        print(f"    every message on its saved state and picture after {self.wall:.2f} s; "
              f"{right:,}/{size:,} show exactly the saved version and its picture")
        total = sum(self.cpu.values()) or 1.0
        parts = ", ".join(f"{name} {seconds:.1f} s ({seconds / total:.0%})"
                          for name, seconds in self.cpu.items())
        print(f"    CPU per click {total / size * 1000:.1f} ms ({parts}); the loopback "
              f"Discord (this process) {self.loopback:.1f} s more, on the same 2 cores")
        print(f"    {self.before} -> {self.after}")
        if self.stages:
            print(self.stages)
        warned = collections.Counter(
            re.sub(r"\d+", "N", re.sub(r"\x1b\[[0-9;]*m", "", line).split(
                "WARNING", 1)[-1].split("ERROR", 1)[-1].strip())[:110]
            for log in self.logs for line in log.splitlines()
            if ("WARNING" in line or "ERROR" in line) and "worker jobs still running" not in line)
        for line, n in warned.most_common(4):
            print(f"    bot log, {n:,} times: {line}")


def _first(message: Message, click: Interaction, kinds: tuple[str, ...]) -> float | None:
    """Seconds from `click` until `message` first showed a board of `kinds` for a version
    after the one clicked (the seeded games are at version 0)."""
    return next((at - click.dispatched for at, version, board in message.boards
                 if (version or 0) >= 1 and board in kinds), None)


def _burst(fake: FakeDiscord, tables: list[Table], bots: list[RunningBot], profile: bool,
           database_pids: list[int] | None = None) -> BurstResult:
    meters = {"bot": [b.process.pid for b in bots],
              "picture workers": [p for b in bots for p in b.worker_pids()]}
    if database_pids:
        meters["database server"] = [p for top in database_pids for p in family(top)]
    start_cpu = {name: sum(cpu_seconds(p) for p in pids) for name, pids in meters.items()}
    start_loopback = cpu_seconds(os.getpid())
    spies = Stages([b.process.pid for b in bots]) if profile else None
    before = load()
    with spies or contextlib.nullcontext():
        clicks = fake.click_many([(t.player, t.message_id,
                                   fake.messages[t.message_id].button("roll") or "")
                                  for t in tables])
        started = min(c.dispatched for c in clicks)
        fake.wait_answered(clicks, timeout=120)
        with contextlib.suppress(TimeoutError):  # each acknowledged, or refused as too late
            fake.wait_until(lambda: all(c.acked is not None or c.refused is not None
                                        for c in clicks), timeout=60)
        messages = [fake.messages[t.message_id] for t in tables]
        # A roll may be followed at once by decisions offering one way only (issue 20): a
        # message is up to date at version 1 or later. A click refused late isn't played.
        waited = [m for c, m in zip(clicks, messages, strict=True) if c.acked is not None]
        with contextlib.suppress(TimeoutError):
            fake.wait_until(lambda: all((m.version or 0) >= 1 and m.picture for m in waited),
                            timeout=WAIT_SHOWN)
        missing = sum(not ((m.version or 0) >= 1 and m.picture) for m in waited)
        wall = time.monotonic() - started
        if database_pids:  # its backends, started for the bots' connections
            meters["database server"] = [p for top in database_pids for p in family(top)]
        cpu = {name: sum(cpu_seconds(p) for p in pids) - start_cpu.get(name, 0.0)
               for name, pids in meters.items()}
    loopback = cpu_seconds(os.getpid()) - start_loopback
    return BurstResult(tables, clicks, messages, cpu, wall, before, load(), fake.late,
                       spies.report() if spies is not None else "", missing, loopback)


def behind_hints(hinters: int, players: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        fake = FakeDiscord(deadline=DEADLINE)
        fake.start()
        try:
            tables = seed_games(db, fake, hinters + players)
            asking, others = tables[:hinters], tables[hinters:]
            for t in asking:
                fake.messages[t.message_id].components = [{"type": 1, "components": [
                    {"type": 2, "style": 2, "label": "Hint",
                     "custom_id": f"sm:hint:{t.game_id}:0:{t.player}"}]}]
            bot = RunningBot(fake, db)
            try:
                meter = CpuMeter(bot)
                before = load()
                presses = fake.click_many([(t.player, t.message_id,
                                            f"sm:hint:{t.game_id}:0:{t.player}")
                                           for t in asking])
                fake.wait_answered(presses)
                replies = [fake.messages[p.response_message_id or 0] for p in presses]
                # queued: all but the first told they wait (or answered already)
                fake.wait_until(lambda: sum(bool(m.content) for m in replies) >= hinters - 1)
                clicks = fake.click_many([(t.player, t.message_id,
                                           fake.messages[t.message_id].button("roll") or "")
                                          for t in others])
                started = min(c.dispatched for c in clicks)
                boards = [fake.messages[t.message_id] for t in others]
                fake.wait_until(lambda: all((m.version or 0) >= 1 and m.picture
                                            for m in boards), timeout=300)
                fake.wait_until(lambda: all("Hint for turn" in m.content for m in replies),
                                timeout=300)
                cpu = meter.report(time.monotonic() - presses[0].dispatched)
            finally:
                bot.stop()
        finally:
            fake.stop()
    pictures = [next(at for at, v, p in m.history if (v or 0) >= 1 and p) - c.dispatched
                for m, c in zip(boards, clicks, strict=True)]
    hints_done = sorted(m.history[-1][0] - started for m in replies)
    acks = [c.ack_seconds for c in clicks if c.ack_seconds is not None]
    print(f"{hinters} hints queued, then {players} other players press Roll at once:")
    print(f"    ack                       {ms(acks)}")
    print(f"    their board pictures      {ms(pictures)}  (target p99 <= 1 s)")
    print(f"    the hints answered {hints_done[0]:.2f} s to {hints_done[-1]:.2f} s after "
          f"those clicks")
    print(f"    {cpu}; {before} -> {load()}")


def steady(rate: float, players: int, seconds: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        fake = FakeDiscord(deadline=DEADLINE)
        fake.start()
        try:
            tables = seed_games(db, fake, players)
            bot = RunningBot(fake, db)
            try:
                meter = CpuMeter(bot)
                before = load()
                started = time.monotonic()
                sent = asyncio.run_coroutine_threadsafe(
                    _drive(fake, tables, rate, seconds), fake._loop).result(seconds + 60)
                fake.wait_answered([c for c, _ in sent], timeout=60)
                time.sleep(2)  # the last pictures
                cpu = meter.report(time.monotonic() - started)
            finally:
                bot.stop()
        finally:
            fake.stop()
    acks = [c.ack_seconds for c, _ in sent if c.ack_seconds is not None]
    text, whole = [], []
    for click, version in sent:
        history = fake.messages[click.message_id or 0].history
        text_at = next((at for at, v, _ in history if v is not None and v > version), None)
        whole_at = next((at for at, v, p in history if v is not None and v > version and p),
                        None)
        if text_at is not None:
            text.append(text_at - click.dispatched)
        if whole_at is not None:
            whole.append(whole_at - click.dispatched)
    print(f"steady {rate:.0f} clicks/s from {players} players for {seconds:.0f} s: "
          f"{len(sent):,} clicks, acknowledged {len(acks):,}, refused late {fake.late}")
    print(f"    ack                      {ms(acks)}")
    print(f"    message text updated     {ms(text)}")
    print(f"    text and picture updated {ms(whole)}  ({len(whole):,} of {len(sent):,})")
    print(f"    {cpu}; {before} -> {load()}")


async def _drive(fake: FakeDiscord, tables: list, rate: float,
                 seconds: float) -> list[tuple[Interaction, int]]:
    """Every 1/rate s, a player whose last click was answered presses a button its message
    shows (a player in a debt, facing menus only, sits out)."""
    rng = random.Random(1)
    waiting: dict[int, Interaction] = {}
    sent: list[tuple[Interaction, int]] = []
    start = time.monotonic()
    for n in range(int(rate * seconds)):
        await asyncio.sleep(max(0.0, start + n / rate - time.monotonic()))
        for table in rng.sample(tables, len(tables)):
            last = waiting.get(table.player)
            if last is not None and last.acked is None and last.refused is None:
                continue
            message = fake.messages[table.message_id]
            version = message.version
            action = next((a for a in ACTIONS if message.button(a)), None)
            if action is None or version is None:
                continue
            [click] = await fake._click_many([(table.player, table.message_id,
                                               message.button(action) or "")], None)
            waiting[table.player] = click
            sent.append((click, version))
            break
    return sent


def counts(text: str) -> list[int]:
    """'500,1000' -> [500, 1000]; '' and '0' (and any 0 in the list) mean none."""
    return [n for n in (int(part) for part in text.split(",") if part.strip()) if n > 0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bursts", default="500,1000")
    parser.add_argument("--daily", default="1000",
                        help="bursts of players all on one game, as a daily's ('' or 0: none)")
    parser.add_argument("--postgres", default="1,2",
                        help="bot processes on PostgreSQL for the largest burst, e.g. 1,2 "
                             "('' or 0: none)")
    parser.add_argument("--no-stages", action="store_true",
                        help="don't sample where the time goes (py-spy)")
    parser.add_argument("--rate", type=float, default=100)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--behind-hints", type=int, default=100,
                        help="players clicking while ten hints are queued (0: skip)")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs; {load()}")
    sizes = counts(args.bursts)
    for size in sizes:
        burst(size, stages=not args.no_stages)
    for size in counts(args.daily):
        burst(size, stages=not args.no_stages, daily=True)
    for processes in counts(args.postgres):
        postgres_burst(max(sizes, default=1000), processes, stages=not args.no_stages)
    if args.behind_hints > 0:
        behind_hints(10, args.behind_hints)
    if args.seconds > 0:
        steady(args.rate, args.players, args.seconds)


if __name__ == "__main__":
    main()
