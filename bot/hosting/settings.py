"""Settings from the environment and `.env` (git-ignored); `.env.example` lists them all."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot.storage.targets import is_postgres_url, postgres_url_problem, redact_url

DEFAULT_DB_PATH = "./data/monopoly.sqlite3"
DEFAULT_METRICS_HOST = "127.0.0.1"
# The redirect Discord's Activity guide registers under OAuth2 > Redirects: the SDK's code
# never travels through it, but the token exchange names it.
DEFAULT_REDIRECT_URI = "https://127.0.0.1"
LOG_FORMATS = ("text", "json")


class SettingsError(Exception):
    """A setting is missing or malformed; the message says what to set."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str = field(repr=False)  # never shown in a log or a traceback
    db_path: Path = Path(DEFAULT_DB_PATH)
    db_url: str | None = field(default=None, repr=False)  # PostgreSQL; may hold a password
    dev_guild_id: int | None = None
    log_level: int = logging.INFO
    # Sharding (Discord requires it past 2,500 servers). None: discord.py decides how many
    # shards and this one process runs them all. Several processes over one PostgreSQL
    # database each run some of `shard_count` shards, named by `shard_ids`.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    # Operators' endpoint (bot.hosting.observability): /metrics, /healthz, /readyz. None:
    # off; 0 (tests): a free port, logged.
    metrics_port: int | None = None
    metrics_host: str = DEFAULT_METRICS_HOST
    log_format: str = "text"  # or "json": one JSON object a line
    # The Activity (the board in Discord; cogs/activity): its web server's port (None: off,
    # no launch button; 0 in tests: a free port, logged) and address, the OAuth2 client
    # secret its token exchange needs (never logged: the log's redaction learns it) and the
    # redirect URI registered in the portal.
    activity_port: int | None = None
    activity_host: str = DEFAULT_METRICS_HOST
    client_secret: str = field(default="", repr=False)
    redirect_uri: str = DEFAULT_REDIRECT_URI

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *, dotenv: bool = True,
                 require_token: bool = True) -> Settings:
        """Read DISCORD_TOKEN, MONOPOLY_DB, MONOPOLY_DEV_GUILD_ID, MONOPOLY_LOG_LEVEL,
        MONOPOLY_SHARD_COUNT, MONOPOLY_SHARD_IDS, MONOPOLY_METRICS_PORT,
        MONOPOLY_METRICS_HOST, MONOPOLY_LOG_FORMAT."""
        if env is None:
            if dotenv:
                from dotenv import find_dotenv, load_dotenv

                # The .env of the folder the bot is started from (where `make run` runs),
                # not one found by walking up from the installed package; the real
                # environment wins over it.
                load_dotenv(find_dotenv(usecwd=True), override=False)
            env = os.environ
        token = env.get("DISCORD_TOKEN", "").strip()
        if require_token and not token:
            raise SettingsError(
                "DISCORD_TOKEN is not set: copy .env.example to .env and paste your bot's token "
                "there (Discord developer portal > your application > Bot > Reset Token); "
                "to play without Discord, run `make play`.")
        guild_text = env.get("MONOPOLY_DEV_GUILD_ID", "").strip()
        if guild_text and not (guild_text.isascii() and guild_text.isdigit()):
            raise SettingsError(
                f"MONOPOLY_DEV_GUILD_ID must be a server id (digits), not {guild_text!r}")
        level_name = env.get("MONOPOLY_LOG_LEVEL", "INFO").strip().upper() or "INFO"
        level = logging.getLevelName(level_name)
        if not isinstance(level, int):
            raise SettingsError(
                f"MONOPOLY_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level_name!r}")
        database = env.get("MONOPOLY_DB", "").strip() or DEFAULT_DB_PATH
        database_target(database)  # a URL of any other kind is refused here
        shard_count, shard_ids = _shards(env.get("MONOPOLY_SHARD_COUNT", "").strip(),
                                         env.get("MONOPOLY_SHARD_IDS", "").strip())
        metrics_port, metrics_host = _metrics(env.get("MONOPOLY_METRICS_PORT", "").strip(),
                                              env.get("MONOPOLY_METRICS_HOST", "").strip())
        activity_port, activity_host = _activity(env)
        log_format = env.get("MONOPOLY_LOG_FORMAT", "").strip().lower() or "text"
        if log_format not in LOG_FORMATS:
            raise SettingsError(f"MONOPOLY_LOG_FORMAT must be text or json, not {log_format!r}")
        return cls(
            token=token,
            db_path=Path(DEFAULT_DB_PATH if is_postgres_url(database) else database),
            db_url=database if is_postgres_url(database) else None,
            dev_guild_id=int(guild_text) if guild_text else None,
            log_level=level,
            shard_count=shard_count,
            shard_ids=shard_ids,
            metrics_port=metrics_port,
            metrics_host=metrics_host,
            log_format=log_format,
            activity_port=activity_port,
            activity_host=activity_host,
            client_secret=env.get("DISCORD_CLIENT_SECRET", "").strip(),
            redirect_uri=env.get("MONOPOLY_ACTIVITY_REDIRECT_URI", "").strip()
            or DEFAULT_REDIRECT_URI,
        )

    @property
    def database(self) -> str | Path:
        """What GameService.open takes: the PostgreSQL URL if one is set, else the file."""
        return self.db_url if self.db_url is not None else self.db_path

    @property
    def database_name(self) -> str:
        """The database for a log line: a URL without its password."""
        return redact_url(self.db_url) if self.db_url is not None else str(self.db_path)


def _digits(text: str) -> bool:
    """ASCII digits only: "²" and "٣" are digits to str.isdigit() but not to int()."""
    return text.isascii() and text.isdigit()


def _shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    """MONOPOLY_SHARD_COUNT ("4") and MONOPOLY_SHARD_IDS ("0,1" or "0-1"), checked."""
    if not count_text:
        if ids_text:
            raise SettingsError("MONOPOLY_SHARD_IDS needs MONOPOLY_SHARD_COUNT: the total "
                                "number of shards of all the bot's processes together")
        return None, None
    if not _digits(count_text) or int(count_text) < 1:
        raise SettingsError(f"MONOPOLY_SHARD_COUNT must be a whole number of shards, 1 or "
                            f"more, not {count_text!r}")
    count = int(count_text)
    if not ids_text:
        return count, None  # this one process runs them all
    ids: list[int] = []
    for part in ids_text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not _digits(first) or (dash and not _digits(last)):
            raise SettingsError(f"MONOPOLY_SHARD_IDS must list shard ids like 0,1 or 0-3, "
                                f"not {ids_text!r}")
        if int(last if dash else first) >= count:  # before listing a range: 0-99999999999
            ids = []
            break
        ids.extend(range(int(first), int(last if dash else first) + 1))
    if not ids or max(ids) >= count or len(set(ids)) != len(ids):
        raise SettingsError(f"MONOPOLY_SHARD_IDS must name distinct shards from 0 to "
                            f"{count - 1} (MONOPOLY_SHARD_COUNT is {count}), not {ids_text!r}")
    return count, tuple(sorted(ids))


def _metrics(port_text: str, host_text: str) -> tuple[int | None, str]:
    """MONOPOLY_METRICS_PORT ("9108") and MONOPOLY_METRICS_HOST ("127.0.0.1"), checked."""
    host = host_text or DEFAULT_METRICS_HOST
    if not port_text:
        if host_text:
            raise SettingsError("MONOPOLY_METRICS_HOST needs MONOPOLY_METRICS_PORT: the port "
                                "to serve the metrics and health checks on")
        return None, host
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise SettingsError(f"MONOPOLY_METRICS_PORT must be a port number from 1 to 65535, "
                            f"not {port_text!r}")
    if any(c.isspace() or c in "/:@" for c in host) and not _is_ipv6(host):
        raise SettingsError(f"MONOPOLY_METRICS_HOST must be an address to listen on, like "
                            f"127.0.0.1 or 0.0.0.0, not {host_text!r}")
    return int(port_text), host


def _activity(env: Mapping[str, str]) -> tuple[int | None, str]:
    """MONOPOLY_ACTIVITY_PORT and MONOPOLY_ACTIVITY_HOST, checked; the port needs
    DISCORD_CLIENT_SECRET (the page's token exchange can't work without it)."""
    port_text = env.get("MONOPOLY_ACTIVITY_PORT", "").strip()
    host_text = env.get("MONOPOLY_ACTIVITY_HOST", "").strip()
    host = host_text or DEFAULT_METRICS_HOST
    if not port_text:
        if host_text:
            raise SettingsError("MONOPOLY_ACTIVITY_HOST needs MONOPOLY_ACTIVITY_PORT: the port "
                                "to serve the Activity (the board in Discord) on")
        return None, host
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise SettingsError(f"MONOPOLY_ACTIVITY_PORT must be a port number from 1 to 65535, "
                            f"not {port_text!r}")
    if any(c.isspace() or c in "/:@" for c in host) and not _is_ipv6(host):
        raise SettingsError(f"MONOPOLY_ACTIVITY_HOST must be an address to listen on, like "
                            f"127.0.0.1 or 0.0.0.0, not {host_text!r}")
    if not env.get("DISCORD_CLIENT_SECRET", "").strip():
        raise SettingsError("MONOPOLY_ACTIVITY_PORT needs DISCORD_CLIENT_SECRET: the developer "
                            "portal > your application > OAuth2 > Client Secret (README: The "
                            "board in Discord)")
    return int(port_text), host


def _is_ipv6(text: str) -> bool:
    import ipaddress

    try:
        return ipaddress.ip_address(text).version == 6
    except ValueError:
        return False


def database_target(arg: str | None = None,
                    env: Mapping[str, str] | None = None) -> str | Path:
    """The database a command works on: `arg` (its --db), else MONOPOLY_DB, else the bot's
    default file. A postgresql:// URL stays a string; anything else is a file path."""
    env = os.environ if env is None else env
    text = (arg or "").strip() or env.get("MONOPOLY_DB", "").strip() or DEFAULT_DB_PATH
    if is_postgres_url(text):
        problem = postgres_url_problem(text)
        if problem is not None:
            raise SettingsError(f"the database URL {redact_url(text)} {problem}")
        return text
    if "://" in text:  # mysql://..., sqlite://...: not a path to make folders and a file at
        raise SettingsError(f"{redact_url(text)} is not a database this bot can use: give a "
                            f"SQLite file path or a postgresql:// URL")
    return Path(text)
