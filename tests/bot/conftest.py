"""Fixtures of the tests that run the real bot process against the loopback Discord."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .fake_discord import FakeDiscord


@pytest.fixture
def fake() -> Iterator[FakeDiscord]:
    """The loopback stand-in for Discord's API and gateway, started for one test."""
    fake = FakeDiscord()
    fake.start()
    try:
        yield fake
    finally:
        fake.stop()
