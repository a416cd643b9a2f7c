"""H3 across H4: games stored before dice by roll (one counter for every die, format 1 with
`draws`) keep their dice scheme and replay exactly as the engine of their time did; their
saved states read back and play on under it. The fixture was written by that engine
(tests/fixtures/make_old_dice_games.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from game_core import CorruptStateError, Game, action_from_dict
from game_core.rng import BY_DRAW, BY_ROLL
from game_core.state import dice_scheme_of
from game_core.story import GameLog
from game_core.strategies import make_strategy
from tests.fixtures.make_old_dice_games import OUT, digest, games

FIXTURE = json.loads(Path(OUT).read_text())
OLD = FIXTURE["games"]


def replay(entry: dict) -> tuple[Game, list[list[dict]]]:
    game = Game.new(entry["seed"], entry["options"], entry["edition"], dice_scheme=BY_DRAW)
    events = [[e.to_dict() for e in game.apply(action_from_dict(a))] for a in entry["actions"]]
    return game, events


def test_the_fixture_holds_utility_rolls_jail_tries_and_finished_and_running_games():
    assert FIXTURE["scheme"] == BY_DRAW and len(OLD) == 22
    purposes = [e["purpose"] for entry in OLD for step in replay(entry)[1] for e in step
                if e["type"] == "dice_rolled"]
    assert purposes.count("utility") >= 20 and purposes.count("jail") >= 1
    over = [entry["state"]["pending"] == "over" for entry in OLD]
    assert 5 < sum(over) < len(OLD)


@pytest.mark.parametrize("index", range(len(OLD)))
def test_H3_a_game_stored_under_dice_by_draw_replays_exactly(index):
    entry = OLD[index]
    game, events = replay(entry)
    assert digest(events) == entry["events_sha256"]
    assert game.to_dict() == entry["state"]
    assert dice_scheme_of(entry["state"]) == BY_DRAW and entry["state"]["format"] == 1
    stored = Game.from_dict(copy.deepcopy(entry["state"]))
    assert stored == game and stored.dice_scheme == BY_DRAW
    log = GameLog(entry["seed"], entry["options"], entry["edition"],
                  tuple(action_from_dict(a) for a in entry["actions"]), BY_DRAW)
    assert log.game() == game and log.story().headline.outcome == game.outcome
    # Played on from its saved state, it goes on as its replay does, still by draw.
    player = make_strategy("always-buy")
    for _ in range(40):
        if game.is_over:
            break
        action = player.choose(game)
        assert stored.apply(action) == game.apply(action)
    assert stored == game and stored.to_dict()["format"] == 1


def test_H4_the_same_choices_by_roll_part_from_the_old_dice_at_the_first_utility_roll():
    """The issue's game with the utility mortgaged: no rent roll is skipped by roll, so the
    by-roll replay is the same dice as by draw until the first utility rent roll."""
    entry = OLD[0]
    game = Game.new(entry["seed"], entry["options"], entry["edition"])
    assert game.dice_scheme == BY_ROLL
    events = [[e.to_dict() for e in game.apply(action_from_dict(a))] for a in entry["actions"]]
    old = replay(entry)[1]
    first_utility = next(i for i, step in enumerate(old)
                         if any(e.get("purpose") == "utility" for e in step))
    assert events[:first_utility] == old[:first_utility] and events != old


def test_the_fixture_is_what_its_script_writes_on_this_engine():
    """The script plays the strategies again under dice by draw: the same actions and
    states, so the by-draw scheme kept in the engine is the one of its time."""
    assert games() == OLD


@pytest.mark.parametrize("change,words", [
    (lambda d: d.update(format=3), "format 3"),
    (lambda d: d.update(format=True), "format True"),
    (lambda d: d.update(move_rolls=0), "move_rolls"),  # a by-roll counter in format 1
    (lambda d: d.pop("draws"), "draws"),
    (lambda d: d.update(draws=-1), "'draws' is out of range"),
], ids=["unknown-format", "bool-format", "mixed", "no-counter", "negative"])
def test_a_format_1_state_with_damaged_dice_fields_is_refused(change, words):
    data = copy.deepcopy(OLD[3]["state"])
    change(data)
    with pytest.raises(CorruptStateError, match=words):
        Game.from_dict(data)


@pytest.mark.parametrize("change,words", [
    (lambda d: d.update(draws=0), "draws"),  # the old counter in format 2
    (lambda d: d.pop("jail_rolls"), "jail_rolls"),
    (lambda d: d.update(utility_rolls=-2), "'utility_rolls' is out of range"),
    (lambda d: d.update(move_rolls="3"), "'move_rolls' is out of range"),
], ids=["mixed", "no-counter", "negative", "text"])
def test_a_format_2_state_with_damaged_dice_fields_is_refused(change, words):
    game = Game.new(3)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    data = game.to_dict()
    assert data["format"] == 2 and Game.from_dict(copy.deepcopy(data)) == game
    change(data)
    with pytest.raises(CorruptStateError, match=words):
        Game.from_dict(data)
