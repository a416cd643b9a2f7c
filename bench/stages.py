"""Where a burst's CPU goes: the bot processes and their picture workers sampled by py-spy
(a sampling profiler in its own process: it reads the bot's memory without stopping it), each
sample put in one stage by what its stack is doing.

    with Stages([bot.process.pid]) as stages:   # py-spy on each bot and its workers
        ...burst...
    print(stages.report())

py-spy is a dev dependency (`make .venv/.installed-dev`); without it, or where the system
forbids reading another process's memory (ptrace), the report says so and the bench's
figures come all the same. A sample is of a thread that was running or ready to run: on a
machine whose other work keeps the CPUs busy, a thread waiting for a CPU counts too, so the
shares are of time on the CPU or waiting for it, not of CPU alone.
BENCH_KEEP_SAMPLES=<folder> keeps each process's raw samples there (py-spy's `stack count`
lines, which flame-graph tools read) for a closer look than the stages.
"""

from __future__ import annotations

import collections
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

RATE = 97  # samples a second: odd, so that it doesn't beat with the loop's timers

# (stage, what in a stack puts a sample there), the first that matches wins: a stage's own
# work before the layers it calls (the PNG encoder before the drawing that calls it).
WORKER_STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("pictures: PNG encoding", ("(PIL/ImageFile.py", "(PIL/PngImagePlugin.py")),
    ("pictures: palette (quantize)", ("Image.quantize (",)),
    ("pictures: text drawn", ("(bot/pictures/font.py", "(PIL/ImageFont.py")),
    ("pictures: drawing", ("(bot/pictures/", "(PIL/")),
    ("workers: hints", ("(game_core/", "(bot/application/hints")),
    ("workers: IPC (pickling, pipes)", ("(multiprocessing/", "(concurrent/futures/")),
)
BOT_STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("bot: acknowledge (defer)", ("acknowledge (cogs/play/clicks.py", "in_time (cogs/")),
    ("bot: gateway (read, parse)", ("(discord/gateway.py", "ConnectionState.parse_",
                                     "(bot/hosting/draining.py",
                                     "(bot/hosting/observability/clicks.py")),
    ("bot: database", ("(aiosqlite/", "(asyncpg/", "(bot/storage/", "(sqlite3/")),
    ("bot: pictures' IPC", ("(concurrent/futures/", "(multiprocessing/")),
    ("bot: message (embed, text board, controls)", ("build_game_message (",
                                                   "Shown.message (", "(bot/narration/",
                                                   "(bot/pictures/board_text.py")),
    ("bot: Discord HTTP (answers, edits)", ("(discord/webhook/", "(discord/http.py",
                                            "(aiohttp/", "(discord/interactions.py")),
    ("bot: engine (moves)", ("(game_core/",)),
)
IDLE = ("EpollSelector.select (", "_PollLikeSelector.select (", "Condition.wait (",
        "watch (bot/hosting/workers.py")


def profiler() -> str | None:
    """py-spy's command, beside this Python or on PATH."""
    here = Path(sys.executable).parent / "py-spy"
    return str(here) if here.exists() else shutil.which("py-spy")


def stage_of(stack: str) -> str | None:
    """The stage of one sampled stack (frames `func (file:line)` joined by `;`, root
    first); None for a thread that was only waiting."""
    leaf = stack.rsplit(";", 1)[-1]
    if any(mark in leaf for mark in IDLE):
        return None
    worker = "spawn_main" in stack
    for stage, marks in WORKER_STAGES if worker else BOT_STAGES:
        if any(mark in stack for mark in marks):
            return stage
    return "workers: other" if worker else "bot: event loop, other"


def shares(raw: str) -> collections.Counter[str]:
    """Samples per stage from py-spy's raw output (`stack count` lines)."""
    counts: collections.Counter[str] = collections.Counter()
    for line in raw.splitlines():
        stack, _, n = line.rpartition(" ")
        if not stack or not n.isdigit():
            continue
        stage = stage_of(stack)
        if stage is not None:
            counts[stage] += int(n)
    return counts


class Stages:
    """py-spy recording each of `pids` (and the processes they start) meanwhile."""

    def __init__(self, pids: Sequence[int]) -> None:
        self.pids = list(pids)
        self._folder = tempfile.mkdtemp(prefix="bench-stages-")
        self._spies: list[tuple[subprocess.Popen[bytes], Path]] = []
        self.problem = ""

    def __enter__(self) -> Stages:
        command = profiler()
        if command is None:
            self.problem = "py-spy not installed (make .venv/.installed-dev)"
            return self
        for pid in self.pids:
            out = Path(self._folder) / f"{pid}.txt"
            spy = subprocess.Popen([command, "record", "--subprocesses", "--nonblocking",
                                    "--rate", str(RATE), "--format", "raw", "--pid",
                                    str(pid), "--output", str(out)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            self._spies.append((spy, out))
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.counts: collections.Counter[str] = collections.Counter()
        for spy, out in self._spies:
            if spy.poll() is None:
                spy.send_signal(signal.SIGINT)  # py-spy writes its samples and exits
            try:
                _, err = spy.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                spy.kill()
                _, err = spy.communicate()
            if out.exists():
                self.counts += shares(out.read_text())
                if os.environ.get("BENCH_KEEP_SAMPLES"):  # the raw stacks, for a flame graph
                    keep = Path(os.environ["BENCH_KEEP_SAMPLES"])
                    keep.mkdir(parents=True, exist_ok=True)
                    shutil.copy(out, keep / out.name)
            elif not self.problem:
                lines = (err or b"").decode(errors="replace").strip().splitlines()
                self.problem = "py-spy recorded nothing" + (f" ({lines[-1]})" if lines else "")
        shutil.rmtree(self._folder, ignore_errors=True)

    def report(self) -> str:
        counts = getattr(self, "counts", collections.Counter())
        total = sum(counts.values())
        if not total:
            return f"    stages: none sampled ({self.problem or 'no samples'})"
        width = max(len(stage) for stage in counts)
        lines = [f"    where the time went ({total:,} samples at {RATE}/s of the bot "
                 f"process{'es' if len(self.pids) > 1 else ''} and workers):"]
        for stage, n in counts.most_common():
            lines.append(f"      {stage:<{width}}  {n / total:6.1%}")
        return "\n".join(lines)


if __name__ == "__main__":  # py-spy raw output on stdin: its stages
    found = shares(sys.stdin.read())
    for name, n in found.most_common():
        print(f"{n:8d} {name}")
    print(f"{sum(found.values()):8d} in all (pid {os.getpid()})")
