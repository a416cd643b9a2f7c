"""Words a player reads on Discord."""

from __future__ import annotations

import re
from typing import Any

from game_core.strategies import make_strategy
from tests.bot.i18n.test_words import rule_ids

from tests.cogs.play.test_lasting_controls import STANDARD_WIN_SEEDS


def _synced_commands(world) -> list[dict[str, Any]]:
    [put] = [r for r in world.env.http_requests
             if r.method == "PUT" and r.path.endswith("/commands")]
    return list(put.json)


def _texts(node: dict[str, Any], path: str) -> list[tuple[str, str]]:
    """Every text Discord shows of a command, option or choice (both locales), with where."""
    out = []
    for field in ("name", "description"):
        if isinstance(node.get(field), str):
            out.append((f"{path} {field}", node[field]))
        for locale, text in (node.get(f"{field}_localizations") or {}).items():
            out.append((f"{path} {field}[{locale}]", text))
    for choice in node.get("choices") or []:
        out += _texts(choice, f"{path} choice {choice['value']}")
    for option in node.get("options") or []:
        out += _texts(option, f"{path} {option['name']}")
    return out


async def test_no_rule_id_in_the_command_payload_but_the_rules_command(world):
    commands = _synced_commands(world)
    texts = [item for command in commands for item in _texts(command, command["name"])]
    assert len(texts) > 100  # the walk reaches options and choices in both locales
    assert any("[fr]" in where and "choice" in where for where, _ in texts)
    leaks = [(where, text) for where, text in texts
             if not where.startswith("monopoly rules") and rule_ids(text)]
    assert leaks == []


async def test_the_french_boards_cr_is_explained_in_the_edition_choice_and_in_status(
        world, interaction_locales):
    commands = {c["name"]: c for c in _synced_commands(world)}
    new = next(o for o in commands["monopoly"]["options"] if o["name"] == "new")
    edition = next(o for o in new["options"] if o["name"] == "edition")
    french = next(c for c in edition["choices"] if c["value"] == "fr")
    assert "Cr: credits" in french["name"]
    assert "Cr : crédits" in french["name_localizations"]["fr"]

    interaction_locales[world.alice.id] = "fr"
    await world.alice.slash(world.channel, "monopoly new", edition="fr")
    status = (await world.alice.slash(world.channel, "monopoly status")).response.embeds[0]
    assert status.footer.text.startswith("Cr : crédits, la monnaie du plateau français")
    await world.bob.slash(world.channel, "monopoly new", edition="us")
    status = (await world.bob.slash(world.channel, "monopoly status")).response.embeds[0]
    assert not (status.footer and status.footer.text)  # no note where no Cr is shown


async def test_the_edition_defaults_to_the_players_language_and_a_named_one_wins(
        world, interaction_locales):
    interaction_locales[world.alice.id] = "fr"
    await world.alice.slash(world.channel, "monopoly new")
    await world.bob.slash(world.channel, "monopoly new")  # en-US
    service = world.env.bot.service
    assert (await service.get(1)).edition == "fr"
    assert (await service.get(2)).edition == "us"
    await world.alice.slash(world.channel, "monopoly resign")
    carol = world.guild.add_member(world.env.create_user("carol"))
    interaction_locales[carol.id] = "fr"
    await carol.slash(world.channel, "monopoly new", edition="uk")
    assert (await service.get(3)).edition == "uk"


async def test_the_daily_is_one_board_per_language_with_the_same_dice(
        world, interaction_locales):
    interaction_locales[world.alice.id] = "fr"
    carol = world.guild.add_member(world.env.create_user("carol"))
    interaction_locales[carol.id] = "fr"
    for player in (world.alice, world.bob, carol):
        await player.slash(world.channel, "monopoly-daily play")
    service = world.env.bot.service
    alice, bob, carol_game = [await service.get(i) for i in (1, 2, 3)]
    assert (alice.edition, bob.edition, carol_game.edition) == ("fr", "us", "fr")
    # The same game under another board's names: the day's seed, so the same dice.
    assert alice.seed == bob.seed == carol_game.seed
    first = {k: v for k, v in alice.game.to_dict().items() if "edition" not in k}
    assert first == {k: v for k, v in bob.game.to_dict().items() if "edition" not in k}


# ---- the global board shows names ---------------------------------------------------------

async def _win(world, owner_id: int, seed: int) -> None:
    service = world.env.bot.service
    record = await service.start(owner_id, world.guild.id, world.channel.id, seed=seed)
    chooser = make_strategy("always-buy")
    while not record.game.is_over:
        record = (await service.act(record.id, owner_id, record.version,
                                    chooser.choose(record.game))).record
    assert record.status == "won"


def _user_fetches(world) -> int:
    return sum(1 for r in world.env.http_requests
               if r.method == "GET" and re.fullmatch(r"/users/\d+", r.path))


async def test_the_global_board_shows_names_not_mentions_and_fetches_a_page_at_most(world):
    strangers = [world.env.create_user(name) for name in ("zoé", "*bold*_max", "@everyone")]
    gone = 4_242_424_242  # an id Discord no longer knows: its mention stays
    for owner, seed in zip([*(u.id for u in strangers), gone], STANDARD_WIN_SEEDS, strict=False):
        await _win(world, owner, seed)
    board = await world.bob.slash(world.channel, "monopoly leaderboard", scope="global")
    text = board.response.embeds[0].description
    assert "zoé" in text and r"\*bold\*\_max" in text  # a name formats nothing
    assert "@everyone" not in text and "@\u200beveryone" in text  # and mentions no one
    assert not any(f"<@{u.id}>" in text for u in strangers)
    assert f"<@{gone}>" in text
    fetched = _user_fetches(world)
    assert 0 < fetched <= 10
    again = await world.bob.slash(world.channel, "monopoly leaderboard", scope="global")
    assert again.response.embeds[0].description == text
    assert _user_fetches(world) == fetched  # names remembered, the gone account too
    # A server's board keeps mentions: its readers know its members.
    server = await world.bob.slash(world.channel, "monopoly leaderboard")
    assert f"<@{strangers[0].id}>" in server.response.embeds[0].description


async def test_the_global_daily_board_shows_names_and_a_servers_keeps_mentions(world):
    service = world.env.bot.service
    strangers = [world.env.create_user(name) for name in ("zoé", "ünïcode")]
    for user in strangers:  # each plays the daily elsewhere and gives up
        record, _ = await service.daily.start(user.id, None, None)
        await service.resign(record.id, user.id)
    board = await world.bob.slash(world.channel, "monopoly-daily results", day="today",
                                  scope="global")
    text = board.response.embeds[0].description
    assert "zoé" in text and "ünïcode" in text
    assert not any(f"<@{u.id}>" in text for u in strangers)
    own, _ = await service.daily.start(world.alice.id, world.guild.id, world.channel.id)
    await service.resign(own.id, world.alice.id)
    server = await world.bob.slash(world.channel, "monopoly-daily results", day="today")
    assert f"<@{world.alice.id}>" in server.response.embeds[0].description
