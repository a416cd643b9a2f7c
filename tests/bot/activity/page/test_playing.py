"""The Activity's page in real Chromium, served by the real `python -m bot` against the
loopback Discord: the SDK in its mock mode (no frame_id) signs in through the real token
exchange (the loopback Discord issues the code), and a player plays by tapping, every control
found by its role and its name in the player's language (the same catalog the chat message
speaks). The chat message follows each tap on the board, and the board each click on the
message. No request leaves the page's origin; the console stays clean."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from bot.i18n import t

from .player import board_for, choices, message_version, play, tap

pytestmark = pytest.mark.slow
MAX_TAPS = 400


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_a_whole_game_played_by_tapping_the_board(world, browser, lang):
    table = world["tables"][["en", "fr", "es"].index(lang)]
    context, page, watched = board_for(world, browser, table, lang)
    try:
        expect(page.get_by_role("heading", name=t(lang, "activity.decision"))).to_be_visible()
        expect(page.get_by_role("list", name=t(lang, "activity.squares"))).to_be_visible()
        expect(page.locator("#board > li")).to_have_count(40)
        # The 28 properties are buttons, named by their square and owner ("for sale").
        expect(page.get_by_role("button", name=re.compile(re.escape(t(lang, "owner.nobody"))))
               ).to_have_count(28)
        tap(page, choices(page, lang).get_by_role("button", name=t(lang, "button.roll"),
                                                  exact=True))
        taps = play(world, page, table, lang, MAX_TAPS)
        assert taps < MAX_TAPS, "no end of the game"
        expect(page.get_by_role("heading", name=t(lang, "activity.history"))).to_be_visible()
        again = choices(page, lang).get_by_role("button", name=t(lang, "button.play_again"))
        expect(again).to_be_visible()
        # Play again: a new game on the board, its first choice named in the language.
        tap(page, again)
        expect(choices(page, lang).get_by_role("button", name=t(lang, "button.roll"),
                                               exact=True)).to_be_visible()
        watched.check()
    finally:
        context.close()


def test_the_board_follows_a_click_on_the_chat_message(world, browser):
    fake, table = world["fake"], world["tables"][3]
    context, page, watched = board_for(world, browser, table, "en")
    try:
        message = fake.messages[table.message_id]
        button = message.button("roll")
        assert button is not None, message.custom_ids
        [click] = fake.click_many([(table.player, table.message_id, button)])
        fake.wait_answered([click])
        fake.wait_until(lambda: (message_version(world, table) or 0) > 0, 30)
        shown = message_version(world, table)
        # The live channel brought the move to the open board.
        expect(page.locator("#app")).to_have_attribute("data-version", str(shown),
                                                       timeout=30_000)
        expect(page.locator("#dice")).to_be_visible()
        # The Hint: its own button in its region, named from the catalog; what it says comes
        # in a polite live region, the message's Hint's words (its title first).
        region = page.get_by_role("region", name=t("en", "activity.hint"))
        expect(region.locator("#hint-lines")).to_have_attribute("aria-live", "polite")
        tap(page, region.get_by_role("button", name=t("en", "button.hint"), exact=True))
        said = region.get_by_role("listitem").first
        expect(said).to_have_text(re.compile("^" + re.escape(
            t("en", "hint.title", turn=999)).replace("999", r"\d+") + "$"))
        expect(region.get_by_role("listitem")).not_to_have_count(1)
        watched.check()
    finally:
        context.close()
