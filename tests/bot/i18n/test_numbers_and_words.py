"""Numbers and words that must agree: the Bank's building cap (P3) is
the same range in the engine, the rules page, the command's option and its help, and the
command line's help, in both languages."""

from __future__ import annotations

import re

from bot.cli.main import build_parser
from bot.i18n import t
from cogs.commands.monopoly import MonopolyCog
from game_core.options import NO_BANK_BUILD_CAP, Options


def test_P3_the_bank_build_cap_reads_the_same_everywhere():
    assert Options(bank_build_cap=0).bank_build_cap == 0  # the lowest cap the engine takes
    assert NO_BANK_BUILD_CAP == 5  # and 5, its default, is no cap: the hotel as in the text
    [new] = [c for c in MonopolyCog.__cog_app_commands__ if c.name == "new"]
    option = next(p for p in new.parameters if p.name == "bank_build_cap")
    assert (option.min_value, option.max_value) == (0, NO_BANK_BUILD_CAP)
    texts = {
        "rules page, en": t("en", "rules.rule.P3"),
        "rules page, fr": t("fr", "rules.rule.P3"),
        "option help, en": t("en", "cmd.monopoly.new.option.bank_build_cap.description"),
        "option help, fr": t("fr", "cmd.monopoly.new.option.bank_build_cap.description"),
        "command line help": simulate_help(),
    }
    for where, text in texts.items():
        flat = " ".join(text.split())
        assert re.search(r"0 (to|à) 4|0\.\.4", flat), where  # a cap of 0 to 4 houses...
        assert re.search(r"\b5\b", flat), where  # ...and 5, the default, for the hotel
        assert "0-5" not in flat and "0..5" not in flat, where


def simulate_help() -> str:
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")
    return str(commands.choices["simulate"].format_help())  # type: ignore[union-attr]
