"""Every way a stored row can be damaged ends as that one game refused (DamagedGame), and the
way out works: its player gives it up (abandon) and starts another (README's promise).

The damage is done the way it happens: by another program writing the database, here plain
SQL on its own connection, including (on SQLite, which keeps whatever it is given) bytes that
are no UTF-8 and values of the wrong type, and (on both backends) JSON nested past Python's
limits, forged columns and states no game can reach. PostgreSQL's typed, UTF-8 columns can't
hold the first kinds at all: those run on SQLite only.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.errors import ActiveGameExists, DamagedGame
from bot.application.service import GameService
from game_core import Roll

from tests.bot.raw_db import raw

DEEP = "[" * 100_000 + "]" * 100_000  # json.loads: RecursionError, no ValueError


Damage = Callable[[str, int], Awaitable[None]]


def _set_state(change: Callable[[dict[str, Any]], None]) -> Damage:
    async def damage(database: str, game_id: int) -> None:
        [(text,)] = await raw(database, "SELECT state FROM games WHERE id = ?", game_id)
        state = json.loads(text)
        change(state)
        await raw(database, "UPDATE games SET state = ? WHERE id = ?", json.dumps(state),
                  game_id)
    return damage


def _sql(statement: str, *values: object) -> Damage:
    async def damage(database: str, game_id: int) -> None:
        await raw(database, statement, *values, game_id)
    return damage


# What only SQLite can hold: text that isn't UTF-8, blobs and texts in typed columns.
SQLITE_ONLY = {
    "state-not-utf8": _sql("UPDATE games SET state = CAST(X'7B22FF22' AS TEXT) WHERE id = ?"),
    "options-not-utf8": _sql("UPDATE games SET options = CAST(X'7BFE7D' AS TEXT) WHERE id = ?"),
    "edition-not-utf8": _sql("UPDATE games SET edition = CAST(X'C328' AS TEXT) WHERE id = ?"),
    "state-a-blob": _sql("UPDATE games SET state = X'7B7D' WHERE id = ?"),
    "version-a-text": _sql("UPDATE games SET version = 'three' WHERE id = ?"),
    "created-at-a-text": _sql("UPDATE games SET created_at = 'yesterday' WHERE id = ?"),
}
BOTH = {
    "state-nested-too-deep": _sql("UPDATE games SET state = ? WHERE id = ?", DEEP),
    "options-nested-too-deep": _sql("UPDATE games SET options = ? WHERE id = ?", DEEP),
    "score-forged": _sql("UPDATE games SET score = 999999 WHERE id = ?"),
    "turns-forged": _sql("UPDATE games SET turns = 40 WHERE id = ?"),
    "empty-chance-deck": _set_state(lambda s: s.update(chance=[])),
    "money-from-nowhere": _set_state(lambda s: s.update(cash=s["cash"] + 1_000_000)),
    "turn-past-64-bits": _set_state(lambda s: s.update(turn=2**64)),
    "state-nested-in-a-field": _set_state(lambda s: s.update(debt_event=json.loads(
        "[" * 500 + "]" * 500))),
}
CASES = [(name, "sqlite") for name in {**SQLITE_ONLY, **BOTH}] + [
    (name, "postgresql") for name in BOTH]


def database_of(request: pytest.FixtureRequest, backend: str, tmp_path: Any) -> str:
    if backend == "sqlite":
        return str(tmp_path / "games.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.mark.parametrize(("damage", "backend"), CASES, ids=[f"{d}-{b}" for d, b in CASES])
async def test_a_damaged_row_refuses_that_game_alone_and_its_player_can_give_it_up(
        request, tmp_path, damage, backend):
    path = database_of(request, backend, tmp_path)
    service = await GameService.open(path)
    damaged = await service.start(1, 5, None, seed=1)
    healthy = await service.start(2, 5, None, seed=2)
    await service.act(damaged.id, 1, 0, Roll())
    await service.close()
    await {**SQLITE_ONLY, **BOTH}[damage](path, damaged.id)
    service = await GameService.open(path)
    try:
        for call in (lambda: service.get(damaged.id), lambda: service.active_game(1),
                     lambda: service.latest_game(1),
                     lambda: service.act(damaged.id, 1, 1, Roll()),
                     lambda: service.resign(damaged.id, 1)):
            with pytest.raises(DamagedGame) as refused:
                await call()
            assert refused.value.game_id == damaged.id
        assert not await service.verify(damaged.id)
        with pytest.raises(ActiveGameExists):  # H1: /monopoly new offers to give it up...
            await service.start(1, 5, None, seed=3)
        await service.abandon(damaged.id, 1)  # ...and giving it up works
        again = await service.start(1, 5, None, seed=3)
        assert (await service.active_game(1)) == again
        assert (await service.stats(1)).lost == 1 and await service.leaderboard(5) == []
        assert (await service.get(healthy.id)) == healthy  # every other game still loads
        assert (await service.act(healthy.id, 2, 0, Roll())).record.version == 1
    finally:
        await service.close()


LOG_CASES = [("CAST(X'5B7BFF' AS TEXT)", "sqlite"), (f"'{DEEP}'", "sqlite"),
             ("X'5B5D'", "sqlite"), (f"'{DEEP}'", "postgresql")]


@pytest.mark.parametrize(("events", "backend"), LOG_CASES,
                         ids=["not-utf8", "nested-too-deep", "a-blob", "nested-too-deep-pg"])
async def test_a_log_entry_that_cant_be_decoded_is_a_damaged_game_in_the_history(
        request, tmp_path, events, backend):
    path = database_of(request, backend, tmp_path)
    service = await GameService.open(path)
    try:
        record = await service.start(1, None, None, seed=5)
        await service.act(record.id, 1, 0, Roll())
        await raw(path, f"UPDATE actions SET events = {events}, action = {events}")
        with pytest.raises(DamagedGame):
            await service.history(record.id)
        with pytest.raises(DamagedGame):  # the same click again: the log is read
            await service.act(record.id, 1, 0, Roll())
        assert not await service.verify(record.id)
    finally:
        await service.close()
