"""What the hosting parts (the observability endpoint, its interaction hook, the probes) read
of the bot that runs them, as a Protocol: they take the bot without importing
bot.hosting.app, which builds them (no import circle), and mypy checks that MonopolyBot
has all of it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from discord import app_commands
from discord.shard import ShardInfo

from bot.application.hints import HintService
from bot.application.service import GameService

from .handoff import Handoff
from .registry import Registry
from .settings import Settings
from .workers import WorkerPool


class StartupError(Exception):
    """The bot can't start; the message says what to do (shown as one line, no traceback)."""


class Draining(Protocol):
    @property
    def draining(self) -> bool: ...


class Host(Protocol):
    settings: Settings
    parts: Registry
    handoff: Handoff | None  # which shards it answers in a rolling restart (PostgreSQL)
    _connection: Any  # discord.py's ConnectionState: its parsers are wrapped

    @property
    def shard_count(self) -> int | None: ...
    @property
    def drain(self) -> Draining: ...
    @property
    def service(self) -> GameService: ...
    @property
    def workers(self) -> WorkerPool: ...
    @property
    def hints(self) -> HintService: ...
    @property
    def latencies(self) -> Sequence[tuple[int, float]]: ...
    @property
    def shards(self) -> Mapping[int, ShardInfo]: ...
    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    def add_listener(self, func: Callable[..., Any], name: str = ...) -> None: ...
    def is_closed(self) -> bool: ...
    def is_ready(self) -> bool: ...
