"""Without MONOPOLY_ACTIVITY_PORT everything works as before: the start-up sync still keeps
the Entry Point command Discord made (400, code 50240, would stop the bot otherwise), no
message shows a launch button, and the Entry Point gets a plain answer (issue 36,
point 3)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ..fake_discord import FakeDiscord
from ..fake_payloads import EPHEMERAL
from ..running_bot import RunningBot, seed_games

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    fake = FakeDiscord(entry_point=True)
    fake.start()
    db = tmp_path_factory.mktemp("no-activity") / "monopoly.sqlite3"
    tables = seed_games(db, fake, 1)
    bot = RunningBot(fake, db)
    try:
        yield {"fake": fake, "tables": tables, "bot": bot}
    finally:
        bot.stop()
        fake.stop()


def test_the_sync_keeps_the_entry_point_without_the_server(world):
    fake = world["fake"]
    assert fake.activities.refused_syncs == 0
    assert [c["id"] for c in fake.synced if c.get("type") == 4] == ["4000"]


def test_no_launch_button_without_the_server(world):
    fake, table = world["fake"], world["tables"][0]
    [click] = fake.click_many([(table.player, table.message_id,
                                fake.messages[table.message_id].button("roll") or "")])
    fake.wait_answered([click])
    message = fake.messages[table.message_id]
    assert message.version == 1  # the bot rebuilt its controls
    assert not any(cid.startswith("sm:board:") for cid in message.custom_ids)


def test_the_entry_point_says_the_board_is_not_served(world):
    fake = world["fake"]
    pressed = fake.entry_point(world["tables"][0].player)
    fake.wait_answered([pressed])
    assert pressed.response_type == 4  # a message, not LAUNCH_ACTIVITY
    reply = fake.messages[pressed.response_message_id]
    assert reply.flags & EPHEMERAL


def test_a_sync_that_drops_the_entry_point_is_refused_by_the_loopback_discord():
    """The stand-in refuses as Discord does, so the tests above can fail."""
    fake = FakeDiscord(entry_point=True)
    refused = fake.activities.refuse_sync([{"type": 1, "name": "monopoly"}])
    assert refused is not None and refused.status == 400
    assert b"50240" in refused.body  # type: ignore[operator]
