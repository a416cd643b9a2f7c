"""One Chromium for each module of the page's tests (tests/bot/activity/page/browser.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .browser import launch


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()
