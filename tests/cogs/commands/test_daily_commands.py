"""Every command knows the daily (H1 per slot, H5): `/monopoly`'s `status`,
`board`, `history`, `hint`, `resign` and `resume` act on the player's game, and
`/monopoly-daily`'s on their daily, through the real client. With only a daily, `/monopoly`'s
act on it too; with both going, on the ordinary game; the answer names the game whenever a
daily is in the picture; `hint` on a daily gives the daily's own refusal."""

from __future__ import annotations

import pytest

from bot.application.daily import day_number
from bot.i18n import t
from game_core import Mortgage
from game_core.state import ROLL
from game_core.strategies import make_strategy

from tests.cogs.conftest import select_ids

DAILY_SEED = 12345  # the day's seed, whatever the day and the bot's secret: known dice


@pytest.fixture(autouse=True)
def known_daily(monkeypatch):
    monkeypatch.setattr("bot.application.daily_games.daily_seed", lambda secret, day: DAILY_SEED)


async def _daily_with_a_mortgage(world, user):
    """The user's daily, played through the service with always-buy until a mortgage is open
    at a roll."""
    await user.slash(world.channel, "monopoly-daily play")
    service = world.env.bot.service
    record = await service.daily.active(user.id)
    player = make_strategy("always-buy")
    for _ in range(300):
        game = record.game
        if game.s.pending == ROLL and any(type(a) is Mortgage for a in game.legal_actions()):
            return record
        assert not game.is_over, (game.turn, game.outcome, game.s.owner)
        record = (await service.act(record.id, user.id, record.version,
                                    player.choose(game))).record
    raise AssertionError("no mortgage open in 300 moves")


def _name(record) -> str:
    return t("en", "which.daily", number=day_number(record.daily_day))


async def test_H5_with_only_a_daily_every_command_acts_on_it(world):
    service = world.env.bot.service
    record = await _daily_with_a_mortgage(world, world.alice)
    name = _name(record)
    status = await world.alice.slash(world.channel, "monopoly status")
    assert status.ephemeral and status.response.content == f"**{name}**"
    assert status.response.embeds[0].title == f"alice's game, turn {record.game.turn}"
    resumed = await world.alice.slash(world.channel, "monopoly resume")
    assert resumed.ephemeral  # the daily's message is private (H5)
    assert resumed.response.embeds[0].footer.text.startswith(f"Game #{record.id}")
    board = await world.alice.slash(world.channel, "monopoly board")
    assert board.ephemeral and board.response.attachments
    history = await world.alice.slash(world.channel, "monopoly history")
    told = history.response.embeds[0].description  # the daily's newest turn first
    assert history.ephemeral and told.startswith(
        (f"**Turn {record.game.turn}**", f"**Turn {record.game.turn - 1}**"))
    hint = await world.alice.slash(world.channel, "monopoly hint")
    assert hint.ephemeral and hint.response.content == (
        f"**{name}**\n" + t("en", "hint.no_hints"))
    # Its mortgages are on its message's menu, as an ordinary game's.
    square = min(a.square for a in record.game.legal_actions() if type(a) is Mortgage)
    custom_id, values = select_ids(resumed.response)["mortgage"]
    assert str(square) in values
    await world.alice.select(resumed.response, [str(square)], custom_id=custom_id)
    assert (await service.get(record.id)).game.s.mortgaged[square]
    # The daily asked for by its own command.
    own = await world.alice.slash(world.channel, "monopoly-daily status")
    assert own.ephemeral and own.response.content == f"**{name}**"
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    assert prompt.response.content == f"**{name}**\n" + t("en", "resign.confirm")
    await world.alice.click(prompt.response, label=t("en", "button.confirm_resign"))
    finished = await service.get(record.id)
    assert finished.status == "lost" and finished.outcome == "lost:resigned"
    # Finished: board shows where the money went, history its pages with the board.
    money = await world.alice.slash(world.channel, "monopoly board")
    assert money.response.embeds[0].title == t("en", "picture.heat.title")
    pages = await world.alice.slash(world.channel, "monopoly-daily history")
    assert pages.ephemeral and pages.response.embeds
    # And a daily asked for when there is none in progress, by a command that needs one.
    gone = await world.alice.slash(world.channel, "monopoly-daily status")
    assert gone.response.content == t("en", "which.no_daily")


async def test_with_both_games_monopoly_means_the_ordinary_and_monopoly_daily_the_daily(world):
    service = world.env.bot.service
    await world.alice.slash(world.channel, "monopoly new")
    daily = await _daily_with_a_mortgage(world, world.alice)  # played last
    name = _name(daily)
    ordinary = await world.alice.slash(world.channel, "monopoly status")
    assert ordinary.response.content == "**Your game #1**"
    turn = (await service.get(1)).game.turn
    assert ordinary.response.embeds[0].title == f"alice's game, turn {turn}"
    asked = await world.alice.slash(world.channel, "monopoly-daily status")
    assert asked.response.content == f"**{name}**"
    assert asked.response.embeds[0].title == f"alice's game, turn {daily.game.turn}"
    resumed = await world.alice.slash(world.channel, "monopoly-daily play")
    assert resumed.response.embeds[0].footer.text.startswith(f"Game #{daily.id}")
    prompt = await world.alice.slash(world.channel, "monopoly-daily resign")
    assert prompt.response.content.startswith(f"**{name}**\n")
    await world.alice.click(prompt.response, label=t("en", "button.confirm_resign"))
    assert (await service.get(daily.id)).status == "lost"
    assert (await service.get(1)).status == "active"  # the ordinary game goes on


async def test_a_player_with_no_game_is_told_so_by_every_command(world):
    for command in ("status", "board", "history", "hint", "resign", "resume"):
        answer = await world.bob.slash(world.channel, f"monopoly {command}")
        assert answer.ephemeral and answer.response.content == t("en", "error.no_game"), command
    for command in ("status", "board", "history", "resign"):
        daily = await world.bob.slash(world.channel, f"monopoly-daily {command}")
        expected = "which.no_daily_yet" if command in ("board", "history") else "which.no_daily"
        assert daily.ephemeral and daily.response.content == t("en", expected), command


def _answer(result):
    """The answer a command ends with (a deferred one's follow-up)."""
    return result.followups[-1] if result.followups else result.response


def _said(result) -> str:
    return _answer(result).content or ""


async def test_with_both_games_board_history_and_hint_name_the_game_they_show(world):
    service = world.env.bot.service
    await world.alice.slash(world.channel, "monopoly new")
    daily = await _daily_with_a_mortgage(world, world.alice)  # played last
    name, ordinary = f"**{_name(daily)}**", "**Your game #1**"
    board = await world.alice.slash(world.channel, "monopoly-daily board")
    assert _said(board) == name
    board = await world.alice.slash(world.channel, "monopoly board")
    assert _said(board) == ordinary
    history = await world.alice.slash(world.channel, "monopoly-daily history")
    assert history.ephemeral and _said(history) == name and history.response.embeds
    history = await world.alice.slash(world.channel, "monopoly history")
    assert _said(history) == ordinary
    # A hint for the ordinary game while the daily is going says which game it is about.
    hint = await world.alice.slash(world.channel, "monopoly hint")
    said = _said(hint)
    assert said.startswith(f"{ordinary}\n") and len(said) > len(ordinary) + 1, said
    # A finished daily: its board (where the money went) and history are named too.
    await service.resign(daily.id, world.alice.id)
    money = await world.alice.slash(world.channel, "monopoly-daily board")
    assert _said(money) == name
    assert _answer(money).embeds[0].title == t("en", "picture.heat.title")
    pages = await world.alice.slash(world.channel, "monopoly-daily history")
    assert _said(pages) == name and _answer(pages).embeds
