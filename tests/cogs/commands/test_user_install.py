"""Play anywhere: a player who added the app to their own account plays in any
server, DM or group DM, even where the bot is not a member and can't post. Every game message
there is an interaction's answer, edited through an interaction; Discord's 5 follow-ups per
interaction and 15-minute token hold; the server's settings and boards don't apply where the
server hasn't installed the bot (the game counts on the global boards); the admin commands
stay in servers that installed it.

The contract (tests/discord_contract.py) says to the bot what Discord says: these
interactions come from the app installed to the player's account, not to the server."""

from __future__ import annotations

import discord
import pytest

from bot.hosting.discord_limits import TOKEN_SECONDS, USER_INSTALL_FOLLOWUPS
from bot.i18n import t
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids
from tests.cogs.playing import play_out
from tests.cogs.play.test_lasting_controls import STANDARD_WIN_SEEDS

NO_ENTRY = discord.PermissionOverwrite(view_channel=False, send_messages=False)


@pytest.fixture
def elsewhere(world, discord_contract):
    """A channel the bot can't see or post in, where alice uses her own install."""
    channel = world.guild.create_text_channel(
        "elsewhere", overwrites={world.env.bot.user: NO_ENTRY})
    discord_contract.installs[world.alice.id] = "user"
    return channel


def _channel_posts(world, channel) -> list[str]:
    return [f"{r.method} {r.path}" for r in world.env.http_requests
            if r.path.startswith(f"/channels/{channel.id}/messages")]


@pytest.mark.slow
async def test_a_whole_game_where_the_bot_cant_post_is_answers_to_interactions(
        world, elsewhere, discord_contract, seeds):
    seeds.append(STANDARD_WIN_SEEDS[0])
    start = await world.alice.slash(elsewhere, "monopoly new")
    assert start.acknowledged and not start.ephemeral
    assert start.response.attachments  # the board's picture, as anywhere else
    record = await world.env.bot.service.get(1)
    assert record.guild_id is None  # not the server's game: the global boards only
    message = await play_out(world, world.alice, start.response, make_strategy("always-buy"))
    finished = await world.env.bot.service.get(1)
    assert finished.status == "won", finished.status
    assert t("en", "button.play_again") in [c.get("label") for row in message.components
                                            for c in (row if isinstance(row, dict)
                                                      else row.to_dict())["components"]]
    # Nothing went through the channel: the bot isn't there.
    assert _channel_posts(world, elsewhere) == []
    assert max(discord_contract.followups.values(), default=0) <= USER_INSTALL_FOLLOWUPS
    # The win is on the global board, not on the board of a server that never installed it.
    server = await world.bob.slash(world.channel, "monopoly leaderboard")
    assert "alice" not in (server.response.embeds[0].description or "")
    everyone = await world.bob.slash(world.channel, "monopoly leaderboard", scope="global")
    assert "alice" in (everyone.response.embeds[0].description or "")
    assert world.env.errors == []


async def test_the_servers_settings_apply_only_where_the_server_installed_the_bot(
        world, elsewhere):
    service = world.env.bot.service
    await service.servers.change(world.guild.id, 0, "public", False)  # private games here
    await service.servers.change(world.guild.id, 0, "edition", "uk")
    mine = await world.alice.slash(elsewhere, "monopoly new")
    assert not mine.ephemeral  # her own install: public, as in a DM
    record = await service.active_game(world.alice.id)
    assert record.guild_id is None and record.edition == "us"  # her language's board


async def test_a_game_in_a_dm_through_the_players_own_install(world, discord_contract):
    discord_contract.installs[world.alice.id] = "user"
    alice = world.alice.user  # in a DM: the user, no server
    start = await alice.slash("monopoly new")
    assert start.acknowledged and start.response.embeds
    click = await alice.click(start.response, custom_id=button_ids(start.response)["roll"])
    assert click.acknowledged and click.response.id == start.response.id
    assert (await world.env.bot.service.get(1)).version >= 1
    daily = await alice.slash("monopoly-daily play")
    assert daily.ephemeral and daily.response.embeds
    assert world.env.errors == []


async def test_after_the_token_expires_clicks_play_on_and_a_command_shows_the_game_again(
        world, elsewhere):
    start = await world.alice.slash(elsewhere, "monopoly new")
    await world.env.advance_time(TOKEN_SECONDS + 60)  # the answer's token is dead
    # A click is an interaction of its own: the message it is on is edited through it.
    click = await world.alice.click(start.response, custom_id=button_ids(start.response)["roll"])
    assert click.acknowledged and click.response.id == start.response.id
    await world.env.advance_time(TOKEN_SECONDS + 60)
    # A command that changes the game can't reach that message any more: it shows the game
    # in its own answer, never through the dead token (the contract would refuse it).
    prompt = await world.alice.slash(elsewhere, "monopoly resign")
    done = await world.alice.click(prompt.response, label=t("en", "button.confirm_resign"))
    assert done.acknowledged
    assert (await world.env.bot.service.get(1)).status == "lost"
    shown = await world.alice.slash(elsewhere, "monopoly resume")
    assert shown.response.content == t("en", "error.no_game")
    assert _channel_posts(world, elsewhere) == []
    assert world.env.errors == []


async def test_the_admin_commands_are_for_servers_that_installed_the_bot(world):
    payloads = await world.env.bot.command_payload()
    installs = {c["name"]: sorted(c.get("integration_types") or []) for c in payloads}
    contexts = {c["name"]: sorted(c.get("contexts") or []) for c in payloads}
    assert installs == {"monopoly": [0, 1], "monopoly-daily": [0, 1], "monopoly-admin": [0]}
    assert contexts["monopoly"] == [0, 1, 2] and contexts["monopoly-admin"] == [0]
