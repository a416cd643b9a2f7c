"""What a player reads, read as a player would: each
test here pins a wording found wrong by playing a whole daily and ordinary games in English
and French and reading every message."""

from __future__ import annotations

from .test_words import _synced_commands, _texts


def _command_texts(world) -> dict[str, str]:
    return {where: text for command in _synced_commands(world)
            for where, text in _texts(command, command["name"])}


async def test_the_command_descriptions_say_what_they_mean_in_both_languages(world):
    texts = _command_texts(world)
    preset = [t for w, t in texts.items() if w == "monopoly new preset description"]
    cap_fr = [t for w, t in texts.items() if w == "monopoly new bank_build_cap description[fr]"]
    # "but Standard" read as a contradiction: Standard is the one preset that does count.
    assert preset == ["A difficulty level (house rules, off the leaderboard, except Standard)"]
    # "Maisons au plus que la Banque bâtit" is no French sentence.
    assert cap_fr == ["Nombre maximal de maisons que la Banque bâtit sur une rue : 0 à 4 "
                      "(5 par défaut : l'hôtel aussi)"]
    assert all(len(text) <= 100 for text in texts.values())  # Discord's limit


async def test_the_french_daily_board_explains_its_order_without_au_moins(
        world, interaction_locales):
    interaction_locales[world.bob.id] = "fr"
    service = world.env.bot.service
    own, _ = await service.daily.start(world.alice.id, world.guild.id, world.channel.id)
    await service.resign(own.id, world.alice.id)
    board = await world.bob.slash(world.channel, "monopoly-daily results", day="today")
    footer = board.response.embeds[0].footer.text
    # "au moins de tours" reads as "at least"; the order is fewest turns first.
    assert "au moins" not in footer
    assert footer.startswith("Victoires classées au score, puis au plus petit nombre de tours")
