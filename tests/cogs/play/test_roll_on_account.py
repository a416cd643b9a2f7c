"""Roll on's account on the game message (simcord): an offer the player can't afford says
so and where it went (P1, French board), a loss names its debt and what could be raised
(M1, E3), and the win stop names the button to press, once (M5)."""

from __future__ import annotations

import pytest

from bot.i18n import t
from game_core.prompts import BUY_SHORT, STOP_WIN

from tests.bot.application.roll_on_driver import drive_to
from tests.cogs.conftest import button_ids


def _events(message) -> str:
    return message.embeds[0].fields[0].value


async def _resumed(world, wanted, **new):
    """A game started with `new`'s options, played on through the service to the wanted
    Roll on; its message shown again (/monopoly resume)."""
    await world.alice.slash(world.channel, "monopoly new", **new)
    service = world.env.bot.service
    await drive_to(service, await service.get(1), world.alice.id, wanted)
    return (await world.alice.slash(world.channel, "monopoly resume")).response


async def test_P1_an_offer_the_player_cant_afford_says_so_and_that_the_bank_took_it_fr(
        world, seeds, interaction_locales):
    seeds.append(1)
    interaction_locales[world.alice.id] = "fr"
    message = await _resumed(world, lambda game, stop, skips, moves: moves > 1 and any(
        s.why == BUY_SHORT for s in skips), edition="fr")
    click = await world.alice.click(message, custom_id=button_ids(message)["roll_on"])
    account = _events(click.response)
    lines = [line for line in account.splitlines() if "trop cher pour vous" in line]
    assert lines, account
    # "12. Rue de Paradis · trop cher pour vous (120 Cr) : la Banque s'en empare, il lui
    # reste 3 pions": the square, its price, the pawn.
    assert "\xa0Cr) : la Banque s'en empare, il lui reste " in lines[0]
    assert "refusé" not in lines[0]
    assert world.env.errors == []


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_M1_E3_a_loss_names_the_debt_and_what_could_be_raised(
        world, seeds, interaction_locales, locale):
    seeds.append(1)
    interaction_locales[world.alice.id] = locale
    message = await _resumed(world, lambda game, stop, skips, moves: game.is_over, edition="us")
    click = await world.alice.click(message, custom_id=button_ids(message)["roll_on"])
    record = await world.env.bot.service.get(1)
    assert record.game.is_over and record.game.outcome.result == "lost"
    text = _events(click.response)
    words = {"en": ("can't be paid: cash ", " + sales and mortgages ", "; game lost"),
             "fr": ("impayable : argent ", " + ventes et hypothèques ", " ; partie perdue")}
    assert all(w in text for w in words[locale]), text
    assert "💸 " + t(locale, "debt.rent") in text or "💸 " + t(locale, "debt.tax") in text


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_M5_the_win_stop_names_the_cash_out_button_once(world, seeds, interaction_locales,
                                                              locale):
    seeds.append(12)
    interaction_locales[world.alice.id] = locale
    message = await _resumed(world, lambda game, stop, skips, moves: stop is not None
                             and stop.why == STOP_WIN, treasury=1500)
    click = await world.alice.click(message, custom_id=button_ids(message)["roll_on"])
    embed = click.response.embeds[0]
    everything = "\n".join([embed.description or ""] + [f.value for f in embed.fields])
    button = t(locale, "clicks.button.cash_out")
    sentence = t(locale, "clicks.stop.win",
                 cash_out=t(locale, "clicks.control.button", label=button),
                 roll_on=t(locale, "clicks.control.button",
                           label=t(locale, "clicks.button.roll_on")))
    assert everything.count(sentence) == 1, everything
    assert f"« {button} »" in sentence if locale == "fr" else f"“{button}”" in sentence
    # The button it names is there (answering goes on rolling: ".on").
    assert any(kind.startswith("plan_cash_out") for kind in button_ids(click.response))
    assert world.env.errors == []


def _told(message) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.description or ""] + [f.value for f in embed.fields])


@pytest.mark.parametrize("locale", ["en", "es"])
async def test_E3_a_loss_is_said_once_on_the_game_message(world, seeds, interaction_locales,
                                                          locale):
    seeds.append(1)
    interaction_locales[world.alice.id] = locale
    message = await _resumed(world, lambda game, stop, skips, moves: game.is_over, edition="us")
    click = await world.alice.click(message, custom_id=button_ids(message)["roll_on"])
    text = _told(click.response)
    lost = {"en": ("game lost", "You lost"), "es": ("partida perdida", "Perdiste")}[locale]
    assert sum(text.count(word) for word in lost) == 1, text
    assert t(locale, "pending.over.again") in text  # what to do next is still said
    assert world.env.errors == []


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_M5_E1_a_cash_out_says_the_banks_last_money_and_the_win_once(
        world, seeds, interaction_locales, locale):
    seeds.append(12)
    interaction_locales[world.alice.id] = locale
    message = await _resumed(world, lambda game, stop, skips, moves: stop is not None
                             and stop.why == STOP_WIN, treasury=1500)
    click = await world.alice.click(message, custom_id=button_ids(message)["roll_on"])
    cash_out = next(kind for kind in button_ids(click.response)
                    if kind.startswith("plan_cash_out"))
    won = await world.alice.click(click.response, custom_id=button_ids(click.response)[cash_out])
    text = _told(won.response)
    assert text.count("🏆") == 1, text
    last = {"en": "paid its last ", "fr": "a payé ses derniers "}[locale]
    assert text.count(last) == 1, text
    assert world.env.errors == []
