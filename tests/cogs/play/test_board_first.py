"""A move answered before its picture is drawn (a burst: pictures queue for the workers)
shows the text board at once, under the note that the picture is being drawn; the picture
replaces both when it comes. Never over Discord's embed limits."""

from __future__ import annotations

import pytest

from bot.application.autoplay import CLICKED, ROLLED_ON, Played, Step
from bot.application.records import ACTIVE, GameRecord
from bot.hosting.discord_limits import check_message
from bot.i18n import t
from bot.pictures.board_text import PAWN, render_board_text
from bot.pictures.jobs import Picture
from cogs.play import message as message_module
from cogs.play.message import build_game_message, last_move
from game_core import Game, Roll
from game_core.prompts import STOP_TURNS, Stop
from game_core.strategies import make_strategy


def _rolled(seed: int = 3) -> tuple[GameRecord, list]:
    game = Game.new(seed)
    events = game.apply(Roll())
    record = GameRecord(1, 1, None, None, None, seed, game.options.to_dict(), "us", ACTIVE,
                        game.version, 0.0, 0.0, None, None, 0, game.turn, game)
    return record, events


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_board_still_being_drawn_shows_the_text_board_under_the_drawing_note(locale):
    record, events = _rolled()
    message = build_game_message(record, events, locale=locale, player="alice", picture=True)
    description = message.embed.description or ""
    note, _, board = description.partition("\n")
    assert note == t(locale, "embed.value.drawing")
    assert board == render_board_text(record.game, last_move=last_move(events), locale=locale)
    assert PAWN in board
    assert message.file is None and not message.embed.image.url
    assert check_message({"embeds": [message.embed.to_dict()]}) == []


def test_the_picture_replaces_the_text_board_when_it_comes():
    record, events = _rolled()
    drawn = Picture(b"\x89PNG\r\n\x1a\n", "", "the board")
    message = build_game_message(record, events, locale="en", player="alice", picture=True,
                                 drawn=drawn)
    assert not message.embed.description
    assert message.file is not None and message.embed.image.url == "attachment://board.png"


def test_a_roll_on_account_and_its_text_board_fit_discords_limits():
    # 50 turns rolled on: the longest account a message tells.
    game, focus = Game.new(11, {"bank_build_cap": 1}), make_strategy("focus")
    start_cash, steps = game.s.cash, []
    while game.turn <= 50 and not game.is_over:
        action = focus.choose(game)
        steps.append(Step(action, game.apply(action), ROLLED_ON if steps else CLICKED))
    record = GameRecord(1, 1, None, None, None, 11, game.options.to_dict(), "us", ACTIVE,
                        game.version, 0.0, 0.0, None, None, 0, game.turn, game)
    played = Played(record, tuple(steps), False, Stop(STOP_TURNS), start_cash, 1, True)
    for locale in ("en", "fr", "es"):
        message = build_game_message(record, played.events, locale=locale, player="x" * 32,
                                     picture=True, played=played)
        assert check_message({"embeds": [message.embed.to_dict()]}) == [], locale
        assert PAWN in (message.embed.description or ""), locale


def test_a_text_board_with_no_room_beside_the_note_is_left_out(monkeypatch):
    # The text board fits a description by itself (4,096 characters at most); with the note
    # above it, the longest would not: the note alone then, within Discord's limits.
    monkeypatch.setattr(message_module, "render_board_text",
                        lambda game, last_move=None, locale=None: PAWN + "x" * (4096 - len(PAWN)))
    record, events = _rolled()
    message = build_game_message(record, events, locale="en", player="alice", picture=True)
    assert message.embed.description == t("en", "embed.value.drawing")
    assert check_message({"embeds": [message.embed.to_dict()]}) == []


def test_a_finished_game_waiting_for_its_recap_shows_the_note_alone():
    game, focus = Game.new(4), make_strategy("focus")
    while not game.is_over:
        game.apply(focus.choose(game))
    record = GameRecord(1, 1, None, None, None, 4, game.options.to_dict(), "us",
                        game.outcome.result, game.version, 0.0, 0.0, 0.0, "x", 0, game.turn,
                        game)
    message = build_game_message(record, [], locale="en", player="alice", picture=True)
    assert message.embed.description == t("en", "embed.value.drawing")
