"""A game whose row can't even be decoded (bytes that are no UTF-8, JSON nested past
Python's limits, a saved state no game can reach) is refused alone, and its player still
gets out through Discord: /monopoly resign gives it up, /monopoly new starts the next."""

from __future__ import annotations

import sqlite3

import pytest

from tests.cogs.conftest import button_ids

DAMAGES = {
    "not-json": "UPDATE games SET state = '{not json' WHERE id = 1",
    "not-utf8": "UPDATE games SET state = CAST(X'7B22FF22' AS TEXT) WHERE id = 1",
    "nested-too-deep": "UPDATE games SET state = '" + "[" * 100_000 + "]" * 100_000 + "'"
                       " WHERE id = 1",
    "empty-deck": "UPDATE games SET state = json_set(state, '$.chest', json('[]')) WHERE id = 1",
}


@pytest.mark.parametrize("damage", list(DAMAGES.values()), ids=list(DAMAGES))
async def test_a_player_can_give_up_an_undecodable_game_and_play_again(world, make_bot, db_path,
                                                                       damage):
    await world.alice.slash(world.channel, "monopoly new")
    await world.env.restart_bot(make_bot())
    with sqlite3.connect(db_path) as conn:
        conn.execute(damage)
    status = await world.alice.slash(world.channel, "monopoly status")
    assert status.ephemeral and "can't be read back" in status.response.content
    blocked = await world.alice.slash(world.channel, "monopoly new")  # H1 meets the damage
    assert blocked.ephemeral and "can't be read back" in blocked.response.content
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    assert prompt.ephemeral and "Give it up?" in prompt.response.content
    await world.alice.click(prompt.response, label="Yes, resign")
    assert prompt.response.content == "You resigned. Start a new game with /monopoly new."
    again = await world.alice.slash(world.channel, "monopoly new")
    assert not again.ephemeral and list(button_ids(again.response)) == ["roll", "roll_on"]
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute("SELECT id, status, outcome FROM games ORDER BY id").fetchall()
    assert rows == [(1, "lost", "lost:damaged"), (2, "active", None)]
    assert world.env.errors == []
