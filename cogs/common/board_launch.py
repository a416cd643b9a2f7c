"""The button that opens a game on the board (the Activity) from the chat: under the game
message and `/monopoly board`'s answer, only when this bot serves the Activity
(MONOPOLY_ACTIVITY_PORT).

Its answer is Discord's LAUNCH_ACTIVITY (interaction callback type 12, discord.py's
`InteractionResponse.launch_activity()`), as the interaction's first response; the launch
is recorded (the service's `launches`, in the database) so that the other participants who
join watch this game, whichever process their page reaches.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.errors import ServiceError

from cogs.common.custom_ids import OpenBoard, fits

log = logging.getLogger(__name__)


def shown(client: Any) -> bool:
    """Whether the button shows: this bot serves the Activity (its setting, read on the
    bot rather than kept in a module: several bots may share a process, as in the tests)."""
    settings = getattr(client, "settings", None)
    return getattr(settings, "activity_port", None) is not None


async def launch(interaction: discord.Interaction[Any], game_id: int | None) -> None:
    """Answer with LAUNCH_ACTIVITY, having recorded which game this launch is for (if the
    database can't take it now, the launch still opens: the launcher's own board finds
    their game; only watchers would miss it)."""
    if game_id is not None:
        try:
            await interaction.client.service.launches.launched(
                interaction.channel_id, interaction.user.id, game_id)
        except ServiceError as exc:
            log.warning("the board's launch not recorded (%s)", type(exc).__name__)
    await interaction.response.launch_activity()


class OpenBoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                      template=OpenBoard.TEMPLATE):
    def __init__(self, game_id: int, *, label: str, row: int | None = None) -> None:
        super().__init__(discord.ui.Button(
            label=label, style=discord.ButtonStyle.secondary, row=row,
            emoji="\N{GAME DIE}", custom_id=OpenBoard(game_id).to_id()))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OpenBoardButton:
        assert isinstance(item, discord.ui.Button)
        return cls(OpenBoard.from_match(match).game_id, label=item.label or "", row=item.row)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        # Anyone may open the board: the player plays their own game there, another
        # participant watches (the page's session says who is who, not this button).
        await launch(interaction, self.game_id if fits(self.game_id) else None)
