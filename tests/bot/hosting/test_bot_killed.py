"""A SIGKILLed bot leaves no process behind: its picture/hint workers and
multiprocessing's resource tracker notice their parent is gone and exit on their own, so a
service manager that restarts the bot without killing its process group piles nothing up."""

from __future__ import annotations

import pytest

import os
import signal
import time
from pathlib import Path


from tests.bot.running_bot import RunningBot, alive

GONE_WITHIN = 8.0  # seconds: the workers poll for their parent every second


def descendants(pid: int) -> set[int]:
    """Every process below `pid` (children, grandchildren...), read from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # it ended while we looked
                continue
            # "pid (name) state ppid ...": the name may hold spaces, so split after ')'.
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


def started(pid: int) -> int | None:
    """When `pid` started (clock ticks since boot): with the pid, who a process is. A pid
    freed by an ended worker may be another program's a moment later (pid_max can be 32,768),
    so the clean-up below kills only the processes it saw, never a newcomer with their pid."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19])
    except (OSError, IndexError, ValueError):
        return None


def running(pid: int) -> bool:
    """Alive and not a zombie waiting for its (dead) parent to reap it."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z" and alive(pid)


@pytest.mark.slow
def test_a_sigkilled_bot_leaves_no_worker_nor_resource_tracker_behind(tmp_path, fake):
    bot = RunningBot(fake, tmp_path / "games.sqlite3")
    children: set[int] = set()
    seen: dict[int, int | None] = {}
    try:
        deadline = time.monotonic() + 60
        while "worker processes ready" not in bot.log() and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = set(bot.worker_pids())
        children = descendants(bot.process.pid)
        seen = {pid: started(pid) for pid in children}
        # The workers and the resource tracker that multiprocessing starts for them.
        assert workers <= children and len(children) > len(workers), (workers, children)
        os.kill(bot.process.pid, signal.SIGKILL)
        bot.process.wait(10)
        deadline = time.monotonic() + GONE_WITHIN

        def still_there() -> set[int]:  # the same processes, not newcomers with their pids
            return {pid for pid, start in seen.items()
                    if start is not None and started(pid) == start and running(pid)}

        while still_there() and time.monotonic() < deadline:
            time.sleep(0.1)
        left = still_there()
        assert not left, f"still running {GONE_WITHIN} s after the bot was killed: {left}"
    finally:
        for pid, start in seen.items():
            if start is not None and started(pid) == start and running(pid):
                os.kill(pid, signal.SIGKILL)  # only what the test saw: see started()
        bot.stop()
