"""Roll on and plans in the service: decisions offering one way only taken for the player, Roll on,
and plans carried out, each engine action stored as its own move (a real SQLite file)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from itertools import count

import pytest

from bot.application.autoplay import CLICKED, FORCED, ORDERED, PLANNED, ROLLED_ON
from bot.application.service import GameRecord, GameService
from bot.errors import StaleVersion
from game_core import Decline, Game, IllegalActionError, Roll
from game_core.orders import ORDER_WHYS, ordered
from game_core.plans import PAY_DEBT, debt_plan
from game_core.prompts import (
    KEPT_DECLINING, STOP_CHOICE, STOP_LOSS, STOP_OVER, STOP_RISK, STOP_TURNS, STOP_WIN, forced,
    needs_player,
)
from game_core.state import RAISE_FUNDS, ROLL
from game_core.strategies import make_strategy

OWNER = 7


@pytest.fixture
async def open_service(tmp_path) -> AsyncIterator:
    opened: list[GameService] = []

    async def make(seed: int) -> GameService:
        ticks = count(1000)
        service = await GameService.open(tmp_path / f"games-{seed}-{len(opened)}.sqlite3",
                                         clock=lambda: float(next(ticks)),
                                         seed_source=lambda: seed)
        opened.append(service)
        return service

    yield make
    for service in opened:
        await service.close()


Decision = tuple[int, str, int, tuple[str, ...]]


def _decision(game: Game) -> Decision:
    return (game.turn, game.pending, game.pending_square,
            tuple(sorted(a.to_dict().__repr__() for a in game.legal_actions())))


class _FocusThatRolls:
    """`focus`, but rolling whenever asked to roll (no cash-out or lift then), so that plain
    Roll and Roll on meet the same states."""

    def __init__(self) -> None:
        self.focus = make_strategy("focus")

    def choose(self, game: Game):
        return Roll() if game.pending == ROLL else self.focus.choose(game)


async def _play(service: GameService, roll_on: bool | str, options=None, limit: int = 3000,
                strategy: str = "always-buy") -> tuple[list[Decision], GameRecord, list]:
    """A whole game by a player who only rolls when asked to roll (so both flows meet the
    same states): the decisions the player is shown, in order. roll_on "answers": each
    decision is answered going on rolling (the controls shown while rolling on)."""
    record = await service.start(OWNER, None, None, options=options)
    chooser = _FocusThatRolls() if strategy == "focus" else make_strategy(strategy)
    shown: list[Decision] = []
    results = []
    for _ in range(limit):
        game = record.game
        if game.is_over:
            break
        if game.pending == ROLL:
            played = (await service.autoplay.roll_on(record.id, OWNER, record.version) if roll_on
                      else await service.autoplay.play(record.id, OWNER, record.version, Roll()))
        else:
            assert needs_player(game), f"a prompt that decides nothing was shown: {game.pending}"
            shown.append(_decision(game))
            played = await service.autoplay.play(record.id, OWNER, record.version,
                                                 chooser.choose(game),
                                                 roll_on=roll_on == "answers")
        results.append(played)
        record = played.record
    assert record.game.is_over
    return shown, record, results


@pytest.mark.parametrize("strategy", ["always-buy", "focus"])
@pytest.mark.parametrize("seed", range(1, 13))
async def test_roll_on_offers_the_same_decisions_as_plain_roll_without_the_empty_ones(
        open_service, seed, strategy):
    options = {"bank_build_cap": 2} if strategy == "focus" else None  # longer games
    plain, plain_end, _ = await _play(await open_service(seed), False, options,
                                      strategy=strategy)
    for flow in (True, "answers"):
        rolled, rolled_end, results = await _play(await open_service(seed), flow, options,
                                                  strategy=strategy)
        assert rolled == plain
        assert rolled_end.game == plain_end.game  # H4: the same dice, the same choices
        assert rolled_end.version == plain_end.version  # every move stored, one by one (H3)
    stops = [p.stop.why for p in results if p.stop is not None]
    assert set(stops) <= {STOP_CHOICE, STOP_OVER, STOP_RISK, STOP_LOSS, STOP_TURNS, STOP_WIN}
    assert STOP_CHOICE in stops


async def test_roll_on_never_chooses_anything_but_rolls_and_the_one_way(open_service):
    service = await open_service(4)
    _, record, results = await _play(service, roll_on=True)
    for played in results:
        for step in played.steps[1:]:
            assert step.by in (ROLLED_ON, FORCED)
            assert step.by != FORCED or step.skip is not None
        assert played.steps[0].by == CLICKED
    assert await service.verify(record.id)


async def test_P2_an_empty_build_prompt_is_never_shown_and_says_why(open_service):
    """Always-buy lands on its own groups with no money to build: such stops are taken as
    "finish" with the reason, never shown (seeds scanned until one happens)."""
    for seed in range(1, 30):
        service = await open_service(seed)
        _, _, results = await _play(service, roll_on=True)
        skips = [s.skip for p in results for s in p.steps if s.skip is not None]
        if any(s.why.startswith("build") for s in skips):
            return
    pytest.fail("no empty build prompt in 30 games")


async def test_M1_pay_it_for_me_raises_exactly_the_debt_in_the_order_shown(open_service):
    for seed in range(1, 60):
        service = await open_service(seed)
        record = await service.start(OWNER, None, None, options={"start_cash": 300})
        chooser = make_strategy("always-buy")
        while not record.game.is_over and record.game.pending != RAISE_FUNDS:
            action = Roll() if record.game.pending == ROLL else chooser.choose(record.game)
            record = (await service.autoplay.play(record.id, OWNER, record.version, action)).record
        if record.game.pending != RAISE_FUNDS:
            continue
        plan = debt_plan(record.game)
        assert plan is not None and len(plan.steps) >= 2
        old = record.version
        played = await service.autoplay.carry_out(record.id, OWNER, old, PAY_DEBT)
        planned = [s.action for s in played.steps if s.by == PLANNED]
        assert planned == list(plan.steps)  # the order shown, each its own stored move
        assert played.record.game.pending != RAISE_FUNDS or played.record.game.is_over
        # Exactly: one step fewer would leave the debt owed.
        short = record.game.copy()
        for action in plan.steps[:-1]:
            short.apply(action)
        assert short.pending == RAISE_FUNDS
        with pytest.raises(StaleVersion):  # the same button on the old message
            await service.autoplay.carry_out(record.id, OWNER, old, PAY_DEBT)
        assert await service.verify(record.id)
        return
    pytest.fail("no debt of several steps in 60 games")


async def test_a_plan_that_does_not_exist_now_is_refused(open_service):
    service = await open_service(1)
    record = await service.start(OWNER, None, None)
    with pytest.raises(IllegalActionError):
        await service.autoplay.carry_out(record.id, OWNER, 0, PAY_DEBT)
    assert (await service.get(record.id)).version == 0


async def test_roll_on_is_refused_when_a_decision_waits(open_service):
    service = await open_service(3)
    record = await service.start(OWNER, None, None)
    played = await service.autoplay.play(record.id, OWNER, 0, Roll())
    assert needs_player(played.record.game) and forced(played.record.game) is None
    with pytest.raises(IllegalActionError):
        await service.autoplay.roll_on(record.id, OWNER, played.record.version)


async def test_P1_declined_for_good_while_rolling_on_is_declined_again_and_said_so(
        open_service):
    """With no Bank pawn left (S4 house rule: none at all), a declined property stays for
    sale; "don't offer it again" declines its next offers while rolling on, telling why."""
    service = await open_service(6)
    record = await service.start(OWNER, None, None, options={"bank_pawns": 0})
    keep: frozenset[int] = frozenset()
    kept_skips = 0
    for _ in range(400):
        game = record.game
        if game.is_over:
            break
        if game.pending == ROLL:
            played = await service.autoplay.roll_on(record.id, OWNER, record.version, keep)
        elif game.pending == "buy":
            assert game.pending_square not in keep, "a property declined for good came back"
            played = await service.autoplay.play(record.id, OWNER, record.version, Decline(),
                                                 roll_on=True, keep_declining=keep,
                                                 never_again=True)
            assert game.pending_square in played.keep_declining
        else:
            played = await service.autoplay.play(record.id, OWNER, record.version,
                                                 make_strategy("always-buy").choose(game),
                                                 roll_on=True, keep_declining=keep)
        keep = played.keep_declining
        kept_skips += sum(1 for s in played.steps
                          if s.skip is not None and s.skip.why == KEPT_DECLINING)
        record = played.record
    assert kept_skips > 0
    assert await service.verify(record.id)


@pytest.mark.parametrize("locale", ["en", "fr", "es"])
async def test_autoplays_refusals_carry_codes_worded_in_every_language(open_service, locale):
    from bot.errors import NOT_A_SQUARE, InvalidRequest
    from bot.i18n import t
    from bot.narration.refusals import refusal_text, request_text
    from game_core.errors import Refusal
    from game_core.plans import CASH_OUT, LEAST_RENT

    service = await open_service(3)
    record = await service.start(OWNER, None, None)
    autoplay = service.autoplay
    with pytest.raises(IllegalActionError) as unknown:
        await autoplay.carry_out(record.id, OWNER, record.version, "teleport")
    with pytest.raises(IllegalActionError) as none_now:  # nothing to cash out on turn 1
        await autoplay.carry_out(record.id, OWNER, record.version, CASH_OUT, LEAST_RENT)
    with pytest.raises(InvalidRequest) as square:
        await autoplay.roll_on(record.id, OWNER, record.version, frozenset({45}))
    assert unknown.value.code == Refusal.UNKNOWN_PLAN
    assert none_now.value.code == Refusal.NO_PLAN
    assert square.value.code == NOT_A_SQUARE
    game = record.game
    said = [refusal_text(unknown.value, game, locale=locale),
            refusal_text(none_now.value, game, locale=locale),
            request_text(square.value, locale=locale)]
    assert said == [t(locale, "refusal.unknown_plan"), t(locale, "refusal.no_plan"),
                    t(locale, "request.not_a_square", value="45")]
    assert "45" in said[2]
    if locale != "en":  # worded, not the engine's English
        assert not any(text in ("there is no such plan", "there is no way to cash_out now")
                       for text in said)


async def test_standing_orders_from_the_players_settings_answer_as_stored_moves(open_service):
    """The player's standing orders (game_core.orders), read from their settings at each
    click, answer builds, offers in groups the Bank has a share of and debts with ordinary
    stored moves (ORDERED, each with why); the game still replays from its log (H3)."""
    service = await open_service(4)
    await service.prefs.change(OWNER, "build_reserve", 20)
    await service.prefs.change(OWNER, "decline_bank_groups", True)
    await service.prefs.change(OWNER, "pay_debts", True)
    _, record, results = await _play(service, roll_on=True, strategy="focus",
                                     options={"bank_build_cap": 2})
    answered = [s for p in results for s in p.steps if s.by == ORDERED]
    assert answered and all(s.skip is not None and s.skip.why in ORDER_WHYS for s in answered)
    used = {name for p in results for name in p.orders_used}
    assert used and used <= {"build_reserve", "decline_bank_groups", "pay_debts"}
    # Nothing an order covers was left to the player: no build stop where a building could
    # go up now, no offer in a group the Bank has a share of, no debt.
    orders = (await service.prefs.get(OWNER)).orders
    assert all(ordered(p.record.game, orders) is None for p in results)
    assert await service.verify(record.id)


async def test_no_standing_orders_no_ordered_moves(open_service):
    service = await open_service(4)
    _, _, results = await _play(service, roll_on=True)
    assert not any(s.by == ORDERED for p in results for s in p.steps)
    assert not any(p.orders_used for p in results)
