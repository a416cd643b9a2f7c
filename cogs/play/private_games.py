"""Where a private game's message can be edited from (a daily, H5; a private server's
game shown where no private thread could be made; a game played through a player's own
install where the bot isn't, whose messages only interactions can edit).

A daily's game message is ephemeral: only its player sees it, and only an interaction may
edit it, for 15 minutes after it was answered (Discord's interaction token). Each click edits
the message through its own interaction, so play goes on for as long as the player likes. A
command that changes the daily (resign) has an interaction of its own
that cannot reach that message: it edits it through the last interaction that showed it, while
that one's token is fresh, and else shows the daily in a new private message.

In memory only, per bot (a test's bots, or a restarted one, share nothing): after a restart
the next click, or `/monopoly-daily play`, shows the daily again.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from bot.hosting.registry import Registry

Edit = Callable[..., Awaitable[object]]
TOKEN_SECONDS = 14 * 60  # Discord's 15 minutes, less a margin for the edit itself



class PrivateEdits(dict[int, tuple[float, Edit]]):
    """Per bot: game id -> (when, the edit of the last interaction that showed it)."""


def _edits(client: object) -> PrivateEdits:
    return Registry.of(client).get_or_make(PrivateEdits, PrivateEdits)


def remember(client: object, game_id: int, edit: Edit) -> None:
    """`edit` (an interaction's edit_original_response) shows game `game_id` from now."""
    edits = _edits(client)
    now = time.monotonic()
    for stale in [g for g, (at, _) in edits.items() if now - at > TOKEN_SECONDS]:
        del edits[stale]
    edits[game_id] = (now, edit)


def edit_of(client: object, game_id: int) -> Edit | None:
    """How to edit the game's message now, if only an interaction can; None if no fresh
    interaction shows it."""
    found = _edits(client).get(game_id)
    if found is None or time.monotonic() - found[0] > TOKEN_SECONDS:
        return None
    return found[1]
