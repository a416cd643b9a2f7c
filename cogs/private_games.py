"""Where a daily's private message can be edited from (H5, issue 19).

A daily's game message is ephemeral: only its player sees it, and only an interaction may
edit it, for 15 minutes after it was answered (Discord's interaction token). Each click edits
the message through its own interaction, so play goes on for as long as the player likes. A
command that changes the daily (mortgage, lift, sell, resign) has an interaction of its own
that cannot reach that message: it edits it through the last interaction that showed it, while
that one's token is fresh, and else shows the daily in a new private message.

In memory only: after a restart the next click, or `/monopoly daily`, shows the daily again.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

Edit = Callable[..., Awaitable[object]]
TOKEN_SECONDS = 14 * 60  # Discord's 15 minutes, less a margin for the edit itself

_edits: dict[int, tuple[float, Edit]] = {}


def remember(game_id: int, edit: Edit) -> None:
    """`edit` (an interaction's edit_original_response) shows daily `game_id` from now."""
    now = time.monotonic()
    for stale in [g for g, (at, _) in _edits.items() if now - at > TOKEN_SECONDS]:
        del _edits[stale]
    _edits[game_id] = (now, edit)


def edit_of(game_id: int) -> Edit | None:
    """How to edit the daily's private message now; None if no fresh interaction shows it."""
    found = _edits.get(game_id)
    if found is None or time.monotonic() - found[0] > TOKEN_SECONDS:
        return None
    return found[1]

