"""Prompts and pagers answer every click: after a restart (H2), from another member, and
long after they were shown."""

from __future__ import annotations

import pytest

from bot.narration.history_turns import TURNS_PER_PAGE
from game_core.strategies import make_strategy

from tests.cogs.conftest import button_ids, components
from tests.cogs.play.test_hostile_input import forge, forged_button

# Standard games (only they reach the leaderboard) that always-buy wins, the
# shortest found among seeds 0-30,000 (dice by roll, H4).
STANDARD_WIN_SEEDS = (19213, 20111, 7913, 24740, 18938, 11817, 2169, 12500, 11941, 3024,
                      7258)
NEXT = "Next ▶"


def labels(message) -> list[str]:
    return [c.get("label", "") for c in components(message)]


async def _winners(world, how_many: int) -> None:
    """`how_many` players of the server each win a game (played through the service)."""
    service = world.env.bot.service
    for owner, seed in enumerate(STANDARD_WIN_SEEDS[:how_many], 1000):
        record = await service.start(owner, world.guild.id, world.channel.id, seed=seed)
        chooser = make_strategy("always-buy")
        while not record.game.is_over:
            record = (await service.act(record.id, owner, record.version,
                                        chooser.choose(record.game))).record
        assert record.status == "won"


async def _long_history(world) -> None:
    """Alice's game with more turns than one history page holds."""
    service = world.env.bot.service
    record = await service.start(world.alice.id, world.guild.id, world.channel.id, seed=1)
    chooser = make_strategy("always-buy")
    while record.game.turn <= TURNS_PER_PAGE + 1 and not record.game.is_over:
        record = (await service.act(record.id, world.alice.id, record.version,
                                    chooser.choose(record.game))).record
    assert record.game.turn == TURNS_PER_PAGE + 2


# ---- after a restart ----------------------------------------------------------------------

async def test_H2_E3_a_resign_prompt_shown_before_a_restart_still_resigns(world, make_bot):
    await world.alice.slash(world.channel, "monopoly new")
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    cancel = await world.alice.slash(world.channel, "monopoly resign")
    await world.env.restart_bot(make_bot())
    kept = await world.alice.click(cancel.response, label="Cancel")
    assert kept.acknowledged and cancel.response.content == "Your game goes on."
    assert (await world.env.bot.service.get(1)).status == "active"
    done = await world.alice.click(prompt.response, label="Yes, resign")
    assert done.acknowledged
    assert prompt.response.content == "You resigned. Start a new game with /monopoly new."
    assert not components(prompt.response)
    record = await world.env.bot.service.get(1)
    assert (record.status, record.outcome) == ("lost", "lost:resigned")
    assert world.env.errors == []


@pytest.mark.parametrize("command, options", [("monopoly rules", {}),
                                              ("monopoly history", {}),
                                              ("monopoly leaderboard", {}),
                                              ("monopoly leaderboard", {"scope": "global"})])
async def test_H2_a_pager_shown_before_a_restart_still_turns_its_pages(world, make_bot,
                                                                        command, options):
    await _winners(world, 11)  # two leaderboard pages (10 a page)
    await _long_history(world)
    shown = await world.alice.slash(world.channel, command, **options)
    first = shown.response.embeds[0].to_dict()
    await world.env.restart_bot(make_bot())
    turned = await world.alice.click(shown.response, label=NEXT)
    assert turned.acknowledged and not turned.followups
    second = shown.response.embeds[0].to_dict()
    assert second != first
    back = await world.alice.click(shown.response, label="◀ Previous")
    assert back.acknowledged and shown.response.embeds[0].to_dict() == first
    assert world.env.errors == []


async def test_H1_a_new_game_offer_shown_before_a_restart_says_it_expired(
        world, make_bot, interaction_locales):
    await world.alice.slash(world.channel, "monopoly new")
    offer = await world.alice.slash(world.channel, "monopoly new", edition="uk")
    await world.bob.slash(world.channel, "monopoly new")
    interaction_locales[world.bob.id] = "fr"
    offre = await world.bob.slash(world.channel, "monopoly new")
    await world.env.restart_bot(make_bot())

    expired = await world.alice.click(offer.response, label="Resign it and start a new game")
    assert expired.acknowledged and not expired.followups
    assert offer.response.content == "This prompt has expired; run the command again."
    assert not components(offer.response)
    record = await world.env.bot.service.active_game(world.alice.id)
    assert record.id == 1 and record.edition == "us"  # nothing resigned, nothing started

    await world.bob.click(offre.response, label="Annuler")
    assert offre.response.content == "Cette question a expiré ; relancez la commande."
    assert world.env.errors == []


async def test_H1_a_new_game_offer_still_works_before_it_expires(world):
    await world.alice.slash(world.channel, "monopoly new")
    offer = await world.alice.slash(world.channel, "monopoly new")
    cancelled = await world.alice.click(offer.response, label="Cancel")
    assert cancelled.acknowledged and offer.response.content == "Your game goes on."
    assert world.env.errors == []


# ---- other members -----------------------------------------------------------------------

async def test_anyone_may_page_a_public_leaderboard(world):
    await _winners(world, 11)
    board = await world.alice.slash(world.channel, "monopoly leaderboard")
    assert not board.ephemeral
    assert board.response.embeds[0].footer.text.endswith("1/2"), board.response.embeds[0].footer
    turned = await world.bob.click(board.response, label=NEXT)
    assert turned.acknowledged and not turned.ephemeral and not turned.followups
    assert board.response.embeds[0].footer.text.endswith("2/2")
    assert board.response.embeds[0].description.startswith("11. <@")
    assert world.env.errors == []


async def test_a_stranger_gets_an_answer_from_someone_elses_history_or_resign_button(world):
    await _long_history(world)
    shown = await world.alice.slash(world.channel, "monopoly resume")
    roll = next(iter(button_ids(shown.response).values()))
    for forged in ("sm:pg:history:1:en:1:n", f"sm:rs:1:{world.alice.id}:yes"):
        custom_id = forge(world, shown.response, roll, forged_button(forged))
        answer = await world.bob.click(shown.response, custom_id=custom_id)
        assert answer.acknowledged and answer.ephemeral, forged
        assert answer.response.content == (
            f"This is <@{world.alice.id}>'s game; start yours with /monopoly new.")
        roll = custom_id
    assert (await world.env.bot.service.get(1)).status == "active"
    assert world.env.errors == []


@pytest.mark.parametrize("forged", ["sm:pg:poems:x:en:1:n", "sm:pg:rules::de:1:n",
                                    "sm:pg:leaderboard:nowhere:en:1:n",
                                    "sm:pg:history:99:en:1:n"])
async def test_a_forged_pager_button_is_refused_clearly(world, forged):
    start = await world.alice.slash(world.channel, "monopoly new")
    custom_id = forge(world, start.response, button_ids(start.response)["roll"],
                      forged_button(forged))
    answer = await world.alice.click(start.response, custom_id=custom_id)
    assert answer.acknowledged and answer.ephemeral
    assert "error id" not in answer.response.content
    assert world.env.errors == []


async def test_a_pager_keeps_turning_hours_later(world):
    rules = await world.alice.slash(world.channel, "monopoly rules")
    await world.env.advance_time(3 * 3600)
    turned = await world.alice.click(rules.response, label=NEXT)
    assert turned.acknowledged and "2/" in rules.response.embeds[0].title + str(
        rules.response.embeds[0].footer.text)
