"""Under a burst, a click acknowledged first lets the other clicks' acknowledgements go
before its own move: Discord's 3 s for every click before anyone's heavier work."""

from __future__ import annotations

import asyncio
import time

from cogs.play.updates import BoardUpdates


async def test_a_move_waits_until_no_acknowledgement_is_on_its_way():
    updates = BoardUpdates(bot=None)  # type: ignore[arg-type]
    order: list[str] = []

    async def acknowledged(name: str, seconds: float) -> None:
        with updates.acknowledging():
            await asyncio.sleep(seconds)
        order.append(f"{name} acknowledged")
        await updates.after_acknowledgements()
        order.append(f"{name} moves")

    await asyncio.gather(acknowledged("first", 0.01), acknowledged("second", 0.1))
    assert order[:2] == ["first acknowledged", "second acknowledged"]
    assert sorted(order[2:]) == ["first moves", "second moves"]


async def test_a_move_waits_no_longer_than_its_limit_for_others():
    updates = BoardUpdates(bot=None)  # type: ignore[arg-type]
    with updates.acknowledging():  # one that never ends, as far as this test goes
        start = time.monotonic()
        await updates.after_acknowledgements(most=0.2)
        assert 0.15 <= time.monotonic() - start < 2.0


async def test_with_no_acknowledgement_on_its_way_a_move_goes_at_once():
    updates = BoardUpdates(bot=None)  # type: ignore[arg-type]
    start = time.monotonic()
    await updates.after_acknowledgements(most=5.0)
    assert time.monotonic() - start < 0.5
