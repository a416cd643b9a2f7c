"""Roll on and plans through Discord (simcord): Roll on, no empty prompts, Pay it for me, the way to
win on the game message."""

from __future__ import annotations

import pytest

from bot.application.autoplay import CLICKED, ROLLED_ON, Played, Step
from bot.application.records import ACTIVE, GameRecord
from bot.i18n import format_money, points
from bot.i18n.layout import FIELD_LIMIT, LABEL_LIMIT
from cogs.play.message import build_game_message
from game_core import Game, Roll
from game_core.plans import debt_plan
from game_core.prompts import STOP_TURNS, Follow, Stop, needs_player
from game_core.rules import estate_value, liquidation_value
from game_core.state import RAISE_FUNDS, ROLL
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids, select_ids

OWNER_NAME = "alice"


def _fields(message) -> dict[str, str]:
    return {f.name: f.value for f in message.embeds[0].fields}


async def _decision_seq(world, message, rolling: bool, limit: int = 400) -> list[tuple]:
    """Play always-buy through the message: Roll on (or plain Roll) whenever the game waits
    for a roll; the decisions shown, in order."""
    service = world.env.bot.service
    chooser = make_strategy("always-buy")
    shown = []
    for _ in range(limit):
        record = await service.get(1)
        game = record.game
        if game.is_over:
            return shown
        ids = button_ids(message)
        if game.pending == ROLL:
            result = await world.alice.click(message, custom_id=ids["roll_on" if rolling
                                                                   else "roll"])
        else:
            assert needs_player(game), "a prompt that decides nothing was shown"
            shown.append((game.turn, game.pending, game.pending_square,
                          sorted(c.split(":")[-1] for c in ids.values())))
            action = chooser.choose(game)
            suffix = ".on" if rolling else ""
            if action.type in ("mortgage", "sell_building"):
                menu = {"mortgage": "mortgage", "sell_building": "sell"}[action.type]
                custom_id, values = select_ids(message)[menu + suffix]
                result = await world.alice.select(message, [str(action.square)],
                                                  custom_id=custom_id)
            else:
                result = await world.alice.click(message, custom_id=ids[action.type + suffix])
        assert result.acknowledged and not result.ephemeral, result
    raise AssertionError("game still going")


@pytest.mark.parametrize("seed", [2, 5, 9])
@pytest.mark.slow
async def test_roll_on_stops_at_every_decision_plain_roll_shows_and_only_those(
        world, seeds, seed):
    seeds.append(seed)
    start = await world.alice.slash(world.channel, "monopoly new")
    rolled = await _decision_seq(world, start.response, rolling=True)
    # The same seed with plain Roll, on the engine: every non-empty decision, in order.
    game, chooser, plain = Game.new(seed), make_strategy("always-buy"), []
    while not game.is_over:
        if game.pending == ROLL:
            action = Roll()
        else:
            plain.append((game.turn, game.pending, game.pending_square))
            action = chooser.choose(game)
        follow = Follow(game)
        game.apply(action)
        while (found := follow.next(game)) is not None:
            game.apply(found[0])
    assert [d[:3] for d in rolled] == plain
    assert await world.env.bot.service.verify(1)
    assert world.env.errors == []


async def test_roll_on_edits_the_message_once_with_its_account(world, seeds):
    seeds.append(5)
    start = await world.alice.slash(world.channel, "monopoly new")
    message = start.response
    click = await world.alice.click(message, custom_id=button_ids(message)["roll_on"])
    assert click.response.id == message.id and not click.ephemeral
    record = await world.env.bot.service.get(1)
    assert record.game.pending != ROLL or record.game.is_over or record.version > 1
    events = _fields(click.response)["What happened"]
    if record.game.turn > 2:  # several turns rolled on: the account, not every event
        assert events.startswith("🎲 Rolled on for") and len(events) <= FIELD_LIMIT
    # Answering the decision it stopped for goes on rolling: the buttons say so.
    if needs_player(record.game):
        assert all(cid.endswith(".on") for kind, cid in button_ids(click.response).items()
                   if kind not in ("roll", "roll_on"))


async def test_E2_M5_the_embed_shows_net_worth_and_what_cashing_out_leaves_the_bank(
        world, seeds):
    seeds.append(3)
    start = await world.alice.slash(world.channel, "monopoly new")
    message = start.response
    for _ in range(6):
        record = await world.env.bot.service.get(1)
        game = record.game
        fields = _fields(message)
        s = game.s
        assert fields["Net worth"] == format_money(estate_value(s), "us", "en")
        left = s.bank_cash - (liquidation_value(s) - s.cash)
        assert fields["Cashing out now"] == f"leaves the Bank {format_money(left, 'us', 'en')}"
        assert "Houses / hotels left" not in fields and "Bank pawns left" not in fields
        ids = button_ids(message)
        kind = "roll" if "roll" in ids else ("buy" if "buy" in ids else sorted(ids)[0])
        await world.alice.click(message, custom_id=ids[kind])
    status = await world.alice.slash(world.channel, "monopoly status")
    names = [f.name for f in status.response.embeds[0].fields]
    assert "Net worth" in names and "Cashing out now" in names
    assert "Houses / hotels left" in names and "Bank pawns left" in names


def _debt_seed() -> tuple[int, int]:
    """A seed whose always-buy game (plain Roll, forced ways taken) reaches a debt that takes
    several steps to pay, and the number of actions before it."""
    for seed in range(1, 400):
        game, chooser, actions = Game.new(seed, {"start_cash": 300}), make_strategy(
            "always-buy"), 0
        while not game.is_over and game.pending != RAISE_FUNDS and actions < 2000:
            follow = Follow(game)
            game.apply(Roll() if game.pending == ROLL else chooser.choose(game))
            actions += 1
            while (found := follow.next(game)) is not None:
                game.apply(found[0])
        plan = debt_plan(game) if game.pending == RAISE_FUNDS else None
        if plan is not None and len(plan.steps) >= 2:
            return seed, actions
    raise AssertionError("no debt of several steps")


@pytest.mark.slow
async def test_M1_pay_it_for_me_lists_the_plan_then_pays_exactly_in_that_order(world, seeds):
    seed, _ = _debt_seed()
    seeds.append(seed)
    start = await world.alice.slash(world.channel, "monopoly new", start_cash=300)
    message = start.response
    service = world.env.bot.service
    chooser = make_strategy("always-buy")
    while (record := await service.get(1)).game.pending != RAISE_FUNDS:
        action = Roll() if record.game.pending == ROLL else chooser.choose(record.game)
        await world.alice.click(message, custom_id=button_ids(message)[action.type])
    plan = debt_plan(record.game)
    assert plan is not None
    ids = button_ids(message)
    menus = select_ids(message)
    assert "plan_debt" in ids and ("mortgage" in menus or "sell" in menus)  # beside the menus
    shown = await world.alice.click(message, custom_id=ids["plan_debt"])
    assert not shown.ephemeral and (await service.get(1)).version == record.version
    preview = _fields(shown.response)["Your move"]
    assert preview.startswith("To pay ")
    assert set(button_ids(shown.response)) == {"plan_debt_go", "plan_back"}
    go = button_ids(shown.response)["plan_debt_go"]
    paid = await world.alice.click(message, custom_id=go)
    assert not paid.ephemeral
    after = await service.get(1)
    assert after.game.pending != RAISE_FUNDS or after.game.is_over
    log = await service.history(1, limit=200)
    done = [e.action for e in sorted(log, key=lambda e: e.seq) if e.seq > record.version]
    assert done[:len(plan.steps)] == [a.to_dict() for a in plan.steps]  # the order shown
    # The old message's button: refused as stale, nothing done.
    stored = world.env.backend.get_message(message.channel_id, message.id)
    stored.components[0]["components"][0] = {"type": 2, "style": 3, "label": "Pay it this way",
                                             "custom_id": go}
    again = await world.alice.click(message, custom_id=go)
    assert any(m.ephemeral and "out of date" in (m.content or "")
               for m in [again.response, *again.followups] if m is not None)
    assert (await service.get(1)).version == after.version
    assert world.env.errors == []


def _fifty_turns() -> tuple[GameRecord, Played]:
    """50 turns of a focus game, every move told as rolled on."""
    game, focus = Game.new(11, {"bank_build_cap": 1}), make_strategy("focus")
    start_cash, steps = game.s.cash, []
    while game.turn <= 50 and not game.is_over:
        action = focus.choose(game)
        steps.append(Step(action, game.apply(action), ROLLED_ON if steps else CLICKED))
    assert game.turn > 50
    record = GameRecord(1, 1, None, None, None, 11, game.options.to_dict(), "us", ACTIVE,
                        game.version, 0.0, 0.0, None, None, 0, game.turn, game)
    return record, Played(record, tuple(steps), False, Stop(STOP_TURNS), start_cash, 1, True)


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_a_roll_on_of_50_turns_fits_every_discord_limit(locale):
    record, played = _fifty_turns()
    message = build_game_message(record, played.events, locale=locale, player="x" * 32,
                                 picture=False, played=played)
    embed = message.embed.to_dict()
    assert len(embed.get("title", "")) <= 256 and len(embed.get("description", "")) <= 4096
    assert len(embed["fields"]) <= 25
    for field in embed["fields"]:
        assert len(field["name"]) <= 256 and len(field["value"]) <= FIELD_LIMIT
    total = len(embed.get("title", "")) + len(embed.get("description", "")) + sum(
        len(f["name"]) + len(f["value"]) for f in embed["fields"]) + len(
        embed.get("footer", {}).get("text", ""))
    assert total <= 6000
    account = embed["fields"][0]["value"]
    assert account.startswith("🎲") and "50" in account.splitlines()[0]
    assert ("history" in account or "historique" in account)  # the rest: /monopoly history
    for component in message.view.to_components():
        for item in component["components"]:
            assert len(item.get("label", "")) <= LABEL_LIMIT
            assert len(item.get("custom_id", "")) <= 100


async def test_P1_decline_for_good_is_offered_rolling_on_when_the_bank_has_no_pawn(
        world, seeds):
    seeds.append(3)  # the first roll offers a property
    start = await world.alice.slash(world.channel, "monopoly new", bank_pawns=0)
    message = start.response
    service = world.env.bot.service
    await world.alice.click(message, custom_id=button_ids(message)["roll_on"])
    record = await service.get(1)
    assert record.game.pending == "buy"
    square = record.game.pending_square
    ids = button_ids(message)
    assert "decline.on" in ids and "decline_always.on" in ids
    click = await world.alice.click(message, custom_id=ids["decline_always.on"])
    assert not click.ephemeral
    after = await service.get(1)
    assert after.version > record.version + 1  # declined, then rolled on
    # Every control now carries the square kept declining (a bit per square, in hex).
    mask = f"{1 << square:x}"
    assert all(cid.endswith(f".on.{mask}") for kind, cid in button_ids(message).items()
               if kind.split(".")[0] not in ("roll",))
    assert world.env.errors == []


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_E2_a_finished_games_embed_shows_its_score(locale):
    game = Game.new(4, {"treasury": 260})  # S3: the Bank can't pay the first GO salary
    focus = make_strategy("focus")
    while not game.is_over:
        game.apply(focus.choose(game))
    assert game.outcome.result == "won" and game.outcome.score > 0
    record = GameRecord(1, 1, None, None, None, 4, game.options.to_dict(), "us", "won",
                        game.version, 0.0, 0.0, 0.0, "won:bank_bankrupt", game.outcome.score,
                        game.turn, game)
    embed = build_game_message(record, [], locale=locale, player="x", picture=False).embed
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Score"] == points(game.outcome.score, locale)
    assert "Net worth" not in fields and "Patrimoine" not in fields
