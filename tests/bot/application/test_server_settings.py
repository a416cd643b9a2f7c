"""Server settings, moderation and seasons in the database, on both backends
(the `database` fixture: a SQLite file and a real PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.application.seasons import ALL_TIME, MONTH, QUARTER, Season, parse
from bot.application.service import GameService
from bot.cli.migrate_db import copy_database
from bot.errors import InvalidRequest
from game_core.strategies import make_strategy

# Seeds always-buy wins under the standard rules (only they reach the boards): test_reports'.
SEEDS = {1: 19213, 2: 7913, 3: 24740, 4: 11817}
GUILD, OTHER_GUILD, ADMIN = 7, 8, 99


def at(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def clocked(database):
    clock = Clock(at("2026-10-15T12:00:00"))
    service = await GameService.open(database, clock=clock)
    yield service, clock
    await service.close()


async def win(service: GameService, owner: int, guild: int | None) -> int:
    """A standard win for `owner`, finished at the clock's time; its score."""
    record = await service.start(owner, guild, 1, seed=SEEDS[owner])
    chooser = make_strategy("always-buy")
    while not record.game.is_over:
        record = (await service.act(record.id, owner, record.version,
                                    chooser.choose(record.game))).record
    assert record.status == "won" and record.game.options.rule_set == "standard"
    return record.score


async def test_a_change_is_stored_and_logged_with_who_and_the_old_value(clocked):
    service, clock = clocked
    assert (await service.servers.settings(GUILD)).edition is None
    await service.servers.change(GUILD, ADMIN, "edition", "fr")
    clock.now += 60
    settings = await service.servers.change(GUILD, ADMIN + 1, "edition", "uk")
    assert settings.edition == "uk"
    await service.servers.change(GUILD, ADMIN, "channels", [5, 3, 5])
    await service.servers.change(GUILD, ADMIN, "threads", True)
    settings = await service.servers.change(GUILD, ADMIN, "public", False)
    assert (settings.channels, settings.threads, settings.public) == ((3, 5), True, False)
    settings = await service.servers.change(GUILD, ADMIN, "edition", None)  # the default again
    assert settings.edition is None
    assert (await service.servers.settings(OTHER_GUILD)).channels == ()  # per server
    log = await service.servers.log(GUILD)
    assert [(e.actor_id, e.name, e.old_value, e.new_value) for e in log] == [
        (ADMIN, "edition", "uk", None), (ADMIN, "public", None, "off"),
        (ADMIN, "threads", None, "on"), (ADMIN, "channels", None, "3,5"),
        (ADMIN + 1, "edition", "fr", "uk"), (ADMIN, "edition", None, "fr")]
    assert log[4].at == clock.now
    assert await service.servers.log(OTHER_GUILD) == []


@pytest.mark.parametrize(("name", "value"), [("edition", "de"), ("preset", "nope"),
                                             ("season", "week"), ("threads", "yes"),
                                             ("colour", "red"), ("channels", [-1])])
async def test_a_value_a_setting_cant_take_is_refused_and_nothing_is_logged(clocked, name,
                                                                           value):
    service, _ = clocked
    with pytest.raises(InvalidRequest):
        await service.servers.change(GUILD, ADMIN, name, value)
    assert await service.servers.log(GUILD) == []


async def test_season_boundary_is_midnight_utc_on_the_last_day_of_the_month(clocked):
    service, clock = clocked
    clock.now = at("2026-10-31T23:59:59")
    october = await win(service, 1, GUILD)
    clock.now = at("2026-11-01T00:00:00")
    november = await win(service, 2, GUILD)
    boards = {}
    for key in ("2026-10", "2026-11", "2026-Q4", "2026-Q3", "all"):
        season = parse(key)
        assert season is not None and season.key == key.replace("all", "all")
        boards[key] = [(r.owner_id, r.score) for r in
                       await service.seasons.leaderboard(GUILD, season)]
    assert boards["2026-10"] == [(1, october)]
    assert boards["2026-11"] == [(2, november)]
    assert sorted(boards["2026-Q4"]) == sorted(boards["all"]) == [(1, october), (2, november)]
    assert boards["2026-Q3"] == []
    assert service.seasons.now(MONTH) == parse("2026-11")
    assert service.seasons.now(QUARTER).key == "2026-Q4"
    # The global board has the same seasons.
    assert [r.owner_id for r in await service.seasons.leaderboard(None, parse("2026-10"))] == [1]


async def test_a_hidden_player_leaves_the_server_boards_and_comes_back_on_undo(clocked):
    service, _ = clocked
    for owner in (1, 2, 3):
        await win(service, owner, GUILD)
    season = service.seasons.now(MONTH)

    async def owners(guild: int | None, of: Season = season) -> set[int]:
        return {r.owner_id for r in await service.seasons.leaderboard(guild, of)}

    assert await owners(GUILD) == {1, 2, 3}
    assert await service.servers.hide(GUILD, ADMIN, 2, "test account")
    assert not await service.servers.hide(GUILD, ADMIN, 2, "again")  # hidden already
    assert await owners(GUILD) == await owners(GUILD, ALL_TIME) == {1, 3}
    ranks = [r.rank for r in await service.seasons.leaderboard(GUILD, season)]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert await owners(None) == {1, 2, 3}  # the server's choice, not the global board's
    assert (await service.stats(2)).won == 1  # nothing deleted: the player keeps it all
    assert await service.servers.hide(GUILD, ADMIN + 1, 2, "", hidden=False)
    assert await owners(GUILD) == {1, 2, 3}
    log = await service.servers.log(GUILD)
    assert [(e.actor_id, e.name, e.new_value, e.reason) for e in log] == [
        (ADMIN + 1, "hidden:2", None, None), (ADMIN, "hidden:2", "hidden", "test account")]


async def test_a_season_winner_is_announced_once_when_the_season_ends(clocked):
    service, clock = clocked
    await service.servers.change(GUILD, ADMIN, "announce", 555)
    await service.servers.change(OTHER_GUILD, ADMIN, "announce", 556)
    await service.servers.change(OTHER_GUILD, ADMIN, "season", "none")  # no seasons there
    clock.now = at("2026-10-31T23:59:59")
    score = await win(service, 4, GUILD)
    assert await service.seasons.due_announcements() == []  # September ended a month ago: old news
    clock.now = at("2026-11-01T00:00:00")
    due = await service.seasons.due_announcements()
    assert [(a.guild_id, a.channel_id, a.season.key) for a in due] == [(GUILD, 555, "2026-10")]
    assert (due[0].winner.owner_id, due[0].winner.score) == (4, score)
    assert await service.seasons.due_announcements() == []  # once
    clock.now = at("2026-12-03T23:59:59")  # a bot down at midnight tells it when back...
    due = await service.seasons.due_announcements()
    assert [(a.season.key, a.winner) for a in due] == [("2026-11", None)]  # nobody won
    clock.now = at("2027-01-04T00:00:01")  # ...within three days
    assert await service.seasons.due_announcements() == []


@pytest.mark.parametrize("direction", ["to_postgresql", "to_sqlite"])
async def test_migrate_db_copies_the_servers_settings_log_and_announcements(
        tmp_path, postgres_url, direction):
    lite = str(tmp_path / "games.sqlite3")
    source, dest = (lite, postgres_url) if direction == "to_postgresql" else (postgres_url, lite)
    clock = Clock(at("2026-11-01T00:00:00"))
    service = await GameService.open(source, clock=clock)
    await service.servers.change(GUILD, ADMIN, "announce", 555)
    await service.servers.change(GUILD, ADMIN, "edition", "fr")
    await service.servers.hide(GUILD, ADMIN, 3, "test account")
    assert len(await service.seasons.due_announcements()) == 1  # October's
    before = await service.servers.log(GUILD)
    await service.close()
    await copy_database(source, dest)
    copied = await GameService.open(dest, clock=clock)
    try:
        settings = await copied.servers.settings(GUILD)
        assert (settings.edition, settings.announce, settings.hidden) == (
            "fr", 555, frozenset({3}))
        assert await copied.servers.log(GUILD) == before
        assert await copied.seasons.due_announcements() == []  # told already, before the copy
        await copied.servers.change(GUILD, ADMIN, "edition", "uk")  # new ids go on after
        assert [e.id for e in await copied.servers.log(GUILD)][0] > before[0].id
    finally:
        await copied.close()


async def test_a_hidden_player_leaves_the_servers_daily_board_too(clocked):
    service, _ = clocked
    for owner in (1, 2):
        daily, _ = await service.daily.start(owner, GUILD, 1)
        await service.resign(daily.id, owner)
    day = service.daily.today()
    assert {r.owner_id for r in await service.daily.board(day, GUILD)} == {1, 2}
    await service.servers.hide(GUILD, ADMIN, 1, "test account")
    assert [(r.rank, r.owner_id) for r in await service.daily.board(day, GUILD)] == [(1, 2)]
    assert {r.owner_id for r in await service.daily.board(day, None)} == {1, 2}
