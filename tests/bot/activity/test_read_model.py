"""The Activity's read model says what the game message says: the same choices (their ids
are the message's controls' names), the same words in the viewer's language, every menu
whole, and nothing to choose for a watcher (issue 36, point 1's server side)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from bot.activity import choice_ids
from bot.activity.moves import play_choice
from bot.activity.read_model import WATCHER_VIEW, game_model, no_game, with_hint
from bot.application.records import GameRecord
from bot.application.service import GameService
from game_core.board import PROPERTIES
from game_core.state import PLAYER

from cogs.play.message import build_controls

PLAYER_ID = 5


def message_names(record: GameRecord) -> set[str]:
    """The names the game message's controls carry after their game, version and owner."""
    names: set[str] = set()
    for item in build_controls(record, locale="en").children:
        custom_id = getattr(item, "custom_id", "")
        parts = custom_id.split(":")
        if custom_id.startswith("sm:b:"):
            # Pay it for me: the message lists the plan on a confirm step (plan_debt, then
            # plan_debt_go); the board shows the plan in the choice's detail: one tap.
            names.add("plan_debt_go" if parts[5] == "plan_debt" else parts[5])
        elif custom_id.startswith("sm:s:"):
            names.update(f"{parts[5]}={option.value}" for option in item.item.options)
        elif custom_id.startswith("sm:again:"):
            names.add(choice_ids.AGAIN)
    return names


def message_hint(record: GameRecord) -> bool:
    """Whether the game message shows its Hint button."""
    return any(getattr(item, "custom_id", "").startswith("sm:hint:")
               for item in build_controls(record, locale="en").children)


def model_ids(model: dict) -> set[str]:
    found = {c["id"] for c in model["decision"]["choices"]}
    for menu in model["decision"].get("menus", []):
        found.update(c["id"] for c in menu["choices"])
    return found


async def test_the_boards_choices_are_the_messages_controls_move_after_move(tmp_path: Path):
    service = await GameService.open(tmp_path / "g.sqlite3", seed_source=lambda: 7)
    try:
        record = await service.start(PLAYER_ID, None, None)
        for _ in range(80):
            model = game_model(record, [], locale="en")
            assert message_names(record) == model_ids(model)
            # The Hint's button where the message shows its own, and only there.
            assert (model["hint"] is not None) == message_hint(record)
            if model["hint"] is not None:
                assert model["hint"]["choice"]["id"] == choice_ids.HINT
                assert model["hint"]["lines"] == []  # nothing said before it is asked
            for card in model["cards"].values():
                assert {c["id"] for c in card["choices"]} <= model_ids(model)
            if record.game.is_over:
                break
            # Play the plain engine actions, in turn (Buy before Decline: a fuller board).
            ids = [c["id"] for c in model["decision"]["choices"]
                   if c["id"] not in ("roll_on",)]
            choice = choice_ids.decode(ids[0])
            assert choice is not None
            played = await play_choice(service, record.id, PLAYER_ID, record.version, choice)
            record = played.record
    finally:
        await service.close()


async def test_every_word_comes_in_the_viewers_language(tmp_path: Path):
    service = await GameService.open(tmp_path / "g.sqlite3", seed_source=lambda: 7)
    try:
        record = await service.start(PLAYER_ID, None, None)
        models = {code: game_model(record, [], locale=code) for code in ("en", "fr", "es")}
    finally:
        await service.close()
    assert len({m["strings"]["board"] for m in models.values()}) == 3
    assert len({m["decision"]["choices"][0]["label"] for m in models.values()}) == 3
    assert len({m["panel"][0]["label"] for m in models.values()}) == 3
    assert models["fr"]["locale"] == "fr" and len(models["fr"]["squares"]) == 40
    assert all(square["label"] for square in models["es"]["squares"])
    json.dumps(models)  # JSON all the way down


async def test_no_menu_is_cut_at_25_options(tmp_path: Path):
    """Discord's menus hold 25 options; the board lists every property it may mortgage."""
    service = await GameService.open(tmp_path / "g.sqlite3", seed_source=lambda: 7)
    try:
        record = await service.start(PLAYER_ID, None, None)
    finally:
        await service.close()
    for square in PROPERTIES:
        record.game.s.owner[square] = PLAYER
    model = game_model(record, [], locale="en")
    [mortgage] = [m for m in model["decision"]["menus"] if m["kind"] == "mortgage"]
    assert len(mortgage["choices"]) == 28
    assert all(any(c["id"] == f"mortgage={square}" for c in model["cards"][str(square)]
                   ["choices"]) for square in PROPERTIES)


async def test_a_watcher_sees_the_game_without_a_choice(tmp_path: Path):
    service = await GameService.open(tmp_path / "g.sqlite3", seed_source=lambda: 7)
    try:
        record = await service.start(PLAYER_ID, None, None)
    finally:
        await service.close()
    model = game_model(record, [], locale="en", viewer=WATCHER_VIEW)
    assert model["viewer"] == "watcher" and model["decision"]["choices"] == []
    assert model["decision"]["prompt"] and all(not c["choices"]
                                               for c in model["cards"].values())
    assert model["hint"] is None  # a watcher can't ask the Hint


async def test_a_daily_offers_no_hint_on_the_board(tmp_path: Path):
    """As the message: the day's game is played alone (bot.application.hints.takes_hints)."""
    service = await GameService.open(tmp_path / "g.sqlite3", seed_source=lambda: 7)
    try:
        record = await service.start(PLAYER_ID, None, None)
    finally:
        await service.close()
    assert game_model(record, [], locale="en")["hint"] is not None
    daily = dataclasses.replace(record, daily_day=20_000)
    assert not message_hint(daily) and game_model(daily, [], locale="en")["hint"] is None


def test_without_a_game_the_board_offers_a_new_one():
    model = no_game("fr")
    assert model["game"] is None and len(model["squares"]) == 40
    assert [c["id"] for c in model["decision"]["choices"]] == [choice_ids.NEW]


def test_every_choice_id_decodes_and_nothing_else_does():
    for text in ("roll", "buy", "roll_on", "plan_buy.on", "mortgage=39", "build=3",
                 "sell=1.on.3ff", "decline_always.on", "new", "again", "hint",
                 "plan_debt_go", "plan_debt_go=0", "plan_debt_go=2"):
        assert choice_ids.decode(text) is not None, text
    for text in ("teleport", "roll.on", "mortgage=40", "build=9", "decline_always",
                 "new.on", "mortgage", 5, None, "roll" * 40, "sell=1.on.zz", "hint=1",
                 "hint.on", "plan_debt_go=3", "plan_buy=0"):
        assert choice_ids.decode(text) is None, text


class InlinePool:
    size = 1

    async def run(self, fn, /, *args, **kwargs):
        return fn(*args, **kwargs)

    async def run_later(self, fn, /, *args, **kwargs):
        return fn(*args, **kwargs)


async def test_M1_the_hint_on_the_board_lists_the_messages_lines_and_its_plans_best_first(
        tmp_path: Path):
    """A debt's Hint: the board's lines are the message's (without the chat's bold marks),
    its plans the message's plan buttons, in their order (the best first), each a choice
    naming its way to pay."""
    from bot.application.hints import compute_hint, hint_seed
    from bot.narration.hints import describe_hint
    from cogs.hint.hint import plan_buttons
    from game_core import Game, Roll
    from game_core.plans import WAYS
    from game_core.prompts import Follow
    from game_core.state import RAISE_FUNDS, ROLL
    from game_core.strategies import make_strategy
    from tests.cogs.play.test_clicks import _debt_seed

    seed, _ = _debt_seed()
    game, chooser = Game.new(seed, {"start_cash": 300}), make_strategy("always-buy")
    while game.pending != RAISE_FUNDS:
        follow = Follow(game)
        game.apply(Roll() if game.pending == ROLL else chooser.choose(game))
        while (found := follow.next(game)) is not None:
            game.apply(found[0])
    service = await GameService.open(tmp_path / "g.sqlite3", seed_source=lambda: seed)
    try:
        started = await service.start(PLAYER_ID, None, None, options={"start_cash": 300})
    finally:
        await service.close()
    record = dataclasses.replace(started, game=game, version=game.version)
    hint = await compute_hint(InlinePool(), game, hint_seed(record.id, game.version), 12)
    model = game_model(record, [], locale="en")
    assert model["hint"]["lines"] == []
    hinted = with_hint(model, record, hint)
    assert hinted["hint"]["lines"] == [line.replace("**", "") for line in describe_hint(
        hint, game, locale="en")]
    message = [item.custom_id.split(":")[-1] for item in plan_buttons(record, hint, "en")
               .children]  # the ways, in the message's order
    board = [c["id"] for c in hinted["hint"]["choices"]]
    assert len(board) >= 2 and board == [f"plan_debt_go={WAYS.index(way)}" for way in message]
    assert [c["label"] for c in hinted["hint"]["choices"]] == [
        item.item.label for item in plan_buttons(record, hint, "en").children]
    assert model["hint"]["lines"] == []  # the shared model itself is left as it was
