"""Every command knows the daily (issue 19, H1 per slot, H5): `status`, `board`, `history`,
`hint`, `mortgage`, `lift`, `sell`, `resign` and `resume` act on the game the player means,
through the real client. With only a daily, the daily; with both, the `game` option or the one
played last, named in the answer; `hint` on a daily gives the daily's own refusal."""

from __future__ import annotations

import pytest

from bot.application.daily import day_number
from bot.i18n import square_name, t
from game_core import LiftMortgage, Mortgage
from game_core.state import ROLL
from game_core.strategies import make_strategy

from .conftest import components

DAILY_SEED = 12345  # the day's seed, whatever the day and the bot's secret: known dice


@pytest.fixture(autouse=True)
def known_daily(monkeypatch):
    monkeypatch.setattr("bot.application.daily_games.daily_seed", lambda secret, day: DAILY_SEED)


async def _daily_with_a_mortgage(world, user):
    """The user's daily, played through the service with always-buy until a mortgage is open
    at a roll."""
    await user.slash(world.channel, "monopoly daily")
    service = world.env.bot.service
    record = await service.active_daily(user.id)
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
    assert history.ephemeral and f"#{record.version}" in history.response.embeds[0].description
    hint = await world.alice.slash(world.channel, "monopoly hint")
    assert hint.ephemeral and hint.response.content == (
        f"**{name}**\n" + t("en", "hint.no_hints"))
    square = min(a.square for a in record.game.legal_actions() if type(a) is Mortgage)
    choices = await world.alice.autocomplete(world.channel, "monopoly mortgage", "property", "")
    assert str(square) in {c["value"] for c in choices}
    done = await world.alice.slash(world.channel, "monopoly mortgage", property=str(square))
    assert done.ephemeral and done.response.content.startswith(f"**{name}**\n")
    assert square_name("us", square) in done.response.content
    mortgaged = await service.get(record.id)
    assert mortgaged.game.s.mortgaged[square]
    can_lift = any(type(a) is LiftMortgage and a.square == square
                   for a in mortgaged.game.legal_actions())
    lifted = await world.alice.slash(world.channel, "monopoly lift", property=str(square),
                                     game="daily")
    # M2: lifted if the cash covers it, else refused with the reason; named either way.
    assert lifted.ephemeral and lifted.response.content.startswith(f"**{name}**\n")
    assert (await service.get(record.id)).game.s.mortgaged[square] is not can_lift
    sold = await world.alice.slash(world.channel, "monopoly sell", property=str(square))
    assert sold.ephemeral and sold.response.content.startswith(f"**{name}**\nCan't do that:")
    # An ordinary game asked for by name: there is none, and the answer says so.
    none = await world.alice.slash(world.channel, "monopoly status", game="ordinary")
    assert none.response.content == t("en", "which.no_ordinary")
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    assert prompt.response.content == f"**{name}**\n" + t("en", "resign.confirm")
    await world.alice.click(prompt.response, label=t("en", "button.confirm_resign"))
    finished = await service.get(record.id)
    assert finished.status == "lost" and finished.outcome == "lost:resigned"
    # Finished: board shows where the money went, history its pages with the board.
    money = await world.alice.slash(world.channel, "monopoly board")
    assert money.response.embeds[0].title == t("en", "picture.heat.title")
    pages = await world.alice.slash(world.channel, "monopoly history", game="daily")
    assert pages.ephemeral and pages.response.embeds
    # And a daily asked for when there is none in progress, by a command that needs one.
    gone = await world.alice.slash(world.channel, "monopoly mortgage", property="1",
                                   game="daily")
    assert gone.response.content == t("en", "which.no_daily")


async def test_with_both_games_the_option_chooses_and_the_default_is_the_last_played(world):
    service = world.env.bot.service
    ordinary = await world.alice.slash(world.channel, "monopoly new")
    daily = await _daily_with_a_mortgage(world, world.alice)  # played last
    name = _name(daily)
    default = await world.alice.slash(world.channel, "monopoly status")
    assert default.response.content == f"**{name}**"
    asked = await world.alice.slash(world.channel, "monopoly status", game="ordinary")
    assert asked.response.content == "**Your game #1**"
    turn = (await service.get(1)).game.turn
    assert asked.response.embeds[0].title == f"alice's game, turn {turn}"
    hint = await world.alice.slash(world.channel, "monopoly hint", game="daily")
    assert hint.response.content.endswith(t("en", "hint.no_hints"))
    # The autocomplete follows the option: the ordinary game has nothing to mortgage yet.
    assert await world.alice.autocomplete(world.channel, "monopoly mortgage", "property", "",
                                          game="ordinary") == []
    # A click on the ordinary game makes it the one played last.
    roll = next(c["custom_id"] for c in components(ordinary.response)
                if c.get("custom_id", "").endswith(":roll"))
    await world.alice.click(ordinary.response, custom_id=roll)
    now = await world.alice.slash(world.channel, "monopoly status")
    assert now.response.content == "**Your game #1**"
    resumed = await world.alice.slash(world.channel, "monopoly resume", game="daily")
    assert resumed.response.embeds[0].footer.text.startswith(f"Game #{daily.id}")
    prompt = await world.alice.slash(world.channel, "monopoly resign", game="daily")
    assert prompt.response.content.startswith(f"**{name}**\n")
    await world.alice.click(prompt.response, label=t("en", "button.confirm_resign"))
    assert (await service.get(daily.id)).status == "lost"
    assert (await service.get(1)).status == "active"  # the ordinary game goes on


async def test_a_player_with_no_game_is_told_so_by_every_command(world):
    for command in ("status", "board", "history", "hint", "resign", "resume"):
        answer = await world.bob.slash(world.channel, f"monopoly {command}")
        assert answer.ephemeral and answer.response.content == t("en", "error.no_game"), command
    daily = await world.bob.slash(world.channel, "monopoly board", game="daily")
    assert daily.response.content == t("en", "which.no_daily_yet")
