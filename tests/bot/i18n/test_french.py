"""French as the French write it, over the whole catalog (fr.po) and the texts built from it:
a space before : ; ! ? and inside « », the ellipsis character, one word per thing (the card
« Vous êtes libéré de prison » as the French edition names it, « Patrimoine »...), and
words after a square's name that agree with it (« Rue de Paradis · refusée »). The same
glossary check, shorter, for Spanish."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest
from babel.messages.pofile import read_po

from bot.i18n import MESSAGES
from bot.i18n.grammar import is_feminine
from bot.narration.account import account_lines, describe_skip
from bot.narration.narrate import narrate
from game_core.actions import Decline
from game_core.board import PROPERTIES
from game_core.editions import EDITIONS
from game_core.events import Moved, PropertyBought, PropertyDeclined, TurnStarted
from game_core.prompts import BUY_SHORT, KEPT_DECLINING, Skip

FRENCH = MESSAGES["fr"]
FR_SQUARES = EDITIONS["fr"].square_names


def sources(code: str) -> dict[str, tuple[str, str]]:
    """key -> (the English it translates, the translation)."""
    with (files("bot.i18n") / "locales" / f"{code}.po").open("rb") as po:
        return {m.context: (m.id, m.string) for m in read_po(po)
                if m.context and isinstance(m.id, str) and isinstance(m.string, str)}


def prose(text: str) -> str:
    """The words of a template, without what isn't French prose: placeholders (as X), code
    spans, links, Discord markup (<t:…:f>, <@…>), a slash command's `option:value`, and a
    key named in brackets ("(? pour les touches)")."""
    text = re.sub(r"`[^`]*`|https?://\S+|<[^<>]*>", "", text)
    text = re.sub(r"\{[^{}]*\}", "X", text)
    text = re.sub(r"\b\w+:\w+\b", "", text)
    return text.replace("(?", "(")


# ---- typography ------------------------------------------------------------------------

def test_a_space_before_every_colon_semicolon_exclamation_and_question_mark():
    """French puts a space before : ; ! ?; the catalog writes a plain one, everywhere (an
    amount's no-break spaces are the money format's business)."""
    wrong = {key: re.findall(r"\S{1,12}[:;!?]", prose(text))
             for key, text in FRENCH.items() if re.search(r"\S[:;!?]", prose(text))}
    assert wrong == {}
    mixed = {key for key, text in FRENCH.items()
             if re.search(r"[\u00a0\u202f][:;!?]", prose(text))}
    assert mixed == set(), "the catalog's space before a high sign is a plain one"


def test_guillemets_with_spaces_inside_and_no_english_quotes_or_three_dots():
    for key, text in FRENCH.items():
        words = prose(text)
        assert not re.search(r"«(?! )|(?<! )»", words), key  # a plain space, as before : ;
        assert not re.search(r"[“”\"]", words), key  # « » in French
        assert "..." not in text, key  # the ellipsis character: …


def test_numero_is_followed_by_a_space_before_its_number():
    """« n° 2 », as the French write it: never « n°2 » (a game, a daily)."""
    wrong = {key: text for key, text in FRENCH.items() if re.search(r"n°(?! )", text)}
    assert wrong == {}
    assert "n° {game_id}" in FRENCH["terminal.started"]


def test_the_status_line_of_the_terminal_puts_its_space_before_the_colon():
    assert FRENCH["terminal.field"] == "{label} : {value}"


# ---- one word per thing ------------------------------------------------------------------

# English (a regular expression over the msgid, placeholders left out) -> the one French
# word for it (a regular expression over the lowercased msgstr).
FR_GLOSSARY = {
    r"(?i)get out of jail free|jail card": r"« vous êtes libéré de prison »",
    r"(?i)net worth": r"patrimoine",
    r"(?i)treasury": r"trésor",
    r"(?i)\broll(ing)? on\b": r"enchaîn",
    r"(?i)\bhints?\b": r"conseil",
    r"(?i)community chest": r"caisse de communauté",
    r"(?i)mortgag": r"hypoth",
    r"(?i)\bresign|give up|gave up|giving up": r"abandon",
    r"\bBank\b": r"banque",
    r"(?i)\bjail\b": r"prison",
    r"(?i)daily challenge": r"défis? du jour",
    r"(?i)leaderboard": r"classement",
    r"(?i)\blift": r"l[eè]v",
    r"(?i)\bfine\b": r"amende",
    r"(?i)\brent\b": r"loyer",
    r"(?i)\bdeclin": r"refus",
    r"(?i)\bpawns?\b": r"pion",
    r"(?i)\bhotels?\b": r"hôtel",
    r"(?i)\bhouses?\b": r"maison",
    r"(?i)\bcash(ing)? out\b": r"vend",
    r"\bGO\b": r"départ",
    r"(?i)\bstations?\b": r"gare",
    r"(?i)\butilit": r"compagnie",
    r"(?i)\bdebts?\b": r"dette|devez",
}
# The names each thing had besides its one name: gone from every text.
FR_RETIRED = [r"valeur nette", r"(?<!vous êtes )libéré de prison", r"sortie de prison »",
              r"carte sortie", r"carte prison", r"liquid"]

ES_GLOSSARY = {
    r"(?i)get out of jail free|jail card": r"“quedas libre de la cárcel”",
    r"(?i)net worth": r"patrimonio neto",
    r"(?i)treasury": r"tesoro",
    r"(?i)\bhints?\b": r"pista",
    r"(?i)daily challenge": r"retos? diarios?",
    r"(?i)mortgag": r"hipotec|hipotequ",
    r"\bBank\b": r"banco",
    r"(?i)\bjail\b": r"cárcel",
    r"(?i)\broll(ing)? on\b": r"seguir tirando|sigue tirando",
}
ES_RETIRED = [r"reto del día", r"libre de la cárcel(?!”)"]


def off_glossary(code: str, glossary: dict[str, str]) -> list[tuple[str, str, str]]:
    found = []
    for key, (english, text) in sources(code).items():
        english = re.sub(r"\{[^{}]*\}", "", english)
        for term, word in glossary.items():
            if re.search(term, english) and not re.search(word, text.lower()):
                found.append((term, key, text))
    return found


@pytest.mark.parametrize(("code", "glossary", "retired"), [
    ("fr", FR_GLOSSARY, FR_RETIRED), ("es", ES_GLOSSARY, ES_RETIRED),
])
def test_one_word_per_thing_in_every_text(code, glossary, retired):
    assert off_glossary(code, glossary) == []
    texts = MESSAGES[code]
    assert [(word, key) for word in retired for key, text in texts.items()
            if re.search(word, text.lower())] == []


def test_the_jail_card_is_named_as_the_french_edition_names_it():
    """The French rules (and the card itself, game_core.editions) say « Vous êtes libéré de
    prison »: so do the buttons, the status and the account."""
    assert "Vous êtes libéré de prison" in EDITIONS["fr"].card_texts["ch_jail_free"]
    for key in ("embed.field.jail_card", "button.use_card", "button.sell_card",
                "status.jail_card", "clicks.step.sell_card", "ev.jail_card.used"):
        assert "« Vous êtes libéré de prison »" in FRENCH[key], key


# ---- agreement with a square's name --------------------------------------------------------

FEMININE_HEADS = ("Rue", "Avenue", "Place", "Gare", "Compagnie")
MASCULINE_HEADS = ("Boulevard", "Faubourg")


def feminine(square: int) -> bool:
    """The test's own reading of the Paris board: a name's first word says its gender."""
    head = FR_SQUARES[square].split()[0]
    assert head in FEMININE_HEADS + MASCULINE_HEADS, f"a new head noun: {head}"
    return head in FEMININE_HEADS


def ending(square: int) -> str:
    return "ée" if feminine(square) else "é"


@pytest.mark.parametrize("square", PROPERTIES, ids=lambda sq: FR_SQUARES[sq])
def test_words_after_a_squares_name_agree_with_it_on_the_paris_board(square):
    name = FR_SQUARES[square]
    assert is_feminine(name, "fr") == feminine(square)
    e = ending(square)
    for event, word in ((PropertyDeclined(square, True, 6), "refus"),
                        (PropertyBought(square, 100), "achet")):
        steps = [([TurnStarted(3), Moved(square - 1, square, False), event], None)]
        line = account_lines(steps, start_cash=500, end_cash=400, start_turn=3, stop=None,
                             edition="fr", locale="fr").splitlines()[1]
        # "3. Rue de Paradis · refusée · ..." / "3. Rue de Paradis · achetée −100 Cr"
        assert line.startswith(f"3. {name} · {word}{e}") and (
            line[len(f"3. {name} · {word}{e}"):][:1] in ("", " ")), line
    kept = describe_skip(Skip(Decline(), KEPT_DECLINING, square, price=100), "fr", "fr")
    assert kept == f"{name} est de nouveau refus{e}, comme demandé."
    short = describe_skip(Skip(Decline(), BUY_SHORT, square, 90, 100, 10), "fr", "fr")
    assert short.startswith(name) and short.endswith(f"; refus{e}.")
    told = narrate([PropertyDeclined(square, False, 0)], edition="fr", locale="fr")
    assert told == [f"Refus{e} : {name} ; la Banque n'a plus de pion, la propriété reste à "
                    "vendre"]


@pytest.mark.parametrize(("name", "female"), [
    ("Baltic Avenue", True), ("St. Charles Place", True), ("Reading Railroad", False),
    ("Electric Company", True), ("Marvin Gardens", False), ("Old Kent Road", True),
    ("Trafalgar Square", True), ("Fenchurch St. Station", True), ("Mayfair", False),
])
def test_an_english_boards_names_agree_as_a_french_reader_takes_them(name, female):
    """A French player on the US or UK board: an Avenue, a Place, a Road (rue) are feminine,
    a Railroad (chemin de fer) masculine; in English and Spanish nothing agrees."""
    assert is_feminine(name, "fr") is female
    assert not is_feminine(name, "en") and not is_feminine(name, "es")


def test_no_french_template_leaves_a_participle_after_a_square_without_its_feminine():
    """A template that says « {square} … refusé » has a `.feminine` variant that agrees."""
    lacking = [key for key, text in FRENCH.items()
               if not key.endswith(".feminine") and key + ".feminine" not in FRENCH
               and re.search(r"\{square(?::\w+)?\}[^.;:()]*?\b\w+ée?s?\b", text)]
    assert lacking == []
    variants = [key for key in FRENCH if key.endswith(".feminine")]
    assert variants and all(FRENCH[key] != FRENCH[key.removesuffix(".feminine")]
                            for key in variants)


@pytest.mark.parametrize(("dice", "pawns", "says"), [
    ((5, 6), 7, "Achetez Boulevard de la Villette pour 140\xa0Cr, ou refusez. Si vous refusez, "
                "la Banque le prend (il lui reste 7 pions)."),
    ((1, 2), 7, "Achetez Rue Lecourbe pour 60\xa0Cr, ou refusez. Si vous refusez, la Banque la "
                "prend (il lui reste 7 pions)."),
    ((5, 6), 0, "Si vous refusez, il reste à vendre : la Banque n'a plus de pion."),
    ((1, 2), 0, "Si vous refusez, elle reste à vendre : la Banque n'a plus de pion."),
])
def test_the_pronoun_for_a_street_on_offer_agrees_with_its_name(dice, pawns, says):
    """« le prend » for a Boulevard, « la prend » for a Rue; « il / elle reste à vendre »."""
    from bot.narration.narrate import describe_pending
    from game_core import Roll
    from game_core.game import Game

    game = Game.new(1, {"bank_pawns": pawns}, edition="fr", dice=[dice])
    game.apply(Roll())
    assert describe_pending(game, locale="fr").endswith(says)
