"""H3 for one stored game: everything that is read of it must be what its log replays to.

The state (what the game goes on from), the status, outcome, score, turns and rule_set
columns (what the leaderboard and the statistics read) and each log entry's stored events (what the
history shows) must all equal the replay of the log's actions from the game's seed; the log
must be whole (entries 1..version, each once). `problem()` says what differs, for the admin.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game_core import Game, action_from_dict
from game_core.state import dice_scheme_of

from bot.errors import DamagedGame
from bot.storage import Row

from .records import ACTIVE, DECODE_ERRORS, dumps, loads, options_from_json

def problem(game_id: int, rows: Sequence[Row]) -> str:
    """What is wrong with the game whose rows (Storage.game_and_log: one snapshot) these
    are, or "" when its row and log are exactly the replay. `rows` must hold the game's row
    (seq 0)."""
    row, entries = rows[0], rows[1:]
    seed, options, edition, version = row["seed"], row["options"], row["edition"], row["version"]
    state, rule_set, turns = row["state"], row["rule_set"], row["turns"]
    status, outcome, score = row["status"], row["outcome"], row["score"]
    try:
        if [entry["seq"] for entry in entries] != list(range(1, version + 1)):
            return f"its action log is not entries 1 to {version} (its version), each once"
        # H3: the replay rolls the dice as the game was made to (by roll since H4, by draw
        # before): its saved state says which; a state lying about it can't match its replay.
        game = Game.new(seed, options_from_json(game_id, options), edition,
                        dice_scheme=dice_scheme_of(loads(state)))
        if rule_set != game.options.rule_set:  # the leaderboard counts standard games only
            return (f"its rule_set column says {rule_set} but its options make it "
                    f"{game.options.rule_set}")
        for entry in entries:
            events = game.apply(action_from_dict(loads(entry["action"])))
            if loads(entry["events"]) != _plain([e.to_dict() for e in events]):
                return (f"the events stored with action {entry['seq']} are not those it "
                        f"replays to")
        if loads(state) != _plain(game.to_dict()):
            return "its saved state is not the replay of its action log"
        end = game.outcome
        expected = ((ACTIVE, None, 0) if end is None
                    else (end.result, f"{end.result}:{end.reason}", end.score))
        if (status, outcome, score) != expected:
            return (f"its status, outcome and score columns say {status}, {outcome}, {score}; "
                    f"the replay says {expected[0]}, {expected[1]}, {expected[2]}")
        if turns != game.turn:
            return f"its turns column says {turns}; the replay says {game.turn}"
    except DamagedGame as exc:
        return exc.detail
    except DECODE_ERRORS as exc:  # bad JSON, action or option; an illegal action replayed
        text = str(exc) or type(exc).__name__
        return f"its row or log can't be replayed ({text[:200]})"
    return ""


def _plain(value: Any) -> Any:
    """`value` as it reads back from the JSON stored (tuples become lists)."""
    return loads(dumps(value))
