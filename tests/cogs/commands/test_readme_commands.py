"""The README's command tables are the bot's: every `/monopoly` and
`/monopoly-daily` command and option they list is one the bot registers, and every command the
bot registers is listed; so are the sizes the README quotes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.hosting.discord_limits import sizes

README = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")


def table_commands(header: str = "| Command | What it does |") -> dict[str, list[str]]:
    """Command name -> the options its row names, from a table under "## Commands"."""
    section = README.split("## Commands", 1)[1].split("\n## ", 1)[0]
    table = section.split(header, 1)[1].split("\n\n", 1)[0]
    commands: dict[str, list[str]] = {}
    for row in table.splitlines()[2:]:
        first = row.split("|")[1]
        for usage in re.findall(r"`([^`]+)`", first):
            name, *options = usage.split()
            commands[name] = [o.strip("[]") for o in options]
    return commands


@pytest.mark.parametrize("group, header", [("monopoly", "| Command | What it does |"),
                                           ("monopoly-daily", "| Daily command | What it does |")])
async def test_the_readme_command_table_is_the_bots_command_tree(world, group, header):
    [found] = [c for c in world.env.bot.tree.get_commands() if c.name == group]
    registered = {c.name: [p.name for p in c.parameters] for c in found.commands}
    listed = table_commands(header)
    assert set(listed) == set(registered), (set(listed) ^ set(registered))
    for name, options in listed.items():
        assert options == registered[name], name  # the same options, in the same order


async def test_the_sizes_the_readme_quotes_are_the_commands_sizes(world):
    payload = await world.env.bot.command_payload()
    for name, size in sizes(payload):
        row = next(line for line in README.splitlines() if line.startswith(f"| `/{name}` |"))
        assert row.split("|")[3].strip() == f"{size:,}", (name, row)
