"""/monopoly-admin through the real client: who may change a server's settings,
where games start (channels, a thread per game, privately), the seasons' boards and their
winners' announcements (a fixed clock), and hiding a player from the server's boards."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
import pytest
import simcord.interactions as simcord_interactions
from simcord.enums import InteractionType

from bot.application.service import GameService
from bot.hosting.app import MonopolyBot
from bot.hosting.settings import Settings
from bot.hosting.workers import WorkerPool
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids

STANDARD_WIN_SEEDS = (19213, 7913, 24740)  # always-buy wins them (test_lasting_controls)


def at(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(at("2026-10-15T12:00:00"))


@pytest.fixture
async def simcord_bot(db_path, clock):
    """The real bot on a service whose clock the test holds (the seasons' boundaries)."""
    service = await GameService.open(db_path, clock=clock, seed_source=lambda: 12345)
    workers = WorkerPool.in_threads()
    settings = Settings(token="simcord-token", db_path=db_path, shard_count=1)
    yield MonopolyBot(settings, service=service, workers=workers)
    await service.close()
    await workers.close()


@pytest.fixture
def admin(world):
    """A member whose role has Manage Server."""
    role = world.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("carol"), roles=[role])


async def forged_slash(world, actor, channel, name: str, **options):
    """What a modified client could send: the command as Discord would deliver it, from a
    member Discord doesn't even show it to."""
    parts = name.split()
    root = world.env.backend.find_command(parts[0], world.guild.id, type=1)
    leaf, nesting = simcord_interactions.walk_to_subcommand(root, parts[1:])
    leaf_options, resolved = simcord_interactions.build_options(actor, name, leaf, options,
                                                                channel_id=channel.id)
    data = {"id": root["id"], "name": root["name"], "type": 1,
            "options": simcord_interactions.nest_options(root, nesting, leaf_options)}
    if resolved:
        data["resolved"] = resolved
    return await actor._dispatch_interaction(InteractionType.APPLICATION_COMMAND, channel, data)


async def win(world, owner: int, seed: int) -> None:
    service = world.env.bot.service
    record = await service.start(owner, world.guild.id, world.channel.id, seed=seed)
    chooser = make_strategy("always-buy")
    while not record.game.is_over:
        record = (await service.act(record.id, owner, record.version,
                                    chooser.choose(record.game))).record
    assert record.status == "won"


def board_players(result) -> str:
    return result.response.embeds[0].description or ""


# ---- who may -------------------------------------------------------------------------------

async def test_a_member_without_manage_server_cant_change_settings_even_forged(world, admin):
    assert "monopoly-admin edition" in admin.available_commands(world.channel)
    assert not any(c.startswith("monopoly-admin")
                   for c in world.bob.available_commands(world.channel))
    with pytest.raises(Exception):  # noqa: B017 -- Discord itself refuses: hidden from bob
        await world.bob.slash(world.channel, "monopoly-admin edition", value="fr")
    for name, options in (("monopoly-admin edition", {"value": "fr"}),
                          ("monopoly-admin hide", {"player": world.alice, "reason": "x"}),
                          ("monopoly-admin show", {})):
        forged = await forged_slash(world, world.bob, world.channel, name, **options)
        assert forged.ephemeral and "Manage Server" in forged.response.content, name
    service = world.env.bot.service
    assert (await service.servers.settings(world.guild.id)).edition is None
    assert (await service.servers.settings(world.guild.id)).hidden == frozenset()
    assert await service.servers.log(world.guild.id) == []
    # The same command from a member who has it.
    done = await admin.slash(world.channel, "monopoly-admin edition", value="fr")
    assert done.ephemeral and "fr" in done.response.content
    shown = await admin.slash(world.channel, "monopoly-admin show")
    assert shown.ephemeral and any(f.value == "fr" for f in shown.response.embeds[0].fields)
    [entry] = await service.servers.log(world.guild.id)
    assert (entry.actor_id, entry.name, entry.old_value, entry.new_value) == (
        admin.id, "edition", None, "fr")


async def test_the_servers_default_edition_and_preset_start_new_games(world, admin):
    await admin.slash(world.channel, "monopoly-admin edition", value="uk")
    await admin.slash(world.channel, "monopoly-admin preset", value="gentle")
    await world.alice.slash(world.channel, "monopoly new")
    record = await world.env.bot.service.active_game(world.alice.id)
    assert record.edition == "uk" and record.game.options.start_cash == 400
    await world.alice.slash(world.channel, "monopoly resign")
    await world.env.bot.service.resign(record.id, world.alice.id)
    await world.bob.slash(world.channel, "monopoly new", edition="fr", preset="standard")
    chosen = await world.env.bot.service.active_game(world.bob.id)
    assert chosen.edition == "fr" and chosen.game.options.rule_set == "standard"
    await world.bob.slash(world.channel, "monopoly-daily play")  # the daily's edition too
    daily = await world.env.bot.service.daily.active(world.bob.id)
    assert daily.edition == "uk" and daily.game.options.rule_set == "standard"


# ---- where games start ---------------------------------------------------------------------

async def test_a_channel_restriction_sends_players_to_the_allowed_channel(world, admin):
    games = world.guild.create_text_channel("monopoly")
    done = await admin.slash(world.channel, "monopoly-admin channels", action="allow",
                             channel=games)
    assert games.mention in done.response.content
    refused = await world.alice.slash(world.channel, "monopoly new")
    assert refused.ephemeral and games.mention in refused.response.content
    assert await world.env.bot.service.active_game(world.alice.id) is None
    started = await world.alice.slash(games, "monopoly new")
    assert not started.ephemeral and button_ids(started.response)
    await admin.slash(world.channel, "monopoly-admin channels", action="anywhere")
    assert not (await world.bob.slash(world.channel, "monopoly new")).ephemeral


async def test_a_thread_per_game_is_made_and_the_game_plays_in_it(world, admin):
    await admin.slash(world.channel, "monopoly-admin threads", enabled=True)
    started = await world.alice.slash(world.channel, "monopoly new")
    [thread] = world.channel.threads
    assert thread.mention in started.response.content and not started.ephemeral
    [message] = [m for m in thread.history() if button_ids(m)]
    record = await world.env.bot.service.active_game(world.alice.id)
    assert (record.channel_id, record.message_id) == (thread.id, message.id)
    rolled = await world.alice.click(message, custom_id=button_ids(message)["roll"])
    assert rolled.response.id == message.id and "🎲" in rolled.response.embeds[0].fields[0].value
    assert (await world.env.bot.service.get(record.id)).version == 1
    assert not [m for m in world.channel.history() if button_ids(m)]  # nothing in the channel
    # The next game (Play again, or /monopoly new in the thread) goes on in the same thread.
    await world.env.bot.service.resign(record.id, world.alice.id)
    again = await world.alice.slash(thread, "monopoly new")
    assert not again.ephemeral and button_ids(again.response)
    assert len(world.channel.threads) == 1


async def test_without_the_thread_permission_the_game_is_played_in_the_channel(world, admin):
    closed = world.guild.create_text_channel("no-threads", overwrites={
        world.guild.me: discord.PermissionOverwrite(create_public_threads=False)})
    done = await admin.slash(closed, "monopoly-admin threads", enabled=True)
    assert "can't create threads" in done.response.content  # told now, not at a game
    started = await world.alice.slash(closed, "monopoly new")
    assert not closed.threads and not started.ephemeral and button_ids(started.response)
    rolled = await world.alice.click(started.response,
                                     custom_id=button_ids(started.response)["roll"])
    assert rolled.response.id == started.response.id


async def test_private_games_go_in_a_private_thread_or_a_private_message(world, admin):
    await admin.slash(world.channel, "monopoly-admin public", enabled=False)
    answer = await world.alice.slash(world.channel, "monopoly new")
    [thread] = world.channel.threads
    assert world.env.bot.get_channel(thread.id).type == discord.ChannelType.private_thread
    assert answer.ephemeral and thread.mention in answer.response.content
    [message] = [m for m in thread.history() if button_ids(m)]
    rolled = await world.alice.click(message, custom_id=button_ids(message)["roll"])
    assert rolled.response.id == message.id
    # Where the bot can't make a private thread: a private message (only alice sees it).
    closed = world.guild.create_text_channel("no-threads", overwrites={
        world.guild.me: discord.PermissionOverwrite(create_private_threads=False)})
    answer = await world.bob.slash(closed, "monopoly new")
    assert answer.ephemeral and button_ids(answer.response) and not closed.threads
    rolled = await world.bob.click(answer.response, custom_id=button_ids(answer.response)["roll"])
    assert rolled.acknowledged and rolled.response.id == answer.response.id


async def test_a_private_game_stays_private_when_a_command_shows_it_again(world, admin):
    """A command that posts the game message anew (resume here; a mortgage whose old message
    can't be edited) keeps a private server's game private, whether it lives in a private
    thread or in a message only its player sees."""
    await admin.slash(world.channel, "monopoly-admin public", enabled=False)
    closed = world.guild.create_text_channel("no-threads", overwrites={
        world.guild.me: discord.PermissionOverwrite(create_private_threads=False)})
    answer = await world.bob.slash(closed, "monopoly new")
    assert answer.ephemeral and not closed.threads
    again = await world.bob.slash(closed, "monopoly resume")
    assert again.ephemeral and button_ids(again.response)
    assert not [m for m in closed.history() if button_ids(m)]  # nothing of it in the channel
    await world.alice.slash(world.channel, "monopoly new")  # in a private thread
    again = await world.alice.slash(world.channel, "monopoly resume")
    assert again.ephemeral and button_ids(again.response)
    assert not [m for m in world.channel.history() if button_ids(m)]


# ---- seasons and moderation ----------------------------------------------------------------

async def test_the_board_is_this_seasons_and_past_seasons_and_all_time_stay_readable(
        world, clock):
    clock.now = at("2026-10-31T23:59:59")
    await win(world, 1001, STANDARD_WIN_SEEDS[0])
    clock.now = at("2026-11-01T00:00:00")
    await win(world, 1002, STANDARD_WIN_SEEDS[1])
    now = await world.bob.slash(world.channel, "monopoly leaderboard")
    assert "November 2026" in now.response.embeds[0].title
    assert "<@1002>" in board_players(now) and "<@1001>" not in board_players(now)
    assert "season:all" in now.response.embeds[0].footer.text
    october = await world.bob.slash(world.channel, "monopoly leaderboard", season="2026-10")
    assert "October 2026" in october.response.embeds[0].title
    assert "<@1001>" in board_players(october) and "<@1002>" not in board_players(october)
    ever = await world.bob.slash(world.channel, "monopoly leaderboard", season="all")
    assert "<@1001>" in board_players(ever) and "<@1002>" in board_players(ever)
    bad = await world.bob.slash(world.channel, "monopoly leaderboard", season="someday")
    assert bad.ephemeral and "someday" in bad.response.content


async def test_a_seasons_winner_is_announced_once_at_midnight_utc(world, admin, clock):
    news = world.guild.create_text_channel("news")
    await admin.slash(world.channel, "monopoly-admin announce", channel=news)
    cog = world.env.bot.get_cog("AdminCog")
    clock.now = at("2026-10-31T23:59:59")
    await win(world, 1001, STANDARD_WIN_SEEDS[0])
    assert await cog.announce_seasons() == []  # still October
    clock.now = at("2026-11-01T00:00:00")
    [posted] = await cog.announce_seasons()
    assert "October 2026" in posted.content and "<@1001>" in posted.content
    assert news.last_message.id == posted.id
    assert await cog.announce_seasons() == []  # once
    clock.now = at("2026-12-01T00:00:00")
    [posted] = await cog.announce_seasons()
    assert "November 2026" in posted.content and "nobody won" in posted.content


async def test_a_hidden_player_leaves_the_server_board_and_comes_back_on_undo(world, admin):
    await win(world, world.alice.id, STANDARD_WIN_SEEDS[0])
    await win(world, world.bob.id, STANDARD_WIN_SEEDS[1])
    alice = world.alice.mention
    hidden = await admin.slash(world.channel, "monopoly-admin hide", player=world.alice,
                               reason="test account")
    assert hidden.ephemeral and alice in hidden.response.content
    again = await admin.slash(world.channel, "monopoly-admin hide", player=world.alice,
                              reason="twice")
    assert "already" in again.response.content
    for season in (None, "all"):
        options = {} if season is None else {"season": season}
        board = await world.bob.slash(world.channel, "monopoly leaderboard", **options)
        assert alice not in board_players(board) and world.bob.mention in board_players(board)
    everywhere = await world.bob.slash(world.channel, "monopoly leaderboard", scope="global")
    # only this server's boards; the global board names its players
    assert "alice" in board_players(everywhere)
    stats = await world.alice.slash(world.channel, "monopoly stats")  # her games are hers
    assert "1" in [f.value for f in stats.response.embeds[0].fields if f.name == "Won"]
    shown = await admin.slash(world.channel, "monopoly-admin show")
    assert alice in shown.response.embeds[0].fields[-1].value
    back = await admin.slash(world.channel, "monopoly-admin unhide", player=world.alice)
    assert back.ephemeral and "back" in back.response.content
    board = await world.bob.slash(world.channel, "monopoly leaderboard")
    assert alice in board_players(board)
    log = await admin.slash(world.channel, "monopoly-admin log")
    assert "test account" in log.response.embeds[0].description
    assert log.response.embeds[0].description.count(admin.mention) == 2


async def test_admins_and_players_read_it_in_french(world, admin, clock, interaction_locales):
    interaction_locales[world.bob.id] = interaction_locales[admin.id] = "fr"
    forged = await forged_slash(world, world.bob, world.channel, "monopoly-admin threads",
                                enabled=True)
    assert forged.ephemeral and "Gérer le serveur" in forged.response.content
    done = await admin.slash(world.channel, "monopoly-admin season", length="quarter")
    assert "trimestre" in done.response.content
    clock.now = at("2026-11-01T00:00:00")
    await win(world, 1001, STANDARD_WIN_SEEDS[0])
    board = await world.bob.slash(world.channel, "monopoly leaderboard")
    assert "T4 2026" in board.response.embeds[0].title and "<@1001>" in board_players(board)
    assert "saison:tout" in board.response.embeds[0].footer.text
    before = await world.bob.slash(world.channel, "monopoly leaderboard", season="2026-T3")
    assert "T3 2026" in before.response.embeds[0].title
    assert "<@1001>" not in board_players(before)
