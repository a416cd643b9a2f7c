"""`python -m bot` without a usable setting stops with one clear line, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def run_bot(tmp_path, **env: str) -> subprocess.CompletedProcess[str]:
    """The real entry point, in an empty folder (no .env) with only `env` set."""
    clean = {"PATH": os.environ.get("PATH", ""), **env}
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=clean,
                          capture_output=True, text=True, timeout=60, check=False)


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
