"""Words a player reads: no rule id outside /monopoly rules."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import pytest

from bot.i18n import format_number, t, tn
from bot.narration import action_label, house_rules_text
from bot.i18n.catalog import MESSAGES
from bot.i18n.grammar import elide, plural_category
from bot.narration.history_turns import TURNS_PER_PAGE, group_by_turn, turn_pages, turn_text
from game_core import Game, Options
from game_core.actions import SellJailCard, UseJailCard
from game_core.strategies import make_strategy

# A rule id of RULES.md (S1, T3, P3, M5, E2, H4, R1...), as a word of its own; a French
# quarter after its year ("2026-T4", a season) is a date, not a rule.
RULE_ID = re.compile(r"(?<!\d-)\b[EHMPRST][1-9]\b")

# The rules pages quote the ids on purpose (so a player can cite one): their keys, and the
# /monopoly rules command's own texts, are the only exceptions.
RULES_KEYS = ("rules.", "cmd.monopoly.rules.")

# Drawn by the pictures branch, which rewrites the recap's legend in plain words;
# remove this once that branch is merged.
def rule_ids(text: str) -> list[str]:
    return RULE_ID.findall(text)


def test_the_rule_id_pattern_finds_ids_and_nothing_else():
    assert rule_ids("House rule for doubles (T3)") == ["T3"]
    assert rule_ids("(S3, default 20,580)") == ["S3"]
    assert rule_ids("Net worth (E2)") == ["E2"]
    assert rule_ids("Daily #327 · 2026-11-23 · Turn 12 · PS5 · 1 500 Cr") == []


@pytest.mark.parametrize("locale", sorted(MESSAGES))
def test_no_rule_id_in_any_catalog_text_but_the_rules_pages(locale):
    leaks = {key: rule_ids(text) for key, text in MESSAGES[locale].items()
             if not key.startswith(RULES_KEYS) and rule_ids(text)}
    assert leaks == {}


# ---- French grammar through the catalog ----------------------------------------------------

NBSP = "\u00a0"


@pytest.mark.parametrize(("word", "following", "expected"), [
    ("de", "Alice", "d'Alice"), ("de", "alice", "d'alice"), ("de", "Émile", "d'Émile"),
    ("de", "Hugo", "d'Hugo"), ("de", "Yvonne", "d'Yvonne"), ("de", "Bob", "de Bob"),
    ("de", "<@42>", "de <@42>"), ("de", "42bob", "de 42bob"), ("de", "🎲 Zed", "de 🎲 Zed"),
    ("le", "Avenue Foch", "l'Avenue Foch"), ("que", "un", "qu'un"), ("que", "Bob", "que Bob"),
])
def test_french_elision_before_a_vowel_sound_only(word, following, expected):
    assert elide(word, following, "fr") == expected


def test_english_never_elides():
    assert elide("de", "Alice", "en") == "de Alice"


def test_the_catalog_elides_a_players_name_in_french_and_not_in_english():
    assert t("fr", "embed.title", player="Alice") == "Monopoly solo : la partie d'Alice"
    assert t("fr", "embed.title", player="Bob") == "Monopoly solo : la partie de Bob"
    assert t("fr", "status.title", player="Ines", turn=3) == "La partie d'Ines, tour 3"
    assert t("fr", "stats.title", player="Odile") == "Le palmarès d'Odile"
    assert t("en", "embed.title", player="Alice") == "Solo Monopoly: Alice's game"


def test_no_french_template_writes_de_before_a_name_by_hand():
    """Every "de {player}"-style join goes through the elision spec."""
    hand_made = {key: text for key, text in MESSAGES["fr"].items()
                 if re.search(r"\b(de|que|le|la) \{(player|owner|square|server|name)\}", text)}
    assert hand_made == {}


@pytest.mark.parametrize(("count", "expected"), [
    (0, "0 tour"), (1, "1 tour"), (2, "2 tours"), (21, "21 tours"),
    (1500, f"1{NBSP}500 tours"),
])
def test_french_plurals_take_the_singular_for_0_and_1(count, expected):
    assert tn("fr", "turns", count) == expected


@pytest.mark.parametrize(("count", "expected"), [
    (0, "0 turns"), (1, "1 turn"), (2, "2 turns"), (21, "21 turns"), (1500, "1,500 turns"),
])
def test_english_plurals_take_the_singular_for_1_only(count, expected):
    assert tn("en", "turns", count) == expected


def test_plural_categories_come_from_cldr_with_french_many_read_as_other():
    assert [plural_category("fr", n) for n in (0, 1, 2, 21, 1_000_000)] == [
        "one", "one", "other", "other", "other"]
    assert [plural_category("en", n) for n in (0, 1, 2, 21)] == [
        "other", "one", "other", "other"]


def test_numbers_grouped_with_a_no_break_space_in_french():
    assert format_number(24100, "fr") == f"24{NBSP}100"
    assert format_number(-1234567, "fr") == f"-1{NBSP}234{NBSP}567"
    assert format_number(24100, "en") == "24,100"


def test_every_singular_key_has_its_plural_in_both_languages():
    for messages in MESSAGES.values():
        for key in messages:
            stem, _, form = key.rpartition(".")
            if form == "one":
                assert f"{stem}.other" in messages, key


def test_one_bank_pawn_is_singular_in_the_house_rule_notice():
    assert house_rules_text(Options(bank_pawns=1), edition="us", locale="en") == "1 Bank pawn"
    assert house_rules_text(Options(bank_pawns=0), edition="fr", locale="fr") == (
        "0 pion pour la Banque")


# ---- preset labels: whose win rate ---------------------------------------------------------

@pytest.mark.parametrize("locale", sorted(MESSAGES))
def test_every_preset_label_says_the_win_rate_is_the_bots_experts(locale):
    from bot.i18n.preset_labels import CHOICE_KEY
    from game_core.presets import PRESETS
    whose = {"en": "the bot's expert wins", "fr": "l'expert du bot en gagne",
             "es": "el experto del bot gana"}[locale]
    for preset in PRESETS:
        label = MESSAGES[locale][CHOICE_KEY.format(name=preset.name)]
        assert whose in label and len(label) <= 100, label
        # No wording that reads as the player's own odds.
        assert not any(word in label for word in ("won", "gagnée", "ganada")), label


# ---- one spelling rule for French command and option names --------------------------------

def _unaccented(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text)
                   if unicodedata.category(c) != "Mn")


def _names(locale: str) -> dict[str, str]:
    return {key: text for key, text in MESSAGES[locale].items()
            if key.startswith("cmd.") and key.endswith(".name")}


# French words of the command names that take an accent, as a French reader writes them.
ACCENTED = ("défi", "portée", "trésor", "édition", "règles", "propriété", "hypothéquer",
            "départ")


def test_french_command_and_option_names_keep_their_accents_everywhere():
    """Discord takes lowercase Unicode letters in names: French names are spelt as French is
    written, never an unaccented twin (`defi` beside `portée` was both rules at once)."""
    names = _names("fr")
    words = {word for name in names.values() for word in re.split(r"[-_]", name)}
    bare = {_unaccented(word) for word in ACCENTED}
    assert {word for word in words if word in bare and word not in ACCENTED} == set()
    # Two names that differ only by their accents would be the same word spelt two ways.
    by_bare: dict[str, set[str]] = {}
    for word in words:
        by_bare.setdefault(_unaccented(word), set()).add(word)
    assert [spellings for spellings in by_bare.values() if len(spellings) > 1] == []
    assert names["cmd.monopoly-daily.name"] == "monopoly-défi"
    assert names["cmd.monopoly-daily.results.option.scope.name"] == "portée"


@pytest.mark.parametrize("locale", sorted(MESSAGES))
def test_every_command_a_text_names_is_that_languages_command_name(locale):
    """"/monopoly-défi jouer" in a French text, "/monopoly-daily play" in an English one: a
    text never names a command the player's client doesn't list."""
    names = _names(locale)
    groups = {text: key.split(".")[1] for key, text in names.items()
              if re.fullmatch(r"cmd\.[a-z-]+\.name", key)}
    subcommands = {(key.split(".")[1], text) for key, text in names.items()
                   if re.fullmatch(r"cmd\.[a-z-]+\.[a-z_]+\.name", key)}
    named = {match for text in MESSAGES[locale].values()
             for match in re.findall(r"/(monopoly[\w-]*) (\w+)", text)}
    assert named
    unknown = {(group, sub) for group, sub in named
               if (groups.get(group), sub) not in subcommands}
    assert unknown == set()


# ---- history by turn -----------------------------------------------------------------------

@dataclass
class _Entry:
    seq: int
    events: list


def _played(turns: int) -> tuple[Game, list[_Entry]]:
    """A game played to turn `turns` + 1 by the expert strategy, rich enough not to end, and
    its history as storage gives it (newest first)."""
    game = Game.new(1, {"start_cash": 100_000, "treasury": 10_000_000})
    player = make_strategy("focus")
    entries = []
    while game.turn <= turns:
        events = game.apply(player.choose(game))
        entries.append(_Entry(game.version, events))
    return game, entries[::-1]


def test_a_150_turn_history_fits_in_far_fewer_pages_than_by_actions():
    game, entries = _played(150)
    assert len(entries) >= 250  # 8 actions a page made 32 pages and more
    pages = turn_pages(entries, edition="us", locale="en", current_turn=game.turn)
    assert len(pages) <= 16
    # Newest turn first, whole turns, each turn once, in order, 10 a page at most.
    numbers = [turn.number for page in pages for turn in page.turns]
    assert numbers == list(range(150, 0, -1))
    assert all(len(page.turns) <= TURNS_PER_PAGE and len(page.text) <= 4000 for page in pages)
    assert pages[0].text.startswith("**Turn 150**\n")
    # Every action told once, and the board of a page is the one after its newest action.
    assert sum(len(turn.lines) for page in pages for turn in page.turns) == len(entries)
    assert pages[0].newest_seq == entries[0].seq
    assert [page.newest_seq for page in pages] == sorted(
        (page.newest_seq for page in pages), reverse=True)


def test_a_turn_holds_the_actions_played_in_it_in_order():
    game, entries = _played(3)
    turns = group_by_turn(entries, edition="fr", locale="fr")
    assert [turn.number for turn in turns] == [3, 2, 1]
    for turn in turns:
        assert turn.lines and turn.lines[0].startswith("🎲")  # a turn opens with its roll
    assert turn_text(turns[-1], "fr").startswith("**Tour 1**\n🎲")
    assert "— Tour" not in "\n".join(line for turn in turns for line in turn.lines)


def test_the_oldest_actions_fetched_take_the_turn_before_the_first_heading():
    game, entries = _played(30)
    window = entries[:20]  # the newest 20 actions, as /monopoly history fetches a window
    turns = group_by_turn(window, edition="us", locale="en", current_turn=game.turn)
    assert all(turn.number is not None for turn in turns)
    assert turns[0].number == game.turn - 1 or turns[0].number == game.turn


# ---- which Get Out of Jail Free card ------------------------------------------------------

@pytest.mark.parametrize(("cards", "locale", "sell", "use"), [
    (["ch_jail_free"], "en", "Sell the Get Out of Jail Free card (Chance, +$50)",
     "Use the Get Out of Jail Free card (Chance)"),
    (["cc_jail_free", "ch_jail_free"], "en",
     "Sell the Get Out of Jail Free card (Community Chest, +$50)",
     "Use the Get Out of Jail Free card (Community Chest)"),
    (["cc_jail_free"], "fr",
     "Vendre « Vous êtes libéré de prison » (Caisse de communauté, +50\u00a0$)",
     "Utiliser « Vous êtes libéré de prison » (Caisse de communauté)"),
])
def test_the_jail_card_buttons_say_which_card(cards, locale, sell, use):
    game = Game.new(1)
    game.s.jail_cards = list(cards)  # the first kept is the one sold or used
    assert action_label(SellJailCard(), game, locale=locale) == sell
    assert action_label(UseJailCard(), game, locale=locale) == use
