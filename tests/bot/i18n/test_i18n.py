"""One catalog in English and French, events told in the player's language, and the
longest texts inside Discord's limits."""

from __future__ import annotations

import ast
import random
import re
import string
from pathlib import Path

import pytest

from bot.i18n import (
    FIELD_LIMIT, LABEL_LIMIT, MESSAGES, chunk_lines, command_key, command_text, fit_lines,
    format_money, format_number, format_percent, locale_of, points, t, tn,
)
from bot.narration import (
    action_label, describe_outcome, describe_pending, narrate, option_refusal, property_lines,
    refusal_reason, rules_pages, select_placeholder,
)
from bot.narration.narrate import build_to_note, square_name
from bot.narration.rules_page import SECTIONS
from game_core import (
    Game, InvalidOptionError, LiftMortgage, Mortgage, Resign, Roll, SellBuilding,
)
from game_core.actions import Action, BuildHotel, BuildHouse, BuildTo, Buy, PayFine, SellJailCard
from game_core.board import HOTEL, PROPERTIES, STREETS
from game_core.editions import EDITIONS
from game_core.events import (
    EVENT_TYPES, BankBankrupt, BuildingSold, Built, CardDrawn, Collected, DiceRolled, Event,
    FundsNeeded, GameLost, GameWon, JailCardKept, JailCardSold, JailCardUsed, LeftJail, Moved,
    MortgageLifted, Mortgaged, Paid, PropertyBought, PropertyDeclined, RentPaid, SentToJail,
    StayedInJail, TurnStarted,
)
from game_core.state import BANK, BUILD, BUY, JAIL, OVER, PLAYER, RAISE_FUNDS, ROLL

NBSP = "\u00a0"
LOCALES = tuple(MESSAGES)  # every language of the registry
EDITION_KEYS = ("us", "uk", "fr")
HUGE = 9_999_999
I18N_DIR = Path(__file__).resolve().parents[3] / "bot" / "i18n"
NARRATION_DIR = I18N_DIR.parent / "narration"


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


# ---- the catalog --------------------------------------------------------------------------

# Every language's keys and placeholders: tests/bot/i18n/test_catalogs.py.


def test_locale_choice_and_missing_keys():
    assert locale_of("fr") == "fr" and locale_of("fr-CA") == "fr"
    assert locale_of("en-US") == locale_of("de") == locale_of(None) == locale_of("") == "en"
    assert t("fr", "button.decline") == "Refuser"
    assert t("fr-FR", "button.decline") == "Refuser"
    assert t("en-GB", "button.decline") == t("ja", "button.decline") == "Decline"
    with pytest.raises(KeyError):
        t("fr", "no.such.key")
    with pytest.raises(KeyError):
        t("en", "no.such.key")


def test_plurals_follow_each_language():
    assert [tn("en", "houses", n) for n in (0, 1, 2)] == ["0 houses", "1 house", "2 houses"]
    assert [tn("fr", "houses", n) for n in (0, 1, 2)] == ["0 maison", "1 maison", "2 maisons"]
    assert points(24_100, "en") == "24,100 points"
    assert points(24_100, "fr") == f"24{NBSP}100 points"


def test_i18n_and_narration_never_import_discord():
    for path in [*I18N_DIR.glob("*.py"), *NARRATION_DIR.glob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] == "discord" for n in names), path.name


# ---- slash commands -----------------------------------------------------------------------

COMMANDS = {
    "new": {"edition": ("us", "uk", "fr"), "doubles": ("off", "standard"), "treasury": (),
            "bank_pawns": (), "start_cash": (), "bank_build_cap": (),
            "preset": ("standard", "gentle", "relaxed", "easy", "beginner")},
    "resume": {}, "board": {}, "status": {}, "history": {"page": ()}, "rules": {"page": ()},
    "resign": {}, "hint": {},
    "leaderboard": {"scope": ("server", "global"), "page": (), "season": ()},
    "stats": {"user": ()},
    "mydata": {}, "forget": {},
    "settings": {"debt_confirm": ("on", "off"), "auto_build": ("on", "off"), "reserve": (),
                 "auto_decline": ("on", "off"), "auto_pay": ("on", "off")},
}
# /monopoly-daily.
DAILY_COMMANDS = {
    "play": {"edition": ("us", "uk", "fr")},
    "results": {"day": (), "scope": ("server", "global"), "page": ()},
    "player": {"player": (), "day": ()},
    "status": {}, "board": {}, "history": {"page": ()}, "resign": {},
}
# /monopoly-admin; its preset choices are the presets' own titles.
ADMIN_COMMANDS = {
    "show": {}, "edition": {"value": ("us", "uk", "fr", "default")}, "preset": {"value": ()},
    "channels": {"action": ("allow", "remove", "anywhere"), "channel": ()},
    "threads": {"enabled": ()}, "public": {"enabled": ()},
    "season": {"length": ("month", "quarter", "none")}, "announce": {"channel": ()},
    "hide": {"player": (), "reason": ()}, "unhide": {"player": (), "reason": ()}, "log": {},
}
NAME_RE = re.compile(r"^[-_\w]{1,32}$")


@pytest.mark.parametrize("locale", LOCALES)
def test_command_texts_follow_the_naming_rule_and_discord_limits(locale):
    keys = [command_key(group, what) for group in ("monopoly", "monopoly-daily", "monopoly-admin")
            for what in ("name", "description")]
    every = [(f"monopoly {c}", o) for c, o in COMMANDS.items()] + [
        (f"monopoly-daily {c}", o) for c, o in DAILY_COMMANDS.items()] + [
        (f"monopoly-admin {c}", o) for c, o in ADMIN_COMMANDS.items()]
    for path, options in every:
        keys += [command_key(path, "name"), command_key(path, "description")]
        for option, choices in options.items():
            keys += [command_key(path, "name", option), command_key(path, "description", option)]
            keys += [command_key(path, option=option, choice=c) for c in choices]
    assert "cmd.monopoly.new.option.edition.choice.uk" in keys
    for key in keys:
        text = command_text(locale, key)
        assert text is not None, key
        if key.endswith(".name"):
            assert NAME_RE.match(text) and text == text.lower(), (key, text)
        else:
            assert 1 <= len(text) <= 100, (key, text)
    assert set(keys) == {k for k in MESSAGES[locale] if k.startswith("cmd.")}
    assert command_text(locale, "cmd.monopoly.nope.name") is None
    names = [command_text(locale, command_key(f"monopoly {c}", "name")) for c in COMMANDS]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("locale", LOCALES)
def test_texts_mention_the_commands_by_their_name_in_that_language(locale):
    names = {v for k, v in MESSAGES[locale].items()
             if re.fullmatch(r"cmd\.monopoly\.\w+\.name", k)}
    mentioned = re.findall(r"/monopoly (\w+)", " ".join(MESSAGES[locale].values()))
    assert mentioned and set(mentioned) <= names


# ---- money --------------------------------------------------------------------------------

def test_money_per_locale_with_the_editions_sign():
    assert [format_money(1500, e, "en") for e in EDITION_KEYS] == [
        "$1,500", "£1,500", f"1,500{NBSP}Cr"]
    assert [format_money(1500, e, "fr") for e in EDITION_KEYS] == [
        f"1{NBSP}500{NBSP}$", f"1{NBSP}500{NBSP}£", f"1{NBSP}500{NBSP}Cr"]
    assert format_money(50, "us", "fr-FR") == f"50{NBSP}$"
    assert format_money(HUGE, "us", "en") == "$9,999,999"
    assert format_money(-1500, "uk", "en") == "-£1,500"
    assert format_money(0, "fr", "fr") == f"0{NBSP}Cr"
    assert format_number(1_234_567, "fr") == f"1{NBSP}234{NBSP}567"
    assert format_number(999, "en") == "999"
    assert (format_percent(0.425, "en"), format_percent(0.425, "fr")) == ("42.5%", f"42,5{NBSP}%")
    assert format_percent(1, "en") == "100%"


# ---- narration ----------------------------------------------------------------------------

def one_of_each(edition: str, amount: int = 450) -> list[Event]:
    texts = EDITIONS[edition].card_texts
    events: list[Event] = [
        TurnStarted(12), DiceRolled((3, 4)), Moved(0, 7, False), DiceRolled((6, 6), "utility"),
        DiceRolled((2, 5), "jail"), Moved(7, 4, False, "card"), Moved(36, 5, True, "card"),
        Collected(200, "salary"), Collected(amount, "card"), Paid(200, "tax", 4),
        Paid(amount, "card"), Paid(amount, "repairs"), Paid(50, "fine"),
        RentPaid(39, amount, "player", "hotel"), RentPaid(3, amount, "bank", "houses", 2),
        RentPaid(1, amount, "player", "group"), RentPaid(6, amount, "player", "bare"),
        RentPaid(5, amount, "player", "stations", 3, 2), RentPaid(12, amount, "bank", "utility",
                                                                  10, 1, 12),
        RentPaid(37, 0, "bank", "mortgaged"), PropertyBought(5, 200),
        PropertyDeclined(6, True, 6), PropertyDeclined(6, False, 0),
        Built(3, "house", "bank", 0, 2), Built(39, "hotel", "bank", 0, HOTEL),
        Built(37, "house", "player", 200, 1), Built(37, "hotel", "player", 200, HOTEL),
        BuildingSold(37, "house", amount, 3), BuildingSold(39, "hotel", amount, 4),
        CardDrawn("chance", "ch_boardwalk", texts["ch_boardwalk"]),
        CardDrawn("chest", "cc_inherit", texts["cc_inherit"]),
        SentToJail("square"), SentToJail("card"), SentToJail("doubles"),
        LeftJail("fine"), LeftJail("card"), LeftJail("doubles"), StayedInJail(2),
        JailCardKept("ch_jail_free"), JailCardUsed("cc_jail_free"),
        JailCardSold("ch_jail_free", 50), Mortgaged(11, amount), MortgageLifted(11, amount),
        *(FundsNeeded(amount, r, 10) for r in ("rent", "tax", "card", "repairs", "fine")),
        BankBankrupt(amount, 100), GameWon("bank_bankrupt", 24_100),
        GameWon("all_properties", amount), GameLost("debt", amount), GameLost("debt"),
        GameLost("resigned"),
    ]
    return events


def test_the_sample_has_every_event_type():
    assert {type(e) for e in one_of_each("us")} == set(EVENT_TYPES.values())


@pytest.mark.parametrize("edition", EDITION_KEYS)
@pytest.mark.parametrize("locale", LOCALES)
def test_narrate_tells_every_event_type(edition, locale):
    events = one_of_each(edition, HUGE)
    for event in events:
        lines = narrate([event], edition=edition, locale=locale)
        assert len(lines) == 1 and lines[0].strip(), event
        assert "{" not in lines[0] and "}" not in lines[0], lines[0]
        assert len(lines[0]) <= FIELD_LIMIT
    lines = narrate(events, edition=edition, locale=locale)
    assert len(lines) == len(events) - 1  # the roll and its move make one line
    assert len(fit_lines(lines)) <= FIELD_LIMIT


def tell(event: Event, edition: str = "us", locale: str = "en") -> str:
    return narrate([event], edition=edition, locale=locale)[0]


def test_english_lines_of_the_brief():
    us = "us"
    assert narrate([DiceRolled((3, 4)), Moved(0, 7, False)], edition=us, locale="en") == [
        "🎲 3 + 4 → Chance"]
    assert tell(Collected(200, "salary")) == "Passed GO: +$200"
    assert tell(RentPaid(39, 2000, "player", "hotel")) == (
        "Rent to the Bank on Boardwalk (hotel): −$2,000")
    assert tell(Built(3, "house", "bank", 0, 2)) == "The Bank builds a house on Baltic Avenue (2)"
    assert tell(PropertyBought(5, 200)) == "Bought Reading Railroad for $200"
    assert tell(PropertyDeclined(6, True, 6)) == "The Bank takes Oriental Avenue (6 pawns left)"
    assert tell(FundsNeeded(450, "rent", 100)).startswith("💸 You need $450 (rent)")
    assert tell(GameWon("bank_bankrupt", 24_100)) == (
        "🏆 The Bank is bankrupt! You win with 24,100 points")
    assert tell(RentPaid(5, 400, "player", "stations", 3, 2)) == (
        "Rent to the Bank on Reading Railroad (3 stations, ×2): −$400")


@pytest.mark.parametrize(("event", "locale", "says"), [
    (Built(6, "house", "player", 50, 1), "en", "Built a house on Oriental Avenue (1): −$50"),
    (Built(39, "hotel", "player", 200, 5), "en", "Built a hotel on Boardwalk: −$200"),
    (MortgageLifted(39, 220), "en", "Lifted the mortgage on Boardwalk: −$220"),
    (Paid(200, "tax", 4), "en", "Paid Income Tax: −$200"),
    (Built(6, "house", "player", 50, 1), "fr",
     f"Maison construite : Oriental Avenue (1), −50{NBSP}$"),
    (MortgageLifted(39, 220), "es", "Levantaste la hipoteca de Boardwalk: −220{NBSP}$"),
    (Mortgaged(39, 200), "en", "Mortgaged Boardwalk: +$200"),
])
def test_a_direct_answers_amount_carries_its_sign(event, locale, says):
    """Money out says − and money in says +, as the Roll on account does: `Built a house
    ...: −$150`, never a bare amount that reads as either."""
    assert tell(event, "us", locale) == says.replace("{NBSP}", NBSP)


def test_french_player_reads_french():
    fr = "fr"
    assert tell(RentPaid(39, 2000, "player", "hotel"), fr, fr) == (
        f"Loyer payé à la Banque, Rue de la Paix (hôtel) : −2{NBSP}000{NBSP}Cr")
    assert tell(Collected(200, "salary"), fr, fr) == f"Passage par la case Départ : +200{NBSP}Cr"
    assert tell(Built(3, "house", "bank", 0, 2), fr, fr) == (
        "La Banque construit une maison : Rue Lecourbe (2)")
    assert tell(PropertyDeclined(6, True, 1), "us", fr) == (
        "La Banque prend Oriental Avenue (il lui reste 1 pion)")
    assert tell(GameWon("bank_bankrupt", 24_100), "uk", fr) == (
        f"🏆 La Banque a fait faillite ! Vous gagnez avec 24{NBSP}100 points")
    assert tell(SentToJail("square"), "us", fr) == "🚓 Allez en prison !"
    assert tell(TurnStarted(3), "us", fr) == "— Tour 3 —"


def test_S6_a_card_is_worded_in_the_players_language_with_the_boards_streets_and_money():
    """The card's text is the catalog's in the locale, never the board's own (CardDrawn's
    text): a street keeps the board's name, GO and the money are the locale's."""
    text = EDITIONS["fr"].card_texts["ch_boardwalk"]
    assert tell(CardDrawn("chance", "ch_boardwalk", text), "fr", "en") == (
        "🃏 Chance: Advance to Rue de la Paix.")
    us_text = EDITIONS["us"].card_texts["cc_inherit"]
    assert tell(CardDrawn("chest", "cc_inherit", us_text), "us", "fr") == (
        f"🃏 Caisse de communauté : Vous héritez de 100{NBSP}$.")
    uk_text = EDITIONS["uk"].card_texts["ch_st_charles"]
    assert tell(CardDrawn("chance", "ch_st_charles", uk_text), "uk", "es") == (
        f"🃏 Suerte: Avanza hasta Pall Mall. Si pasas por la Salida, cobra 200{NBSP}£.")


# ---- the decision pending, outcomes, labels -----------------------------------------------

def longest_street(edition: str) -> int:
    return max(STREETS, key=lambda i: len(EDITIONS[edition].square_names[i]))


def stressed_game(edition: str, pending: str) -> Game:
    """The largest state a text can show: huge amounts, the longest street pending."""
    game = Game.new(seed=3, edition=edition, options={"treasury": 10**13})
    s = game.s
    s.cash, s.bank_cash, s.debt = HUGE, 10**13 - HUGE, 10**13
    s.pending, s.pending_square = pending, longest_street(edition)
    s.jail_cards = ["ch_jail_free", "cc_jail_free"]
    s.options = s.options.__class__(doubles="standard", treasury=10**13)
    if pending == BUY:
        s.cash = 10
    if pending == OVER:
        s.result, s.result_reason, s.score = "won", "all_properties", 10**13
    return game


@pytest.mark.parametrize("edition", EDITION_KEYS)
@pytest.mark.parametrize("locale", LOCALES)
def test_pending_texts_fit_a_field(edition, locale):
    for pending in (ROLL, JAIL, BUY, BUILD, RAISE_FUNDS, OVER):
        text = describe_pending(stressed_game(edition, pending), locale=locale)
        assert text and "{" not in text and len(text) <= FIELD_LIMIT, (pending, text)


def test_pending_and_outcome_in_french():
    game = Game.new(seed=1, edition="fr")
    assert describe_pending(game, locale="fr") == "Lancez les dés."
    assert describe_outcome(game, "fr") == ""
    game.apply(Resign())
    assert describe_pending(game, locale="fr") == "Vous avez perdu : vous avez abandonné."
    game = Game.new(seed=1, edition="us")
    game.s.pending, game.s.pending_square, game.s.cash = BUY, 39, 500
    assert describe_pending(game, locale="en") == (
        "Buy Boardwalk for $400, or decline. If you decline, the Bank takes it (7 pawns left).")
    assert "Rue de la Paix" not in describe_pending(game, locale="fr")


def test_every_label_of_a_template_fits_with_the_longest_name_and_amount():
    for locale in LOCALES:
        for edition in EDITION_KEYS:
            name = max(EDITIONS[edition].square_names, key=len)
            big = format_money(HUGE, edition, locale)
            values = {"square": name, "price": big, "cost": big, "fine": big, "amount": big,
                      "missing": big, "deck": MESSAGES[locale]["deck.chest"], "cash": big,
                      "count": 4}
            for key, template in MESSAGES[locale].items():
                if key.startswith(("button.", "select.")):
                    label = template.format(**{k: values[k] for k in placeholders(template)})
                    assert len(label) <= LABEL_LIMIT, label


def owner_of_everything(edition: str) -> Game:
    game = Game.new(seed=5, edition=edition)
    s = game.s
    for i in PROPERTIES:
        s.owner[i] = PLAYER
    for i in STREETS:
        s.buildings[i] = HOTEL if i % 2 else 4
    s.jail_cards = ["ch_jail_free"]
    return game


@pytest.mark.parametrize("edition", EDITION_KEYS)
@pytest.mark.parametrize("locale", LOCALES)
def test_every_action_label_fits(edition, locale):
    game = owner_of_everything(edition)
    actions: list[Action] = [Roll(), Buy(), BuildHouse(), BuildHotel(), PayFine(),
                             SellJailCard(), Resign()]
    actions += [cls(i) for i in PROPERTIES for cls in (Mortgage, LiftMortgage, SellBuilding)]
    game.s.pending_square = longest_street(edition)
    game.s.buildings[game.s.pending_square] = 0
    actions += [BuildTo(level) for level in range(1, HOTEL + 1)]
    for action in actions:
        label = action_label(action, game, locale=locale)
        assert label and len(label) <= LABEL_LIMIT, label
    for level in range(1, HOTEL + 1):  # a build menu option's description
        assert 0 < len(build_to_note(BuildTo(level), game, locale=locale)) <= 100
    build = select_placeholder(game, "build", locale=locale)
    assert 0 < len(build) <= 150 and "{" not in build, build
    for kind in ("sell", "mortgage", "lift"):
        for pending in (RAISE_FUNDS, ROLL):
            placeholder = select_placeholder(stressed_game(edition, pending), kind,
                                             locale=locale)
            assert 0 < len(placeholder) <= 150, placeholder


def test_labels_carry_amounts_in_the_players_language():
    game = owner_of_everything("fr")
    assert action_label(Mortgage(5), game, locale="fr") == (
        f"Hypothéquer Gare Montparnasse (+100{NBSP}Cr)")
    assert action_label(SellBuilding(37), game, locale="en") == (
        f"Sell the hotel on Avenue des Champs-Élysées (+100{NBSP}Cr)")
    assert action_label(LiftMortgage(39), game, locale="en") == (
        f"Lift mortgage Rue de la Paix (220{NBSP}Cr)")
    game.s.pending, game.s.pending_square = BUY, 39
    assert action_label(Buy(), game, locale="fr") == f"Acheter (400{NBSP}Cr)"
    game.s.pending = JAIL
    assert action_label(Roll(), game, locale="fr") == "Tenter un double"


def test_refusals_are_told_in_the_players_language():
    game = Game.new(seed=1, edition="fr")
    assert refusal_reason(Mortgage(39), game, locale="fr") == (
        "Rue de la Paix ne vous appartient pas")
    assert t("fr", "error.illegal", reason=refusal_reason(Buy(), game, locale="fr")) == (
        "Impossible : pas maintenant : la partie attend que vous lanciez les dés")
    game.s.owner[39] = PLAYER
    assert refusal_reason(LiftMortgage(39), game, locale="en") == "Rue de la Paix isn't mortgaged"
    game.s.owner[1] = BANK
    game.apply(Resign())
    assert refusal_reason(Roll(), game, locale="fr") == "la partie est finie"


def test_M1_a_lift_that_would_leave_the_jail_fine_unpayable_is_refused_in_both_languages():
    game = Game.new(seed=1)
    game.s.owner[1], game.s.mortgaged[1] = PLAYER, True
    game.s.bank_cash += game.s.cash - 50
    game.s.cash, game.s.in_jail, game.s.pending = 50, True, JAIL
    assert refusal_reason(LiftMortgage(1), game, locale="en") == (
        "after paying $33 you could no longer raise the $50 Jail fine: pay the fine first")
    assert refusal_reason(LiftMortgage(1), game, locale="fr") == (
        f"après avoir payé 33{NBSP}$, vous ne pourriez plus réunir l'amende de prison de "
        f"50{NBSP}$ : payez d'abord l'amende")


# ---- whole games, status and rules ---------------------------------------------------------

@pytest.mark.parametrize("edition", EDITION_KEYS)
def test_played_games_are_told_within_limits_in_both_languages(edition):
    rng = random.Random(edition)
    for seed in range(6):
        game = Game.new(seed=seed, edition=edition, options={"doubles": "standard"})
        for _ in range(300):
            legal = game.legal_actions()
            if not legal:
                break
            for locale in LOCALES:
                assert len(describe_pending(game, locale=locale)) <= FIELD_LIMIT
                for action in legal:
                    assert len(action_label(action, game, locale=locale)) <= LABEL_LIMIT
            choices = [a for a in legal if not isinstance(a, Resign)] or legal
            events = game.apply(rng.choice(choices))
            for locale in LOCALES:
                assert len(fit_lines(narrate(events, edition=edition, locale=locale))) <= (
                    FIELD_LIMIT)


@pytest.mark.parametrize("locale", LOCALES)
def test_status_lists_fit_fields(locale):
    game = owner_of_everything("fr")
    for i in PROPERTIES:
        game.s.mortgaged[i] = True  # impossible with buildings, but the longest lines
    lines = property_lines(game, locale)
    assert len(lines) == 28
    chunks = chunk_lines(lines)
    assert all(len(c) <= FIELD_LIMIT for c in chunks) and "\n".join(chunks) == "\n".join(lines)
    assert square_name("fr", 10, "fr", in_jail=True) == "En prison"
    assert square_name("fr", 10, "es", in_jail=True) == "En la cárcel"
    assert square_name("us", 10, "fr") == "Simple visite"
    game.s.owner[3] = BANK
    assert property_lines(game, locale, BANK)[0].startswith("Rue Lecourbe (")


def test_rules_pages_cover_every_ruling_in_both_languages():
    ids = [i for _, section_ids in SECTIONS for i in section_ids]
    rules_md = Path(__file__).resolve().parents[4] / "shared" / "RULES.md"
    if rules_md.exists():
        assert set(ids) == set(re.findall(r"^- \*\*([A-Z]\d+)\*\*", rules_md.read_text(),
                                          re.MULTILINE))
    for locale in LOCALES:
        assert {key.removeprefix("rules.rule.") for key in MESSAGES[locale]
                if key.startswith("rules.rule.")} == set(ids)
        pages = rules_pages(locale)
        assert [p.section for p in pages] == [s for s, _ in SECTIONS]
        for page in pages:
            assert len(page.body) <= 4096 and len(page.title) <= 256
        text = "\n".join(p.body for p in pages)
        assert all(f"**{i}**" in text for i in ids)
    assert "Vous gagnez" in rules_pages("fr")[0].body
    assert rules_pages("fr-FR")[1].title == "Règles du Monopoly solo : Mise en place (2/8)"


def test_fit_lines_keeps_the_latest_lines():
    lines = [f"line {i} " + "x" * 90 for i in range(30)]
    text = fit_lines(lines)
    assert len(text) <= FIELD_LIMIT and text.startswith("…\n") and text.endswith(lines[-1])
    assert fit_lines(["a", "b"]) == "a\nb"


def test_a_missing_placeholder_value_raises():
    with pytest.raises(KeyError):
        t("en", "ev.turn")


def test_docs_rules_page_is_generated_from_the_catalog():
    """docs/RULES.md is `rules_markdown()`: regenerate it when the rules pages change."""
    from pathlib import Path

    from bot.narration.rules_page import rules_markdown

    page = Path(__file__).resolve().parents[3] / "docs" / "RULES.md"
    assert page.read_text(encoding="utf-8") == rules_markdown()
    for rule_id in ("S1", "T4", "P3", "R3", "M5", "E2", "H3"):
        assert f"**{rule_id}**" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("options, edition, english, french", [
    ({"treasury": 0}, "us", "Treasury must be a whole number from 1 to 10,000,000,000,000.",
     "trésor doit être un nombre entier de 1 à"),
    ({"colour": "red"}, "us", "there is no rule option called colour.",
     "il n'y a pas d'option de règle colour."),
    ({"bank_pawns": "many"}, "us", "Bank_pawns must be a whole number.",
     "doit être un nombre entier."),
    (None, "de", "there is no edition de: choose us, uk or fr.",
     "il n'y a pas d'édition de : choisissez us, uk ou fr."),
])
def test_refused_options_are_told_in_each_language(options, edition, english, french):
    with pytest.raises(InvalidOptionError) as refused:
        Game.new(1, options, edition)
    assert refused.value.code  # language-free: a code and values, the words come from here
    assert english.lower() in option_refusal(refused.value, locale="en").lower()
    assert french in option_refusal(refused.value, locale="fr")


@pytest.mark.parametrize("doubles_matter, told", [
    (False, "🎲 4 + 4 → Community Chest"),  # T3 solo: doubles do nothing, so no fanfare
    (True, "🎲 4 + 4 (doubles!) → Community Chest"),  # T3 standard: they roll again
])
def test_T3_doubles_are_called_out_only_when_they_count(doubles_matter, told):
    events = [DiceRolled((4, 4)), Moved(9, 17, False)]
    assert narrate(events, edition="us", locale="en", doubles_matter=doubles_matter) == [told]
    alone = narrate([DiceRolled((2, 2))], edition="us", locale="en",
                    doubles_matter=doubles_matter)[0]
    assert ("doubles" in alone) is doubles_matter


@pytest.mark.parametrize(("locale", "says"), [
    ("en", ["Built on Oriental Avenue (hotel): −$250", "Built a house on Baltic Avenue (1): "
                                                      "−$50"]),
    ("fr", [f"Constructions : Oriental Avenue (hôtel), −250{NBSP}$",
            f"Maison construite : Baltic Avenue (1), −50{NBSP}$"]),
])
def test_one_build_pick_on_one_street_is_one_line_with_its_whole_cost(locale, says):
    """`u 5` from 1 house: four buildings, one line and its total; another street's house
    its own line."""
    built = [Built(6, "house", "player", 50, k) for k in (2, 3, 4)]
    built += [Built(6, "hotel", "player", 100, 5), Built(3, "house", "player", 50, 1)]
    assert narrate(built, edition="us", locale=locale) == says
