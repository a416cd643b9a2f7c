"""The Activity's page in real Chromium, served by the real `python -m bot` against the
loopback Discord: the SDK in its mock mode (no frame_id) signs in through the real token
exchange (the loopback Discord issues the code), and a player plays by tapping, every control
found by its role and its name in the player's language (the same catalog the chat message
speaks). The chat message follows each tap on the board, and the board each click on the
message. No request leaves the page's origin; the console stays clean."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from bot.i18n import t

from ...fake_discord import FakeDiscord
from ...fake_oauth import CLIENT_SECRET
from ...running_bot import RunningBot, Table, seed_games
from .browser import open_page

pytestmark = pytest.mark.slow
DISCORD_LOCALES = {"en": "en-US", "fr": "fr", "es": "es-ES"}
MAX_TAPS = 400


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    fake = FakeDiscord(entry_point=True)
    fake.start()
    db = tmp_path_factory.mktemp("page") / "monopoly.sqlite3"
    tables = seed_games(db, fake, 4)
    port = free_port()
    bot = RunningBot(fake, db, env={"MONOPOLY_ACTIVITY_PORT": str(port),
                                    "DISCORD_CLIENT_SECRET": CLIENT_SECRET})
    try:
        yield {"fake": fake, "tables": tables, "bot": bot, "base": f"http://127.0.0.1:{port}"}
    finally:
        log = bot.stop()
        fake.stop()
        assert "Traceback" not in log, log


def board_for(world: dict[str, Any], browser: Any, table: Table, lang: str,
              **size: Any) -> tuple[Any, Any, Any]:
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


def next_choice(page: Any, lang: str) -> Any:
    """The choice a quick player taps, found by its name in `lang`: cash out when it wins,
    else roll on, buy, let the game pay a debt, roll, decline; else the first one offered."""
    group = choices(page, lang)
    exact = [t(lang, "clicks.button.cash_out"), t(lang, "clicks.button.roll_on"),
             t(lang, "clicks.button.pay_for_me"), t(lang, "button.roll")]
    buy = t(lang, "button.buy", price="").split("(")[0].strip()
    for name in exact[:2] + [re.compile("^" + re.escape(buy))] + exact[2:] + [
            t(lang, "button.decline")]:
        button = group.get_by_role("button", name=name, exact=True) if isinstance(
            name, str) else group.get_by_role("button", name=name)
        if button.count():
            return button.first
    return group.get_by_role("button").first


def message_version(world: dict[str, Any], table: Table) -> int | None:
    message = world["fake"].messages[table.message_id]
    return message.version


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_a_whole_game_played_by_tapping_the_board(world, browser, lang):
    table = world["tables"][["en", "fr", "es"].index(lang)]
    context, page, watched = board_for(world, browser, table, lang)
    try:
        # The board: 40 squares, the properties buttons named in the player's language.
        expect(page.locator("#board > li")).to_have_count(40)
        first_street = t(lang, "owner.nobody")
        expect(page.get_by_role("button", name=re.compile(re.escape(first_street)))
               ).to_have_count(28)
        over = t(lang, "button.play_again")
        for _ in range(MAX_TAPS):
            if choices(page, lang).get_by_role("button", name=over).count():
                break
            version = tap(page, next_choice(page, lang))
            # The chat message shows the move made on the board.
            world["fake"].wait_until(lambda v=version: message_version(world, table) in (
                v, None) and world["fake"].messages[table.message_id].edits > 0, 30)
        else:
            pytest.fail(f"no end after {MAX_TAPS} taps")
        expect(choices(page, lang).get_by_role("button", name=over)).to_be_visible()
        watched.check()
    finally:
        context.close()
