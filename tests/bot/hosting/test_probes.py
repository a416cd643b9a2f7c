"""The real `python -m bot` against the loopback Discord, with MONOPOLY_METRICS_PORT set:
/readyz follows the database (another program holding SQLite's lock; the PostgreSQL server
stopped and started again) and /healthz the event loop; with MONOPOLY_LOG_FORMAT=json,
every line of its log is one JSON object, an interaction's lines name its kind, game and
shard, and no token is in any of them."""

from __future__ import annotations

import json
import socket
import sqlite3
import time
import urllib.error
import urllib.request
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.bot import pg_outage
from tests.bot.fake_discord import FakeDiscord
from tests.bot.fake_payloads import CHANNEL_ID, GUILD_ID
from tests.bot.running_bot import RunningBot, seed_games

BOT_TOKEN = "MTAw.probe.token.secret"


@pytest.fixture
def fake_discord() -> Iterator[FakeDiscord]:
    discord_ = FakeDiscord(deadline=30)
    discord_.start()
    try:
        yield discord_
    finally:
        discord_.stop()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(port: int, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def wait_for(port: int, path: str, status: int, timeout: float = 30) -> str:
    """Polls `path` until it answers `status`; its text."""
    end, last = time.monotonic() + timeout, (0, "")
    while time.monotonic() < end:
        try:
            last = get(port, path)
        except OSError:  # not listening yet
            pass
        if last[0] == status:
            return last[1]
        time.sleep(0.2)
    raise AssertionError(f"{path} never answered {status}; last: {last}")


class Bot(RunningBot):
    """`python -m bot` with the endpoint on and its log in JSON."""

    def __init__(self, fake: FakeDiscord, database: str, **env: str) -> None:
        self.port = free_port()
        super().__init__(fake, database, env={
            "DISCORD_TOKEN": BOT_TOKEN, "MONOPOLY_METRICS_PORT": str(self.port),
            "MONOPOLY_LOG_FORMAT": "json", **env})

    def stopped(self) -> int:
        """SIGTERM, the exit; its status."""
        self.stop()
        return self.process.returncode


def json_lines(log: str) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in log.splitlines() if line.strip()]
    for line in lines:
        assert {"time", "level", "logger", "message"} <= set(line), line
    return lines


@pytest.mark.slow
def test_readiness_follows_a_held_sqlite_lock_and_the_json_log_holds_no_token(
        tmp_path, fake_discord):
    db = tmp_path / "games.sqlite3"
    table = seed_games(db, fake_discord, 1)[0]
    bot = Bot(fake_discord, str(db), MONOPOLY_LOG_LEVEL="DEBUG")
    try:
        wait_for(bot.port, "/readyz", 200)
        assert get(bot.port, "/healthz") == (200, "ok\n")
        click = fake_discord.click(table.player, table.message_id, "roll")
        fake_discord.wait_answered([click])
        assert click.acked is not None

        status, text = get(bot.port, "/metrics")
        assert status == 200
        found = {(s.name, tuple(sorted(s.labels.items()))): s.value
                 for family in text_string_to_metric_families(text) for s in family.samples}
        assert found[("monopoly_interactions_total",
                      (("kind", "button:roll"), ("outcome", "answered")))] == 1
        assert found[("monopoly_shard_connected", (("shard", "0"),))] == 1
        ids = {str(i) for i in (table.player, table.game_id, table.message_id, GUILD_ID,
                                CHANNEL_ID, click.id)}
        labels = {v for _, pairs in found for _, v in pairs}
        assert not labels & ids and click.token not in text and BOT_TOKEN not in text

        # Another program takes SQLite's write lock: not ready (a click would wait, then
        # be told "try again"); alive all the same. Let go: ready again.
        holder = sqlite3.connect(db, isolation_level=None)
        try:
            holder.execute("BEGIN EXCLUSIVE")
            reason = wait_for(bot.port, "/readyz", 503)
            assert "database" in reason and reason.count("\n") == 1, reason
            assert get(bot.port, "/healthz")[0] == 200
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert wait_for(bot.port, "/readyz", 200) == "ready\n"
    finally:
        code = bot.stopped()
    log = bot.log()
    assert code == 0, log[-3000:]
    lines = json_lines(log)
    assert any("WebSocket Event" in line["message"] for line in lines)  # DEBUG was on
    in_click = [line for line in lines if line.get("interaction") == "button:roll"]
    assert in_click, "no line was logged while the click was handled"
    assert all(line["game_id"] == table.game_id and line["shard"] == 0 for line in in_click)
    assert click.token not in log and BOT_TOKEN not in log


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A PostgreSQL server of this module's own: the other tests don't see it stop."""
    with warnings.catch_warnings():  # platformdirs: XDG_RUNTIME_DIR unset in containers
        warnings.simplefilter("ignore")
        import pgserver

        server = pgserver.get_server(tmp_path_factory.mktemp("pg-probes"),
                                     cleanup_mode="delete")
    yield server
    server.cleanup()


@pytest.mark.slow
@pytest.mark.postgres
def test_readiness_follows_the_postgresql_server_going_down_and_coming_back(
        tmp_path, fake_discord, own_server):
    own_server.psql("CREATE DATABASE probes;")
    path, _, query = own_server.get_uri().partition("?")
    url = f"{path.rsplit('/', 1)[0]}/probes?{query}"
    bot = Bot(fake_discord, url)
    try:
        wait_for(bot.port, "/readyz", 200, timeout=60)
        pg_outage.stop(own_server)
        try:
            reason = wait_for(bot.port, "/readyz", 503)
            assert reason.startswith("database unavailable"), reason
            assert get(bot.port, "/healthz")[0] == 200  # alive: only the database is gone
        finally:
            pg_outage.start(own_server)
        assert wait_for(bot.port, "/readyz", 200, timeout=60) == "ready\n"
    finally:
        code = bot.stopped()
    assert code == 0, bot.log()[-3000:]
    json_lines(bot.log())
