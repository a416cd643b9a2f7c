"""Roll on's account in the terminal (`solo-monopoly play`): the win stop names the keys
that win and go on, once (M5); a loss names its debt and what could be raised (M1, E3); an
offer the player can't afford says so (P1)."""

from __future__ import annotations

import pytest

from bot.application.service import GameService
from bot.cli.terminal import play
from bot.i18n import t
from game_core.prompts import BUY_SHORT, STOP_WIN

from tests.bot.application.roll_on_driver import Trial, drive_to
from tests.bot.cli.test_terminal import scripted

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
