"""PostgreSQL's bad days, on a real server of the test's own that it
freezes (SIGSTOP), stops and starts again, locks, cuts the sessions of, and makes read-only:
every call ends within a bounded time with the service's own "try again", never a raw driver
error; an outage is one log line when it starts and one when it ends; and the same service
works again once the server does."""

from __future__ import annotations

import asyncio
import logging
import time
import warnings
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import asyncpg
import pytest

from bot.application.service import GameService
from bot.errors import DatabaseBusy, DatabaseUnavailable
from bot.storage.pg_calls import CALL_BUDGET
from game_core import Roll

from tests.bot import pg_outage

# Every call is answered within this (the call budget, and a little for the machine).
ANSWERED_WITHIN = 6.0
CALLS = 21


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A server of this module's own: the others' tests don't see it stop."""
    with warnings.catch_warnings():  # platformdirs: XDG_RUNTIME_DIR unset in containers
        warnings.simplefilter("ignore")
        import pgserver

        server = pgserver.get_server(tmp_path_factory.mktemp("pg-outages"),
                                     cleanup_mode="delete")
    yield server
    server.cleanup()


@pytest.fixture
def url(own_server: Any) -> Iterator[str]:
    name = f"outage_{time.monotonic_ns()}"
    own_server.psql(f"CREATE DATABASE {name};")
    base = own_server.get_uri()
    path, _, query = base.partition("?")
    yield f"{path.rsplit('/', 1)[0]}/{name}?{query}"
    own_server.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE);")


@pytest.fixture
async def service(url: str) -> AsyncIterator[GameService]:
    opened = await GameService.open(url)
    yield opened
    await opened.close()


async def timed(call: Callable[[], Awaitable[Any]]) -> tuple[str, float]:
    """What a call ended with (a result, or its exception's type) and how long it took."""
    started = time.monotonic()
    try:
        await call()
        outcome = "answered"
    except Exception as exc:  # noqa: BLE001 -- the test looks at which one
        outcome = type(exc).__name__
    return outcome, time.monotonic() - started


def a_mix_of_calls(service: GameService, game_id: int) -> list[Callable[[], Awaitable[Any]]]:
    """What players do at once: reads, moves, starts, boards."""
    kinds: list[Callable[[int], Callable[[], Awaitable[Any]]]] = [
        lambda i: lambda: service.get(game_id),
        lambda i: lambda: service.act(game_id, 1, 0, Roll()),
        lambda i: lambda: service.start(1000 + i, None, None),
        lambda i: lambda: service.leaderboard(None),
        lambda i: lambda: service.history(game_id),
        lambda i: lambda: service.stats(1),
        lambda i: lambda: service.game_log(game_id),
    ]
    return [kinds[i % len(kinds)](i) for i in range(CALLS)]


@pytest.mark.slow
async def test_a_frozen_server_ends_every_call_within_the_budget_then_all_goes_on(
        service, own_server, caplog):
    record = await service.start(1, None, None, seed=4)
    await service.get(record.id)  # a connection in the pool, as in a running bot
    with caplog.at_level(logging.INFO), pg_outage.frozen(own_server):
        results = await asyncio.gather(*(timed(call)
                                         for call in a_mix_of_calls(service, record.id)))
    slowest = max(seconds for _, seconds in results)
    print(f"frozen server: {CALLS} calls, slowest answered in {slowest:.2f} s", results)
    assert {outcome for outcome, _ in results} <= {"DatabaseUnavailable", "DatabaseBusy"}
    assert slowest <= ANSWERED_WITHIN
    # Back: the same service object plays on (a click may meet a session the freeze broke).
    for _ in range(50):
        try:
            played = await service.act(record.id, 1, 0, Roll())
            break
        except (DatabaseUnavailable, DatabaseBusy):
            await asyncio.sleep(0.1)
    assert played.record.version == 1 or played.duplicate
    assert await service.verify(record.id)
    outage = [r for r in caplog.records if r.name == "bot.storage.postgres"]
    assert [r.getMessage().split(" (")[0] for r in outage][:1] == ["PostgreSQL unavailable"]
    assert len([r for r in outage if "unavailable" in r.getMessage()]) == 1  # one per outage
    assert not any(r.exc_info for r in caplog.records)  # no traceback at all


@pytest.mark.slow
async def test_behind_a_lock_calls_past_the_pool_answer_busy_within_the_same_budget(
        service, url):
    record = await service.start(1, None, None, seed=4)
    locker = await asyncpg.connect(url)
    try:
        transaction = locker.transaction()
        await transaction.start()
        await locker.execute("LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
        results = await asyncio.gather(*(timed(lambda: service.get(record.id))
                                         for _ in range(25)))  # 10 connections in the pool
        await transaction.rollback()
    finally:
        await locker.close()
    slowest = max(seconds for _, seconds in results)
    print(f"locked table: 25 calls, slowest answered in {slowest:.2f} s")
    assert {outcome for outcome, _ in results} == {"DatabaseBusy"}
    assert slowest <= CALL_BUDGET + 0.5
    assert (await service.act(record.id, 1, 0, Roll())).record.version == 1


async def test_a_stopped_then_restarted_server_is_unavailable_then_plays_on(
        service, own_server, caplog):
    record = await service.start(1, None, None, seed=4)
    pg_outage.stop(own_server)
    try:
        with caplog.at_level(logging.INFO):
            results = [await timed(call) for call in a_mix_of_calls(service, record.id)]
    finally:
        pg_outage.start(own_server)
    assert {outcome for outcome, _ in results} == {"DatabaseUnavailable"}
    assert max(seconds for _, seconds in results) <= ANSWERED_WITHIN
    with caplog.at_level(logging.INFO):
        assert (await service.act(record.id, 1, 0, Roll())).record.version == 1
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.storage.postgres"]
    assert [line.split(" (")[0].split(" after")[0] for line in lines] == [
        "PostgreSQL unavailable", "PostgreSQL answers again"]  # one line each way
    assert f"{CALLS} calls were answered 'try again'" in lines[1]
    assert not any(r.exc_info for r in caplog.records)


async def test_sessions_cut_by_the_server_are_unavailable_once_then_replaced(service, url):
    record = await service.start(1, None, None, seed=4)
    admin = await asyncpg.connect(url)
    try:
        await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                            "application_name = 'solo-monopoly'")
    finally:
        await admin.close()
    outcome, _ = await timed(lambda: service.get(record.id))
    assert outcome in ("answered", "DatabaseUnavailable")  # the dead session, if it was used
    assert (await service.act(record.id, 1, 0, Roll())).record.version == 1


async def test_a_read_only_server_refuses_moves_as_unavailable_and_reads_go_on(service, url):
    """A standby after a fail-over: reads work, writes say "try again", nothing half-done."""
    record = await service.start(1, None, None, seed=4)
    name = url.partition("?")[0].rsplit("/", 1)[1]
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"ALTER DATABASE {name} SET default_transaction_read_only = on")
        await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                            "application_name = 'solo-monopoly'")
        outcomes = [await timed(lambda: service.act(record.id, 1, 0, Roll()))
                    for _ in range(3)]
        assert {outcome for outcome, _ in outcomes} == {"DatabaseUnavailable"}
        with pytest.raises(DatabaseUnavailable, match="read-only"):
            await service.act(record.id, 1, 0, Roll())
        assert (await service.get(record.id)).version == 0
        await admin.execute(f"ALTER DATABASE {name} SET default_transaction_read_only = off")
        await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                            "application_name = 'solo-monopoly'")
    finally:
        await admin.close()
    for _ in range(3):  # the first call may meet a cut session
        try:
            assert (await service.act(record.id, 1, 0, Roll())).record.version == 1
            break
        except DatabaseUnavailable:
            continue
    assert await service.verify(record.id)


async def test_an_unreachable_server_at_opening_is_one_unavailable_error(own_server):
    base = own_server.get_uri()
    path, _, query = base.partition("?")
    with pytest.raises(DatabaseUnavailable):
        await GameService.open(f"{path.rsplit('/', 1)[0]}/postgres?host=/nonexistent-socket")


@pytest.mark.slow
async def test_a_write_lock_held_by_another_session_is_busy_for_writes_then_all_goes_on(
        service, url):
    """The PostgreSQL twin of test_busy's first test: writes wait, then "try again"; reads
    go on meanwhile; nothing is half-done."""
    record = await service.start(1, None, None, seed=4)
    other = await service.start(2, None, None, seed=5)
    locker = await asyncpg.connect(url)
    try:
        transaction = locker.transaction()
        await transaction.start()
        await locker.execute("LOCK TABLE games IN EXCLUSIVE MODE")  # reads allowed
        for call in (lambda: service.act(record.id, 1, 0, Roll()),
                     lambda: service.resign(other.id, 2),
                     lambda: service.start(3, None, None),
                     lambda: service.set_message(record.id, 1, 2)):
            outcome, seconds = await timed(call)
            assert outcome == "DatabaseBusy" and seconds <= ANSWERED_WITHIN
        assert (await service.get(record.id)).version == 0
        await transaction.rollback()
    finally:
        await locker.close()
    assert (await service.act(record.id, 1, 0, Roll())).record.version == 1
    assert (await service.resign(other.id, 2)).record.status == "lost"
    assert await service.verify(record.id) and await service.verify(other.id)
