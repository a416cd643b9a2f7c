"""Roll on's account in the terminal (`solo-monopoly play`): the win stop names the keys
that win and go on, once (M5); a loss names its debt and what could be raised (M1, E3); an
offer the player can't afford says so (P1)."""

from __future__ import annotations

import pytest

from bot.application.hinted import HintedWays
from bot.application.service import GameService
from bot.cli.terminal import play
from bot.i18n import format_money, t
from bot.narration.account import plan_steps
from game_core.advisor import summarize
from game_core.plans import LEAST_RENT, debt_plans
from game_core.prompts import BUY_SHORT, STOP_WIN
from game_core.state import RAISE_FUNDS, ROLL
from game_core.strategies import make_strategy

from tests.bot.application.roll_on_driver import Trial, drive_to
from tests.bot.cli.test_terminal import scripted
from tests.bot.narration.test_hint_text import tallies

OWNER = 7


async def _driven(db, seed: int, wanted: Trial, edition: str = "us", options=None) -> None:
    service = await GameService.open(db, seed_source=lambda: seed)
    try:
        record = await service.start(OWNER, None, None, edition=edition, options=options)
        await drive_to(service, record, OWNER, wanted)
    finally:
        await service.close()


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_M5_the_win_stop_names_the_keys_and_is_said_once(tmp_path, locale):
    db = tmp_path / "win.sqlite3"
    await _driven(db, 12, lambda game, stop, skips, moves: stop is not None
                  and stop.why == STOP_WIN, options={"treasury": 1500})
    said, ask, say = scripted(["o", "q"])
    assert await play(db, OWNER, locale, "us", ask, say) == 0
    text = "\n".join(said)
    sentence = t(locale, "clicks.stop.win",
                 cash_out=t(locale, "clicks.control.key", key="p"),
                 roll_on=t(locale, "clicks.control.key", key="o"))
    assert text.count(sentence) == 1, text
    assert ("the p key" if locale == "en" else "la touche p") in sentence
    # Nor is it said again in other words before the prompt that follows.
    offer = t(locale, "clicks.offer.cash_out", cash_out=t(locale, "clicks.control.key", key="p"))
    assert offer not in text
    # Shown again later (`s` does not count): the offer stands, said once, with its key.
    said, ask, say = scripted(["q"])
    assert await play(db, OWNER, locale, "us", ask, say) == 0
    assert "\n".join(said).count(offer) == 1


async def test_M1_E3_a_loss_in_the_terminal_names_the_debt_and_what_could_be_raised(tmp_path):
    db = tmp_path / "loss.sqlite3"
    await _driven(db, 1, lambda game, stop, skips, moves: game.is_over)
    said, ask, say = scripted(["o", "q"])
    assert await play(db, OWNER, "en", "us", ask, say) == 0
    lost = [line for line in said if "can't be paid: cash " in line]
    assert len(lost) == 1 and " + sales and mortgages " in lost[0], said[-12:]


async def test_P1_an_offer_it_cant_afford_is_told_with_the_bank_taking_it_fr(tmp_path):
    db = tmp_path / "short.sqlite3"
    await _driven(db, 1, lambda game, stop, skips, moves: moves > 1 and any(
        s.why == BUY_SHORT for s in skips), edition="fr")
    said, ask, say = scripted(["o", "q"])
    assert await play(db, OWNER, "fr", "fr", ask, say) == 0
    lines = [line for line in said if "trop cher pour vous" in line]
    assert lines and "\xa0Cr) : la Banque s'en empare, il lui reste " in lines[0], said


async def test_M1_after_a_hint_p_offers_and_pays_the_way_the_hint_rated_best(tmp_path):
    """The Hint and `p` agree (issue 37): at a debt the Hint weighed, `p` lists the plan it
    rated best first and carries out that one, not the least-rent way it lists otherwise."""
    db = tmp_path / "debt.sqlite3"
    service = await GameService.open(db, seed_source=lambda: 11)  # a debt, two ways
    try:
        record = await service.start(OWNER, None, None)
        chooser = make_strategy("always-buy")
        while not (record.game.pending == RAISE_FUNDS and len(debt_plans(record.game)) >= 2):
            game = record.game
            assert not game.is_over
            played = (await service.autoplay.roll_on(record.id, OWNER, record.version)
                      if game.pending == ROLL else await service.autoplay.play(
                          record.id, OWNER, record.version, chooser.choose(game),
                          roll_on=True))
            record = played.record
        plans = debt_plans(record.game)
        assert record.game.pending == RAISE_FUNDS and plans[0].way == LEAST_RENT
        rated = plans[1]  # the Hint rates the second way best
        hint = summarize(record.version, 0, plans, tallies(len(plans), [40, 90][:len(plans)]))
        assert hint.best is not None and hint.best.action == rated
        hinted = HintedWays()  # as if the Hint had been asked in the terminal's process
        hinted.remember(record.id, hint)
        version = record.version
    finally:
        await service.close()
    said, ask, say = scripted(["p", "y", "q"])
    assert await play(db, OWNER, "en", "us", ask, say, hinted=hinted) == 0
    text = "\n".join(said)
    first = t("en", "clicks.debt.preview", debt=format_money(rated.target, "us", "en"),
              steps=plan_steps(rated, record.game, "en"),
              cash=format_money(rated.cash_after, "us", "en"))
    assert first in text
    service = await GameService.open(db)
    try:
        log = sorted(await service.history(record.id, limit=200), key=lambda e: e.seq)
    finally:
        await service.close()
    done = [e.action for e in log if e.seq > version][:len(rated.steps)]
    assert done == [a.to_dict() for a in rated.steps]


async def test_standing_orders_are_set_shown_and_undone_with_the_w_key(tmp_path):
    db = tmp_path / "orders.sqlite3"
    said, ask, say = scripted(["w b 150", "w d", "w", "w b", "w zz", "q"])
    assert await play(db, OWNER, "en", "us", ask, say) == 0
    text = "\n".join(said)
    assert t("en", "prefs.build_reserve.on", reserve="150") in text
    assert t("en", "prefs.decline_bank_groups.on") in text
    assert text.count(t("en", "clicks.terminal.orders_help")) == 2  # `w` alone, and `w zz`
    service = await GameService.open(db)
    try:
        orders = (await service.prefs.get(OWNER)).orders
    finally:
        await service.close()
    assert (orders.build_reserve, orders.decline_bank_groups, orders.pay_debts) == (
        None, True, False)  # `w b` undid the build order in one key


async def test_an_order_that_answered_names_the_key_that_undoes_it(tmp_path):
    db = tmp_path / "undo.sqlite3"
    service = await GameService.open(db, seed_source=lambda: 11)
    try:
        await service.prefs.change(OWNER, "pay_debts", True)
        await service.start(OWNER, None, None)
    finally:
        await service.close()
    said, ask, say = scripted(["o", "b", "d", "f"] * 80 + ["q"])
    assert await play(db, OWNER, "en", "us", ask, say) == 0
    text = "\n".join(said)
    undo = t("en", "clicks.terminal.order_undo",
             keys="w p: " + t("en", "clicks.button.order_off.pay_debts"))
    assert undo in text and t("en", "clicks.orders.line", what="").split(":")[0] in text
