"""The game service's refusals a Hint and a move share, as the Activity's page gets them
(cogs/activity/game.py, one helper for both handlers; the running server's tests ask both
through HTTP): an old version comes with the game as it is now, the rest with a code."""

from __future__ import annotations

from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest

from bot.activity import read_model
from bot.activity.live import LiveGames
from bot.activity.sessions import Session, Sessions
from bot.application.service import GameService
from bot.errors import (
    DatabaseBusy, DatabaseUnavailable, GameNotFound, NotYourGame, StaleVersion,
)
from game_core import IllegalActionError, Roll

from cogs.activity.errors import ApiError
from cogs.activity.game import GameApi

OWNER = 5


@pytest.fixture
async def api(tmp_path) -> AsyncIterator[tuple[GameApi, GameService]]:
    service = await GameService.open(tmp_path / "games.sqlite3")
    live = LiveGames(service.core)
    # The endpoints reach the bot for its service only (no Discord object is involved).
    bot = SimpleNamespace(service=service)
    yield GameApi(bot, Sessions(b"k" * 32, lambda: 0.0), live, None), service  # type: ignore[arg-type]
    await live.stop()
    await service.close()


def session() -> Session:
    return Session(OWNER, "", "fr", 2**40, "Alice")


@pytest.mark.parametrize(("raised", "status", "code"), [
    (NotYourGame(1, 9), 403, "not_your_game"),
    (GameNotFound(1), 404, "no_game"),
    (DatabaseBusy(), 503, "busy"),
    (DatabaseUnavailable("no answer"), 503, "unavailable"),
])
async def test_each_shared_refusal_is_the_pages_code(api, raised, status, code):
    game, _ = api
    with pytest.raises(ApiError) as refused:
        async with game._refusals(session(), 1, "old"):
            raise raised
    assert (refused.value.status, refused.value.code) == (status, code)
    assert refused.value.__suppress_context__  # no service error text reaches the page


async def test_an_old_version_is_answered_with_the_game_as_it_is_now(api):
    game, service = api
    record = await service.start(OWNER, None, None, seed=3)
    now = (await service.act(record.id, OWNER, 0, Roll())).record
    with pytest.raises(ApiError) as refused:
        async with game._refusals(session(), record.id, "the words for it"):
            raise StaleVersion(record.id, 0, now.version)
    error = refused.value
    assert (error.status, error.code, error.message) == (409, "stale", "the words for it")
    shown = error.extra["game"]
    expected = await game.model(session(), now, read_model.PLAYER_VIEW)
    assert shown == expected and shown["game"]["version"] == now.version > 0


async def test_what_each_handler_words_itself_passes_through_unchanged(api):
    game, _ = api
    own = ApiError(409, "illegal", "its own words")
    with pytest.raises(ApiError) as refused:
        async with game._refusals(session(), 1, "old"):
            raise own
    assert refused.value is own
    with pytest.raises(IllegalActionError):
        async with game._refusals(session(), 1, "old"):
            raise IllegalActionError("not_now")
