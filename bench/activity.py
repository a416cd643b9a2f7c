"""The board in Discord (the Activity), measured on the real `python -m bot` against the
loopback Discord, its Activity server on a local port:

- an action on the board, from the request sent to every open view of that game updated
  (each player has two views open: its own page and a watcher's), p50 and p99, with 1 and
  then 50 players tapping at once (each taps, waits for its views, taps again);
- the CPU per move (the bot process and its picture workers, user + system time from
  /proc), a move made on the board (the read model answered, both views pushed, the chat
  message edited with its picture) against a click on the message (its answer edited, the
  board pictures drawn): the same kind of move (Roll, Buy, Decline... as the game asks).

Run: .venv/bin/python bench/activity.py [--moves 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.bot.fake_discord import FakeDiscord  # noqa: E402
from tests.bot.fake_oauth import CLIENT_SECRET  # noqa: E402
from tests.bot.fake_payloads import CHANNEL_ID, GUILD_ID  # noqa: E402
from tests.bot.running_bot import RunningBot, Table, seed_games  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICK


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Player:
    def __init__(self, table: Table, base: str, fake: FakeDiscord, watcher: int) -> None:
        self.table, self.base, self.fake, self.watcher = table, base, fake, watcher
        self.session = ""
        self.views: list[aiohttp.ClientWebSocketResponse] = []
        self.model: dict[str, Any] = {}

    async def sign_in(self, http: aiohttp.ClientSession, user: int, instance: str) -> str:
        code = self.fake.activities.code_for(user)
        async with http.post(self.base + "/api/token",  # each player from its own address
                             headers={"X-Forwarded-For": f"10.0.{user % 250}.{user % 7}"},
                             json={"code": code, "instance_id": instance}) as answer:
            return str((await answer.json())["session"])

    async def open(self, http: aiohttp.ClientSession) -> None:
        # The player opens the board from its message (the launch is recorded), then the
        # watcher joins the same instance.
        fake, message_id = self.fake, self.table.message_id
        if not any(c.startswith("sm:board:") for c in fake.messages[message_id].custom_ids):
            # A message posted before the board was served: a first move on it shows the
            # launch button (discord.py finds a pressed button in its message).
            roll = fake.messages[message_id].button("roll") or ""
            [click] = await asyncio.to_thread(fake.click_many, [
                (self.table.player, message_id, roll)])
            await asyncio.to_thread(fake.wait_answered, [click])
        launch = next(c for c in fake.messages[message_id].custom_ids
                      if c.startswith("sm:board:"))
        [pressed] = await asyncio.to_thread(fake.click_many, [
            (self.table.player, message_id, launch)])
        await asyncio.to_thread(fake.wait_answered, [pressed])
        instance = f"bench-{self.table.player}"
        self.fake.activities.instance(instance, [self.table.player, self.watcher], CHANNEL_ID,
                                      GUILD_ID)
        self.session = await self.sign_in(http, self.table.player, instance)
        watching = await self.sign_in(http, self.watcher, instance)
        for session in (self.session, watching):
            ws = await http.ws_connect(self.base.replace("http", "ws") + "/api/live")
            await ws.send_str(json.dumps({"session": session}))
            first = json.loads((await ws.receive(timeout=60)).data)
            self.views.append(ws)
            if session == self.session:
                self.model = first["game"]

    async def tap(self, http: aiohttp.ClientSession) -> float | None:
        """One move on the board; seconds until both views show it (None: game over)."""
        game = self.model.get("game")
        if game is None or game["over"]:
            return None
        choices = [c["id"] for c in self.model["decision"]["choices"] if c["id"] != "roll_on"]
        started = time.perf_counter()
        async with http.post(self.base + "/api/game/action",
                             headers={"Authorization": f"Bearer {self.session}"},
                             json={"choice": choices[0], "version": game["version"]}) as a:
            body = await a.json()
        if "game" not in body or "error" in body:
            self.model = body.get("game") or self.model
            return None
        self.model = body["game"]
        version = self.model["game"]["version"]
        for ws in self.views:
            while True:
                pushed = json.loads((await ws.receive(timeout=60)).data)
                if pushed.get("game", {}).get("game", {}).get("version", -1) >= version:
                    break
        return time.perf_counter() - started


async def board_run(players: list[Player], moves: int) -> list[float]:
    # No cap on connections: 100 views stay open while the taps go.
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=120),
                                     connector=aiohttp.TCPConnector(limit=0)) as http:
        for player in players:  # one after the other: each launch, then its sign-ins
            await asyncio.wait_for(player.open(http), 60)

        async def play(player: Player) -> list[float]:
            times = []
            for _ in range(moves):
                took = await asyncio.wait_for(player.tap(http), 120)
                if took is None:
                    break
                times.append(took)
            for ws in player.views:
                await ws.close()
            return times

        return [t for times in await asyncio.gather(*(play(p) for p in players))
                for t in times]


def report(label: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(f"{label:<46} {len(ms):5} moves   p50 {statistics.median(ms):7.1f} ms   "
          f"p99 {percentile(ms, 0.99):7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=20, help="moves per player per run")
    args = parser.parse_args()
    fake = FakeDiscord(entry_point=True)
    fake.start()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        tables = seed_games(db, fake, 102)
        port = free_port()
        bot = RunningBot(fake, db, env={"MONOPOLY_ACTIVITY_PORT": str(port),
                                        "DISCORD_CLIENT_SECRET": CLIENT_SECRET})
        try:
            pids = [bot.process.pid, *bot.worker_pids()]
            base = f"http://127.0.0.1:{port}"
            print(load())
            one = [Player(tables[0], base, fake, 90_000)]
            report("board action -> every view, 1 player", asyncio.run(board_run(one,
                                                                                  args.moves)))
            many = [Player(t, base, fake, 90_001 + i) for i, t in enumerate(tables[1:51])]
            report("board action -> every view, 50 players", asyncio.run(board_run(
                many, args.moves)))
            print(load())
            # CPU per move: the board (one player, its two views and its chat message)...
            board = [Player(tables[51], base, fake, 91_000)]
            time.sleep(1.0)  # the message edits of the runs above are done
            before = cpu_seconds(pids)
            taps = len(asyncio.run(board_run(board, args.moves * 2)))
            fake.wait_until(lambda: fake.messages[tables[51].message_id].version
                            == board[0].model["game"]["version"], 60)
            board_cpu = (cpu_seconds(pids) - before) / max(taps, 1)
            # ... against clicks on the chat message (the same kind of moves).
            table = tables[52]
            before, clicks = cpu_seconds(pids), 0
            for _ in range(args.moves * 2):
                message = fake.messages[table.message_id]
                buttons = [c for c in message.custom_ids if c.startswith("sm:b:")
                           and not c.endswith(":roll_on")]
                if not buttons:
                    break
                [click] = fake.click_many([(table.player, table.message_id, buttons[0])])
                fake.wait_answered([click])
                fake.wait_until(lambda: fake.messages[table.message_id].attachments
                                or not fake.messages[table.message_id].embeds, 30)
                clicks += 1
            time.sleep(0.5)
            click_cpu = (cpu_seconds(pids) - before) / max(clicks, 1)
            print(f"CPU per move (bot + picture workers): board {board_cpu * 1000:.1f} ms "
                  f"({taps} taps), message click {click_cpu * 1000:.1f} ms ({clicks} clicks), "
                  f"ratio {board_cpu / click_cpu if click_cpu else float('nan'):.2f}")
            print(load())
        finally:
            bot.stop()
            fake.stop()


if __name__ == "__main__":
    main()
