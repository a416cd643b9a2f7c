"""Every language's catalog (bot/i18n/locales/<code>.po) against English, its source: the
same keys, the same placeholders, and the English a translator sees kept current; and the
language registry (bot.i18n.languages) that names each language once."""

from __future__ import annotations

import re
import string
from importlib.resources import files

import discord
import pytest
from babel import Locale
from babel.messages.pofile import read_po

from bot.i18n import LOCALES, MESSAGES, edition_for, locale_of, t
from bot.i18n.grammar import ELIDING, fill
from bot.i18n.languages import LANGUAGES, SOURCE, TRANSLATIONS, language
from game_core.editions import EDITIONS

ENGLISH = MESSAGES[SOURCE.code]
OTHERS = [lang.code for lang in TRANSLATIONS]
PO_DIR = files("bot.i18n") / "locales"


def fields(template: str) -> list[tuple[str, str]]:
    """(name, format spec) of each placeholder of a str.format template."""
    return [(name, spec or "") for _, name, spec, _ in string.Formatter().parse(template)
            if name is not None]


def names(template: str) -> set[str]:
    return {name for name, _ in fields(template)}


def po_keys(code: str) -> list[str]:
    """The msgctxt of each entry, as written (a key twice shows twice)."""
    text = (PO_DIR / f"{code}.po").read_text(encoding="utf-8")
    return re.findall(r'^msgctxt "(.*)"$', text, re.MULTILINE)


def po_sources(code: str) -> dict[str, str]:
    """Each key's msgid: the English text the translation was made from."""
    with (PO_DIR / f"{code}.po").open("rb") as po:
        return {m.context: m.id for m in read_po(po) if m.context and isinstance(m.id, str)}


def test_every_language_has_its_catalog_and_nothing_else_is_shipped():
    shipped = {p.name.removesuffix(".po") for p in PO_DIR.iterdir() if p.name.endswith(".po")}
    assert shipped == set(LOCALES) == {lang.code for lang in LANGUAGES}
    assert LOCALES[0] == SOURCE.code == "en"


@pytest.mark.parametrize("code", OTHERS)
def test_every_catalog_has_every_key_with_the_same_placeholders(code):
    messages = MESSAGES[code]
    assert sorted(set(ENGLISH) - set(messages)) == [], "untranslated (or fuzzy)"
    assert sorted(set(messages) - set(ENGLISH)) == [], "not in English"
    wrong = {key: (names(ENGLISH[key]), names(messages[key])) for key in ENGLISH
             if names(ENGLISH[key]) != names(messages[key])}
    assert wrong == {}


@pytest.mark.parametrize("code", LOCALES)
def test_no_text_is_empty_or_positional(code):
    for key, text in MESSAGES[code].items():
        assert text.strip(), key
        assert "" not in names(text), f"{key}: positional placeholder"
        fill(text, code, {name: 1 for name in names(text)})  # a malformed one raises


@pytest.mark.parametrize("code", LOCALES)
def test_only_a_language_that_elides_writes_elision_specs(code):
    """French's `{player:de}` is French grammar: English and Spanish write the word, or
    none, before a plain placeholder."""
    elided = {key for key, text in MESSAGES[code].items()
              if any(spec in ELIDING for _, spec in fields(text))}
    assert bool(elided) == language(code).elides


@pytest.mark.parametrize("code", LOCALES)
def test_each_entry_once_under_its_key_with_the_current_english(code):
    """msgid is the English a translator translates: when an English text changes, each
    translation is reviewed (the keys listed here) and its msgid updated."""
    keys = po_keys(code)
    assert len(keys) == len(set(keys))
    english, sources = po_sources(SOURCE.code), po_sources(code)
    assert sorted(key for key, msgid in sources.items() if english.get(key) != msgid) == []
    assert all(ENGLISH[key] == msgid for key, msgid in english.items())


@pytest.mark.parametrize("code", LOCALES)
def test_gettext_checks_placeholders_only_where_every_language_writes_them_plainly(code):
    """`#, python-brace-format` lets msgfmt --check and the editors check placeholders; but
    gettext's checker rejects French's elision specs, so an entry any language elides goes
    unflagged in every file, or msgmerge would mark its French fuzzy (missing to the bot)."""
    elided = {key for msgs in MESSAGES.values() for key, text in msgs.items()
              if any(spec in ELIDING for _, spec in fields(text))}
    text = (PO_DIR / f"{code}.po").read_text(encoding="utf-8")  # Babel guesses flags
    flagged = {key for flags, key in re.findall(r'^#, (.*)\nmsgctxt "(.*)"$', text,
                                               re.MULTILINE)
               if "python-brace-format" in flags.split(", ")}
    assert flagged & elided == set()
    plain = {key for key in po_sources(code)  # {minutes:02d}'s spec goes unchecked too
             if fields(ENGLISH[key]) and not any(spec for _, spec in fields(ENGLISH[key]))}
    assert flagged == plain - elided


@pytest.mark.parametrize("code", LOCALES)
def test_the_po_header_says_its_language_and_plural_rule(code):
    with (PO_DIR / f"{code}.po").open("rb") as po:
        catalog = read_po(po)
    assert str(catalog.locale) == code
    assert catalog.plural_forms.startswith("nplurals=2;")  # the catalog's .one / .other


# ---- the registry -------------------------------------------------------------------------

def test_each_language_once_with_discord_locales_babel_data_and_a_board():
    discord_locales = {loc.value for loc in discord.Locale}
    served: list[str] = []
    for lang in LANGUAGES:
        assert lang.discord_locales and set(lang.discord_locales) <= discord_locales, lang
        served += lang.discord_locales
        assert lang.edition in EDITIONS
        Locale.parse(lang.babel)  # CLDR has its plural rules and digits
        for tag in lang.discord_locales:
            assert locale_of(tag) == lang.code and edition_for(tag) == lang.edition
    assert len(served) == len(set(served))


def test_a_tag_of_no_language_here_reads_english():
    for tag in (None, "", "de", "ja", "pt-BR", "xx-YY"):
        assert language(tag) is SOURCE
    assert t("ja", "button.decline") == t("en", "button.decline")
