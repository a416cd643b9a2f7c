"""The path of one Buy click: which of the project's files it runs through.

A reader who wants to know what a button does follows this path, so it should be short and
go one way. The click goes through the real discord.py client under simcord, on a real
SQLite file; a profiler notes every function the project runs on the event loop from the
click's arrival to its answer (the picture is drawn by a worker, elsewhere, as in
production).

Prints: the files the click runs in (by layer), the calls between the cogs' files, and the
groups of those files that call each other round (a reader following the click comes back
into a file they had left).

Run: .venv/bin/python bench/click_path.py
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("cogs", "bot", "game_core")
SEED = 1


def project_file(filename: str) -> str | None:
    path = Path(filename)
    if not path.is_absolute() or ROOT not in path.parents:
        return None
    relative = path.relative_to(ROOT)
    return str(relative) if relative.parts[0] in LAYERS else None


class Tracer:
    def __init__(self) -> None:
        self.files: set[str] = set()
        self.calls: set[tuple[str, str]] = set()  # (caller's file, callee's file)

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        name = project_file(frame.f_code.co_filename)
        if name is None:
            return
        self.files.add(name)
        caller = frame.f_back
        while caller is not None and project_file(caller.f_code.co_filename) is None:
            caller = caller.f_back
        if caller is not None:
            by = project_file(caller.f_code.co_filename)
            if by is not None and by != name:
                self.calls.add((by, name))


def circles(calls: set[tuple[str, str]]) -> list[list[str]]:
    """The groups of files that call each other round (strongly connected, Tarjan)."""
    graph: dict[str, list[str]] = {}
    for by, to in sorted(calls):
        graph.setdefault(by, []).append(to)
        graph.setdefault(to, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in graph:
        if node not in index:
            visit(node)
    return found


async def main() -> None:
    import simcord

    from bot.hosting.app import MonopolyBot
    from bot.hosting.settings import Settings
    from bot.hosting.workers import WorkerPool
    from game_core.state import BUY

    with tempfile.TemporaryDirectory() as folder:
        workers = WorkerPool.in_threads()
        bot = MonopolyBot(Settings(token="bench", db_path=Path(folder) / "path.sqlite3",
                                   shard_count=1),
                          workers=workers, seed_source=lambda: SEED)
        async with simcord.run(bot) as env:
            guild = env.create_guild("bench")
            channel = guild.create_text_channel("games")
            alice = guild.add_member(env.create_user("alice"))
            message = (await alice.slash(channel, "monopoly new")).response
            for _ in range(40):  # roll until a property is offered
                if (await bot.service.get(1)).game.pending == BUY:
                    break
                ids = _ids(message)
                await alice.click(message, custom_id=ids["roll"])  # edits `message`
            else:
                raise SystemExit("no offer within 40 rolls")
            buy = _ids(message)["buy"]
            tracer = Tracer()
            sys.setprofile(tracer)
            try:
                await alice.click(message, custom_id=buy)
            finally:
                sys.setprofile(None)
        await bot.close_service()
        await workers.close()
    files = sorted(tracer.files)
    print(f"a Buy click runs in {len(files)} files of the project:")
    for layer in LAYERS:
        mine = [f for f in files if f.startswith(layer + "/")]
        print(f"  {layer + '/':<11} {len(mine):3}  {' '.join(f[len(layer) + 1:] for f in mine)}")
    cogs_calls = {(a, b) for a, b in tracer.calls
                  if a.startswith("cogs/") and b.startswith("cogs/")}
    print("calls between cogs files: " + ", ".join(f"{a[5:]} -> {b[5:]}"
                                                  for a, b in sorted(cogs_calls)))
    rounds = circles(cogs_calls)
    print(f"files of cogs/ that call each other round: {len(rounds)}"
          + "".join(f"\n  {' <-> '.join(f[5:] for f in group)}" for group in rounds))


def _ids(message: Any) -> dict[str, str]:
    return {c["custom_id"].split(":")[-1].split(".")[0]: c["custom_id"]
            for row in message.components for c in row["components"] if "custom_id" in c}


if __name__ == "__main__":
    asyncio.run(main())
