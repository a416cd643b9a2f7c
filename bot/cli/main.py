"""`solo-monopoly`: the command line. `simulate` runs the engine's simulator; `play` plays a
game in the terminal through the same service as the bot, and `picture` writes a game's
pictures as PNG files; `verify-db` and `backup` are the admin's (bot.cli.admin)."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from game_core import GameError
from game_core.options import Options
from game_core.presets import PRESETS, preset_options
from game_core.simulate import compare, landings, simulate, wilson_interval
from game_core.strategies import STRATEGIES

from bot.application.checks import MAX_INT
from bot.errors import DatabaseUnavailable, ServiceError, WordedRefusal
from bot.hosting.settings import SettingsError, database_target
from bot.i18n import LOCALES, edition_for
from bot.i18n.languages import SOURCE
from bot.storage.targets import redact_url

SQUARE_LABELS = (
    "GO", "Mediterranean", "Community Chest", "Baltic", "Income Tax", "Reading RR",
    "Oriental", "Chance", "Vermont", "Connecticut", "Just Visiting", "St. Charles",
    "Electric Co.", "States", "Virginia", "Pennsylvania RR", "St. James", "Community Chest",
    "Tennessee", "New York", "Free Parking", "Kentucky", "Chance", "Indiana", "Illinois",
    "B. & O. RR", "Atlantic", "Ventnor", "Water Works", "Marvin Gardens", "Go to Jail",
    "Pacific", "North Carolina", "Community Chest", "Pennsylvania Ave", "Short Line", "Chance",
    "Park Place", "Luxury Tax", "Boardwalk", "In Jail",
)


# --help's words, for the player and the admin (the module's docstring is the developer's)
DESCRIPTION = ("Solo Monopoly without Discord: play a game in the terminal (play) and write "
               "its pictures (picture), run the simulator (simulate), and the admin's tools "
               "(verify-db, backup, migrate-db, commands).")


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line (and exit status 2), not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


# simulate's largest runs (each a few minutes at most, not a run that never ends):
MAX_GAMES = 100_000  # per strategy (--compare plays each of them)
MAX_ROLLS = 10_000_000
DEFAULT_ROLLS = 1_000_000


def _count(text: str, most: int) -> int:
    """--games, --rolls: a whole number, from 1 to `most`."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"it must be 1 or more, not {value}")
    if value > most:
        raise argparse.ArgumentTypeError(f"it must be {most:,} at most, not {value:,}")
    return value


def _games(text: str) -> int:
    return _count(text, MAX_GAMES)


def _rolls(text: str) -> int:
    return _count(text, MAX_ROLLS)


def _whole(text: str) -> int:
    """--seed, --user: a whole number from 0 to 2^63 - 1 (what the database holds)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value <= MAX_INT:
        raise argparse.ArgumentTypeError(f"it must be from 0 to {MAX_INT}, not {value}")
    return value


def _database(text: str) -> str:
    """A SQLite file or a postgresql:// URL; any other URL is refused here, before anything
    is made (a mysql:// "path" would otherwise become folders and a new SQLite file)."""
    try:
        target = database_target(text)
    except SettingsError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if isinstance(target, Path) and target.is_dir():  # else SQLite's "unable to open", and
        # aiosqlite's thread answering a closed event loop with a traceback
        raise argparse.ArgumentTypeError(
            f"{text} is a folder, not a database file: give the file's path, e.g. "
            f"{target / 'games.sqlite3'}")
    return text


def _backup_file(text: str) -> str:
    """backup's DEST: the new SQLite file's path. Not a URL (it would become folders named
    after it, as migrate-db's did), not a folder (a path ending in / would become a file
    named as the folder)."""
    if "://" in text:
        raise argparse.ArgumentTypeError(
            f"{redact_url(text)} is a URL: backup writes a SQLite file, give its path (to "
            "copy into PostgreSQL, use migrate-db)")
    if text.endswith(("/", os.sep)) or Path(text).is_dir():
        raise argparse.ArgumentTypeError(
            f"{text} is a folder: give the new file's name in it, e.g. "
            f"{Path(text) / 'monopoly-backup.sqlite3'}")
    return text


def _game_id(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError("a game's number is 1 or more")
    return value


def _rule(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"a rule is KEY=VALUE, not {text!r}")
    return key.strip(), value.strip()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="solo-monopoly", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = sub.add_parser("simulate", help="play many seeded games and print what happened")
    sim.add_argument("--games", type=_games, default=1000,
                     help=f"how many games (at most {MAX_GAMES:,})")
    sim.add_argument("--seed", type=_whole, default=1)
    sim.add_argument("--strategy", choices=sorted(STRATEGIES), default="always-buy")
    sim.add_argument("--rule", type=_rule, action="append", default=[], metavar="KEY=VALUE",
                     help="house rule: doubles=standard, treasury=N, bank_pawns=N, start_cash=N,"
                          " bank_build_cap=0..4 (5, the default: the Bank builds its hotel too)")
    sim.add_argument("--landings", action="store_true",
                     help="print the share of rolls ending on each square instead")
    sim.add_argument("--rolls", type=_rolls, default=None,
                     help=f"rolls for --landings (default 1,000,000, at most {MAX_ROLLS:,})")
    sim.add_argument("--compare", action="store_true",
                     help="every strategy on the same games: win rates with 95%% intervals")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    verify = sub.add_parser("verify-db", help="replay every stored game and list the damaged "
                            "(exit status 1 if any)")
    verify.add_argument("--db", type=_database, default=None,
                        help="SQLite file or postgresql:// URL (default: the bot's)")
    saving = sub.add_parser("backup", help="copy the database to DEST, also while the bot runs")
    saving.add_argument("dest", type=_backup_file,
                        help="the new file (must not exist; its folder is made if needed)")
    saving.add_argument("--db", type=_database, default=None,
                        help="SQLite file (default: the bot's)")
    moving = sub.add_parser("migrate-db", help="copy every game from one database to another "
                            "(SQLite file or postgresql:// URL) and verify each copy")
    moving.add_argument("source", type=_database,
                        help="the database to copy: a SQLite file or a URL")
    moving.add_argument("dest", type=_database,
                        help="the empty database to copy into: a URL or a new file")
    sub.add_parser("commands", help="the size of each slash command as Discord counts it "
                   "(exit status 1 if one breaks a Discord limit or our budget)")
    play = sub.add_parser("play", help="play a game in the terminal (no Discord needed)")
    play.add_argument("--db", type=_database, default=None,
                      help="SQLite file or postgresql:// URL (default: the terminal's own "
                           "./data/terminal.sqlite3, never the bot's)")
    play.add_argument("--user", type=_whole, default=0, help="player id for the saved game")
    play.add_argument("--locale", default=SOURCE.code, choices=LOCALES)
    play.add_argument("--edition", default=None, choices=["us", "uk", "fr"],
                      help="the board (default: that of --locale's language, French for fr, "
                           "else US)")
    play.add_argument("--rule", type=_rule, action="append", default=[], metavar="KEY=VALUE",
                      help="house rule for a new game, as for simulate (e.g. bank_build_cap=2)")
    play.add_argument("--preset", default=None, choices=[p.name for p in PRESETS],
                      help="difficulty for a new game (house rules; --rule goes on top; "
                           "default: standard)")
    picture = sub.add_parser("picture", help="write a game's board, recap, money map and "
                             "record chart as PNG files (data/pictures/game-ID/)")
    picture.add_argument("game", nargs="?", type=_game_id, default=None,
                         help="the game's number (default: --user's latest game)")
    picture.add_argument("--db", type=_database, default=None,
                         help="SQLite file or postgresql:// URL (default: the terminal's, "
                              "as for play)")
    picture.add_argument("--user", type=_whole, default=0,
                         help="whose latest game, without a game number (default: 0, play's)")
    picture.add_argument("--locale", default=SOURCE.code, choices=LOCALES)
    picture.add_argument("--out", type=Path, default=None,
                         help="the folder they go in (default: data/pictures)")
    return parser


def run_simulate(args: argparse.Namespace) -> int:
    rules = dict(args.rule)
    if args.landings:
        doubles = rules.get("doubles", "off")
        rolls = args.rolls or DEFAULT_ROLLS
        shares = landings(rolls, args.seed, doubles)
        if args.json:
            print(json.dumps({"rolls": rolls, "doubles": doubles, "landings": shares}))
            return 0
        print(f"{rolls:,} rolls, doubles={doubles}: share of rolls ending on each square")
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
    """The command's exit status: 0 done; 1 verify-db or migrate-db found damaged games; 2
    it could not be done, said in one line on standard error (never a traceback)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    args.command_run = _command_run(sys.argv[1:] if argv is None else list(argv))
    if args.command == "simulate" and args.rolls is not None and not args.landings:
        parser.error("--rolls counts the rolls of --landings: add --landings (or, for "
                     "games, use --games)")
    try:
        return _run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `solo-monopoly simulate | head`: the reader left, that's fine
        sys.stderr.close()
        return 0
    except Exception as exc:  # noqa: BLE001 -- an admin's tool answers in one line
        _warn(f"solo-monopoly: {_in_words(exc, args)}")
        if os.environ.get("SOLO_MONOPOLY_TRACEBACK"):
            raise
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.command == "simulate":
        return run_simulate(args)
    if args.command in ("verify-db", "backup"):
        from bot.cli.admin import db_path, run_backup, run_verify_db

        if args.command == "backup":
            return run_backup(db_path(args.db), Path(args.dest), print, _warn)
        return run_verify_db(db_path(args.db), print, _warn)
    if args.command == "commands":
        from bot.cli.admin import run_commands

        return run_commands(print, _warn)
    if args.command == "migrate-db":
        from bot.cli.migrate_db import run_migrate_db

        return run_migrate_db(database_target(args.source), database_target(args.dest),
                              print, _warn)
    if args.command == "picture":
        from bot.cli.pictures import run_picture

        return run_picture(args.db, args.game, args.user, args.locale, args.out, print)
    from bot.cli.terminal import run_terminal

    return run_terminal(db=args.db, user_id=args.user, locale=args.locale,
                        edition=args.edition or edition_for(args.locale),
                        options=_new_game_options(args), edition_chosen=bool(args.edition),
                        command=args.command_run)


def _command_run(argv: list[str]) -> str:
    """The command as the player ran it, for "run ... again": `make play` says so
    (SOLO_MONOPOLY_COMMAND); else this program as typed, with its arguments."""
    named = os.environ.get("SOLO_MONOPOLY_COMMAND", "").strip()
    if named:
        return named
    program = sys.argv[0] if sys.argv and sys.argv[0] else "solo-monopoly"
    if Path(program).name == "__main__.py":  # python -m bot.cli
        words = ["python", "-m", "bot.cli"]
    else:
        relative = os.path.relpath(program) if os.path.isabs(program) else program
        words = [program if relative.startswith("..") else relative]
    return shlex.join([*words, *argv])


def _new_game_options(args: argparse.Namespace) -> dict[str, object] | None:
    """play's --preset and --rule, checked now (a wrong rule is one line before anything
    is opened or made); None when neither is given (the terminal then resumes a game in
    progress, and refuses them with one if given)."""
    if args.preset is None and not args.rule:
        return None
    options = preset_options(args.preset or "standard", dict(args.rule))
    Options.from_mapping(options)  # InvalidOptionError: said in one line, exit status 2
    return options


def _in_words(exc: Exception, args: argparse.Namespace) -> str:
    """What went wrong, in one line for the admin."""
    where = _database_named(args)
    if isinstance(exc, DatabaseUnavailable):
        return f"can't reach the database {where} ({exc.detail})"
    if isinstance(exc, (GameError, ServiceError, SettingsError, WordedRefusal)):
        return str(exc)  # DatabaseTooNew, DatabaseReadOnly, a bad rule... say what to do
    if isinstance(exc, sqlite3.DatabaseError) and "not a database" in str(exc):
        return f"{where} is not a SQLite database ({exc})"
    if isinstance(exc, sqlite3.Error):
        return f"can't use the database {where} ({exc})"
    if isinstance(exc, OSError):
        name = exc.filename if exc.filename is not None else where
        return f"{exc.strerror or exc} ({name})"
    return (f"unexpected error: {type(exc).__name__}: {exc} (set SOLO_MONOPOLY_TRACEBACK=1 "
            f"to see where)")


def _database_named(args: argparse.Namespace) -> str:
    """The database the command was about, as it may be shown (no password)."""
    text = getattr(args, "dest", None) if args.command == "migrate-db" else None
    try:
        target = database_target(text or getattr(args, "db", None))
    except SettingsError:  # MONOPOLY_DB itself is what's wrong: the error says so
        return redact_url(os.environ.get("MONOPOLY_DB", ""))
    return redact_url(target) if isinstance(target, str) else os.fspath(target)


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
