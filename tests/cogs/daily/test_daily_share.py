"""The daily through the real client: the same dice for everyone (H4), private
until finished (H5), a Share that gives away no square, dice or card in either language, its
rank and next-day time around midnight UTC, and the built-in player's yardstick."""

from __future__ import annotations

import re

import pytest

from bot.application.daily import DAY_SECONDS, day_number
from bot.i18n import LOCALES, t
from bot.i18n.squares import square_names
from bot.narration.card_words import card_text
from game_core.cards import CARDS
from game_core.editions import EDITIONS
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids, components, select_ids
from tests.cogs.playing import MENU_OF

DAILY_SEED = 12345  # the day's seed, whatever the day and the bot's secret: known dice
DAY = 20_600  # 2026-05-26, daily #146
MIDNIGHT = (DAY + 1) * DAY_SECONDS


@pytest.fixture(autouse=True)
def known_daily(monkeypatch):
    monkeypatch.setattr("bot.application.daily_games.daily_seed", lambda secret, day: DAILY_SEED)


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _fix_clock(world, now: float) -> Clock:
    clock = Clock(now)
    world.env.bot.service.core.clock = clock  # the service's clock, as GameService.open takes it
    return clock


async def _play(world, user, message, strategy: str, moves: int) -> tuple[object, list[str]]:
    """Click through `moves` moves of the user's daily on its private message, as `strategy`
    chooses; returns the message and the dice line each roll showed."""
    service = world.env.bot.service
    player, dice = make_strategy(strategy), []
    for _ in range(moves):
        record = await service.daily.active(user.id)
        if record is None:
            break
        action = player.choose(record.game)
        menu = MENU_OF.get(type(action))
        if menu is None:
            result = await user.click(message, custom_id=button_ids(message)[action.type])
        else:
            custom_id, _ = select_ids(message)[menu]
            result = await user.select(message, [str(action.square)], custom_id=custom_id)
        assert result.acknowledged, result
        if action.type == "roll":
            events = result.response.embeds[0].fields[0].value
            dice.append(next(line for line in events.splitlines() if line.startswith("🎲")))
    return message, dice


@pytest.mark.slow
async def test_H4_two_players_of_the_daily_see_the_same_dice_for_the_same_roll(world):
    alice = await world.alice.slash(world.channel, "monopoly-daily play")
    bob = await world.bob.slash(world.channel, "monopoly-daily play")
    _, alice_dice = await _play(world, world.alice, alice.response, "always-buy", 40)
    _, bob_dice = await _play(world, world.bob, bob.response, "never-buy", 40)
    common = min(len(alice_dice), len(bob_dice))
    # The dice and the square they lead to (doubles off: no roll is skipped or added).
    assert common >= 10 and alice_dice[:common] == bob_dice[:common]
    alice_game = (await world.env.bot.service.daily.active(world.alice.id)).game
    bob_game = (await world.env.bot.service.daily.active(world.bob.id)).game
    assert alice_game.s.owner != bob_game.s.owner  # different choices all the same


async def test_H5_another_member_sees_nothing_of_a_daily_in_progress(world):
    started = await world.alice.slash(world.channel, "monopoly-daily play")
    message, _ = await _play(world, world.alice, started.response, "always-buy", 6)
    assert started.ephemeral
    seen = world.channel.history(viewer=world.bob)
    assert all(m.id != message.id and not m.embeds for m in seen), seen
    with pytest.raises(Exception, match="not visible"):
        await world.bob.click(message, custom_id=button_ids(message)["roll"])
    record = await world.env.bot.service.daily.active(world.alice.id)
    assert not await world.env.bot.service.daily.may_see(record, world.bob.id)
    # Bob's commands don't reach it either: they speak of his own games only.
    nothing = await world.bob.slash(world.channel, "monopoly-daily board")
    assert nothing.response.content == t("en", "which.no_daily_yet")


async def test_H5_the_players_own_daily_in_progress_is_said_in_progress_never_lost(world):
    """`/monopoly-daily player` naming oneself mid-daily: no recap reading "Lost after
    surviving 1 turn", but the daily said to be going on, and how to bring it back."""
    started = await world.alice.slash(world.channel, "monopoly-daily play")
    await _play(world, world.alice, started.response, "always-buy", 3)
    record = await world.env.bot.service.daily.active(world.alice.id)
    seen = await world.alice.slash(world.channel, "monopoly-daily player", player=world.alice)
    assert seen.ephemeral and not seen.response.embeds and not seen.response.attachments
    assert seen.response.content == t("en", "daily.view.in_progress",
                                      number=day_number(record.daily_day),
                                      turn=record.game.turn)
    assert "still going" in seen.response.content and "Lost" not in seen.response.content
    assert (await world.env.bot.service.daily.active(world.alice.id)).version == record.version


def _spoilers() -> list[str]:
    """Every square, group and card text of every edition (their openings too)."""
    out = []
    for edition in EDITIONS.values():
        out += list(edition.square_names) + list(edition.group_names.values())
        out += [edition.jail_name, edition.just_visiting_name, edition.chance_name,
                edition.community_chest_name]
        for text in edition.card_texts.values():
            out += [text, text[:24]]
        for locale in LOCALES:  # the same squares and cards in each player's language
            out += list(square_names(edition.key, locale))
            out += [card_text(card, edition.key, locale) for card in CARDS]
    return [s for s in out if len(s) > 2]


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.slow
async def test_the_share_gives_away_no_square_dice_or_card(world, interaction_locales, locale):
    interaction_locales[world.alice.id] = locale
    started = await world.alice.slash(world.channel, "monopoly-daily play")
    message, _ = await _play(world, world.alice, started.response, "always-buy", 80)
    if await world.env.bot.service.daily.active(world.alice.id) is not None:
        prompt = await world.alice.slash(world.channel, "monopoly resign")
        await world.alice.click(prompt.response, label=t(locale, "button.confirm_resign"))
    result = await world.alice.slash(world.channel, "monopoly-daily play")
    shared = await world.alice.click(result.response, label=t(locale, "button.share"))
    post = shared.response.content
    assert not shared.ephemeral
    record = await world.env.bot.service.daily.latest(world.alice.id)
    lines = post.splitlines()
    assert lines[0].startswith(t(locale, "share.head.lost", number=day_number(record.daily_day),
                                 player="alice", turns="").rstrip())
    assert len(lines) == 4 and re.fullmatch("[🟩🟥⬜🏠🏨]+(💥|🏳️|🏆)", lines[1])
    assert len(lines[1]) >= record.turns // 10  # one mark per ten turns, then the end
    assert lines[2].startswith(t(locale, "share.rank", rank=1, players=1, streak="")[:8])
    for spoiler in _spoilers():
        assert spoiler not in post, spoiler
    assert not re.search(r"\d\s*[+,]\s*\d", post)  # no dice
    # The result shows the post before it is shared, and the built-in player's result.
    shown = result.response.embeds[0].description
    assert post in shown and "🤖" in shown


async def test_rank_and_next_daily_around_midnight_utc(world):
    clock = _fix_clock(world, MIDNIGHT - 90)  # 23:58:30 UTC on DAY
    service = world.env.bot.service
    await world.alice.slash(world.channel, "monopoly-daily play")
    await world.bob.slash(world.channel, "monopoly-daily play")
    bob = await service.daily.active(world.bob.id)
    assert bob.daily_day == DAY
    player = make_strategy("always-buy")
    while bob.game.turn < 3:  # bob lasts longer than alice
        bob = (await service.act(bob.id, world.bob.id, bob.version,
                                 player.choose(bob.game))).record
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    await world.alice.click(prompt.response, label=t("en", "button.confirm_resign"))
    before = await world.alice.slash(world.channel, "monopoly-daily play")
    post = (await world.alice.click(before.response, label="Share")).response.content
    assert post.splitlines()[2] == "Rank 1 of 1 so far · streak 1 day"
    assert post.splitlines()[3] == "Next daily in 0 h 02 min · /monopoly-daily play"  # 90 s, up

    clock.now = MIDNIGHT + 30  # 00:00:30 on the next day: bob's daily still counts for DAY
    prompt = await world.bob.slash(world.channel, "monopoly resign")
    await world.bob.click(prompt.response, label=t("en", "button.confirm_resign"))
    finished = await service.daily.of(world.bob.id, DAY)
    assert finished is not None and finished.status == "lost"
    result = await world.bob.slash(world.channel, "monopoly-daily play")  # today's is a new one
    assert (await service.daily.active(world.bob.id)).daily_day == DAY + 1
    assert result.response.embeds[0].fields[-1].value.startswith(f"#{day_number(DAY + 1)}")
    shared = await world.alice.click(before.response, label="Share")
    after = shared.response.content.splitlines()
    assert after[2] == "Rank 2 of 2 so far · streak 1 day"  # bob survived longer
    assert after[3] == "The next daily is open now · /monopoly-daily play"
    clock.now = MIDNIGHT - DAY_SECONDS + 1  # 00:00:01 on DAY: the next one in 24 h
    again = (await world.alice.click(before.response, label="Share")).response.content
    assert again.splitlines()[3] == "Next daily in 24 h 00 min · /monopoly-daily play"


async def test_the_days_board_shows_the_built_in_players_result(world):
    board = await world.alice.slash(world.channel, "monopoly-daily results", day="today")
    first = board.response.embeds[0].description.splitlines()[0]
    assert first.startswith("🤖 The bot's expert ")
    assert "today's daily" in first


async def _finish_daily(world, user, locale: str = "en") -> None:
    await user.slash(world.channel, "monopoly-daily play")
    prompt = await user.slash(world.channel, "monopoly-daily resign")
    await user.click(prompt.response, label=t(locale, "button.confirm_resign"))


async def test_H5_anyones_daily_is_seen_once_over_and_the_viewer_has_finished_theirs(world):
    clock = _fix_clock(world, MIDNIGHT - 3600)  # 23:00 UTC on DAY
    carol = world.guild.add_member(world.env.create_user("carol"))
    started = await world.alice.slash(world.channel, "monopoly-daily play")
    await _play(world, world.alice, started.response, "always-buy", 4)
    # In progress: hidden even from a player who has finished the day's daily.
    await _finish_daily(world, world.bob)
    hidden = await world.bob.slash(world.channel, "monopoly-daily player", player=world.alice)
    assert hidden.ephemeral and hidden.response.content == t("en", "daily.hidden")
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    await world.alice.click(prompt.response, label=t("en", "button.confirm_resign"))
    # Finished: carol, who hasn't played it, still sees nothing of it today.
    refused = await carol.slash(world.channel, "monopoly-daily player", player=world.alice)
    assert refused.response.content == t("en", "daily.hidden")
    # Bob has finished his own: alice's recap, where her money went, her history.
    seen = await world.bob.slash(world.channel, "monopoly-daily player", player=world.alice)
    assert seen.ephemeral and seen.response.embeds[0].title.endswith(": alice")
    assert seen.response.attachments  # the recap picture
    money = await world.bob.click(seen.response, label=t("en", "button.money_map"))
    assert money.ephemeral and money.response.embeds[0].title == t("en", "picture.heat.title")
    history = await world.bob.click(seen.response, label=t("en", "daily.view.history"))
    assert history.response.embeds[0].title.startswith("History")
    # The day over, anyone may look; a player without that day's daily is said so.
    clock.now = MIDNIGHT + 60
    later = await carol.slash(world.channel, "monopoly-daily player", day="yesterday",
                              player=world.alice)
    assert later.response.embeds[0].title.endswith(": alice")
    none = await carol.slash(world.channel, "monopoly-daily player", player=world.alice)
    assert none.response.content == f"alice has not played daily #{day_number(DAY + 1)}."


async def test_H2_H5_after_a_restart_the_private_message_plays_and_daily_brings_it_back(
        world, make_bot):
    started = await world.alice.slash(world.channel, "monopoly-daily play")
    message, _ = await _play(world, world.alice, started.response, "always-buy", 3)
    await world.env.restart_bot(make_bot())  # the interactions known before are gone
    record = await world.env.bot.service.daily.active(world.alice.id)
    message, _ = await _play(world, world.alice, message, "always-buy", 3)  # old message
    assert (await world.env.bot.service.get(record.id)).version > record.version
    # A client reload loses an ephemeral message: /monopoly-daily play shows the game again.
    back = await world.alice.slash(world.channel, "monopoly-daily play")
    assert back.ephemeral and back.response.embeds[0].footer.text.startswith(
        f"Game #{record.id}")
    assert t("en", "daily.private") in back.response.embeds[0].fields[-1].value
    # Resigning edits that message into the result; nobody else sees any of it.
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    await world.alice.click(prompt.response, label=t("en", "button.confirm_resign"))
    shown = next(m for m in world.channel.history(viewer=world.alice) if m.id == back.response.id)
    assert t("en", "button.share") in [c.get("label") for c in components(shown)]
    assert all(not m.embeds for m in world.channel.history(viewer=world.bob))


@pytest.mark.slow
async def test_the_click_that_ends_the_daily_hands_its_player_the_result_to_post(world):
    _fix_clock(world, MIDNIGHT - 3600)  # the post's "next daily in" stays the same
    started = await world.alice.slash(world.channel, "monopoly-daily play")
    service, message = world.env.bot.service, started.response
    player, result = make_strategy("always-buy"), None
    for _ in range(1000):
        record = await service.daily.active(world.alice.id)
        if record is None:
            break
        action = player.choose(record.game)
        menu = MENU_OF.get(type(action))
        if menu is None:
            result = await world.alice.click(message, custom_id=button_ids(message)[action.type])
        else:
            custom_id, _ = select_ids(message)[menu]
            result = await world.alice.select(message, [str(action.square)], custom_id=custom_id)
    assert result is not None and (await service.daily.latest(world.alice.id)).status == "lost"
    [shown] = result.followups
    assert shown.ephemeral and "🤖" in shown.embeds[0].description
    labels = [c.get("label") for c in components(shown)]
    assert labels == [t("en", "button.share"), t("en", "button.money_map")]
    post = await world.alice.click(shown, label=t("en", "button.share"))
    assert not post.ephemeral and post.response.content in shown.embeds[0].description
