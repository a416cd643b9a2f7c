"""Settings from the environment and `.env` (git-ignored); `.env.example` lists them all."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DB_PATH = "./data/monopoly.sqlite3"


class SettingsError(Exception):
    """A setting is missing or malformed; the message says what to set."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str = field(repr=False)  # never shown in a log or a traceback
    db_path: Path = Path(DEFAULT_DB_PATH)
    dev_guild_id: int | None = None
    log_level: int = logging.INFO

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *, dotenv: bool = True,
                 require_token: bool = True) -> Settings:
        """Read DISCORD_TOKEN, MONOPOLY_DB, MONOPOLY_DEV_GUILD_ID, MONOPOLY_LOG_LEVEL."""
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
        if guild_text and not guild_text.isdigit():
            raise SettingsError(
                f"MONOPOLY_DEV_GUILD_ID must be a server id (digits), not {guild_text!r}")
        level_name = env.get("MONOPOLY_LOG_LEVEL", "INFO").strip().upper() or "INFO"
        level = logging.getLevelName(level_name)
        if not isinstance(level, int):
            raise SettingsError(
                f"MONOPOLY_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level_name!r}")
        return cls(
            token=token,
            db_path=Path(env.get("MONOPOLY_DB", "").strip() or DEFAULT_DB_PATH),
            dev_guild_id=int(guild_text) if guild_text else None,
            log_level=level,
        )
