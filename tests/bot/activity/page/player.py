"""A player at the board: opening it as Discord would (mock SDK, a code from the loopback
Discord), finding its controls by role and name in the player's language, tapping them."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from bot.i18n import t

from ...running_bot import Table
from .browser import Watched, open_page

DISCORD_LOCALES = {"en": "en-US", "fr": "fr", "es": "es-ES"}


def board_for(world: dict[str, Any], browser: Any, table: Table, lang: str,
              **size: Any) -> tuple[Any, Any, Watched]:
    """The page as `table`'s player opens it, Discord speaking `lang`."""
    code = world["fake"].activities.code_for(table.player, locale=DISCORD_LOCALES[lang])
    context, page, watched = open_page(browser, world["base"], f"?mock_code={code}", **size)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#app")).to_have_attribute("aria-busy", "false")
    return context, page, watched


def choices(page: Any, lang: str) -> Any:
    return page.get_by_role("group", name=t(lang, "activity.choices"))


def tap(page: Any, button: Any) -> int:
    """Tap `button` (a choice); the game's version the server answered with."""
    with page.expect_response(re.compile(r"/api/game/action$")) as answer:
        button.click()
    body = answer.value.json()
    assert answer.value.ok, body
    version: int = body["game"]["game"]["version"]
    expect(page.locator("#app")).to_have_attribute("data-version", str(version))
    return version


QUICK = ("clicks.button.cash_out", "clicks.button.roll_on", "button.buy",
         "clicks.button.pay_for_me", "button.roll", "button.decline")
BUYER = ("button.buy", "clicks.button.pay_for_me", "button.roll", "button.decline")


def next_choice(page: Any, lang: str, keys: tuple[str, ...] = QUICK) -> Any:
    """The first of `keys` offered, found by its name in `lang` (QUICK: cash out when it
    wins, else roll on, buy, let the game pay a debt, roll, decline), else the first choice
    offered (the jail's, the build menu's...)."""
    group = choices(page, lang)
    for key in keys:
        if key == "button.buy":  # "Buy ($60)": its name starts with the word
            word = t(lang, key, price="").split("(")[0].strip()
            button = group.get_by_role("button", name=re.compile("^" + re.escape(word)))
        else:
            button = group.get_by_role("button", name=t(lang, key), exact=True)
        if button.count():
            return button.first
    return group.get_by_role("button").first


def message_version(world: dict[str, Any], table: Table) -> int | None:
    message = world["fake"].messages[table.message_id]
    return message.version


def play(world: dict[str, Any], page: Any, table: Table, lang: str, taps: int,
         keys: tuple[str, ...] = QUICK) -> int:
    """Tap up to `taps` choices (next_choice's) or to the end of the game; each move shows
    on the chat message. How many taps it took."""
    over = t(lang, "button.play_again")
    for done in range(taps):
        if choices(page, lang).get_by_role("button", name=over).count():
            return done
        version = tap(page, next_choice(page, lang, keys))
        # The chat message shows the move made on the board (its controls are for it).
        world["fake"].wait_until(lambda v=version: message_version(world, table) in (v, None)
                                 and world["fake"].messages[table.message_id].edits > 0, 30)
    return taps
