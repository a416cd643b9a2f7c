"""Under a burst, a click acknowledged first lets the other clicks' acknowledgements go
before its own move: Discord's 3 s for every click before anyone's heavier work; and the
pictures wait for the burst's text answers."""

from __future__ import annotations

import asyncio
import contextlib
import time

from cogs.play.updates import BUSY, HOLD, BoardUpdates


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


async def test_under_a_burst_pictures_wait_until_the_clicks_are_no_burst_any_more():
    """Once more than HOLD clicks are in progress, a picture's drawing and upload wait
    (`calm`) until BUSY or fewer are: the burst's moves and text boards take the CPU first."""
    updates = BoardUpdates(bot=None)  # type: ignore[arg-type]
    order: list[str] = []
    release = asyncio.Event()

    async def click(n: int) -> None:
        with updates.clicking():
            await release.wait()
            order.append("text answered")

    async def picture() -> None:
        await updates.calm(most=5.0)
        order.append("picture")

    clicks = [asyncio.create_task(click(n)) for n in range(HOLD + 1)]
    await asyncio.sleep(0)
    assert updates.busy
    drawing = asyncio.create_task(picture())
    await asyncio.sleep(0.05)
    assert order == []  # still a burst: the picture waits
    release.set()
    await asyncio.gather(*clicks, drawing)
    assert order.index("picture") >= HOLD + 1 - BUSY  # not before the burst was over
    assert order.count("text answered") == HOLD + 1


async def test_a_picture_waits_no_longer_than_its_limit_for_a_burst():
    updates = BoardUpdates(bot=None)  # type: ignore[arg-type]
    with contextlib.ExitStack() as clicks:
        for _ in range(HOLD + 1):
            clicks.enter_context(updates.clicking())
        start = time.monotonic()
        await updates.calm(most=0.2)
        assert 0.15 <= time.monotonic() - start < 2.0


async def test_without_a_burst_a_picture_goes_at_once():
    """Busy (acknowledgements first) is not yet a burst for the pictures: steady play may
    have a few more than BUSY clicks in progress now and then."""
    updates = BoardUpdates(bot=None)  # type: ignore[arg-type]
    with contextlib.ExitStack() as clicks:
        for _ in range(BUSY + 1):
            clicks.enter_context(updates.clicking())
        assert updates.busy
        start = time.monotonic()
        await updates.calm(most=5.0)
        assert time.monotonic() - start < 0.5
