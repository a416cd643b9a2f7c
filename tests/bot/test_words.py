"""Words a player reads (issue 24, the words half): no rule id outside /monopoly rules."""

from __future__ import annotations

import re

import pytest

from bot.i18n.catalog import MESSAGES

# A rule id of RULES.md (S1, T3, P3, M5, E2, H4, R1...), as a word of its own.
RULE_ID = re.compile(r"\b[EHMPRST][1-9]\b")

# The rules pages quote the ids on purpose (so a player can cite one): their keys, and the
# /monopoly rules command's own texts, are the only exceptions.
RULES_KEYS = ("rules.", "cmd.monopoly.rules.")

# Drawn by the pictures branch, which rewrites the recap's legend in plain words (issue 24);
# remove this once that branch is merged.
PICTURES_PENDING = {"picture.recap.worth"}


def rule_ids(text: str) -> list[str]:
    return RULE_ID.findall(text)


def test_the_rule_id_pattern_finds_ids_and_nothing_else():
    assert rule_ids("House rule for doubles (T3)") == ["T3"]
    assert rule_ids("(S3, default 20,580)") == ["S3"]
    assert rule_ids("Net worth (E2)") == ["E2"]
    assert rule_ids("Daily #327 · 2026-11-23 · Turn 12 · PS5 · 1 500 Cr") == []


@pytest.mark.parametrize("locale", sorted(MESSAGES))
def test_no_rule_id_in_any_catalog_text_but_the_rules_pages(locale):
    leaks = {key: rule_ids(text) for key, text in MESSAGES[locale].items()
             if not key.startswith(RULES_KEYS) and key not in PICTURES_PENDING
             and rule_ids(text)}
    assert leaks == {}
