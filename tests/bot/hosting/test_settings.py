"""Settings: MONOPOLY_DB as a file or a postgresql:// URL; the cluster's shard settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.hosting.app import MonopolyBot
from bot.storage.targets import redact_url
from bot.hosting.settings import (
    DEFAULT_DB_PATH, Settings, SettingsError, database_target,
)

TOKEN = {"DISCORD_TOKEN": "t"}


def settings(**env: str) -> Settings:
    return Settings.from_env({**TOKEN, **env})


def test_monopoly_db_is_a_file_by_default_or_as_given():
    assert settings().database == Path(DEFAULT_DB_PATH)
    given = settings(MONOPOLY_DB="/srv/games.sqlite3")
    assert given.database == Path("/srv/games.sqlite3") and given.db_url is None


@pytest.mark.parametrize("url", ["postgresql://bot:pw@db:5432/monopoly",
                                 "postgres://bot@db/monopoly", "POSTGRESQL://db/m"])
def test_monopoly_db_takes_a_postgresql_url_kept_whole(url):
    chosen = settings(MONOPOLY_DB=url)
    assert chosen.database == url and chosen.db_url == url  # not mangled into a Path
    assert database_target(None, {"MONOPOLY_DB": url}) == url


def test_a_database_url_is_logged_without_its_password():
    assert settings(MONOPOLY_DB="postgresql://bot:s3cret@db/m").database_name == (
        "postgresql://bot:***@db/m")
    assert redact_url("postgresql://bot@db/m") == "postgresql://bot@db/m"
    assert "s3cret" not in repr(settings(MONOPOLY_DB="postgresql://bot:s3cret@db/m"))


def test_a_command_option_wins_over_monopoly_db():
    env = {"MONOPOLY_DB": "postgresql://db/m"}
    assert database_target("games.sqlite3", env) == Path("games.sqlite3")
    assert database_target(None, {}) == Path(DEFAULT_DB_PATH)


def test_by_default_one_process_runs_every_shard_discord_asks_for():
    chosen = settings()
    assert (chosen.shard_count, chosen.shard_ids) == (None, None)
    bot = MonopolyBot(chosen)
    assert bot.shard_count is None and bot.shard_ids is None  # automatic sharding


@pytest.mark.parametrize("ids, expected", [("0,1", (0, 1)), ("2-3", (2, 3)),
                                           (" 3, 0-1 ", (0, 1, 3)), ("", None)])
def test_a_process_runs_the_shards_it_is_given_out_of_the_total(ids, expected):
    chosen = settings(MONOPOLY_SHARD_COUNT="4", MONOPOLY_SHARD_IDS=ids)
    assert (chosen.shard_count, chosen.shard_ids) == (4, expected)
    bot = MonopolyBot(chosen)
    assert bot.shard_count == 4
    assert bot.shard_ids == (list(expected) if expected else None)


@pytest.mark.parametrize("env, words", [
    ({"MONOPOLY_SHARD_IDS": "0"}, "needs MONOPOLY_SHARD_COUNT"),
    ({"MONOPOLY_SHARD_COUNT": "0"}, "1 or more"),
    ({"MONOPOLY_SHARD_COUNT": "two"}, "1 or more"),
    ({"MONOPOLY_SHARD_COUNT": "2", "MONOPOLY_SHARD_IDS": "2"}, "from 0 to 1"),
    ({"MONOPOLY_SHARD_COUNT": "4", "MONOPOLY_SHARD_IDS": "0,0"}, "distinct"),
    ({"MONOPOLY_SHARD_COUNT": "4", "MONOPOLY_SHARD_IDS": "a"}, "like 0,1 or 0-3"),
    # A range far past the count is refused before it is listed (no 10^11 ids in memory).
    ({"MONOPOLY_SHARD_COUNT": "4", "MONOPOLY_SHARD_IDS": "0-99999999999"}, "from 0 to 3"),
    ({"MONOPOLY_SHARD_COUNT": "²"}, "1 or more"),  # a digit to isdigit(), not to int()
    ({"MONOPOLY_SHARD_COUNT": "4", "MONOPOLY_SHARD_IDS": "٣"}, "like 0,1 or 0-3"),
    ({"MONOPOLY_DEV_GUILD_ID": "²"}, "must be a server id"),
    ({"MONOPOLY_DB": "postgresql://bot:pw@db:99999/monopoly"},
     "postgresql://bot:***@db:99999/monopoly has the port '99999': a port is a number from 1"),
    ({"MONOPOLY_DB": "postgresql://db:5432,db2:0/monopoly"}, "has the port '0'"),
    ({"MONOPOLY_DB": "postgresql://db/monopoly?port=70000"}, "has the port '70000'"),
    ({"MONOPOLY_DB": "postgresql://bot:pw@[::1/monopoly"}, "is not a valid URL"),
])
def test_bad_settings_say_what_to_set(env, words):
    with pytest.raises(SettingsError) as refused:
        settings(**env)
    assert words in str(refused.value)


def test_the_metrics_endpoint_is_off_by_default_and_local_when_on():
    assert (settings().metrics_port, settings().log_format) == (None, "text")
    chosen = settings(MONOPOLY_METRICS_PORT="9108")
    assert (chosen.metrics_port, chosen.metrics_host) == (9108, "127.0.0.1")
    wide = settings(MONOPOLY_METRICS_PORT=" 9108 ", MONOPOLY_METRICS_HOST="0.0.0.0")
    assert (wide.metrics_port, wide.metrics_host) == (9108, "0.0.0.0")
    assert settings(MONOPOLY_METRICS_PORT="9108", MONOPOLY_METRICS_HOST="::1").metrics_host \
        == "::1"
    assert settings(MONOPOLY_LOG_FORMAT="JSON").log_format == "json"


@pytest.mark.parametrize("env, words", [
    ({"MONOPOLY_METRICS_PORT": "http"}, "a port number from 1 to 65535, not 'http'"),
    ({"MONOPOLY_METRICS_PORT": "0"}, "from 1 to 65535"),
    ({"MONOPOLY_METRICS_PORT": "70000"}, "from 1 to 65535"),
    ({"MONOPOLY_METRICS_HOST": "0.0.0.0"}, "needs MONOPOLY_METRICS_PORT"),
    ({"MONOPOLY_METRICS_PORT": "9108", "MONOPOLY_METRICS_HOST": "http://x"},
     "an address to listen on"),
    ({"MONOPOLY_LOG_FORMAT": "xml"}, "MONOPOLY_LOG_FORMAT must be text or json, not 'xml'"),
])
def test_bad_metrics_and_log_settings_say_what_to_set(env, words):
    with pytest.raises(SettingsError) as refused:
        settings(**env)
    assert words in str(refused.value) and "\n" not in str(refused.value)
