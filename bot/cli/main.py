"""`solo-monopoly`: the command line. `simulate` runs the engine's simulator; `play` plays a
game in the terminal through the same service as the bot; `verify-db` and `backup` are the
admin's (bot.cli.admin)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from game_core import GameError
from game_core.presets import PRESETS, preset_options
from game_core.simulate import compare, landings, simulate, wilson_interval
from game_core.strategies import STRATEGIES

from bot.errors import ServiceError

SQUARE_LABELS = (
    "GO", "Mediterranean", "Community Chest", "Baltic", "Income Tax", "Reading RR",
    "Oriental", "Chance", "Vermont", "Connecticut", "Just Visiting", "St. Charles",
    "Electric Co.", "States", "Virginia", "Pennsylvania RR", "St. James", "Community Chest",
    "Tennessee", "New York", "Free Parking", "Kentucky", "Chance", "Indiana", "Illinois",
    "B. & O. RR", "Atlantic", "Ventnor", "Water Works", "Marvin Gardens", "Go to Jail",
    "Pacific", "North Carolina", "Community Chest", "Pennsylvania Ave", "Short Line", "Chance",
    "Park Place", "Luxury Tax", "Boardwalk", "In Jail",
)


def _rule(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"a rule is KEY=VALUE, not {text!r}")
    return key.strip(), value.strip()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="solo-monopoly", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play many seeded games and print what happened")
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--strategy", choices=sorted(STRATEGIES), default="always-buy")
    sim.add_argument("--rule", type=_rule, action="append", default=[], metavar="KEY=VALUE",
                     help="house rule: doubles=standard, treasury=N, bank_pawns=N, start_cash=N,"
                          " bank_build_cap=0..5")
    sim.add_argument("--landings", action="store_true",
                     help="print the share of rolls ending on each square instead")
    sim.add_argument("--rolls", type=int, default=1_000_000, help="rolls for --landings")
    sim.add_argument("--compare", action="store_true",
                     help="every strategy on the same games: win rates with 95%% intervals")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    verify = sub.add_parser("verify-db", help="replay every stored game and list the damaged "
                            "(exit status 1 if any)")
    verify.add_argument("--db", default=None,
                        help="SQLite file or postgresql:// URL (default: the bot's)")
    saving = sub.add_parser("backup", help="copy the database to DEST, also while the bot runs")
    saving.add_argument("dest", help="the new file (must not exist)")
    saving.add_argument("--db", default=None, help="SQLite file (default: the bot's)")
    moving = sub.add_parser("migrate-db", help="copy every game from one database to another "
                            "(SQLite file or postgresql:// URL) and verify each copy")
    moving.add_argument("source", help="the database to copy: a SQLite file or a URL")
    moving.add_argument("dest", help="the empty database to copy into: a URL or a new file")
    play = sub.add_parser("play", help="play a game in the terminal (no Discord needed)")
    play.add_argument("--db", default=None,
                        help="SQLite file or postgresql:// URL (default: the bot's)")
    play.add_argument("--user", type=int, default=0, help="player id for the saved game")
    play.add_argument("--locale", default="en", choices=["en", "fr"])
    play.add_argument("--edition", default="us", choices=["us", "uk", "fr"])
    play.add_argument("--rule", type=_rule, action="append", default=[], metavar="KEY=VALUE",
                      help="house rule for a new game, as for simulate (e.g. bank_build_cap=2)")
    play.add_argument("--preset", default="standard", choices=[p.name for p in PRESETS],
                      help="difficulty for a new game (house rules; --rule goes on top)")
    return parser


def run_simulate(args: argparse.Namespace) -> int:
    rules = dict(args.rule)
    if args.landings:
        doubles = rules.get("doubles", "off")
        shares = landings(args.rolls, args.seed, doubles)
        if args.json:
            print(json.dumps({"rolls": args.rolls, "doubles": doubles, "landings": shares}))
            return 0
        print(f"{args.rolls:,} rolls, doubles={doubles}: share of rolls ending on each square")
        for i, share in enumerate(shares):
            print(f"{i:>3} {SQUARE_LABELS[i]:<17} {share:7.3%}")
        return 0
    if args.compare:
        return print_comparison(args.games, args.seed, rules, args.json)
    report = simulate(args.games, args.seed, args.strategy, rules).to_dict()
    if args.json:
        print(json.dumps(report))
        return 0
    turns, score = report["turns"], report["score"]
    print(f"games            {report['games']:,} ({report['strategy']}, seed {args.seed})")
    print(f"win rate         {report['win_rate']:.2%} ({report['wins']:,} won)")
    for outcome, count in report["outcomes"].items():
        print(f"  {outcome:<22} {count:,}")
    print(f"turns per game   mean {turns['mean']}, median {turns['median']}, p90 {turns['p90']}")
    print(f"score of wins    mean {score['mean']:,}, max {score['max']:,}")
    print(f"rolls            {report['rolls']:,}")
    print(f"throughput       {report['turns_per_second']:,} turns/s")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return run_simulate(args)
        if args.command in ("verify-db", "backup"):
            from bot.cli.admin import db_path, run_backup, run_verify_db

            if args.command == "backup":
                return run_backup(db_path(args.db), Path(args.dest), print, _warn)
            return run_verify_db(db_path(args.db), print, _warn)
        if args.command == "migrate-db":
            from bot.cli.migrate_db import run_migrate_db
            from bot.hosting.settings import database_target

            return run_migrate_db(database_target(args.source), database_target(args.dest),
                                  print, _warn)
        from bot.cli.terminal import run_terminal

        return run_terminal(db=args.db, user_id=args.user, locale=args.locale,
                            edition=args.edition,
                            options=preset_options(args.preset, dict(args.rule)) or None)
    except (GameError, ServiceError) as exc:  # DatabaseTooNew, DatabaseReadOnly...
        print(f"solo-monopoly: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `solo-monopoly simulate | head`: the reader left, that's fine
        sys.stderr.close()
        return 0


def _warn(line: str) -> None:
    print(line, file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())


def print_comparison(games: int, seed: int, rules: dict[str, str], as_json: bool) -> int:
    """One row per strategy, best first: the same seeded games for all (a Markdown table)."""
    reports = sorted(compare(games, seed, options=rules), key=lambda r: -r.win_rate)
    rows = []
    for r in reports:
        low, high = wilson_interval(r.wins, r.games)
        d = r.to_dict()
        rows.append({"strategy": r.strategy, "games": r.games, "wins": r.wins,
                     "win_rate": d["win_rate"], "ci95": [round(low, 4), round(high, 4)],
                     "turns_mean": d["turns"]["mean"], "turns_median": d["turns"]["median"],
                     "score_mean": d["score"]["mean"]})
    if as_json:
        print(json.dumps({"games": games, "seed": seed, "strategies": rows}))
        return 0
    print(f"{games:,} games per strategy, the same seeds for each (seed {seed})")
    print()
    print("| Strategy | Wins | Win rate | 95% interval (Wilson) | Turns (mean / median) "
          "| Score of wins (mean) |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        low, high = row["ci95"]
        score = f"{row['score_mean']:,}" if row["wins"] else "-"
        print(f"| {row['strategy']} | {row['wins']:,} | {row['win_rate']:.2%} "
              f"| {low:.2%} - {high:.2%} | {row['turns_mean']} / {row['turns_median']} "
              f"| {score} |")
    return 0
