"""A clean stop for a process of a cluster (SIGTERM from a service manager, one process of a
rolling restart): no click acknowledged and then lost.

    drain = Drain(bot)          # in MonopolyBot.__init__: it watches every interaction
    await drain.finish()        # first thing in close(), before the gateway and database close

From `finish()` on, an interaction that arrives is not played: its player is told, in their
language and only to them, that the bot is restarting and to try again in a few seconds
(the process coming back, or another one, plays it then). The interactions already being
handled finish, within DRAIN_BUDGET; only then does the bot close its gateway connections,
its HTTP session, its workers and its database. So a move whose click was acknowledged is
stored before the process ends, and a click that arrives too late for that is refused in
words, or (once the gateway is closed) never reaches this process at all.

In a rolling restart with a process standing by (bot.hosting.handoff), a shard handed over
is not refused but left alone: Discord sends its clicks to both processes, and the new one
answers them. Likewise a process standing by leaves alone the clicks of the shards it
waits for.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, cast

import discord

from bot.i18n import locale_of, t

from .observability import refused

log = logging.getLogger(__name__)

# Seconds the interactions in progress get to finish. A click's own budget is about 6 s
# (the database's, see the README), and a container platform kills a process 10 s after its
# SIGTERM by default: the drain ends within both.
DRAIN_BUDGET = 7.0
# Interaction types (https://discord.com/developers/docs/interactions/receiving-and-responding):
# an autocomplete (4) can't be answered with a message; left unanswered, it shows no choices.
AUTOCOMPLETE = 4


class Drain:
    def __init__(self, client: discord.Client) -> None:
        self._client = client
        self.draining = False
        # The shards whose clicks this process answers (None: all); set with a handoff.
        self.serves: Callable[[int], bool] | None = None
        self._handling: set[asyncio.Task[Any]] = set()
        parsers: dict[str, Callable[[Any], None]] = client._connection.parsers
        self._parse = parsers["INTERACTION_CREATE"]
        parsers["INTERACTION_CREATE"] = self._on_interaction  # the gateway reads this dict

    def _on_interaction(self, data: Any) -> None:
        """INTERACTION_CREATE from the gateway. discord.py hands an interaction to its
        handlers by starting tasks (the command tree's, the views' and dynamic buttons',
        on_interaction's) while it parses it: the tasks started during the parse are this
        interaction's handling, which `finish` waits for."""
        if self.serves is not None and not self.serves(self._shard_of(data)):
            return  # another process of this shard answers it (bot.hosting.handoff)
        if self.draining:
            if data.get("type") != AUTOCOMPLETE:
                self._track({asyncio.create_task(self._refuse(data))})
            return
        # The tasks started meanwhile, from the loop's task factory (swapped for the call
        # only): comparing asyncio.all_tasks() before and after costs a set of every task
        # in progress per interaction, seconds in all under a burst of a thousand clicks.
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not on a loop: nothing will be started
            self._parse(data)
            return
        previous = loop.get_task_factory()
        started: set[asyncio.Task[Any]] = set()

        def factory(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> Any:
            task = (previous(loop, coro, **kwargs) if previous is not None
                    else asyncio.Task(coro, loop=loop, **kwargs))
            started.add(cast("asyncio.Task[Any]", task))
            return task

        loop.set_task_factory(factory)
        try:
            self._parse(data)
        finally:
            loop.set_task_factory(previous)
        self._track(started)

    def _shard_of(self, data: Any) -> int:
        """Discord's routing: shard_id = (guild_id >> 22) % num_shards; no server: 0
        (https://discord.com/developers/docs/events/gateway#sharding)."""
        guild_id = data.get("guild_id")
        count = self._client.shard_count or 1
        return (int(guild_id) >> 22) % count if guild_id is not None else 0

    def _track(self, tasks: set[asyncio.Task[Any]]) -> None:
        for task in tasks:
            self._handling.add(task)
            task.add_done_callback(self._handling.discard)

    async def _refuse(self, data: Any) -> None:
        interaction: discord.Interaction[Any] = discord.Interaction(
            data=data, state=self._client._connection)
        text = t(locale_of(str(interaction.locale)), "error.restarting")
        refused()  # the operators' metrics count it as a refusal, not an answer
        try:
            await interaction.response.send_message(text, ephemeral=True)
        except (discord.HTTPException, RuntimeError) as exc:  # too late; or HTTP closed
            log.info("a click during the restart was not answered (%r)", exc)

    async def finish(self, budget: float = DRAIN_BUDGET) -> None:
        """Refuse new interactions from now on, and wait (at most `budget` seconds) for
        those in progress."""
        if self.draining:
            return
        self.draining = True
        started = time.monotonic()
        pending = {task for task in self._handling if not task.done()}
        if not pending:
            return
        log.info("stopping: finishing %d interactions in progress", len(pending))
        # Refusals keep coming while the gateway is open: wait until none is in progress.
        while pending:
            left = budget - (time.monotonic() - started)
            if left <= 0:
                log.warning("stopping with %d interactions still in progress after %.0f s",
                            len(pending), budget)
                return
            await asyncio.wait(pending, timeout=left)
            pending = {task for task in self._handling if not task.done()}
        log.info("stopping: every interaction finished (%.2f s); closing the gateway",
                 time.monotonic() - started)
