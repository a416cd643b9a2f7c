"""Discord's documented limits (bot.hosting.discord_limits, each cited there), on the command
tree the bot syncs and on hand-made payloads that break each one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.hosting.app import offline_commands
from bot.hosting.discord_limits import (
    COMMAND_BUDGET, COMMAND_SIZE, check_callback, check_commands, check_message, command_size,
    embed_length,
)
from bot.i18n.languages import SPANISH, TRANSLATIONS

BEFORE = Path(__file__).parent.parent.parent / "fixtures" / "commands_too_large.json"


@pytest.fixture(scope="module")
def payload() -> list[dict]:
    import asyncio

    return asyncio.run(offline_commands())


def test_every_command_is_within_discords_limits_and_our_budget(payload):
    assert [c["name"] for c in payload] == ["monopoly", "monopoly-daily", "monopoly-admin"]
    assert check_commands(payload, limit=COMMAND_BUDGET) == []
    for command in payload:
        assert command_size(command) <= COMMAND_BUDGET < COMMAND_SIZE, command["name"]


def test_each_language_alone_is_within_our_budget(payload):
    """The size counts each field's longest text, whatever its language: no language may
    be the one that pushes a command over (Spanish, the latest, checked by name)."""
    for lang in TRANSLATIONS:
        alone = [_only(command, set(lang.discord_locales)) for command in payload]
        assert check_commands(alone, limit=COMMAND_BUDGET) == [], lang.code
        assert all(command_size(c) <= COMMAND_BUDGET for c in alone), lang.code
    assert SPANISH in TRANSLATIONS


def _only(node, locales):
    """`node` with its localizations for `locales` only."""
    if isinstance(node, list):
        return [_only(item, locales) for item in node]
    if not isinstance(node, dict):
        return node
    return {key: ({loc: text for loc, text in value.items() if loc in locales}
                  if key.endswith("_localizations") and value else _only(value, locales))
            for key, value in node.items()}


def test_every_command_and_option_is_in_every_language(payload):
    """English by default, and each other language's Discord locales (fr, es-ES, es-419...)
    localized."""
    locales = {tag for lang in TRANSLATIONS for tag in lang.discord_locales}

    def walk(node, where):
        for key in ("name", "description"):
            assert locales <= set(node.get(f"{key}_localizations") or {}), f"{where} {key}"
        for choice in node.get("choices") or ():
            assert locales <= set(choice.get("name_localizations") or {}), f"{where} {choice}"
        for option in node.get("options") or ():
            walk(option, f"{where} {option['name']}")

    for command in payload:
        walk(command, command["name"])


def test_the_tree_discord_refused_is_4333_characters_counted_its_way():
    """The /monopoly the landed bot synced: Discord counts the longest localization of each
    field (French here) and refuses it; 3,837 of it is English alone."""
    before = json.loads(BEFORE.read_text())
    monopoly = next(c for c in before if c["name"] == "monopoly")
    assert command_size(monopoly) == 4333

    def english(node):
        return {k: v for k, v in node.items() if not k.endswith("_localizations")} | {
            "options": [english(o) for o in node.get("options") or ()],
            "choices": [english(c) for c in node.get("choices") or ()]}

    assert command_size(english(monopoly)) == 3837
    assert check_commands(before) == [
        "/monopoly is 4,333 characters counted Discord's way (limit: 4,000)"]


def test_size_counts_name_description_values_and_the_longest_localization():
    command = {"name": "abc", "description": "short",
               "description_localizations": {"fr": "1234567890", "de": "12345678"},
               "options": [{"type": 3, "name": "pick", "description": "d",
                            "choices": [{"name": "One", "value": "1",
                                         "name_localizations": {"fr": "Une"}}]}]}
    assert command_size(command) == 3 + 10 + 4 + 1 + 3 + 1


def _command(**changes):
    command = {"type": 1, "name": "game", "description": "Play",
               "options": [{"type": 3, "name": "first", "description": "The first",
                            "required": True}]}
    command.update(changes)
    return command


@pytest.mark.parametrize("bad, limit", [
    (_command(name="Game"), "lowercase"),
    (_command(name="two words"), "lowercase"),
    (_command(name="x" * 33), "1,32"),
    (_command(description=""), "1-100"),
    (_command(description="x" * 101), "1-100"),
    (_command(description_localizations={"fr": "x" * 101}), "1-100"),
    (_command(name_localizations={"xx": "jeu"}), "Discord locale"),
    (_command(options=[{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]),
     "limit: 25"),
    (_command(options=[{"type": 3, "name": "a", "description": "d"},
                       {"type": 3, "name": "b", "description": "d", "required": True}]),
     "required options first"),
    (_command(options=[{"type": 3, "name": "a", "description": "d"},
                       {"type": 3, "name": "b", "description": "d",
                        "name_localizations": {"fr": "a"}}]), "unique names"),
    (_command(options=[{"type": 3, "name": "a", "description": "d",
                        "choices": [{"name": str(i), "value": str(i)} for i in range(26)]}]),
     "limit: 25"),
    (_command(options=[{"type": 3, "name": "a", "description": "d",
                        "choices": [{"name": "x" * 101, "value": "x"}]}]), "1-100"),
    (_command(options=[{"type": 3, "name": "a", "description": "x" * 100,
                        "choices": [{"name": "x" * 100, "value": "y" * 100}] * 25}]),
     "limit: 4,000"),
])
def test_a_command_over_a_limit_is_named_with_the_limit(bad, limit):
    problems = check_commands([bad])
    assert problems and limit in problems[0], problems


def test_french_names_with_accents_pass_and_commands_are_unique_and_at_most_100():
    assert check_commands([_command(name_localizations={"fr": "défi"})]) == []
    assert "unique" in check_commands([_command(), _command()])[0]
    many = [_command(name=f"c{i}") for i in range(101)]
    assert "limit: 100" in check_commands(many)[0]


def test_messages_over_discords_limits_are_named():
    embed = {"title": "t" * 257, "description": "d" * 4097, "footer": {"text": "f" * 2049},
             "author": {"name": "a" * 257},
             "fields": [{"name": "n", "value": "v" * 1025}] + [{"name": "n", "value": "v"}] * 25}
    problems = check_message({"content": "c" * 2001, "embeds": [embed] * 11,
                               "attachments": [{"id": i, "filename": f"{i}.png",
                                                "description": "x" * 1025} for i in range(11)]})
    text = "\n".join(problems)
    for limit in ("(limit: 2000)", "(limit: 10)", "(limit: 256)", "(limit: 4096)",
                  "(limit: 2048)", "(limit: 25)", "(limit: 1-1024)", "(limit: 6000)",
                  "(limit: 1024)"):
        assert limit in text, limit
    assert embed_length({"title": "ab", "fields": [{"name": "c", "value": "de"}]}) == 5


def test_components_over_discords_limits_are_named():
    button = {"type": 2, "style": 1, "label": "x" * 81, "custom_id": "same"}
    select = {"type": 3, "custom_id": "y" * 101, "placeholder": "p" * 151,
              "options": [{"label": "l", "value": str(i)} for i in range(26)]}
    rows = [{"type": 1, "components": [button] * 6}, {"type": 1, "components": [select]}]
    rows += [{"type": 1, "components": [{"type": 2, "style": 5, "url": "https://x", "label": "l"}]}
             ] * 4
    text = "\n".join(check_message({"components": rows}))
    for limit in ("6 component rows (limit: 5)", "6 components (limit: 5", "(limit: 80)",
                  "(limit: 1-100)", "(limit: 150)", "(limit: 1-25)", "unique"):
        assert limit in text, limit


def test_an_autocomplete_answer_has_at_most_25_choices_of_at_most_100():
    choices = [{"name": "x" * 101, "value": "v"}] * 26
    text = "\n".join(check_callback({"type": 8, "data": {"choices": choices}}))
    assert "26 autocomplete choices (limit: 25)" in text and "(limit: 1-100)" in text
    assert check_callback({"type": 4, "data": {"content": "fine"}}) == []
