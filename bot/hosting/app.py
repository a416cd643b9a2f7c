"""The Discord client: opens the game service, loads the cogs, syncs the slash commands.

Following discord.py's advanced_startup example: everything async happens in `setup_hook`.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord.ext import commands
from discord.utils import MISSING

from game_core import Game

from bot.errors import (
    DatabaseIncomplete, DatabaseReadOnly, DatabaseTooNew, DatabaseUnavailable,
)
from bot.application.hints import HintService
from bot.pictures.board import render_board
from bot.application.service import GameService
from bot.application.yardsticks import Yardsticks

from .discord_limits import check_commands
from .draining import DRAIN_BUDGET, Drain
from .handoff import WARM_BUDGET, Handoff
from .host import StartupError
from .observability import Observability
from .reconnect import ShardWatch
from .registry import Registry
from .settings import Settings
from .workers import PoolClosed, WorkerPool

log = logging.getLogger(__name__)

# Extensions are named, not imported: the bot layer never imports the cogs layer. One per
# feature package (each registers its own buttons, handlers and cogs); the command groups
# sync in this order: /monopoly, /monopoly-daily, then /monopoly-admin.
EXTENSIONS = tuple(f"cogs.{feature}.extension" for feature in (
    "common", "daily", "play", "hint", "reports", "privacy", "commands", "admin", "activity"))


ENTRY_POINT = 4  # application command type PRIMARY_ENTRY_POINT (Activities' App Launcher)
# The fields of an Entry Point command a bulk overwrite sends back (Discord's application
# command object); the rest (version, application_id...) is Discord's to set.
ENTRY_POINT_FIELDS = ("id", "type", "name", "name_localizations", "description",
                      "description_localizations", "handler", "integration_types",
                      "contexts", "nsfw", "default_member_permissions")
WORKERS_STOP = 1.0  # seconds the workers' running jobs get when the bot stops
# Seconds the gateway connections get to close when the bot stops: a close waits for
# Discord's answer (30 s in discord.py), which an unreachable Discord never sends.
GATEWAY_STOP = 0.5
# The Activity's server: its open views closed and a request still running given 1 s.
ACTIVITY_EXTENSION = "cogs.activity.extension"
ACTIVITY_STOP = 1.0
# Connections to one host (Discord's API) at most: discord.py's own default has no limit, so
# a burst of a thousand clicks opened a thousand connections at once (each a TCP, with
# Discord a TLS, handshake: a sixth of the bot's CPU in a profiled burst), where a few dozen
# kept alive carry every answer in turn. The gateway's host is another, in production.
HTTP_CONNECTIONS = 64


class MonopolyBot(commands.AutoShardedBot):
    """One process of the bot. By default it runs every shard discord.py asks for; with
    MONOPOLY_SHARD_COUNT and MONOPOLY_SHARD_IDS it runs only its own, and other processes
    the others, over one PostgreSQL database: any process can serve any player's click (a
    game is only rows in the database, and one writer per game is the database's guard)."""

    def __init__(self, settings: Settings, *, service: GameService | None = None,
                 workers: WorkerPool | None = None, sync_commands: bool = True,
                 seed_source: Callable[[], int] | None = None) -> None:
        # Slash commands and buttons only: no privileged intent (no message content).
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:
            shards["shard_ids"] = list(settings.shard_ids)
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None, **shards)
        self.settings = settings
        self._service = service
        self._owns_service = service is None
        self._workers = workers  # CPU-heavy work (pictures, hints) goes there, not on the loop
        self._warming: asyncio.Task[None] | None = None  # its workers starting (setup_hook)
        self._owns_workers = workers is None
        self._hints: HintService | None = None  # made in setup_hook, on the worker pool
        self._yardsticks: Yardsticks | None = None  # likewise
        self._sync_commands = sync_commands
        self._seed_source = seed_source  # tests fix the games' seeds; else a random one each
        self.parts = Registry()  # the extensions' click handlers and per-bot memory
        self.drain = Drain(self)  # on close: clicks in progress finish, new ones are refused
        # Which of its shards this process answers, in a rolling restart (PostgreSQL only).
        self.handoff: Handoff | None = None

    async def login(self, token: str) -> None:
        if self.http.connector is MISSING:  # not one a caller (a test) handed discord.py
            self.http.connector = aiohttp.TCPConnector(limit=0,
                                                       limit_per_host=HTTP_CONNECTIONS)
        await super().login(token)

    @property
    def service(self) -> GameService:
        if self._service is None:
            raise RuntimeError("the game service opens in setup_hook; the bot isn't started")
        return self._service

    @property
    def workers(self) -> WorkerPool:
        if self._workers is None:
            raise RuntimeError("the worker pool starts in setup_hook; the bot isn't started")
        return self._workers

    @property
    def hints(self) -> HintService:
        if self._hints is None:
            raise RuntimeError("the hint service starts in setup_hook; the bot isn't started")
        return self._hints

    @property
    def yardsticks(self) -> Yardsticks:
        if self._yardsticks is None:
            raise RuntimeError("the yardsticks start in setup_hook; the bot isn't started")
        return self._yardsticks

    async def open_database(self) -> None:
        """Open (and migrate) the database now: called before logging in to Discord, so that
        a MONOPOLY_DB that can't be used (a text file, a folder, a server that doesn't
        answer) stops the bot with one line before it ever connects. StartupError."""
        if self._service is None:
            self._service = await self._open_service()
            log.info("database ready at %s", self.settings.database_name)

    async def setup_hook(self) -> None:
        # First: the interactions' hook, and the metrics and health endpoint if asked for
        # (it answers while the rest starts; /readyz says the bot isn't ready yet).
        await Observability.of(self).start()
        ShardWatch.of(self).listen(self)  # capped reconnects, shards away (bot.hosting.reconnect)
        await self.open_database()  # already open when started by `python -m bot`
        await self._start_handoff()
        if self._workers is None:
            self._workers = WorkerPool.start()
            # Each worker draws a board once: its first picture draws the unchanging board
            # (~0.1 s), which the first clicks after a start shouldn't wait for. In the
            # background: the gateway connects meanwhile, so a process (re)started serves its
            # shards at once. Starting workers takes seconds on a busy machine (they run at a
            # lower priority), while a click is answered and stored without them.
            self._warming = asyncio.create_task(self._warm_up(self._workers))
        # Hints run on the same worker pool (same start and close); one at a time per player.
        self._hints = HintService(self.service, self.workers)
        self._yardsticks = Yardsticks(self.service, self.workers)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self._sync_commands:
            await self.sync_commands()
        if self.handoff is not None:
            self.handoff.take_over_when_ready(self._connected_and_warm)

    async def _start_handoff(self) -> None:
        """On PostgreSQL with a set shard count (a cluster): take this process's shards, or
        stand by for those another process still serves (bot.hosting.handoff)."""
        url, count = self.settings.db_url, self.settings.shard_count
        if url is None or count is None or self.handoff is not None:
            return
        handoff = Handoff(url, self.settings.shard_ids or range(count))
        try:
            await handoff.start()
        except Exception as exc:  # noqa: BLE001 -- the database opened: a start without it
            log.warning("no rolling-restart handoff (%r): serving every shard", exc)
            return
        self.handoff = handoff
        self.drain.serves = handoff.serves

    async def _connected_and_warm(self) -> None:
        await self.wait_until_ready()
        if self._warming is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._warming), WARM_BUDGET)
            except TimeoutError:
                log.warning("the workers were not warm within %.0f s", WARM_BUDGET)

    async def launch_shard(self, gateway: Any, shard_id: int, *, initial: bool = False) -> None:
        await super().launch_shard(gateway, shard_id, initial=initial)
        shard = self.get_shard(shard_id)
        if shard is not None:  # discord.py's reconnects, capped (bot.hosting.reconnect)
            ShardWatch.of(self).adopt(shard_id, shard._parent)

    @staticmethod
    async def _warm_up(workers: WorkerPool) -> None:
        try:
            pids = await workers.warm_up(partial(render_board, Game.new(1)))
        except PoolClosed:  # stopped before the workers were up
            return
        except Exception as exc:  # noqa: BLE001 -- the first pictures start them instead
            log.warning("the worker processes did not start now (%r)", exc)
            return
        log.info("%d worker processes ready (pids %s)", len(pids),
                 " ".join(map(str, sorted(pids))))

    async def _open_service(self) -> GameService:
        path = self.settings.db_path
        if self.settings.db_url is not None:
            return await self._open_postgres(self.settings.db_url)
        if Path(path).is_dir():
            raise StartupError(f"MONOPOLY_DB names the folder {path}: give the database file's "
                               f"path, e.g. {Path(path) / 'monopoly.sqlite3'}")
        try:
            return await GameService.open(path, seed_source=self._seed_source,
                                          wrap=Observability.of(self).storage_wrap())
        except (DatabaseTooNew, DatabaseReadOnly, DatabaseIncomplete) as exc:
            raise StartupError(str(exc)) from exc
        except sqlite3.Error as exc:
            if "not a database" not in str(exc):
                raise StartupError(f"can't open the database {path} ({exc}): check "
                                   "MONOPOLY_DB; its folder must be writable by the bot.") from exc
            raise StartupError(f"{path} is not a SQLite database ({exc}): check MONOPOLY_DB, "
                               "it must name the bot's database file (or a new one).") from exc
        except OSError as exc:
            raise StartupError(f"can't open the database {path} ({exc}): check MONOPOLY_DB; "
                               "its folder must be writable by the bot.") from exc

    async def _open_postgres(self, url: str) -> GameService:
        import asyncpg

        try:
            return await GameService.open(url, seed_source=self._seed_source,
                                          wrap=Observability.of(self).storage_wrap())
        except (DatabaseTooNew, DatabaseIncomplete) as exc:
            raise StartupError(str(exc)) from exc
        except (DatabaseUnavailable, asyncpg.PostgresError, asyncpg.InterfaceError,
                OSError) as exc:
            detail = exc.detail if isinstance(exc, DatabaseUnavailable) else (
                str(exc) or type(exc).__name__)
            raise StartupError(
                f"can't open the database {self.settings.database_name} ({detail}): check "
                "MONOPOLY_DB (the server, the user and its password, the database name) and "
                "that the server is running.") from exc

    async def command_payload(self, guild: discord.abc.Snowflake | None = None
                              ) -> list[dict[str, Any]]:
        """The commands exactly as `tree.sync(guild=guild)` sends them, translations and all."""
        translator = self.tree.translator
        commands = self.tree.get_commands(guild=guild)
        if translator is None:
            return [command.to_dict(self.tree) for command in commands]
        return [await command.get_translated_payload(self.tree, translator)
                for command in commands]

    async def sync_commands(self) -> None:
        """Measure the commands Discord's way, then sync them. A command over one of
        Discord's limits stops the bot here with one line, before anything reaches Discord
        (Discord would refuse the whole sync); so does a sync Discord refuses."""
        guild_id = self.settings.dev_guild_id
        guild = discord.Object(id=guild_id) if guild_id is not None else None
        if guild is not None:  # a development server sees changes at once
            self.tree.copy_global_to(guild=guild)
        problems = check_commands(await self.command_payload(guild))
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise StartupError(f"the slash commands break Discord's limits, so none were sent: "
                               f"{problems[0]}{more}")
        try:
            synced = await (self.tree.sync(guild=guild) if guild is not None
                            else self._sync_global())
        except discord.HTTPException as exc:
            detail = " ".join(str(exc).split())[:300]
            raise StartupError(f"Discord refused the slash commands ({exc.status}, error "
                               f"{exc.code}): {detail}") from None
        if guild_id is not None:
            log.info("synced %d commands to development server %d", len(synced), guild_id)
        else:
            log.info("synced %d commands globally", len(synced))

    async def _sync_global(self) -> list[Any]:
        """The global bulk overwrite, keeping the App Launcher's Entry Point command.

        Once an operator turns Activities on, Discord makes a PRIMARY_ENTRY_POINT command
        (type 4, which discord.py doesn't model) and refuses any bulk overwrite that leaves
        it out (400, code 50240). So the commands Discord has are read first, and the
        entry point ones are sent back as they are (with their id, so they stay the same
        command), beside the tree's own. With none, this is the tree's own sync."""
        application_id = self.application_id
        assert application_id is not None  # set at login, before setup_hook
        existing: list[dict[str, Any]] = list(
            await self.http.get_global_commands(application_id))  # type: ignore[arg-type]
        kept = [entry_point_payload(command) for command in existing
                if command.get("type") == ENTRY_POINT]
        if not kept:
            return await self.tree.sync()
        payload = await self.command_payload(None)
        return list(await self.http.bulk_upsert_global_commands(
            application_id, [*payload, *kept]))

    async def close(self) -> None:
        """Stop cleanly (SIGTERM): the clicks in progress finish and their moves are stored
        while new ones are refused (bot.hosting.draining) and /readyz says `stopping`; then
        the probes' endpoint, the gateway, the workers and the database close. A shard a
        process stands by for is handed over first: its clicks are that process's from
        then on (bot.hosting.handoff). Every step is bounded: the whole fits in 10 s
        whatever Discord's state (bot/__main__.py ends a reconnect still waiting)."""
        try:
            started = time.monotonic()
            if self.handoff is not None:
                await self.handoff.release()
            # The handover's time comes out of the drain's: the stop stays within 10 s.
            await self.drain.finish(max(1.0, DRAIN_BUDGET - (time.monotonic() - started)))
            await Observability.of(self).stop()
            await self._stop_activity()
        finally:
            try:
                await self._close_gateway()
            finally:
                try:
                    await self.close_workers()
                finally:
                    await self.close_service()
                    if self.handoff is not None:
                        await self.handoff.close()
                    ShardWatch.of(self).close()

    async def _stop_activity(self) -> None:
        """The Activity's server (cogs.activity) closes its views and stops taking moves
        before the database closes, within ACTIVITY_STOP: not inside the gateway's bounded
        close, which discord.py's unloading of the extensions would otherwise be."""
        if ACTIVITY_EXTENSION in self.extensions:
            try:
                await asyncio.wait_for(self.unload_extension(ACTIVITY_EXTENSION), ACTIVITY_STOP)
            except TimeoutError:
                log.info("the Activity's server did not stop within %.1f s; going on",
                         ACTIVITY_STOP)

    async def _close_gateway(self) -> None:
        closing = asyncio.ensure_future(super().close())
        try:
            await asyncio.wait_for(asyncio.shield(closing), GATEWAY_STOP)
        except TimeoutError:  # Discord doesn't answer the close: the process goes anyway
            log.info("the gateway did not close within %.1f s; going on", GATEWAY_STOP)

    async def close_workers(self) -> None:
        """Stop the worker processes this bot started (not a pool it was handed). Pictures
        still being drawn are dropped: every move is saved before its picture is drawn, and
        with the connection to Discord closed no picture could be sent anyway. So they get
        WORKERS_STOP seconds, not the pool's default: on a busy machine the workers (at a
        lower priority) would hold the exit, and a restarted process's return, for seconds."""
        if self._workers is not None and self._owns_workers:
            await self._workers.close(timeout=WORKERS_STOP)

    @property
    def database_closed(self) -> bool:
        """The database this bot opened is closed again (or it never opened one)."""
        return self._service is None or not self._owns_service

    async def close_service(self) -> None:
        """Close the database this bot opened (not one it was handed); safe to repeat."""
        if self._service is not None and self._owns_service:
            await self._service.close()
            self._service = None
            log.info("database closed")


def entry_point_payload(command: dict[str, Any]) -> dict[str, Any]:
    """An Entry Point command as Discord listed it, to send back in a bulk overwrite."""
    return {key: command[key] for key in ENTRY_POINT_FIELDS if command.get(key) is not None}


async def offline_commands() -> list[dict[str, Any]]:
    """The slash commands exactly as the bot would sync them, built offline: no Discord, no
    database, no workers (for `solo-monopoly commands` and the tests)."""
    bot = MonopolyBot(Settings(token="offline"), sync_commands=False)
    async with bot:  # the cogs' background loops wait for a READY that never comes
        try:
            for extension in EXTENSIONS:
                await bot.load_extension(extension)
            return await bot.command_payload()
        finally:
            for extension in list(bot.extensions):
                await bot.unload_extension(extension)
