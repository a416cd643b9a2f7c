"""What the pictures read from the database: a game's whole log, whose replay
tells the game as it was played (H3), and a player's record of finished games."""

from __future__ import annotations

from collections.abc import AsyncIterator
from itertools import count

import pytest

from bot.errors import DamagedGame, GameNotFound
from bot.application.service import GameService
from game_core.rules import estate_value
from game_core.story import TurnPoint
from game_core.strategies import make_strategy

from tests.bot.raw_db import raw


@pytest.fixture
async def service(database) -> AsyncIterator[GameService]:
    ticks = count(1000)
    opened = await GameService.open(database, clock=lambda: float(next(ticks)))
    yield opened
    await opened.close()


@pytest.mark.parametrize(("seed", "strategy", "result"),
                         [(2, "focus", "won"), (5, "always-buy", "lost")])
async def test_H3_E2_the_stored_log_tells_each_turn_as_it_was_played(service, seed, strategy,
                                                                      result):
    record = await service.start(7, None, None, seed=seed)
    chooser = make_strategy(strategy, seed)
    s = record.game.s
    seen = {0: TurnPoint(0, s.cash, estate_value(s), s.bank_cash)}
    rent = 0
    while not record.game.is_over:
        turn = record.game.turn
        played = await service.act(record.id, 7, record.version, chooser.choose(record.game))
        record = played.record
        s = record.game.s
        seen[turn] = TurnPoint(turn, s.cash, estate_value(s), s.bank_cash)
        rent += sum(e.amount for e in played.events
                    if e.type == "rent_paid" and e.payer == "player")  # type: ignore[attr-defined]
    assert record.status == result
    story = (await service.game_log(record.id)).story()
    assert list(story.points) == [seen[turn] for turn in sorted(seen)]
    assert story.headline.rent_paid == rent > 0
    assert story.headline.turns == record.turns


async def test_a_game_log_of_no_game_or_of_a_broken_log_is_refused(service, database):
    with pytest.raises(GameNotFound):
        await service.game_log(99)
    record = await service.start(7, None, None, seed=3)
    record = (await service.act(record.id, 7, 0, record.game.legal_actions()[0])).record
    assert len((await service.game_log(record.id)).actions) == 1
    await raw(database, "UPDATE actions SET action = 'not json' WHERE game_id = ?", record.id)
    with pytest.raises(DamagedGame):
        await service.game_log(record.id)


async def test_the_record_is_the_finished_games_oldest_first_standard_told_apart(service):
    assert await service.finished_games(7) == []
    record = await service.start(7, None, None, seed=1)
    assert await service.finished_games(7) == []  # a game in progress is not on the record
    await service.resign(record.id, 7)
    (only,) = await service.finished_games(7)
    assert not only.won and only.standard
    for n in range(199):
        options = {"start_cash": 300} if n % 3 == 0 else None
        game = await service.start(7, None, None, seed=n, options=options)
        await service.resign(game.id, 7)
    games = await service.finished_games(7)
    assert len(games) == 200
    assert [g.standard for g in games[1:4]] == [False, True, True]  # oldest first
    assert len(await service.finished_games(7, limit=50)) == 50
    assert (await service.finished_games(7, limit=50))[-1] == games[-1]
