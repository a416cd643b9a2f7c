"""The README's command table is the bot's (issue 22): every `/monopoly` command and option
it lists is one the bot registers, and every command the bot registers is listed."""

from __future__ import annotations

import re
from pathlib import Path

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def table_commands() -> dict[str, list[str]]:
    """Command name -> the options its row names, from the table under "## Commands"."""
    section = README.split("## Commands", 1)[1].split("\n## ", 1)[0]
    table = section.split("| Command | What it does |", 1)[1].split("\n\n", 1)[0]
    commands: dict[str, list[str]] = {}
    for row in table.splitlines()[2:]:
        first = row.split("|")[1]
        for usage in re.findall(r"`([^`]+)`", first):
            name, *options = usage.split()
            commands[name] = [o.strip("[]") for o in options]
    return commands


async def test_the_readme_command_table_is_the_bots_command_tree(world):
    [group] = [c for c in world.env.bot.tree.get_commands() if c.name == "monopoly"]
    registered = {c.name: [p.name for p in c.parameters] for c in group.commands}
    listed = table_commands()
    assert set(listed) == set(registered), (set(listed) ^ set(registered))
    for name, options in listed.items():
        assert options == registered[name], name  # the same options, in the same order
