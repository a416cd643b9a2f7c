"""Privacy through the real client: `/monopoly mydata` sends the player alone a
JSON file of their games; `/monopoly forget` asks first, then deletes or anonymises and says
which; the bot removed from a server (a real GUILD_DELETE) keeps its data for the grace
period, then detaches its games; back within it, nothing is lost."""

from __future__ import annotations

import gzip
import json
import time
from typing import Any

from bot.application.privacy import GRACE_SECONDS, Privacy, SweepResult
from bot.i18n import t
from cogs.privacy import data as cog_privacy
from tests.bot.raw_db import raw
from tests.bot.application.test_privacy import every_row_holding

from tests.cogs.conftest import button_ids


async def played(world: Any, user: Any) -> int:
    """A game started and rolled once in the world's channel; its id."""
    shown = await user.slash(world.channel, "monopoly new")
    await user.click(shown.response, custom_id=button_ids(shown.response)["roll"])
    record = await world.env.bot.service.active_game(user.id)
    return record.id


def attached_json(world: Any, message: Any) -> dict[str, Any]:
    [attachment] = message.attachments
    assert attachment.filename == f"solo-monopoly-{world.alice.id}.json"
    return json.loads(world.env.backend.cdn.get(attachment.url))


def reply_of(result: Any) -> Any:
    """The message a deferred command ended with (its follow-up), else its response."""
    return result.followups[-1] if result.followups else result.response


async def test_mydata_sends_the_player_alone_a_json_file_of_their_games(world):
    mine = await played(world, world.alice)
    await played(world, world.bob)
    result = await world.alice.slash(world.channel, "monopoly mydata")
    reply = reply_of(result)
    assert result.ephemeral and reply.ephemeral
    assert "games: 1, daily challenges: 0" in reply.content
    document = attached_json(world, reply)
    assert [g["id"] for g in document["games"]] == [mine]
    assert document["games"][0]["actions"][0]["action"] == {"type": "roll"}
    # Once a minute: a second ask right away is refused, privately, without a file.
    again = await world.alice.slash(world.channel, "monopoly mydata")
    assert again.ephemeral and not reply_of(again).attachments
    assert reply_of(again).content == t("en", "privacy.mydata.again_soon")


async def test_a_large_export_comes_compressed_in_parts_to_join(world, monkeypatch):
    mine = [await played(world, world.alice)]
    for _ in range(2):  # more games: resign and start again
        prompt = await world.alice.slash(world.channel, "monopoly resign")
        await world.alice.click(prompt.response, label=t("en", "button.confirm_resign"))
        mine.append(await played(world, world.alice))
    monkeypatch.setattr(cog_privacy, "UPLOAD_LIMIT", 400)  # as if the history were huge
    result = await world.alice.slash(world.channel, "monopoly mydata")
    messages = [result.response, *result.followups]  # the first ends the "thinking…" one
    assert all(m.ephemeral for m in messages) and len(messages) > 1
    name = f"solo-monopoly-{world.alice.id}.json.gz"
    assert "compressed in" in messages[0].content
    # gzip: the command that opens it, not "unzip", which can't.
    assert f"`gunzip {name}`" in messages[0].content and "unzip it" not in messages[0].content
    names = [m.attachments[0].filename for m in messages]
    assert names == [f"{name}.{n:03d}" for n in range(1, len(names) + 1)]
    joined = b"".join(world.env.backend.cdn.get(m.attachments[0].url)
                      for m in messages)
    document = json.loads(gzip.decompress(joined))
    assert [g["id"] for g in document["games"]] == mine


async def test_forget_asks_first_then_deletes_and_says_what_it_kept(world, db_path):
    await played(world, world.alice)
    bob_game = await played(world, world.bob)
    service = world.env.bot.service
    alice_message = (await service.active_game(world.alice.id)).message_id
    bob_message = (await service.active_game(world.bob.id)).message_id
    assert alice_message is not None and bob_message is not None
    prompt = await world.alice.slash(world.channel, "monopoly forget")
    assert prompt.ephemeral and "can't be undone" in prompt.response.content
    cancelled = await world.alice.click(prompt.response, label=t("en", "button.cancel"))
    assert cancelled.response.content == "Nothing was deleted."
    assert await world.env.bot.service.active_game(world.alice.id) is not None
    prompt = await world.alice.slash(world.channel, "monopoly forget")
    done = await world.alice.click(prompt.response, label="Yes, forget me")
    said = reply_of(done).content
    assert said.startswith("Done: the bot no longer knows you. Deleted: games: 1 "), said
    assert "finished games on the leaderboards: 0," in said
    assert await every_row_holding(str(db_path), world.alice.id) == []
    # The game in progress's message is gone (its buttons led nowhere); Bob's stays.
    shown = [m.id for m in world.channel.history()]
    assert alice_message not in shown and bob_message in shown
    assert (await world.env.bot.service.get(bob_game)).owner_id == world.bob.id


async def test_the_bot_removed_from_a_server_detaches_it_after_the_grace_period(world):
    service = world.env.bot.service
    game_id = await played(world, world.alice)
    guild = world.env.bot.get_guild(world.guild.id)
    await guild.leave()  # Discord answers with GUILD_DELETE: on_guild_remove
    await world.env.settle()
    assert world.env.bot.get_guild(world.guild.id) is None
    removed = time.time()
    within = Privacy.of(service, clock=lambda: removed + GRACE_SECONDS - 60)
    assert await within.sweep() == []
    assert (await service.get(game_id)).guild_id == world.guild.id
    after = Privacy.of(service, clock=lambda: removed + GRACE_SECONDS + 60)
    assert await after.sweep() == [SweepResult(world.guild.id, 1)]
    record = await service.get(game_id)
    assert (record.guild_id, record.channel_id, record.owner_id) == (None, None, world.alice.id)


async def leave_and_come_back(world: Any, *, as_a_join: bool) -> None:
    """The bot removed from the world's server, then added back: Discord's GUILD_CREATE
    for a join (no `unavailable` field), or as the server is seen again after a restart."""
    from simcord.backend import serializers

    backend = world.env.backend
    kept = backend.guilds[world.guild.id]
    channels = {c: backend.channels[c] for c in kept.channel_ids}
    await world.env.bot.get_guild(world.guild.id).leave()
    await world.env.settle()
    backend.guilds[kept.id] = kept
    backend.channels.update(channels)
    payload = dict(serializers.guild_create_payload(backend, kept))
    if as_a_join:
        payload.pop("unavailable", None)
    backend.emit("GUILD_CREATE", payload)
    await world.env.settle()
    assert world.env.bot.get_guild(world.guild.id) is not None


async def test_the_bot_back_in_a_server_within_the_grace_period_loses_nothing(world, db_path):
    service = world.env.bot.service
    game_id = await played(world, world.alice)
    await leave_and_come_back(world, as_a_join=True)  # on_guild_join
    departures = await raw(str(db_path), "SELECT guild_id FROM guild_departures")
    assert departures == []
    later = Privacy.of(service, clock=lambda: time.time() + 2 * GRACE_SECONDS)
    assert await later.sweep() == []
    assert (await service.get(game_id)).guild_id == world.guild.id


async def test_a_server_the_bot_is_seen_in_again_is_kept_by_the_sweep(world, db_path):
    """Added back while the bot was offline, no join event comes: the sweep sees it."""
    service = world.env.bot.service
    game_id = await played(world, world.alice)
    await leave_and_come_back(world, as_a_join=False)
    assert await raw(str(db_path), "SELECT guild_id FROM guild_departures") == [
        (world.guild.id,)]
    cog = world.env.bot.get_cog("PrivacyCog")
    later = Privacy.of(service, clock=lambda: time.time() + 2 * GRACE_SECONDS)
    assert await cog.sweep(later) == []
    assert await raw(str(db_path), "SELECT guild_id FROM guild_departures") == []
    assert (await service.get(game_id)).guild_id == world.guild.id


# ---- a forgotten player on the boards --------------------------------------------

def _user_fetches(world: Any) -> list[str]:
    return [r.path for r in world.env.http_requests
            if r.method == "GET" and r.path.startswith("/users/")]


async def test_after_forget_every_board_reads_a_former_player_never_a_mention(
        world, interaction_locales):
    from game_core.strategies import make_strategy

    from tests.cogs.play.test_lasting_controls import STANDARD_WIN_SEEDS

    service = world.env.bot.service
    record = await service.start(world.alice.id, world.guild.id, world.channel.id,
                                 seed=STANDARD_WIN_SEEDS[0])
    chooser = make_strategy("always-buy")
    while not record.game.is_over:
        record = (await service.act(record.id, world.alice.id, record.version,
                                    chooser.choose(record.game))).record
    assert record.status == "won"
    daily, _ = await service.daily.start(world.alice.id, world.guild.id, world.channel.id)
    await service.resign(daily.id, world.alice.id)
    history = reply_of(await world.alice.slash(world.channel, "monopoly history"))
    prompt = await world.alice.slash(world.channel, "monopoly forget")
    done = await world.alice.click(prompt.response, label="Yes, forget me")
    assert "finished games on the leaderboards: 2," in reply_of(done).content
    pseudonym = (await service.get(record.id)).owner_id
    assert pseudonym != world.alice.id
    fetched_before = _user_fetches(world)
    boards = {
        "server board": await world.bob.slash(world.channel, "monopoly leaderboard"),
        "global board": await world.bob.slash(world.channel, "monopoly leaderboard",
                                              scope="global"),
        "server daily": await world.bob.slash(world.channel, "monopoly-daily results", day="today"),
        "global daily": await world.bob.slash(world.channel, "monopoly-daily results", day="today",
                                              scope="global"),
    }
    for where, board in boards.items():
        text = board.response.embeds[0].description
        assert "a former player" in text, (where, text)
        assert "<@" not in text and str(pseudonym) not in text, (where, text)
    # A pseudonym is no account: nobody asks Discord for its name.
    assert _user_fetches(world) == fetched_before
    # The game's old history pager: no longer hers, and whose it is reads the same way.
    turned = await world.alice.click(history, label=t("en", "button.next"))
    assert turned.ephemeral and turned.response.content == t(
        "en", "error.not_owner", owner="a former player")
    interaction_locales[world.bob.id] = "fr"
    french = await world.bob.slash(world.channel, "monopoly leaderboard", scope="global")
    assert "un ancien joueur" in french.response.embeds[0].description
    daily_fr = await world.bob.slash(world.channel, "monopoly-daily results", day="today")
    assert "un ancien joueur" in daily_fr.response.embeds[0].description


async def test_mydata_in_french_names_the_bot_as_french_texts_do(world, interaction_locales):
    interaction_locales[world.alice.id] = "fr"
    await played(world, world.alice)
    reply = reply_of(await world.alice.slash(world.channel, "monopoly mydata"))
    assert reply.content.startswith("Tout ce que Monopoly solo garde sur vous"), reply.content
    assert "Solo Monopoly" not in reply.content and "chacun avec tous ses coups" in reply.content
