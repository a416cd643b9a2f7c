"""A game under house rules says so plainly, and which, wherever it is shown: the
game message (also once finished), status and history; stats keep house games apart."""

from __future__ import annotations

from .conftest import button_ids


def _fields(message) -> dict[str, str]:
    return {f.name: f.value for f in message.embeds[0].fields}


async def test_a_house_rule_game_says_which_rules_on_its_message_status_and_history(world):
    start = await world.alice.slash(world.channel, "monopoly new", start_cash=1500)
    rules = _fields(start.response)["House rules"]
    assert rules == "start cash $1,500. Not on the leaderboard."
    await world.alice.click(start.response, custom_id=button_ids(start.response)["roll"])
    status = await world.alice.slash(world.channel, "monopoly status")
    assert _fields(status.response)["House rules"] == rules
    history = await world.alice.slash(world.channel, "monopoly history")
    assert history.response.embeds[0].footer.text == (
        "House rules: start cash $1,500. This game doesn't count on the leaderboard.")
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    await world.alice.click(prompt.response, label="Yes, resign")
    finished = next(m for m in world.channel.history() if m.id == start.response.id)
    assert "You resigned: game lost" in finished.embeds[0].fields[0].value  # said once, there
    assert _fields(finished)["House rules"] == rules


async def test_a_standard_game_shows_no_house_rules(world):
    start = await world.alice.slash(world.channel, "monopoly new", start_cash=200,
                                    edition="uk")
    assert "House rules" not in _fields(start.response)
    history = await world.alice.slash(world.channel, "monopoly history")
    assert history.response.embeds[0].footer.text is None


async def test_a_french_player_reads_the_house_rules_in_french(world, interaction_locales):
    interaction_locales[world.alice.id] = "fr"
    start = await world.alice.slash(world.channel, "monopoly new", treasury=100_000,
                                    doubles="standard")
    assert _fields(start.response)["Règles maison"] == (
        "doubles comme au Monopoly classique, trésor de la Banque 100\xa0000\xa0Cr. "
        "Hors classement.")


async def test_stats_count_house_rule_games_apart(world):
    await world.alice.slash(world.channel, "monopoly new", bank_pawns=3)
    prompt = await world.alice.slash(world.channel, "monopoly resign")
    await world.alice.click(prompt.response, label="Yes, resign")
    stats = await world.alice.slash(world.channel, "monopoly stats")
    fields = _fields(stats.response)
    assert (fields["Played"], fields["House-rule games"], fields["House-rule wins"]) == (
        "1", "1", "0")
    assert stats.response.embeds[0].footer.text == (
        "Best score and fastest win count standard games only.")


async def test_a_preset_starts_its_house_rules_and_options_go_on_top(world):
    start = await world.alice.slash(world.channel, "monopoly new", preset="beginner",
                                    start_cash=1_000)
    assert _fields(start.response)["House rules"] == (
        "start cash $1,000, the Bank builds at most 2 houses. Not on the "
        "leaderboard.")
    record = await world.env.bot.service.active_game(world.alice.id)
    assert record.game.options.bank_build_cap == 2 and record.game.s.cash == 1_000


async def test_the_bank_build_cap_option_of_new(world):
    start = await world.alice.slash(world.channel, "monopoly new", bank_build_cap=0)
    assert _fields(start.response)["House rules"] == (
        "the Bank never builds. Not on the leaderboard.")


async def test_preset_labels_tell_the_measured_win_rate_in_both_languages(world):
    [put] = [r for r in world.env.http_requests
             if r.method == "PUT" and r.path.endswith("/commands")]
    new = next(o for o in put.json[0]["options"] if o["name"] == "new")
    preset = next(o for o in new["options"] if o["name"] == "preset")
    labels = {c["value"]: (c["name"], c["name_localizations"]["fr"])
              for c in preset["choices"]}
    # The measured win rate is the built-in expert's (game_core.presets), and says so.
    assert labels["beginner"] == (
        "Beginner: start with 1,500, Bank builds 2 houses max; the bot's expert wins about "
        "9 games in 10",
        "Débutant : départ 1\xa0500, la Banque bâtit 2 maisons max ; l'expert du bot en gagne "
        "environ 9 sur 10")
    assert labels["standard"][0] == (
        "Standard: the solo rules; the bot's expert wins about 2 games in 10")
    assert all(len(name) <= 100 and len(fr) <= 100 for name, fr in labels.values())
