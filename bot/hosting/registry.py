"""The extensions' parts, kept on the bot: what a button does and what a feature remembers.

A click on the game message is answered by a handler of the extension that owns it; the
message itself only shows the buttons. So the handlers are registered here by the extension's
`setup` and looked up at click time by their type, instead of being set into a module global
(which a reader has to hunt for, and which a second bot in the same process would share).
Per-bot memory (the game messages being updated, the prompts alive, the names seen) is made
here on first use for the same reason: a restarted or second bot starts afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class Registry:
    """One part of each type: `add(part)`, `get(Type)`, `get_or_make(Type, make)`."""

    def __init__(self) -> None:
        self._parts: dict[type[Any], Any] = {}

    @staticmethod
    def of(client: object) -> Registry:
        """The registry of a bot (`MonopolyBot.parts`), from a client typed as discord's."""
        parts = getattr(client, "parts", None)
        if not isinstance(parts, Registry):
            raise RuntimeError(f"{type(client).__name__} has no parts: not a MonopolyBot")
        return parts

    def add(self, part: object) -> None:
        self._parts[type(part)] = part

    def get(self, kind: type[T]) -> T:
        part = self._parts.get(kind)
        if not isinstance(part, kind):
            raise RuntimeError(f"no {kind.__name__} on this bot: the extension that owns it "
                               "registers it in its setup")
        return part

    def get_or_make(self, kind: type[T], make: Callable[[], T]) -> T:
        part = self._parts.get(kind)
        if not isinstance(part, kind):
            part = self._parts[kind] = make()
        return part
