"""The page's views in real Chromium against the real bot: a square's card (with the keyboard:
Escape closes it, the focus goes back), a phone (390 x 844: 44-px tap targets, nothing wider
than the screen, the decision on the first screen), a small frame (picture-in-picture: the
decision and its choices still shown), no motion when the player asks for none, 4.5:1
contrast, and a watcher who sees the game without a single choice."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from bot.i18n import t

from ...fake_payloads import CHANNEL_ID, GUILD_ID
from .browser import open_page
from .player import board_for, choices, play, tap

pytestmark = pytest.mark.slow

# The browser's own measures: text contrast, button sizes, the document's width.
MEASURE = (Path(__file__).parent / "measure.js").read_text()


def test_a_square_opens_its_card_and_the_keyboard_closes_it(world, browser):
    table = world["tables"][4]
    context, page, watched = board_for(world, browser, table, "fr")
    try:
        square = page.get_by_role("button", name=re.compile(
            re.escape(t("fr", "owner.nobody")))).first
        name = square.get_attribute("aria-label")
        square.focus()
        page.keyboard.press("Enter")
        card = page.get_by_role("dialog")
        expect(card).to_be_visible()
        assert card.get_by_role("heading").inner_text() in name
        expect(card.get_by_text(t("fr", "activity.card.price"))).to_be_visible()
        expect(card.get_by_role("button", name=t("fr", "activity.card.close"))).to_be_visible()
        page.keyboard.press("Escape")
        expect(card).to_be_hidden()
        assert page.evaluate("document.activeElement.getAttribute('aria-label')") == name
        # Keyboard play: Tab reaches the roll button, Enter presses it.
        roll = choices(page, "fr").get_by_role("button", name=t("fr", "button.roll"), exact=True)
        roll.focus()
        with page.expect_response(re.compile(r"/api/game/action$")):
            page.keyboard.press("Enter")
        expect(page.locator("#app")).not_to_have_attribute("data-version", "0")
        # After the move the focus stays in the decision, on its first choice.
        assert page.evaluate("document.activeElement.closest('#decision') !== null")
        watched.check()
    finally:
        context.close()


def test_a_phone_shows_the_decision_first_with_44_px_targets(world, browser):
    table = world["tables"][5]
    context, page, watched = board_for(world, browser, table, "es", width=390, height=844)
    try:
        play(world, page, table, "es", 6)
        measured = page.evaluate(MEASURE)
        assert measured["small"] == [], measured["small"]
        assert measured["wide"] <= 390, "wider than the phone"
        assert measured["low"] == [], measured["low"]
        first = choices(page, "es").get_by_role("button").first
        expect(first).to_be_in_viewport()
        expect(page.get_by_role("list", name=t("es", "activity.squares"))).to_be_visible()
        # Held sideways: the board and the decision side by side, still 44-px targets.
        page.set_viewport_size({"width": 844, "height": 390})
        measured = page.evaluate(MEASURE)
        assert measured["small"] == [] and measured["wide"] <= 844, measured
        expect(choices(page, "es").get_by_role("button").first).to_be_in_viewport()
        watched.check()
    finally:
        context.close()


def test_a_small_frame_still_shows_the_decision(world, browser):
    table = world["tables"][6]
    context, page, watched = board_for(world, browser, table, "en", width=320, height=180)
    try:
        roll = choices(page, "en").get_by_role("button", name=t("en", "button.roll"), exact=True)
        expect(roll).to_be_in_viewport()
        expect(page.locator("#prompt")).to_be_visible()
        expect(page.get_by_role("list", name=t("en", "activity.squares"))).to_be_hidden()
        tap(page, roll)
        expect(choices(page, "en").get_by_role("button").first).to_be_in_viewport()
        watched.check()
    finally:
        context.close()


def test_nothing_moves_when_the_player_asks_for_reduced_motion(world, browser):
    table = world["tables"][6]
    for reduced in (False, True):
        context, page, watched = board_for(world, browser, table, "en", reduced_motion=reduced)
        try:
            tap(page, choices(page, "en").get_by_role("button").first)
            # The dice roll (a CSS animation) unless motion is reduced; then nothing runs.
            rolled = page.evaluate(
                "getComputedStyle(document.querySelector('.dice.rolling .die')).animationName")
            assert rolled == ("none" if reduced else "roll")
            if reduced:
                assert page.evaluate("document.getAnimations().length") == 0
            watched.check()
        finally:
            context.close()


def test_a_watcher_sees_the_game_without_a_choice(world, browser):
    fake, table = world["fake"], world["tables"][7]
    launch = next(c for c in fake.messages[table.message_id].custom_ids
                  if c.startswith("sm:board:")) if any(
        c.startswith("sm:board:") for c in fake.messages[table.message_id].custom_ids) else None
    if launch is None:  # the seeded message predates the button: a first tap shows it
        context, page, _ = board_for(world, browser, table, "en")
        tap(page, choices(page, "en").get_by_role("button", name=t("en", "button.roll"),
                                                  exact=True))
        context.close()
        fake.wait_until(lambda: any(c.startswith("sm:board:") for c in
                                    fake.messages[table.message_id].custom_ids), 30)
        launch = next(c for c in fake.messages[table.message_id].custom_ids
                      if c.startswith("sm:board:"))
    [pressed] = fake.click_many([(table.player, table.message_id, launch)])
    fake.wait_answered([pressed])
    watcher = 88_888
    fake.activities.instance("i-page", [table.player, watcher], CHANNEL_ID, GUILD_ID)
    code = fake.activities.code_for(watcher, locale="fr")
    context, page, watched = open_page(browser, world["base"],
                                       f"?mock_code={code}&instance_id=i-page")
    try:
        expect(page.locator("#app")).to_have_attribute("aria-busy", "false")
        expect(page.get_by_text(t("fr", "activity.watching"))).to_be_visible()
        expect(page.locator("#decision button, #hint button")).to_have_count(0)
        expect(page.locator("#board > li")).to_have_count(40)
        watched.check()
    finally:
        context.close()


def test_every_request_stays_on_the_pages_origin(world, browser):
    table = world["tables"][4]
    context, page, watched = board_for(world, browser, table, "en")
    try:
        expect(page.locator("#board > li")).to_have_count(40)
        assert any(url.endswith("/api/token") for url in watched.requests)
        assert any("/static/vendor/embedded-app-sdk" in url for url in watched.requests)
        assert any(url.endswith("/api/live") for url in watched.requests)
        watched.check()  # nothing elsewhere, no console error
    finally:
        context.close()
