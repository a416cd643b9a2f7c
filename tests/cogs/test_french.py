"""A French-speaking player reads French; everyone else reads English.

simcord 3.2.1 always sends the locale en-US: the `interaction_locales` fixture (conftest)
gives one user's interactions a French locale, and everything else is the real client.
"""

from __future__ import annotations

from game_core.board import SQUARES

from .conftest import button_ids, button_labels
from tests.cogs.play.test_hostile_input import forge, forged_button


def _synced_commands(world) -> dict:
    [put] = [r for r in world.env.http_requests
             if r.method == "PUT" and r.path.endswith("/commands")]
    return {c["name"]: c for c in put.json}


async def test_slash_commands_carry_french_names_descriptions_and_choices(world):
    monopoly = _synced_commands(world)["monopoly"]
    sub = {o["name"]: o for o in monopoly["options"]}
    assert sub["new"]["name_localizations"]["fr"] == "nouvelle"
    assert sub["new"]["description_localizations"]["fr"]
    edition = next(o for o in sub["new"]["options"] if o["name"] == "edition")
    assert edition["name_localizations"]["fr"] == "édition"
    assert {c["value"]: c["name_localizations"]["fr"] for c in edition["choices"]}["fr"] == (
        "France (Rue de la Paix, en Cr : crédits, mêmes montants qu'en $)")
    for name, command in sub.items():  # every subcommand has its French name and text
        assert command.get("name_localizations", {}).get("fr"), name
        assert command.get("description_localizations", {}).get("fr"), name


async def test_a_french_player_sees_the_game_buttons_and_money_in_french(
        world, seeds, interaction_locales):
    interaction_locales[world.alice.id] = "fr"
    seeds.append(3)  # the first roll offers a property
    start = await world.alice.slash(world.channel, "monopoly new", edition="fr")
    message = start.response
    embed = message.embeds[0]
    assert embed.title == "Monopoly solo : la partie d'alice"  # elided
    assert "Argent" in [f.name for f in embed.fields]
    assert button_labels(message) == {"roll": "Lancer les dés", "roll_on": "Enchaîner"}
    await world.alice.click(message, custom_id=button_ids(message)["roll"])
    labels = button_labels(message)
    assert labels["decline"] == "Refuser"
    game = (await world.env.bot.service.get(1)).game
    price = SQUARES[game.s.pending_square].price
    # French amounts: the sign after the number, held to it by a no-break space.
    assert labels["buy"] == f"Acheter ({price}\xa0Cr)"


async def test_errors_are_in_each_players_own_language(world, interaction_locales):
    interaction_locales[world.bob.id] = "fr"
    start = await world.alice.slash(world.channel, "monopoly new")  # alice plays in English
    assert button_labels(start.response) == {"roll": "Roll", "roll_on": "Roll on"}
    refused = await world.bob.click(start.response, custom_id=button_ids(start.response)["roll"])
    assert refused.ephemeral and refused.response.content == (
        f"C'est la partie de <@{world.alice.id}> ; lancez la vôtre avec /monopoly nouvelle.")
    nothing = await world.bob.slash(world.channel, "monopoly status")
    assert nothing.ephemeral and "/monopoly nouvelle" in nothing.response.content


async def test_a_stale_click_is_explained_in_french(world, seeds, interaction_locales):
    interaction_locales[world.alice.id] = "fr"
    seeds.append(3)
    start = await world.alice.slash(world.channel, "monopoly new")
    await world.alice.click(start.response, custom_id=button_ids(start.response)["roll"])
    await world.alice.slash(world.channel, "monopoly resume")
    copy = world.channel.last_message
    await world.alice.click(start.response, custom_id=button_ids(start.response)["decline"])
    stale = await world.alice.click(copy, custom_id=button_ids(copy)["buy"])
    assert stale.followups[0].ephemeral and stale.followups[0].content == (
        "Ce bouton n'est plus à jour ; le message de la partie a été rafraîchi.")


async def test_a_bad_rule_option_is_explained_in_french(world, interaction_locales):
    interaction_locales[world.alice.id] = "fr"
    result = await world.alice.slash(world.channel, "monopoly new", treasury=1000,
                                     start_cash=2500)
    assert result.ephemeral and result.response.content == (
        "Option de partie invalide : votre argent de départ (2\xa0500) ne peut pas dépasser "
        "le trésor de la Banque (1\xa0000), qui le contient au départ.")


async def test_a_refused_roll_on_is_explained_in_french(world, seeds, interaction_locales):
    # A Roll on sent while a buy choice waits (a forged or replayed click): the engine refuses
    # the roll (P1), and the French player reads why in French, not the engine's English.
    interaction_locales[world.alice.id] = "fr"
    seeds.append(3)  # the first roll stops on Rue de Vaugirard, unowned
    start = await world.alice.slash(world.channel, "monopoly new", edition="fr")
    await world.alice.click(start.response, custom_id=button_ids(start.response)["roll"])
    decline = button_ids(start.response)["decline"]
    roll_on = forge(world, start.response, decline,
                    forged_button(decline.rsplit(":", 1)[0] + ":roll_on"))
    refused = await world.alice.click(start.response, custom_id=roll_on)
    assert refused.ephemeral and refused.response.content == (
        "Impossible : pas maintenant : décidez d'abord si vous achetez Rue de Vaugirard")
    assert world.env.errors == []
