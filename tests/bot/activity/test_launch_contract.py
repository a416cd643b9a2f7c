"""Discord's contract for the launch (issue 36, point 3): LAUNCH_ACTIVITY is interaction
callback type 12 and carries no data (Receiving and Responding > Interaction Callback
Type), and discord.py 2.7 sends exactly that from `launch_activity()`."""

from __future__ import annotations

import discord

from bot.hosting.discord_limits import LAUNCH_ACTIVITY, check_callback


def test_launch_activity_is_type_12_without_data():
    assert LAUNCH_ACTIVITY == discord.InteractionResponseType.launch_activity.value == 12
    assert check_callback({"type": 12}) == []
    assert check_callback({"type": 12, "data": {"content": "hi"}}) != []


def test_the_board_button_id_fits_discords_custom_id_limit():
    from cogs.common.custom_ids import MAX_ID, OpenBoard, describe

    longest = OpenBoard(MAX_ID).to_id()
    assert len(longest) <= 100
    assert describe(longest) == ("open_board", MAX_ID)
