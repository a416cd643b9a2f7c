"""Capacity: the real `python -m bot`, pictures on, against the loopback Discord.

(a) Bursts: N players with a game each press Roll at the same instant (N = 200, 500, 1,000).
    Acknowledgement p50/p99/max and how many within Discord's 3 s (target: p99 <= 1 s at
    1,000); the time until every message shows its saved state, picture included.
(b) Steady: 100 clicks/s from 200 players for 60 s, each pressing a button its message
    shows once its last click is answered. Acknowledgement p50/p99 (target p99 <= 250 ms);
    message updated p99, text and picture of the new state (target <= 1 s).
(c) Behind hints: ten players' hints queued (1,000 rollouts each, about a second of both
    workers each), then 100 other players press Roll at once. Their board pictures, from
    the click (target: p99 <= 1 s), and when the hints came.
For each, the CPU time of the bot process and of its picture workers (from /proc).

Run: .venv/bin/python bench/capacity.py [--bursts 200,500,1000] [--seconds 60]
         [--behind-hints 100]  (0: skip case c)
The loopback Discord runs in this process and takes CPU too: on a 2-core machine the
figures are for the bot, its workers and this stand-in sharing the two cores.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' loopback Discord

from tests.bot.fake_discord import FakeDiscord  # noqa: E402
from tests.bot.fake_payloads import Interaction  # noqa: E402
from tests.bot.running_bot import RunningBot, saved_games, seed_games  # noqa: E402

DEADLINE = 3.0
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


def burst(size: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        fake = FakeDiscord(deadline=DEADLINE)
        fake.start()
        try:
            tables = seed_games(db, fake, size)
            bot = RunningBot(fake, db)
            try:
                meter = CpuMeter(bot)
                before = load()
                clicks = fake.click_many([(t.player, t.message_id,
                                           fake.messages[t.message_id].button("roll") or "")
                                          for t in tables])
                started = min(c.dispatched for c in clicks)
                fake.wait_answered(clicks, timeout=120)
                messages = [fake.messages[t.message_id] for t in tables]
                # A roll may be followed at once by decisions offering one way only (issue
                # 20): a message is up to date at version 1 or later.
                fake.wait_until(lambda: all((m.version or 0) >= 1 and m.picture
                                            for m in messages), timeout=300)
                wall = time.monotonic() - started
                shown = max(next(at for at, version, picture in m.history
                                 if (version or 0) >= 1 and picture) for m in messages) - started
                cpu = meter.report(wall)
            finally:
                bot.stop()
            saved = saved_games(db)
            right = sum(m.version == saved[t.game_id][0] and m.picture == saved[t.game_id][1]
                        for t, m in zip(tables, messages, strict=True))
        finally:
            fake.stop()
    acks = [c.ack_seconds for c in clicks if c.ack_seconds is not None]
    print(f"burst of {size:5,}: acknowledged {len(acks):5,}/{size:,}, within 3 s "
          f"{sum(a <= DEADLINE for a in acks):5,}  refused late {fake.late}  ack {ms(acks)}")
    print(f"    every message showing its saved state (text and picture) after {shown:.2f} s; "
          f"{right:,}/{size:,} show exactly the saved version and its picture")
    print(f"    {cpu}; {before} -> {load()}")


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bursts", default="200,500,1000")
    parser.add_argument("--rate", type=float, default=100)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--behind-hints", type=int, default=100,
                        help="players clicking while ten hints are queued (0: skip)")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs; {load()}")
    for size in (int(s) for s in args.bursts.split(",") if s):
        burst(size)
    if args.behind_hints > 0:
        behind_hints(10, args.behind_hints)
    if args.seconds > 0:
        steady(args.rate, args.players, args.seconds)


if __name__ == "__main__":
    main()
