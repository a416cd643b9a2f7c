"""How the operators' metrics and log lines name a click: from a fixed list, never an id,
never text a custom_id carries that the bot didn't make."""

from __future__ import annotations

import pytest

from cogs.common.custom_ids import describe

NAMES = frozenset({"roll", "buy", "roll_on", "plan_buy", "sell", "mortgage"})


@pytest.mark.parametrize("custom_id, expected", [
    ("sm:b:12:3:4242:roll", ("button:roll", 12)),
    ("sm:b:12:3:4242:buy.on.1f", ("button:buy", 12)),  # shown while rolling on
    ("sm:b:12:3:4242:plan_buy.on", ("button:plan_buy", 12)),
    ("sm:b:12:3:4242:drop_table", ("button:other", 12)),  # not a control the bot shows
    ("sm:s:7:0:4242:sell", ("menu:sell", 7)),
    ("sm:s:7:0:4242:sell=12.on", ("menu:sell", 7)),
    ("sm:again:9:4242", ("play_again", 9)),
    ("sm:hint:9:4:4242", ("hint", 9)),
    ("sm:rs:9:4242:yes", ("resign", 9)),
    ("sm:money:9", ("money_map", 9)),
    ("sm:pg:leaderboard:123456789:en:2:n", ("page", None)),
    ("sm:x:abc123:confirm", ("prompt", None)),
    ("sm:b:99999999999999999999:0:1:roll", ("button:roll", None)),  # past 64 bits: no game
    ("something else", ("other", None)),
    ("sm:b:1:0:1:" + "r" * 200, ("other", None)),  # longer than Discord allows
])
def test_a_click_is_named_by_its_kind_and_game_never_by_an_id(custom_id, expected):
    assert describe(custom_id, NAMES) == expected
