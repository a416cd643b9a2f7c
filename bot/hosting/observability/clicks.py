"""Every interaction, timed and counted from one place: its arrival.

discord.py turns an INTERACTION_CREATE event into an Interaction and starts the task that
handles it (the command tree's, or the control's) inside one call of the connection state's
parser, from the gateway's own task, synchronously. `InteractionHook` wraps that parser,
on this bot's connection only, and for the length of the call:
- sets context variables the handling tasks inherit (they copy the context they are made
  in): the interaction's kind, game and shard for the log lines (`logs`), and the `Click`
  that the cogs mark refused or failed (`refused()`, `failed()`), wherever they answer;
- sets discord.py's webhook adapter (itself a context variable, the way the library lets
  its callers route interaction answers) to one that notes when Discord took the first
  answer (time to acknowledge) and the first answer or edit carrying a picture (time to
  the board);
- notes the tasks the parser starts (the loop's task factory, swapped for the call only:
  nothing else can run meanwhile); when the last one ends, the interaction is counted with
  its outcome: refused or failed if the cogs said so, else answered if Discord took an
  answer, else failed (the player saw "This interaction failed").

The cost is a few context-variable sets and one small object per interaction; with the
metrics off, only the log context is set.
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from discord.webhook.async_ import async_context

from . import logs
from .metrics import Metrics

if TYPE_CHECKING:
    from bot.hosting.host import Host

# The cogs' marks on the interaction being handled; None outside one.
_click_var: contextvars.ContextVar[Click | None] = contextvars.ContextVar(
    "monopoly_click", default=None)
_WORSE = {None: 0, "refused": 1, "failed": 2}
# Interaction types (Discord's numbers) as the acknowledgement histogram's label.
TYPES = {1: "ping", 2: "command", 3: "component", 4: "autocomplete", 5: "modal"}


def refused() -> None:
    """The interaction being handled was refused: the player was told no (a stale button,
    someone else's game, "try again"). Nothing outside an interaction."""
    _mark("refused")


def failed() -> None:
    """The interaction being handled failed: an error the player was given an id for."""
    _mark("failed")


def _mark(outcome: str) -> None:
    click = _click_var.get()
    if click is not None and _WORSE[outcome] > _WORSE[click.outcome]:
        click.outcome = outcome


@dataclass(frozen=True, slots=True)
class ClickKinds:
    """How the cogs name a control's custom_id: (kind, game id or None), the kind from a
    fixed list (never an id). Registered on the bot by the extension that owns the ids."""

    describe: Callable[[str], tuple[str, int | None]]


class Click:
    """One interaction on its way: when it came, what it is, how it went."""

    __slots__ = ("meter", "kind", "type", "arrived", "acked", "board", "outcome", "pending")

    def __init__(self, meter: Metrics, kind: str, type_: str) -> None:
        self.meter = meter
        self.kind = kind
        self.type = type_
        self.arrived = time.perf_counter()
        self.acked = False
        self.board = False
        self.outcome: str | None = None
        self.pending = 0  # tasks still handling it

    def answered(self, files: object) -> None:
        now = time.perf_counter()
        if not self.acked:
            self.acked = True
            self.meter.ack_seconds.labels(self.type).observe(now - self.arrived)
        self.edited(files, now)

    def edited(self, files: object, now: float | None = None) -> None:
        if files and not self.board:
            self.board = True
            self.meter.board_seconds.observe((now or time.perf_counter()) - self.arrived)

    def task_done(self, _: object = None) -> None:
        self.pending -= 1
        if self.pending <= 0:
            self.finish()

    def finish(self) -> None:
        outcome = self.outcome or ("answered" if self.acked else "failed")
        self.meter.interactions.labels(self.kind, outcome).inc()


class _Adapter:
    """discord.py's webhook adapter for one interaction's answers: the same calls, noted."""

    def __init__(self, inner: Any, click: Click) -> None:
        self._inner = inner
        self._click = click

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    async def create_interaction_response(self, *args: Any, **kwargs: Any) -> Any:
        result = await self._inner.create_interaction_response(*args, **kwargs)
        params = kwargs.get("params")
        self._click.answered(getattr(params, "files", None))
        return result

    async def edit_original_interaction_response(self, *args: Any, **kwargs: Any) -> Any:
        result = await self._inner.edit_original_interaction_response(*args, **kwargs)
        self._click.edited(kwargs.get("files"))
        return result

    async def edit_webhook_message(self, *args: Any, **kwargs: Any) -> Any:
        result = await self._inner.edit_webhook_message(*args, **kwargs)
        self._click.edited(kwargs.get("files"))
        return result

    async def execute_webhook(self, *args: Any, **kwargs: Any) -> Any:
        result = await self._inner.execute_webhook(*args, **kwargs)
        self._click.edited(kwargs.get("files"))
        return result


class InteractionHook:
    """Wraps this bot's INTERACTION_CREATE parser (see the module's docstring)."""

    def __init__(self, bot: Host, metrics: Metrics | None) -> None:
        self._bot = bot
        self._metrics = metrics
        self._commands: frozenset[str] | None = None  # the tree's, once it is complete
        self._original: Callable[[Any], None] | None = None

    def install(self) -> None:
        parsers: dict[str, Callable[[Any], None]] = self._bot._connection.parsers
        if self._original is None:
            self._original = parsers["INTERACTION_CREATE"]
            parsers["INTERACTION_CREATE"] = self.arrived

    def arrived(self, data: dict[str, Any]) -> None:
        assert self._original is not None
        kind, game_id = self.describe(data)
        tokens: list[tuple[contextvars.ContextVar[Any], contextvars.Token[Any]]] = [
            (logs.kind_var, logs.kind_var.set(kind)),
            (logs.game_id_var, logs.game_id_var.set(game_id)),
            (logs.shard_var, logs.shard_var.set(self.shard_of(data))),
        ]
        if self._metrics is None:
            try:
                self._original(data)
            finally:
                _reset(tokens)
            return
        click = Click(self._metrics, kind, TYPES.get(data.get("type", 0), "other"))
        tokens.append((_click_var, _click_var.set(click)))
        tokens.append((async_context, async_context.set(
            cast(Any, _Adapter(async_context.get(), click)))))
        try:
            spawned = self._spawning(data)
        finally:
            _reset(tokens)
        click.pending = len(spawned)
        for task in spawned:
            task.add_done_callback(click.task_done)
        if not spawned:  # no handler at all (a control no extension knows)
            click.finish()

    def _spawning(self, data: dict[str, Any]) -> list[asyncio.Future[Any]]:
        """The parser run, and the tasks it started."""
        assert self._original is not None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not on a loop: nothing will be started
            self._original(data)
            return []
        previous = loop.get_task_factory()
        spawned: list[asyncio.Future[Any]] = []

        def factory(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> Any:
            task = (previous(loop, coro, **kwargs) if previous is not None
                    else asyncio.Task(coro, loop=loop, **kwargs))
            spawned.append(task)
            return task

        loop.set_task_factory(factory)
        try:
            self._original(data)
        finally:
            loop.set_task_factory(previous)
        return spawned

    def describe(self, data: dict[str, Any]) -> tuple[str, int | None]:
        """The interaction's kind (no id in it) and the game its control names, if any."""
        kind = data.get("type")
        inner = data.get("data") or {}
        if kind == 2:
            return f"/{self._command_name(inner)}", None
        if kind == 3:
            try:
                kinds = self._bot.parts.get(ClickKinds)
            except RuntimeError:  # the extension naming the controls isn't loaded
                return "component", None
            return kinds.describe(str(inner.get("custom_id", "")))
        return TYPES.get(kind, "other") if isinstance(kind, int) else "other", None

    def _command_name(self, data: dict[str, Any]) -> str:
        """"monopoly new" from the command's name and its subcommand's, if the tree has
        such a command; else "other" (a label never takes a name Discord was sent)."""
        words = [str(data.get("name", ""))]
        options: Iterable[dict[str, Any]] = data.get("options") or ()
        while True:  # a group (type 2) or a subcommand (type 1) names the next word
            sub = next((o for o in options if o.get("type") in (1, 2)), None)
            if sub is None:
                break
            words.append(str(sub.get("name", "")))
            options = sub.get("options") or ()
        name = " ".join(words)
        if self._commands is None:  # read once: interactions come after the extensions load
            self._commands = frozenset(
                [c.qualified_name for c in self._bot.tree.walk_commands()]
                + [c.name for c in self._bot.tree.get_commands()])
        return name if name in self._commands else "other"

    def shard_of(self, data: dict[str, Any]) -> int:
        """The shard a server's events come through (Discord's formula); DMs: shard 0."""
        guild = data.get("guild_id")
        count = self._bot.shard_count or 1
        return (int(guild) >> 22) % count if guild else 0


def _reset(tokens: list[tuple[contextvars.ContextVar[Any], contextvars.Token[Any]]]) -> None:
    for var, token in reversed(tokens):
        var.reset(token)
