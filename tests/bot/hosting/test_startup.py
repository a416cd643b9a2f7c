"""`python -m bot` without a usable setting stops with one clear line, never a traceback."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

from bot.storage.sqlite_file import SCHEMA_VERSION

from tests.bot.fake_discord import FakeDiscord, bot_command
from tests.bot.running_bot import REPO, alive, worker_pids


def run_bot(tmp_path, api: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """The real entry point, in an empty folder (no .env) with only `env` set; with `api`,
    discord.py's API address pointed there."""
    clean = {"PATH": os.environ.get("PATH", ""), **env}
    command = [sys.executable, "-m", "bot"] if api is None else bot_command(api)
    return subprocess.run(command, cwd=tmp_path, env=clean, capture_output=True, text=True,
                          timeout=60, check=False)


@pytest.mark.parametrize("token", [None, "   "], ids=["unset", "blank"])
def test_a_missing_token_says_what_to_set_in_one_line(tmp_path, token):
    env = {} if token is None else {"DISCORD_TOKEN": token}
    result = run_bot(tmp_path, **env)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith("solo-monopoly: DISCORD_TOKEN is not set")
    assert ".env" in lines[0] and "make play" in lines[0]


def test_the_token_is_read_from_the_env_file_of_the_folder(tmp_path):
    # A .env with a token but a bad log level: the token was found, the level is refused.
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc.def\nMONOPOLY_LOG_LEVEL=LOUD\n")
    result = run_bot(tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "MONOPOLY_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR" in result.stderr
    assert "abc.def" not in result.stderr  # the token never appears


def test_a_bad_dev_guild_id_is_named(tmp_path):
    result = run_bot(tmp_path, DISCORD_TOKEN="abc", MONOPOLY_DEV_GUILD_ID="my-server")
    assert result.returncode == 2 and "MONOPOLY_DEV_GUILD_ID must be a server id" in result.stderr


class RefusingDiscord(BaseHTTPRequestHandler):
    """Discord's API as it answers a bad token: 401 to everything."""

    requests: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 -- the http.server hook's name
        RefusingDiscord.requests.append(self.path)
        body = json.dumps({"message": "401: Unauthorized", "code": 0}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:  # keep the test output quiet
        pass


@pytest.fixture
def refusing_discord() -> Iterator[str]:
    """A loopback server standing in for Discord's API; yields its base URL."""
    server = HTTPServer(("127.0.0.1", 0), RefusingDiscord)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10"
    finally:
        server.shutdown()
        server.server_close()


def test_a_rejected_token_says_what_to_do_in_one_line(tmp_path, refusing_discord):
    result = run_bot(tmp_path, refusing_discord, DISCORD_TOKEN="not.a.real.token",
                     MONOPOLY_DB=str(tmp_path / "db.sqlite3"))
    assert RefusingDiscord.requests[-1] == "/api/v10/users/@me"
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "not.a.real.token" not in result.stderr
    assert "WARNING" not in result.stderr  # no noise about voice, which the bot never uses
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("solo-monopoly: Discord rejected DISCORD_TOKEN")
    assert "Reset Token" in last


@pytest.mark.parametrize(("token", "says"), [
    ("Bot MTIzNDU2Nzg5.GaBcDe.x1y2z3", 'DISCORD_TOKEN starts with "Bot ": paste the token alone'),
    ("bot MTIzNDU2Nzg5.GaBcDe.x1y2z3", 'DISCORD_TOKEN starts with "Bot "'),
    ("MTIzNDU2Nzg5GaBcDex1y2z3", "DISCORD_TOKEN is not a bot token"),
    ("MTIzNDU2Nzg5.Ga BcDe.x1y2z3", "DISCORD_TOKEN is not a bot token"),
    ("MTIzNDU2Nzg5.GaBcDé.x1y2z3", "DISCORD_TOKEN is not a bot token"),
], ids=["Bot prefix", "bot prefix", "no dots", "a space", "not ASCII"])
def test_a_token_that_cant_be_a_bot_token_is_refused_before_any_connection(
        tmp_path, refusing_discord, token, says):
    RefusingDiscord.requests.clear()
    result = run_bot(tmp_path, refusing_discord, DISCORD_TOKEN=token,
                     MONOPOLY_DB=str(tmp_path / "db.sqlite3"))
    assert RefusingDiscord.requests == []  # Discord never asked
    assert result.returncode == 2 and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"solo-monopoly: {says}"), lines
    assert "network" not in lines[0] and "x1y2z3" not in lines[0]  # never the token
    assert list(tmp_path.iterdir()) == []  # no database made either


@pytest.fixture
def fake_discord() -> Iterator[FakeDiscord]:
    discord_ = FakeDiscord()
    discord_.start()
    try:
        yield discord_
    finally:
        discord_.stop()


@pytest.mark.slow
def test_the_bot_starts_syncs_reaches_ready_and_stops_cleanly_on_sigterm(tmp_path, fake_discord):
    db = tmp_path / "data" / "games.sqlite3"
    env = {"PATH": os.environ.get("PATH", ""), "DISCORD_TOKEN": "secret.token.value",
           "MONOPOLY_DB": str(db), "MONOPOLY_LOG_LEVEL": "INFO", "PYTHONPATH": str(REPO)}
    log_file = tmp_path / "bot.log"
    with log_file.open("w") as stderr:
        bot = subprocess.Popen(fake_discord.bot_command(), cwd=tmp_path, env=env,
                               stdout=subprocess.DEVNULL, stderr=stderr, text=True)
    try:
        assert fake_discord.identified.wait(60), "the bot never reached the gateway"
        # The workers start beside the gateway connection, not before it.
        deadline = time.monotonic() + 60
        while "worker processes ready" not in log_file.read_text() \
                and time.monotonic() < deadline:
            time.sleep(0.05)
        bot.send_signal(signal.SIGTERM)
        bot.wait(60)
    finally:
        if bot.poll() is None:
            bot.kill()
    log = log_file.read_text()
    assert bot.returncode == 0, log
    assert fake_discord.closed_by_bot.wait(10)  # it said goodbye to the gateway
    # setup_hook: the database migrated, the cog loaded, the commands synced (once, globally).
    assert [c["name"] for c in fake_discord.synced] == ["monopoly", "monopoly-daily",
                                                        "monopoly-admin"]
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    for line in ("database ready", "synced 3 commands globally", "stopping on signal",
                 "worker pool closed", "database closed"):
        assert line in log, line
    assert "Traceback" not in log and "secret.token.value" not in log
    # The picture workers started with the bot, and it stopped them all (none left behind).
    pids = worker_pids(log)
    assert pids and not any(alive(pid) for pid in pids)


def test_an_unreachable_discord_says_so_in_one_line(tmp_path):
    with socket.socket() as closed:  # a loopback port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    result = run_bot(tmp_path, f"http://127.0.0.1:{port}/api/v10", DISCORD_TOKEN="a.token",
                     MONOPOLY_DB=str(tmp_path / "db.sqlite3"))
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith(
        "solo-monopoly: could not reach Discord")


def test_a_database_from_a_newer_bot_stops_it_with_one_line(tmp_path, fake_discord):
    db = tmp_path / "games.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    env = {"PATH": os.environ.get("PATH", ""), "DISCORD_TOKEN": "a.token", "MONOPOLY_DB": str(db)}
    result = subprocess.run(fake_discord.bot_command(), cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith(f"solo-monopoly: The database is at schema version {SCHEMA_VERSION + 1}")
    with sqlite3.connect(db) as conn:  # left as it was
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1


def test_a_database_path_it_cant_write_stops_it_with_one_line(tmp_path, fake_discord):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the database folder should be")
    env = {"PATH": os.environ.get("PATH", ""), "DISCORD_TOKEN": "a.token",
           "MONOPOLY_DB": str(blocker / "games.sqlite3")}
    result = subprocess.run(fake_discord.bot_command(), cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith(f"solo-monopoly: can't open the database {blocker / 'games.sqlite3'}")
    assert "check MONOPOLY_DB" in last


@pytest.mark.parametrize(("make", "says"), [
    (lambda p: p.write_text("not a database\n" * 50), "is not a SQLite database"),
    (lambda p: p.mkdir(), "MONOPOLY_DB names the folder"),
    (None, "can't open the database postgresql://bot:***@127.0.0.1:1/monopoly"),
], ids=["text file", "folder", "unreachable server"])
def test_a_database_it_cant_use_stops_it_before_it_logs_in_to_discord(tmp_path, fake_discord,
                                                                       make, says):
    database = tmp_path / "games.sqlite3"
    if make is None:
        target = "postgresql://bot:secret@127.0.0.1:1/monopoly"
    else:
        make(database)
        target = str(database)
    env = {"PATH": os.environ.get("PATH", ""), "DISCORD_TOKEN": "a.token",
           "MONOPOLY_DB": target, "PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    result = subprocess.run(fake_discord.bot_command(), cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("solo-monopoly: ") and says in line, line
    assert "secret" not in line
    assert not fake_discord.logged_in.is_set() and not fake_discord.identified.is_set()
    if make is not None and database.is_file():
        assert database.read_text() == "not a database\n" * 50  # left as it was


def _with_extension(command: list[str], extension: str) -> list[str]:
    """The bot's command line, with one more extension loaded in setup_hook."""
    repo = str(Path(__file__).resolve().parents[3])
    extra = (f"import sys; sys.path.insert(0, {repo!r}); import bot.hosting.app as app; "
             f"app.EXTENSIONS = (*app.EXTENSIONS, {extension!r}); ")
    return [*command[:2], extra + command[2]]


def test_a_command_over_discords_limit_stops_the_start_up_in_one_line(tmp_path, fake_discord):
    """Measured the way Discord counts (the longest localization of each field),
    before anything is sent: one line naming the command, its size and the limit."""
    env = {"PATH": os.environ.get("PATH", ""), "DISCORD_TOKEN": "a.token",
           "MONOPOLY_DB": str(tmp_path / "games.sqlite3")}
    result = subprocess.run(_with_extension(fake_discord.bot_command(),
                                            "tests.bot.oversized_command"),
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
                            check=False)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"solo-monopoly: the slash commands break Discord's limits, so none "
                        r"were sent: /monopoly-huge is 5,\d{3} characters counted Discord's way "
                        r"\(limit: 4,000\)", last), last
    assert fake_discord.synced == []  # nothing reached Discord


def test_a_sync_discord_refuses_stops_the_start_up_in_one_line(tmp_path):
    refusing = FakeDiscord(refuse_commands=True)
    refusing.start()
    try:
        env = {"PATH": os.environ.get("PATH", ""), "DISCORD_TOKEN": "a.token",
               "MONOPOLY_DB": str(tmp_path / "games.sqlite3")}
        result = subprocess.run(refusing.bot_command(), cwd=tmp_path, env=env,
                                capture_output=True, text=True, timeout=60, check=False)
    finally:
        refusing.stop()
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("solo-monopoly: Discord refused the slash commands (400, error "
                           "50035): "), last
    assert "Command exceeds maximum size (4000)" in last
