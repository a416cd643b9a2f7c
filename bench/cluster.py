"""A rolling restart of a cluster: N real `python -m bot` processes, one shard each, over one
PostgreSQL server (pgserver, as the tests use), against the loopback Discord (N shards),
while 200 players click on every shard. After `--seconds` of play, each process in turn is
replaced as the README says (tests/bot/cluster.py): a new process with its shard ids starts
beside it and stands by once connected and warm, the old one gets SIGTERM and hands the
shard over (bot.hosting.handoff); then `--seconds` more of play.

Prints, for the clicks sent before, during and after the restart: how many, answered,
refused in words (of which "the bot is restarting"), unanswered (sent while no process ran
their shard, as Discord shows "This interaction failed" then), and the acknowledge p50/p99;
for each restart, how long the new process took to stand by, how long the old one took to
stop (its drain), how long its shard had no session at all, the handoff's gap (from the two
processes' logs) and the clicks sent in it, and how soon the first click after the handoff
was answered; then every acknowledged move looked up in the stored game logs (each must be
there exactly once). Its last lines:
`rolling restart: N processes, M acknowledged moves, lost: L, unanswered: U, at most G ms a
restart in which a click can't be answered` (no session for the shard, or the handoff's gap).

Run: .venv/bin/python bench/cluster.py [--processes 2,4] [--players 200] [--rate 25]
         [--seconds 20]
The loopback Discord and the players run in this process; on a 2-core machine the figures
are for the bot processes, their picture workers, PostgreSQL and this stand-in sharing the
two cores.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' loopback Discord

from bot.i18n import t  # noqa: E402
from tests.bot.cluster import (  # noqa: E402
    Click, Cluster, Players, Restart, first_answers, percentile, phases, tally,
)
from tests.bot.fake_discord import FakeDiscord  # noqa: E402
from tests.bot.running_bot import seed_games  # noqa: E402

from postgres import database, start_postgres  # noqa: E402

DEADLINE = 3.0


def ms(values: Sequence[float]) -> str:
    if not values:
        return f"{'-':>7} {'-':>7}"
    return (f"{statistics.median(values) * 1000:4.0f} ms {percentile(values, 0.99) * 1000:4.0f}"
            " ms")


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def run(server: Any, processes: int, players: int, rate: float, seconds: float) -> str:
    url = database(server, f"cluster_{processes}")
    fake = FakeDiscord(deadline=DEADLINE, shards=processes)
    fake.start()
    try:
        tables = seed_games(url, fake, players)
        cluster = Cluster(fake, url, processes)
        driver = Players(fake, tables, rate)
        before = load()
        playing = asyncio.run_coroutine_threadsafe(driver.run(), fake._loop)
        try:
            time.sleep(seconds)
            restarts = [cluster.restart(i) for i in range(processes)]
            time.sleep(seconds)
        finally:
            driver.stopped = True
            playing.result(30)
            time.sleep(DEADLINE + 0.5)  # the last clicks answered or failed
            cluster.stop()
        outages = {s: [o for o in fake.shards.outages[s][1:] if o.end is not None]
                   for s in range(processes)}
    finally:
        fake.stop()
    result = asyncio.run(tally(url, driver.clicks, t("en", "error.restarting")))
    start, end = restarts[0].started, restarts[-1].ready
    print(f"{processes} processes (one shard each), {players} players, about {rate:.0f} "
          f"clicks/s, one PostgreSQL; {before} -> {load()}")
    print(f"    {'clicks sent':<26}{'clicks':>7}{'answered':>10}{'refused':>9}"
          f"{'unanswered':>12}   ack p50  ack p99")
    acks = phases(driver.clicks, start, end)
    for name, label in (("before", "before the restart"),
                        ("during", f"during it ({end - start:.0f} s)"),
                        ("after", "after it")):
        row(label, [c for c in driver.clicks if phase(c, start, end) == name], acks[name])
    firsts = first_answers(driver.clicks, restarts)
    blind = [describe(restart, outages[restart.process], driver.clicks) for restart in restarts]
    if firsts:
        print(f"    first click on a restarted process's shard after the handoff: acknowledged "
              f"in {max(firsts) * 1000:.0f} ms at most")
    unanswered = result.undelivered + result.cut + result.late + result.unanswered
    print(f"    acknowledged moves {result.moves:,}: lost {result.lost}, stored twice "
          f"{result.duplicated}; refused {result.refused:,} (the bot is restarting: "
          f"{result.restarting:,}); unanswered {unanswered} (no process for their shard "
          f"{result.undelivered}, connection closing {result.cut}; a running process: "
          f"later than 3 s {result.late}, never {result.unanswered})")
    for problem in result.problems[:10]:
        print(f"    ! {problem}")
    return (f"rolling restart: {processes} processes, {result.moves} acknowledged moves, "
            f"lost: {result.lost}, unanswered: {unanswered}, at most {max(blind) * 1000:.0f} ms "
            "a restart in which a click can't be answered")


def phase(click: Click, start: float, end: float) -> str:
    at = click.interaction.dispatched
    return "before" if at < start else "during" if at <= end else "after"


def row(label: str, clicks: list[Click], acks: list[float]) -> None:
    answered = sum(c.moved for c in clicks)
    refused = sum(bool(c.interaction.replies) for c in clicks)
    print(f"    {label:<26}{len(clicks):>7,}{answered:>10,}{refused:>9,}"
          f"{len(clicks) - answered - refused:>12,}   {ms(acks)}")


def describe(restart: Restart, outages: list[Any], clicks: list[Click]) -> float:
    """Prints one restart; returns the seconds in which its shard's clicks couldn't be
    answered: no session at all, or the handoff's gap (every process logs it)."""
    down = next((o for o in outages if restart.started <= o.start <= restart.ready), None)
    shard = [c for c in clicks if c.interaction.shard == restart.process]
    lost = [c for c in shard if c.interaction.undelivered and down is not None
            and down.start <= c.interaction.dispatched <= (down.end or down.start)]
    gone = f"{down.seconds():.1f} s ({len(lost)} clicks unanswered then)" if down else "never"
    in_gap = [c for c in shard if restart.in_gap(c.interaction.dispatched)]
    missed = [c for c in in_gap if c.interaction.acked is None and not c.interaction.replies]
    gap = (f"{restart.gap * 1000:.0f} ms ({len(in_gap)} clicks sent then, {len(missed)} "
           "unanswered)" if restart.gap is not None else "not logged")
    # Not handed over (nobody stood by when SIGTERM came): its clicks were left unanswered
    # from the SIGTERM (refused in words, then ignored by the one standing by) until taken.
    unserved = restart.gap if restart.gap is not None else (
        (restart.took or restart.ready) - restart.term)
    handed = (f"{(restart.handed - restart.term) * 1000:.0f} ms after SIGTERM"
              if restart.handed is not None else "?")
    drained = re.search(r"finishing (\d+) interactions.*?every interaction finished "
                        r"\(([\d.]+) s\)", restart.log, re.DOTALL)
    drain = (f"{drained[1]} clicks in progress finished in {drained[2]} s, " if drained
             else "no click in progress, ")
    print(f"    process {restart.process}: the new one standing by "
          f"{restart.standing_by - restart.started:.1f} s after its start; the old one: "
          f"{drain}stopped in {restart.exited - restart.term:.1f} s (exit "
          f"{restart.returncode}); its shard without a session {gone}; handed over "
          f"{handed}, gap {gap}")
    return (down.seconds() if down else 0.0) + unserved


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--processes", default="2,4", help="cluster sizes to run, e.g. 2,4")
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rate", type=float, default=25, help="clicks a second in all")
    parser.add_argument("--seconds", type=float, default=20,
                        help="of play before the restart, and again after it")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs; {load()}")
    lines = []
    with tempfile.TemporaryDirectory() as folder:
        server = start_postgres(folder)
        try:
            for processes in (int(n) for n in args.processes.split(",") if n):
                lines.append(run(server, processes, args.players, args.rate, args.seconds))
        finally:
            server.cleanup()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
