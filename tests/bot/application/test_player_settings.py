"""A player's own settings (migration 10) on both backends (the `database`
fixture: a SQLite file and a real PostgreSQL): stored, read back, unset; exported by
`/monopoly mydata`, deleted by `/monopoly forget`; copied by migrate-db; read by the
primary key."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest

from bot.application.player_settings import PLAYER_DEFAULTS, PlayerSettings
from bot.application.privacy import FORMER_PLAYERS, Privacy
from bot.application.service import GameService
from bot.cli.migrate_db import copy_database
from bot.errors import InvalidRequest
from game_core.orders import Orders

from tests.bot.raw_db import raw
from tests.bot.storage.test_query_plans import plan, watch

ME, OTHER = 412_345_678_901_234_567, 512_345_678_901_234_568


@pytest.fixture
async def service(database) -> AsyncIterator[GameService]:
    opened = await GameService.open(database)
    yield opened
    await opened.close()


async def test_a_player_without_settings_has_the_defaults_and_a_change_is_kept(service):
    assert await service.prefs.get(ME) == PLAYER_DEFAULTS
    assert PLAYER_DEFAULTS.confirm_debts  # Pay it for me asks first unless told not to
    changed = await service.prefs.change(ME, "confirm_debts", False)
    assert changed == PlayerSettings(confirm_debts=False)
    assert await service.prefs.get(ME) == changed
    assert await service.prefs.get(OTHER) == PLAYER_DEFAULTS  # only the player's
    await service.prefs.change(ME, "confirm_debts", False)  # the same again: kept
    assert await service.prefs.change(ME, "confirm_debts", True) == PLAYER_DEFAULTS
    assert await service.prefs.change(ME, "confirm_debts", None) == PLAYER_DEFAULTS


async def test_a_bad_setting_is_refused_and_a_bad_stored_value_reads_as_the_default(
        service, database):
    with pytest.raises(InvalidRequest):
        await service.prefs.change(ME, "nope", True)
    with pytest.raises(InvalidRequest):
        await service.prefs.change(ME, "confirm_debts", "maybe")
    with pytest.raises(InvalidRequest):
        await service.prefs.change(-1, "confirm_debts", False)
    await raw(database, "INSERT INTO player_settings (owner_id, name, value)"
              " VALUES (?, 'confirm_debts', 'garbled')", ME)
    assert await service.prefs.get(ME) == PLAYER_DEFAULTS


async def test_mydata_exports_the_players_settings_and_forget_deletes_them(service,
                                                                           database):
    await service.prefs.change(ME, "confirm_debts", False)
    await service.prefs.change(OTHER, "confirm_debts", False)
    privacy = Privacy(service._storage, pseudonyms=lambda: FORMER_PLAYERS.start + 3)
    document = json.loads((await privacy.my_data(ME)).content())
    assert document["other_records"]["player_settings"] == [
        {"owner_id": str(ME), "name": "confirm_debts", "value": "off"}]
    forgotten = await privacy.forget(ME)
    assert forgotten.deleted_rows == 1 and forgotten.anonymised_rows == 0
    assert await raw(database, "SELECT owner_id FROM player_settings") == [(OTHER,)]
    assert await service.prefs.get(ME) == PLAYER_DEFAULTS
    assert (await service.prefs.get(OTHER)).confirm_debts is False


async def test_migrate_db_copies_the_players_settings(tmp_path, database):
    source = tmp_path / "source.sqlite3"
    opened = await GameService.open(source)
    try:
        await opened.prefs.change(ME, "confirm_debts", False)
    finally:
        await opened.close()
    await copy_database(source, database)
    copied = await GameService.open(database)
    try:
        assert (await copied.prefs.get(ME)).confirm_debts is False
        assert await copied.prefs.get(OTHER) == PLAYER_DEFAULTS
    finally:
        await copied.close()


async def test_the_settings_are_read_and_written_by_the_primary_key(service, database):
    for owner in range(1, 60):  # enough rows that a scan would show in the plan
        await service.prefs.change(owner, "confirm_debts", owner % 2 == 0)
    sent: list[tuple[str, tuple[object, ...]]] = []
    stop = await watch(service, sent)
    await service.prefs.get(ME)                            # a Pay it for me click
    await service.prefs.change(ME, "confirm_debts", False)  # /monopoly settings
    await service.prefs.change(ME, "confirm_debts", None)
    await stop()
    queries = {(s, a) for s, a in sent if "player_settings" in s}
    assert len(queries) >= 3, sent
    for statement, args in queries:
        lines = " ".join(await plan(database, statement, args))
        assert "SCAN player_settings" not in lines and "Seq Scan" not in lines, lines
        if statement.lstrip().startswith(("SELECT", "DELETE")):
            assert "PRIMARY KEY" in lines or "player_settings_pkey" in lines, (statement,
                                                                              lines)


async def test_standing_orders_are_kept_read_back_and_undone(service):
    assert PLAYER_DEFAULTS.orders == Orders() and not PLAYER_DEFAULTS.orders
    await service.prefs.change(ME, "build_reserve", 150)
    await service.prefs.change(ME, "decline_bank_groups", True)
    changed = await service.prefs.change(ME, "pay_debts", True)
    assert changed.orders == Orders(150, True, True)
    assert (await service.prefs.get(OTHER)).orders == Orders()  # only the player's
    assert (await service.prefs.change(ME, "build_reserve", None)).orders == Orders(
        None, True, True)  # one undone, the others kept


async def test_a_bad_reserve_is_refused_and_a_garbled_one_reads_as_off(service, database):
    for bad in (-1, True, "100", 10**14):
        with pytest.raises(InvalidRequest):
            await service.prefs.change(ME, "build_reserve", bad)
    await raw(database, "INSERT INTO player_settings (owner_id, name, value)"
              " VALUES (?, 'build_reserve', '1e3')", ME)
    assert (await service.prefs.get(ME)).orders.build_reserve is None
