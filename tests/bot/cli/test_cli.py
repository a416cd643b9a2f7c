"""The `solo-monopoly simulate` command: figures as text or as one JSON object."""

import io
import json
import re

import pytest

from bot.cli.main import main


def test_simulate_json_has_the_documented_keys(capsys):
    assert main(["simulate", "--games", "30", "--seed", "3", "--strategy", "reserve",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("games", "wins", "win_rate", "turns", "rolls", "turns_per_second"):
        assert key in report
    assert report["games"] == 30 and sum(report["outcomes"].values()) == 30
    assert report["turns"]["median"] > 0 and report["rolls"] > 0


def test_simulate_is_deterministic_from_its_seed(capsys):
    main(["simulate", "--games", "10", "--seed", "5", "--json"])
    first = json.loads(capsys.readouterr().out)
    main(["simulate", "--games", "10", "--seed", "5", "--json"])
    second = json.loads(capsys.readouterr().out)
    for key in ("wins", "outcomes", "turns", "rolls", "score"):
        assert first[key] == second[key]


def test_landings_are_41_shares_with_in_jail_apart(capsys):
    assert main(["simulate", "--landings", "--rolls", "20000", "--json"]) == 0
    shares = json.loads(capsys.readouterr().out)["landings"]
    assert len(shares) == 41 and sum(shares) == pytest.approx(1.0)
    assert shares[30] == 0.0  # P6: Go to Jail sends the pawn on: nobody ends a move there
    assert shares[40] > shares[10] > 0  # In Jail apart from Just Visiting


def test_text_output_and_house_rules(capsys):
    assert main(["simulate", "--games", "5", "--rule", "doubles=standard",
                 "--rule", "treasury=5000"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "turns per game" in out


def test_a_bad_rule_gets_a_clear_error(capsys):
    assert main(["simulate", "--games", "1", "--rule", "auctions=on"]) == 2
    assert "unknown rule option 'auctions'" in capsys.readouterr().err


def test_compare_prints_every_strategy_with_its_95_percent_interval(capsys):
    assert main(["simulate", "--compare", "--games", "20", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "95% interval (Wilson)" in out
    for name in ("always-buy", "reserve", "never-buy", "random", "focus"):
        assert f"| {name} |" in out


def test_compare_json_gives_each_strategy_its_interval(capsys):
    assert main(["simulate", "--compare", "--games", "10", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["strategies"]
    assert len(rows) == 5
    for row in rows:
        low, high = row["ci95"]
        assert low <= row["win_rate"] <= high


def test_play_with_a_preset_and_a_rule_on_top_starts_that_game(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    db = tmp_path / "cli.sqlite3"
    assert main(["play", "--db", str(db), "--preset", "beginner",
                 "--rule", "bank_build_cap=1"]) == 0
    out = capsys.readouterr().out
    assert ("House rules: start cash $1,500, the Bank builds at most 1 house. This "
            "game doesn't count on the leaderboard.") in out


def test_commands_prints_each_commands_size_counted_discords_way(capsys):
    """Built offline (no token, no database), each top-level command's size with
    the longest localization of each field, against Discord's 4,000 and our 3,000."""
    assert main(["commands"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    [line] = out.splitlines()
    assert re.fullmatch(r"commands: /monopoly [\d,]+ of 4,000, /monopoly-daily [\d,]+ of 4,000, "
                        r"/monopoly-admin [\d,]+ of 4,000 \(our budget: 3,000 each\)", line), line
    assert all(int(size.replace(",", "")) <= 3000
               for size in re.findall(r"/[a-z-]+ ([\d,]+) of", line))
