"""Every word in the player's language, whatever the board (S1, S6): seeded games on each
board, told in each language, and nothing a player reads (a line, a Roll on's account, an
offer, a label, an alt text, a recap, or a word drawn on a picture) holds a phrase of
another language. Street and station names stay the board's."""

from __future__ import annotations

import pytest

from bot.i18n.squares import short_square_names, square_name, square_names
from game_core.board import PROPERTIES
from game_core.editions import EDITIONS

from tests.bot.words import foreign_in, game_texts


def test_the_search_finds_what_a_player_was_shown_before():
    """The lines of issue 37, as they were: each is caught (the search can fail)."""
    assert foreign_in("🃏 Suerte: Advance to St. Charles Place. If you pass Go, collect $200.",
                      "es")
    assert foreign_in("121. In Jail · a la cárcel", "es")
    assert foreign_in("Plus gros paiement 640 £, Community Chest", "fr")
    assert foreign_in("GO +200 $ · Salida ×1", "es")
    assert foreign_in("Free Parking", "es") and foreign_in("Parc gratuit", "en")
    assert not foreign_in("3. Rue de la Paix · loyer −50 Cr", "en")  # a street is the board's


@pytest.mark.parametrize("edition", ["us", "uk", "fr"])
@pytest.mark.parametrize("locale", ["en", "fr", "es"])
def test_S1_S6_a_whole_game_reads_in_one_language(edition, locale):
    found = []
    for seed in (1, 2):
        for where, text in game_texts(seed, edition, locale, pictures=seed == 1):
            found += [(where, line, foreign_in(line, locale)) for line in text.splitlines()
                      if foreign_in(line, locale)]
    assert found == []


@pytest.mark.parametrize("locale", ["en", "fr", "es"])
def test_one_name_per_game_term_on_every_board(locale):
    """GO / Départ / Salida, Free Parking..., the same on the three boards, in every line and
    on the picture (its short forms aside); streets and stations keep the board's names."""
    for square in (0, 2, 4, 7, 12, 20, 28, 30, 38):
        assert len({square_name(ed, square, locale) for ed in EDITIONS}) == 1, square
        assert len({short_square_names(ed, locale)[square] for ed in EDITIONS}) == 1, square
    assert square_name("us", 0, locale) == {"en": "GO", "fr": "Départ", "es": "Salida"}[locale]
    for ed in EDITIONS.values():
        streets = [i for i in PROPERTIES if i not in (12, 28)]
        assert [square_names(ed.key, locale)[i] for i in streets] == [
            ed.square_names[i] for i in streets]


def test_the_french_terms_are_the_french_boards():
    """The French board's own names (game_core.editions) for its game terms, as the French
    rules name them (seeds 001: Départ, Caisse de communauté, Parc gratuit, Allez en
    prison, Simple visite)."""
    fr = EDITIONS["fr"]
    for square in (0, 2, 4, 7, 12, 20, 28, 30, 38):
        assert square_name("fr", square, "fr") == fr.square_names[square], square
    assert square_name("fr", 10, "fr") == fr.just_visiting_name
    assert square_name("fr", 10, "fr", in_jail=True) == fr.jail_name
