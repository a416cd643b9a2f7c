"""Every example the README shows is run: each `solo-monopoly` command line, as an
admin would paste it, against a real database; each `make` target it names; the settings it
names are the ones the bot reads. (The slash-command table is checked against the bot's own
command tree in tests/cogs/commands/test_readme_commands.py.)

The examples are read from README.md itself, so an example added there is run here. Three
substitutions, and only these, make them runnable in a test: the example PostgreSQL URL
becomes the test's own server's, and the simulator's 20,000 games and 1,000,000 rolls become
200 and 20,000 (the same command, a shorter run).
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

from bot.application.service import GameService
from game_core import Roll

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
EXAMPLE_URL = "postgresql://monopoly:change-me@db-host/monopoly"
SHORTER = {"--games 20000": "--games 200", "--rolls 1000000": "--rolls 20000"}


def command_examples() -> list[str]:
    """Code-block lines and code spans that are a whole `solo-monopoly` command line: one
    to paste (`.venv/bin/solo-monopoly verify-db`), or one with its arguments
    (`solo-monopoly simulate --compare ...`), not a mention (`solo-monopoly backup`)."""
    blocks = re.findall(r"```sh\n(.*?)```", README, re.DOTALL)
    lines = [line.split("#")[0].strip() for block in blocks for line in block.splitlines()]
    spans = re.findall(r"`([^`\n]+)`", README)
    return [text for text in [*lines, *spans]
            if re.match(r"\.venv/bin/solo-monopoly [a-z-]+|solo-monopoly [a-z-]+ \S", text)]


def test_the_readme_shows_command_line_examples():
    examples = command_examples()
    assert any("migrate-db" in e for e in examples) and any("backup" in e for e in examples)
    assert any("verify-db" in e for e in examples) and any("simulate" in e for e in examples)
    assert any(e.endswith("solo-monopoly picture") for e in examples)


def test_every_solo_monopoly_example_in_the_readme_runs(tmp_path, postgres_url):
    """Each one, in the README's order, in a folder laid out as an install is."""
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    wrapper = bin_dir / "solo-monopoly"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m bot.cli "$@"\n')
    wrapper.chmod(0o755)

    async def games() -> None:  # the bot's own file, where MONOPOLY_DB's default points,
        for name, user in (("monopoly", 1), ("terminal", 0)):  # and the terminal's (`picture`)
            service = await GameService.open(tmp_path / "data" / f"{name}.sqlite3")
            try:
                record = await service.start(user, None, None, seed=3)
                await service.act(record.id, user, 0, Roll())
            finally:
                await service.close()

    asyncio.run(games())
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "PYTHONPATH": str(REPO), "HOME": str(tmp_path)}
    for example in command_examples():
        line = example.replace(EXAMPLE_URL, postgres_url)
        for long, short in SHORTER.items():
            line = line.replace(long, short)
        done = subprocess.run(["bash", "-c", line], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, f"{example}\n{done.stdout}{done.stderr}"
        assert "Traceback" not in done.stderr, example
    pictures = tmp_path / "data" / "pictures" / "game-1"  # where the README says `picture` writes
    assert {"board.png", "recap.png", "money-map.png"} <= {p.name for p in pictures.iterdir()}


def test_every_make_target_the_readme_names_exists():
    targets = set(re.findall(r"\bmake ([a-z][a-z-]*[a-z])\b", README))
    assert {"run", "test", "play", "bench"} <= targets
    for target in targets:
        done = subprocess.run(["make", "-n", target], cwd=REPO, capture_output=True, text=True)
        assert done.returncode == 0, f"make {target}: {done.stderr}"


def test_every_setting_the_readme_names_is_one_the_bot_reads():
    named = set(re.findall(r"\b(MONOPOLY_[A-Z_]+|DISCORD_TOKEN)\b", README))
    source = (REPO / "bot" / "hosting" / "settings.py").read_text(encoding="utf-8")
    example = (REPO / ".env.example").read_text(encoding="utf-8")
    for name in named:
        assert f'"{name}"' in source, f"{name}: the README names it, the bot never reads it"
        assert name in example, f"{name}: missing from .env.example"


def test_the_service_units_module_and_the_compose_build_exist():
    assert "ExecStart=/opt/solo-monopoly/.venv/bin/python -m bot" in README
    assert (REPO / "bot" / "__main__.py").is_file()  # `python -m bot`
    assert "build: ." in README and (REPO / "Dockerfile").is_file()
    assert os.access(REPO / ".ci" / "run", os.X_OK)


def test_the_quick_loop_the_readme_shows_leaves_out_slow_and_postgres_tests():
    """The README's command for a quick loop while working selects by the markers that
    tests/conftest.py and the slow tests set: it collects, and leaves out exactly those."""
    [quick] = re.findall(r'`(\.venv/bin/python -m pytest -m "[^"`]+"\s*)`',
                         README.replace("\n", " "))
    args = re.findall(r'"[^"]+"|\S+', quick)[3:]  # after `.venv/bin/python -m pytest`
    marker = args[args.index("-m") + 1].strip('"')
    assert marker == "not slow and not postgres"

    def collected(*more: str) -> set[str]:
        out = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                              "--collect-only", *more, "tests/bot/hosting"],
                             cwd=REPO, capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stdout + out.stderr
        return {line for line in out.stdout.splitlines() if "::" in line}

    quick_ids, every = collected("-m", marker), collected()
    left_out = every - quick_ids
    assert quick_ids and left_out == collected("-m", "slow or postgres")
    assert any("test_startup" in i for i in left_out)  # a slow one
    assert any("postgresql" in i for i in left_out)  # a backend-parametrised one


def test_the_readme_shows_command_output_as_the_code_prints_it():
    """An output the README quotes reads as the command prints it (the figures aside, which
    change with every text), and --help speaks to the reader, never of modules."""
    [quoted] = re.findall(r"`(commands: /monopoly [^`]+)`", README)
    shape = re.escape(quoted).replace(r"\.\.\.", ".*")
    shape = re.sub(r"\d(?:[\d,]*\d)?", r"\\d[\\d,]*", shape)
    done = subprocess.run([sys.executable, "-m", "bot.cli", "commands"], cwd=REPO,
                          capture_output=True, text=True, timeout=300)
    assert re.match(shape, done.stdout), (quoted, done.stdout)
    for command in ("", "simulate", "play", "picture", "verify-db", "backup", "migrate-db",
                    "commands"):
        shown = subprocess.run([sys.executable, "-m", "bot.cli", *command.split(), "--help"],
                               cwd=REPO, capture_output=True, text=True, timeout=60).stdout
        assert shown.startswith("usage: solo-monopoly"), shown
        assert not re.search(r"\b(bot|game_core|cogs)\.[a-z_]+|`", shown), (command, shown)
