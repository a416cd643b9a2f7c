"""Fixtures shared by the service's tests."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.application.service import GameService

Pair = tuple[GameService, GameService]


@pytest.fixture
async def service_pair(tmp_path) -> AsyncIterator[Callable[[int], Awaitable[Pair]]]:
    """`await service_pair(seed)`: two services, each on its own SQLite file, whose new games
    are dealt alike (the same seed); all closed after the test."""
    opened: list[GameService] = []

    async def make(seed: int) -> Pair:
        pair = []
        for name in ("one", "two"):
            pair.append(await GameService.open(tmp_path / f"{name}-{len(opened)}.sqlite3",
                                               seed_source=lambda: seed))
            opened.append(pair[-1])
        return pair[0], pair[1]

    yield make
    await asyncio.gather(*(service.close() for service in opened))
