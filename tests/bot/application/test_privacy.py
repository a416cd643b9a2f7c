"""Privacy, on both backends: `mydata` exports every game of the player and none
of anyone else's; `forget` leaves no row with the player's id and every other player's
boards as they were; a server the bot left is detached after the grace period, and not if
the bot came back."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import AsyncIterator
from itertools import count
from typing import Any

import pytest

from bot.application.privacy import (
    FORMER_PLAYERS, GRACE_SECONDS, Privacy, SweepResult, is_former_player,
)
from bot.application.service import GameService
from bot.storage import privacy as storage_privacy
from bot.storage.targets import is_postgres_url
from game_core.strategies import make_strategy

from tests.bot.raw_db import raw

# Discord-like ids, so that no other value (a game id, a seq, a score) can equal one.
ME, OTHER, THIRD = 412_345_678_901_234_567, 512_345_678_901_234_568, 612_345_678_901_234_569
GUILD, OTHER_GUILD = 712_345_678_901_234_570, 812_345_678_901_234_571
# (owner, guild, seed): always-buy wins these seeds under the standard rules (test_reports).
WINS = [(ME, GUILD, 19213), (OTHER, GUILD, 7913), (THIRD, GUILD, 9422), (ME, OTHER_GUILD, 20111)]
DAY = 86_400.0
MESSAGE = 912_345_678_901_234_572


class Clock:
    def __init__(self, start: float = 20_000 * DAY) -> None:
        self.now = start
        self._ticks = count()

    def __call__(self) -> float:
        return self.now + next(self._ticks) * 1e-3  # each read a little later: an order


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(database, clock) -> AsyncIterator[GameService]:
    opened = await GameService.open(database, clock=clock)
    yield opened
    await opened.close()


async def play(service: GameService, owner: int, guild: int | None, seed: int) -> int:
    record = await service.start(owner, guild, 77, seed=seed)
    chooser = make_strategy("always-buy")
    while not record.game.is_over:
        record = (await service.act(record.id, owner, record.version,
                                    chooser.choose(record.game))).record
    assert record.status == "won"
    return record.id


@pytest.fixture
async def games(service) -> dict[int, list[int]]:
    """Each player's game ids: wins, a resigned game, a daily (finished), and for ME a game
    still going with a message."""
    mine: dict[int, list[int]] = {ME: [], OTHER: [], THIRD: []}
    for owner, guild, seed in WINS:
        mine[owner].append(await play(service, owner, guild, seed))
    for owner in (ME, OTHER):
        lost = await service.start(owner, GUILD, 77)
        await service.resign(lost.id, owner)
        daily, _ = await service.daily.start(owner, GUILD, 77)
        await service.resign(daily.id, owner)
        mine[owner] += [lost.id, daily.id]
    active = await service.start(ME, GUILD, 77, seed=5)
    await service.set_message(active.id, 77, MESSAGE)
    mine[ME].append(active.id)
    return mine


async def boards(service: GameService) -> dict[str, list[Any]]:
    """Every board a player can see: the leaderboards (everywhere, per server) and the
    day's daily board."""
    out: dict[str, list[Any]] = {}
    for guild in (None, GUILD, OTHER_GUILD):
        out[f"leaderboard {guild}"] = list(await service.leaderboard(guild, limit=50))
        out[f"daily {guild}"] = list(await service.daily.board(service.daily.today(), guild))
    return out


async def test_mydata_holds_every_game_of_the_player_and_none_of_anyone_elses(service, games,
                                                                            clock, monkeypatch):
    monkeypatch.setattr(storage_privacy, "PAGE", 2)  # several pages, read in one snapshot
    document = json.loads((await Privacy.of(service, clock=clock).my_data(ME)).content())
    export = await Privacy.of(service).my_data(ME)
    assert (export.games, export.dailies) == (len(games[ME]) - 1, 1)
    assert document["user_id"] == str(ME)
    exported = {g["id"]: g for g in document["games"] + document["dailies"]}
    assert set(exported) == set(games[ME])
    assert [g["id"] for g in document["dailies"]] == [games[ME][-2]]  # the daily apart
    for game_id, game in exported.items():
        record = await service.get(game_id)
        assert game["status"] == record.status and game["version"] == record.version
        assert len(game["actions"]) == record.version  # every move, in order
        assert [a["seq"] for a in game["actions"]] == list(range(1, record.version + 1))
        assert game["state"]["turn"] == record.game.to_dict()["turn"]
    assert exported[games[ME][-1]]["message_id"] == str(MESSAGE)
    # Nobody else's: another player's export holds only theirs.
    other = json.loads((await Privacy.of(service).my_data(OTHER)).content())
    assert {g["id"] for g in other["games"] + other["dailies"]} == set(games[OTHER])
    empty = json.loads((await Privacy.of(service).my_data(99)).content())
    assert empty["games"] == empty["dailies"] == [] and empty["other_records"] == {}


async def every_row_holding(database: str, value: int) -> list[tuple[str, str]]:
    """(table, column) of every stored value equal to `value`, in any table of the
    database (its own schema, read from the database)."""
    if is_postgres_url(database):
        columns = await raw(database, "SELECT table_name, column_name FROM"
                            " information_schema.columns WHERE table_schema = 'public'")
    else:
        tables = await raw(database, "SELECT name FROM sqlite_master WHERE type = 'table'")
        columns = [(table, info[1]) for (table,) in tables
                   for info in await raw(database, f"SELECT * FROM pragma_table_info('{table}')")]
    found = []
    for table, column in columns:
        hits = await raw(database, f"SELECT COUNT(*) FROM {table}"
                         f" WHERE CAST({column} AS TEXT) = ?", str(value))
        if hits[0][0]:
            found.append((table, column))
    return found


async def test_forget_leaves_no_row_with_the_players_id_and_every_other_board_right(
        database, service, games, clock):
    assert await every_row_holding(database, ME)  # the check finds the player before
    before = await boards(service)
    pseudonyms = iter([FORMER_PLAYERS.start + 7])
    privacy = Privacy(service._storage, clock=clock, pseudonyms=lambda: next(pseudonyms))
    forgotten = await privacy.forget(ME)
    # Kept, anonymised: the two standard wins and the finished daily (they rank on boards);
    # deleted: the resigned ordinary game and the game still going.
    assert (forgotten.anonymised_games, forgotten.deleted_games) == (3, 2)
    assert await every_row_holding(database, ME) == []
    assert await every_row_holding(database, MESSAGE) == []  # nor the player's message
    after = await boards(service)
    renamed = FORMER_PLAYERS.start + 7
    for name, rows in before.items():  # the same ranks, scores, turns; only the name gone
        expected = [dataclasses.replace(r, owner_id=renamed) if r.owner_id == ME else r
                    for r in rows]
        assert after[name] == expected, name
    assert any(r.owner_id == renamed for r in after[f"leaderboard {GUILD}"])
    assert is_former_player(renamed) and not is_former_player(ME)
    stats = await service.stats(ME)
    assert stats.played == 0 and await service.active_game(ME) is None
    for game_id in games[OTHER] + games[THIRD]:  # the others' games untouched
        assert await service.verify(game_id)
    document = json.loads((await privacy.my_data(ME)).content())
    assert document["games"] == document["dailies"] == []
    # The player may play again, afresh.
    record = await service.start(ME, GUILD, 77)
    assert record.owner_id == ME


async def test_forget_draws_another_pseudonym_if_one_is_taken(service, games):
    taken = FORMER_PLAYERS.start + 1
    await raw_owner(service, taken)
    drawn = iter([taken, taken + 1])
    privacy = Privacy(service._storage, pseudonyms=lambda: next(drawn))
    await privacy.forget(OTHER)
    owners = {r.owner_id for r in await service.leaderboard(None, limit=50)}
    assert taken + 1 in owners and OTHER not in owners


async def raw_owner(service: GameService, owner: int) -> None:
    await service.start(owner, None, None, seed=1)


async def test_a_server_left_is_detached_after_the_grace_period_only(database, service, games,
                                                                     clock):
    privacy = Privacy.of(service, clock=clock)
    # The server's own settings (as migration 8 keeps them; made here if it isn't there).
    await raw(database, "CREATE TABLE IF NOT EXISTS server_settings (guild_id BIGINT NOT NULL,"
              " name TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (guild_id, name))")
    for guild in (GUILD, OTHER_GUILD):
        await raw(database, "INSERT INTO server_settings (guild_id, name, value)"
                  " VALUES (?, 'edition', 'uk')", guild)
    board = await service.leaderboard(GUILD, limit=50)
    await privacy.server_left(GUILD)
    clock.now += GRACE_SECONDS - DAY  # a day before the end of the grace period
    assert await privacy.sweep() == []
    assert await service.leaderboard(GUILD, limit=50) == board  # nothing lost yet
    clock.now += 2 * DAY
    in_guild = await raw(database, "SELECT COUNT(*) FROM games WHERE guild_id = ?", GUILD)
    assert await privacy.sweep() == [SweepResult(GUILD, in_guild[0][0])]
    assert await service.leaderboard(GUILD, limit=50) == []
    assert await raw(database, "SELECT guild_id FROM server_settings") == [(OTHER_GUILD,)]
    # The games stay their players': on the global board, in their history.
    for row in board:
        record = await service.get(row.game_id)
        assert (record.owner_id, record.guild_id, record.score) == (row.owner_id, None,
                                                                    row.score)
    assert {r.owner_id for r in await service.leaderboard(None, limit=50)} == {ME, OTHER, THIRD}
    assert (await service.get(games[ME][-1])).status == "active"
    assert await privacy.sweep() == []  # done once


async def test_a_server_the_bot_came_back_to_within_the_grace_period_loses_nothing(
        service, games, clock):
    privacy = Privacy.of(service, clock=clock)
    board = await service.leaderboard(GUILD, limit=50)
    await privacy.server_left(GUILD)
    clock.now += 10 * DAY
    assert await privacy.server_back(GUILD)
    clock.now += GRACE_SECONDS
    assert await privacy.sweep() == []
    assert await service.leaderboard(GUILD, limit=50) == board
    assert not await privacy.server_back(GUILD)  # it never left since


async def test_the_server_tables_naming_a_player_are_exported_and_anonymised(database,
                                                                             service, games):
    """Migration 8's tables (made here as it makes them, if it isn't there): a setting
    change the player made as an admin, and the player's games hidden on a server."""
    await raw(database, "CREATE TABLE IF NOT EXISTS server_settings (guild_id BIGINT NOT NULL,"
              " name TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (guild_id, name))")
    await raw(database, "CREATE TABLE IF NOT EXISTS settings_log (guild_id BIGINT NOT NULL,"
              " actor_id BIGINT NOT NULL, at DOUBLE PRECISION NOT NULL, name TEXT NOT NULL,"
              " old_value TEXT, new_value TEXT, reason TEXT)")
    await raw(database, "INSERT INTO settings_log (guild_id, actor_id, at, name, new_value)"
              " VALUES (?, ?, 1.0, 'edition', 'uk')", GUILD, ME)
    await raw(database, "INSERT INTO server_settings (guild_id, name, value)"
              " VALUES (?, ?, 'cheating')", OTHER_GUILD, f"hidden:{ME}")
    privacy = Privacy(service._storage, pseudonyms=lambda: FORMER_PLAYERS.start + 9)
    document = json.loads((await privacy.my_data(ME)).content())
    assert [r["new_value"] for r in document["other_records"]["settings_log"]] == ["uk"]
    assert [r["value"] for r in document["other_records"]["server_settings"]] == ["cheating"]
    forgotten = await privacy.forget(ME)
    assert forgotten.anonymised_rows == 2 and forgotten.deleted_rows == 0
    assert await every_row_holding(database, ME) == []
    # The server keeps its log (who made the change forgotten) and the hiding, which now
    # names the pseudonym the player's ranked games carry.
    assert await raw(database, "SELECT actor_id FROM settings_log") == [
        (FORMER_PLAYERS.start + 9,)]
    assert await raw(database, "SELECT name FROM server_settings") == [
        (f"hidden:{FORMER_PLAYERS.start + 9}",)]


async def test_migrate_db_carries_the_servers_left_over(tmp_path, database):
    """A copy to another database (either backend) keeps the departures: the grace period
    goes on there, and the sweep there detaches the server on time."""
    from bot.cli.migrate_db import copy_database

    source = tmp_path / "source.sqlite3"
    clock = Clock()
    opened = await GameService.open(source, clock=clock)
    try:
        await opened.start(ME, GUILD, 77, seed=1)
        await Privacy.of(opened, clock=clock).server_left(GUILD)
    finally:
        await opened.close()
    await copy_database(source, database)
    copied = await GameService.open(database, clock=clock)
    try:
        clock.now += GRACE_SECONDS + DAY
        assert await Privacy.of(copied, clock=clock).sweep() == [SweepResult(GUILD, 1)]
    finally:
        await copied.close()
