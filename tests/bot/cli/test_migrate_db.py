"""`solo-monopoly migrate-db FROM TO`: every game (dailies too), action and secret copied,
SQLite to PostgreSQL and back, every copy verified (H3); the destination must be empty."""

from __future__ import annotations

import pytest

import asyncio

from bot.cli.main import main
from bot.application.service import GameService
from game_core import Roll
from game_core.strategies import make_strategy

from tests.bot.raw_db import raw

GAMES = 1_000
EVERYTHING = ("SELECT id, owner_id, guild_id, channel_id, message_id, seed, options, edition,"
              " status, state, version, created_at, updated_at, finished_at, outcome, score,"
              " turns, rule_set, daily_day FROM games ORDER BY id")
LOGS = "SELECT game_id, seq, action, events, at FROM actions ORDER BY game_id, seq"
SECRETS = "SELECT name, value FROM bot_secrets ORDER BY name"


async def fill(path: str) -> None:
    """1,000 games: in progress, won, lost, resigned, house rules, with a Discord message;
    and some players' daily challenge beside them."""
    service = await GameService.open(path)
    try:
        async def one(i: int) -> None:
            options = {"treasury": 260} if i % 4 == 0 else None  # S3: quick wins
            record = await service.start(i + 1, i % 7 or None, 900 + i, seed=i,
                                         options=options, edition=("us", "uk", "fr")[i % 3])
            chooser = make_strategy("always-buy", i)
            for _ in range(i % 9):
                if record.game.is_over:
                    break
                record = (await service.act(record.id, record.owner_id, record.version,
                                            chooser.choose(record.game))).record
            if i % 5 == 0:
                await service.set_message(record.id, None, 10_000 + i)
            if i % 11 == 0 and not record.game.is_over:
                await service.resign(record.id, record.owner_id)
            if i % 13 == 0:
                daily, _ = await service.daily.start(record.owner_id, i % 7 or None, 900 + i)
                await service.act(daily.id, daily.owner_id, 0, Roll())

        for start in range(0, GAMES, 100):
            await asyncio.gather(*(one(i) for i in range(start, start + 100)))
    finally:
        await service.close()


def migrate(source: str, dest: str, capsys) -> tuple[int, str, str]:
    code = main(["migrate-db", source, dest])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
async def test_1000_games_round_trip_sqlite_to_postgresql_and_back_each_verified(
        tmp_path, postgres_url, capsys):
    first, back = str(tmp_path / "first.sqlite3"), str(tmp_path / "back.sqlite3")
    await fill(first)
    games, logs = await raw(first, EVERYTHING), await raw(first, LOGS)
    secrets = await raw(first, SECRETS)
    dailies = GAMES // 13 + 1
    assert len(games) == GAMES + dailies and len(logs) > GAMES
    assert sum(row[-1] is not None for row in games) == dailies and len(secrets) == 1

    code, out, err = await asyncio.to_thread(migrate, first, postgres_url, capsys)
    assert code == 0, err
    assert f"{len(games):,} games and {len(logs):,} actions copied" in out
    assert "all verified" in out
    assert await raw(postgres_url, EVERYTHING) == games  # every column, ids included
    assert await raw(postgres_url, LOGS) == logs
    assert await raw(postgres_url, SECRETS) == secrets  # the dailies' seeds stay the same

    code, out, err = await asyncio.to_thread(migrate, postgres_url, back, capsys)
    assert code == 0 and "all verified" in out, err
    assert await raw(back, EVERYTHING) == games and await raw(back, LOGS) == logs
    assert await raw(back, SECRETS) == secrets

    # The copy is a working database: its next game gets a new id, its games play on.
    service = await GameService.open(postgres_url)
    try:
        assert (await service.start(5_000, None, None, seed=1)).id == len(games) + 1
        active = await service.active_game(2)
        assert active is not None
        action = make_strategy("always-buy", 1).choose(active.game)
        moved = await service.act(active.id, 2, active.version, action)
        assert moved.record.version == active.version + 1
    finally:
        await service.close()


async def test_migrate_db_refuses_a_destination_that_holds_games(tmp_path, postgres_url,
                                                                 capsys):
    source = str(tmp_path / "games.sqlite3")
    service = await GameService.open(postgres_url)
    try:
        await service.act((await service.start(1, None, None, seed=1)).id, 1, 0, Roll())
    finally:
        await service.close()
    service = await GameService.open(source)
    await service.close()
    code, _, err = await asyncio.to_thread(migrate, source, postgres_url, capsys)
    assert code == 2 and "already holds games" in err
    code, _, err = await asyncio.to_thread(migrate, str(tmp_path / "none.sqlite3"),
                                           postgres_url, capsys)
    assert code == 2 and "there is no database" in err


async def test_migrate_db_reports_a_game_that_does_not_verify_after_the_copy(
        tmp_path, postgres_url, capsys):
    source = str(tmp_path / "games.sqlite3")
    service = await GameService.open(source)
    try:
        record = await service.start(1, None, None, seed=3)
        await service.act(record.id, 1, 0, Roll())
        await service.start(2, None, None, seed=4)
    finally:
        await service.close()
    await raw(source, "UPDATE actions SET action = '{\"type\":\"resign\"}' WHERE game_id = ?",
              record.id)
    code, out, err = await asyncio.to_thread(migrate, source, postgres_url, capsys)
    assert code == 1 and "1 damaged" in out and f"game {record.id}:" in err
