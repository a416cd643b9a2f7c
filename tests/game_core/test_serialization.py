"""H3: the whole state, RNG and decks included, round-trips through plain JSON."""

import json
import re

import pytest

from game_core import CorruptStateError, Game, Mortgage, Roll, action_from_dict
from game_core.actions import ACTION_TYPES
from game_core.simulate import play_one


def test_H3_round_trip_mid_game_continues_identically():
    a = Game.new(seed=9)
    for _ in range(30):
        a.apply(a.legal_actions()[0])
    b = Game.from_dict(json.loads(json.dumps(a.to_dict())))
    assert a == b
    for _ in range(30):
        if a.is_over:
            break
        action = a.legal_actions()[0]
        assert a.apply(action) == b.apply(action)
    assert a == b


def test_actions_round_trip_and_bad_ones_are_refused():
    assert action_from_dict({"type": "mortgage", "square": 5}) == Mortgage(5)
    assert action_from_dict(Roll().to_dict()) is not None
    assert len(ACTION_TYPES) == 14
    for bad in ({}, {"type": "fly"}, {"type": "mortgage"}, {"type": "mortgage", "square": 40},
                {"type": "roll", "extra": 1}, [], "roll"):
        with pytest.raises(CorruptStateError):
            action_from_dict(bad)


@pytest.mark.parametrize("field,value", [
    ("cash", -5), ("owner", [0] * 39), ("pending", "dance"), ("chance", ["no_such_card"]),
    ("options", {"doubles": "sometimes"}), ("format", 99), ("edition", "de"),
])
def test_a_damaged_state_gives_a_clear_error(field, value):
    data = play_one(Game.new(seed=1), "always-buy", 1).to_dict()
    data[field] = value
    with pytest.raises(CorruptStateError):
        Game.from_dict(data)


def test_unknown_fields_are_refused():
    data = Game.new(seed=1).to_dict()
    data["surprise"] = 1
    with pytest.raises(CorruptStateError, match="surprise"):
        Game.from_dict(data)


def test_H3_a_saved_debt_must_read_back_or_the_state_is_refused():
    game = Game.new(seed=1, dice=[(2, 2)])  # Income Tax 200 with 200 cash: paid
    game.s.cash = 100
    game.s.bank_cash += 100
    game.s.owner[5] = 1
    game.apply(Roll())
    data = game.to_dict()
    assert data["pending"] == "raise_funds" and data["debt_event"]["type"] == "paid"
    assert Game.from_dict(json.loads(json.dumps(data))) == game
    for bad in ({"type": "nonsense"}, {"type": "paid", "amount": 200, "colour": "red"}, None):
        with pytest.raises(CorruptStateError, match="debt"):
            Game.from_dict({**data, "debt_event": bad})
    with pytest.raises(CorruptStateError, match="no property"):
        Game.from_dict({**data, "pending": "buy", "pending_square": 4})


def _mid_game() -> dict:
    game = Game.new(seed=1)
    for _ in range(20):
        game.apply(game.legal_actions()[0])
    assert game.s.jail_cards == ["ch_jail_free"]  # the card is held, out of its deck
    return game.to_dict()


@pytest.mark.parametrize("change,words", [
    (lambda d: d.update(chance=[]), "'chance' is not the whole deck"),  # S6: the next draw
    (lambda d: d.update(chest=d["chest"][:-1] + d["chest"][:1]), "'chest' is not the whole"),
    (lambda d: d["chance"].append("ch_jail_free"), "'chance' is not the whole deck"),
    (lambda d: d.update(jail_cards=["ch_go"]), "not Get Out of Jail Free"),
    (lambda d: d.update(cash=d["cash"] + 1), "treasury (S3)"),
    (lambda d: d.update(houses_left=d["houses_left"] - 1), "supply (S5)"),
    (lambda d: d["owner"].__setitem__(1, 2), "pawns (S4)"),
    (lambda d: d.update(turn=2**63), "'turn' is out of range"),
    (lambda d: d.update(mortgaged=[1] * 40), "mortgage on a property"),
], ids=["empty-deck", "card-twice", "held-and-in-deck", "not-a-jail-card", "money", "houses",
        "pawns", "huge-turn", "mortgage"])
def test_a_saved_state_a_sound_game_cant_reach_is_refused_on_reading(change, words):
    """Damage that JSON and field types can't show: accepted, it would fail later, in the
    middle of an action (an empty deck on the next draw, a turn SQLite can't store)."""
    data = _mid_game()
    Game.from_dict(data)  # sound as it was
    change(data)
    with pytest.raises(CorruptStateError, match=re.escape(words)):
        Game.from_dict(data)
