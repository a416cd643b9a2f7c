"""One table from a choice's name to its service call (bot.application.choice_calls), used
by the game message's clicks and the Activity's board alike: a choice carried out through
it is exactly the service call it names, and a name that is no move writes nothing."""

from __future__ import annotations


import pytest

from bot.activity import choice_ids
from bot.application.choice_calls import (
    FLOW_CALLS, PLAN_CASH_OUT, ROLL_ON, Move, make_choice,
)
from bot.application.service import GameService
from bot.errors import InvalidRequest
from game_core import IllegalActionError, Roll

OWNER = 3


@pytest.fixture
async def twins(service_pair) -> tuple[GameService, GameService]:
    """Two services whose games are dealt alike: one played through the table, one by hand."""
    return await service_pair(4)


async def test_roll_on_through_the_table_is_the_services_roll_on(twins):
    table, hand = twins
    a, b = await table.start(OWNER, None, None), await hand.start(OWNER, None, None)
    keep = frozenset({1, 3})
    through = await make_choice(table.autoplay, ROLL_ON, Move(a.id, OWNER, 0, keep=keep))
    direct = await hand.autoplay.roll_on(b.id, OWNER, 0, keep)
    assert through.record.version == direct.record.version > 0
    assert through.record.game.to_dict() == direct.record.game.to_dict()


async def test_an_engine_action_is_played_with_its_rolling_on(twins):
    table, hand = twins
    a, b = await table.start(OWNER, None, None), await hand.start(OWNER, None, None)
    through = await make_choice(table.autoplay, "roll", Move(a.id, OWNER, 0), Roll())
    direct = await hand.autoplay.play(b.id, OWNER, 0, Roll())
    assert through.record.game.to_dict() == direct.record.game.to_dict()
    assert [s.events for s in through.steps] == [s.events for s in direct.steps]


async def test_a_name_that_is_no_move_is_refused_and_writes_nothing(twins):
    table, _ = twins
    record = await table.start(OWNER, None, None)
    with pytest.raises(InvalidRequest):
        await make_choice(table.autoplay, "hint", Move(record.id, OWNER, 0))
    assert (await table.get(record.id)).version == 0


async def test_M5_a_plan_the_game_does_not_offer_is_the_engines_refusal(twins):
    table, _ = twins
    record = await table.start(OWNER, None, None)
    with pytest.raises(IllegalActionError):  # nothing to cash out at the start (M5)
        await make_choice(table.autoplay, PLAN_CASH_OUT, Move(record.id, OWNER, 0))
    assert (await table.get(record.id)).version == 0


def test_the_boards_flows_are_the_tables():
    """A flow added to the table is a choice the board accepts, with nothing else to add."""
    assert choice_ids.FLOWS == set(FLOW_CALLS)
    for name in FLOW_CALLS:
        rolling = name != ROLL_ON  # decline_always only while rolling on; roll_on either way
        assert choice_ids.decode(choice_ids.encode(name, rolling=rolling)) is not None
