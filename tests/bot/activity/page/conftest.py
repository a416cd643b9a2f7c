"""The page's tests: one real bot for them all (served.py), and one Chromium for each
module (browser.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .browser import launch
from .served import served

PLAYERS = 8  # each test plays its own player's game: tables[n]


@pytest.fixture(scope="session")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    with served(tmp_path_factory.mktemp("page"), PLAYERS) as world:
        yield world


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()
