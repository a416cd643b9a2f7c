"""One-off: write bot/i18n/locales/{en,fr}.po from the Python catalog dicts they replace.

msgctxt is the catalog key, msgid the English text (what Poedit and Weblate show a
translator as the source), msgstr the language's text. The dicts' developer comments become
`#.` comments on the entry they preceded (the English ones, in every file); the notes only
the French dicts had become the French file's own `# ` translator comments.
"""

from __future__ import annotations

import ast
import importlib
import io
import re
import string
import tokenize
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "bot" / "i18n"
OUT = I18N / "locales"

# (module, English dict, French dict, what the family holds), in catalog.py's merge order.
SOURCES = (
    ("catalog_en", "EN", "catalog_fr", "FR", ""),
    ("catalog_pictures", "PICTURES_EN", "catalog_pictures", "PICTURES_FR",
     "The pictures: the recap, the money map, the record chart, their text alternatives and "
     "their buttons."),
    ("catalog_hints", "HINTS_EN", "catalog_hints", "HINTS_FR",
     "The Hint: the best choice first, with its odds."),
    ("catalog_compete_en", "EN_COMPETE", "catalog_compete_fr", "FR_COMPETE",
     "Fair competition: house rules, presets, the daily challenge."),
    ("catalog_daily", "DAILY_EN", "catalog_daily", "DAILY_FR",
     "The daily challenge: which game a command acts on, the private daily, the Share and "
     "the day's yardstick."),
    ("catalog_words", "WORDS_EN", "catalog_words", "WORDS_FR",
     "The French board's money explained, and the history told turn by turn."),
    ("catalog_privacy", "PRIVACY_EN", "catalog_privacy", "PRIVACY_FR",
     "The privacy commands: what the bot keeps about a player, and forgetting it."),
    ("catalog_servers", "SERVERS_EN", "catalog_servers", "SERVERS_FR",
     "What a server's admins set (/monopoly-admin): the channels and threads games start "
     "in, the seasons of the leaderboards and their winners' announcements."),
    ("catalog_clicks", "CLICKS_EN", "catalog_clicks", "CLICKS_FR",
     "A game worth its clicks: Roll on and its account, the decisions taken for the player "
     "and why, plans (\"Pay it for me\"), the way to win, the terminal's keys. Button labels "
     "stay under 80 characters with any amount and name filled in (tests check them)."),
    ("catalog_prefs", "PREFS_EN", "catalog_prefs", "PREFS_FR",
     "A player's own settings (/monopoly settings)."),
)
NOW = datetime.now(UTC)
LANGUAGE = {"en": "English", "fr": "French"}
HEADERS = {
    "en": "Solo Monopoly: the words the bot shows, in English, the source language.\n"
          "Every language's file has the same entries: msgctxt is the key the code asks for,\n"
          "msgid the English text, msgstr the language's own. A {placeholder} keeps its name\n"
          "in every language (tests/bot/test_catalogs.py checks both).",
    "fr": "Solo Monopoly: the words the bot shows, in French.\n"
          "Vocabulary of the French solo text: Départ, Prison, amende, hypothéquer / lever une\n"
          "hypothèque, Maison, Hôtel, loyer, la Banque, faillite, carte « Vous êtes libéré de\n"
          "prison ». A format spec after a placeholder elides the word before it:\n"
          "`la partie {player:de}` reads \"la partie d'Alice\" (bot/i18n/grammar.py).",
}
ISSUE = re.compile(r"\s*\((?:issue|ticket) \d+\)|\s*\(issue \d+'s [^)]*\)")


def comments_by_key(module: str, dict_name: str, keys: list[str]) -> dict[str, list[str]]:
    """Each key of the dict `dict_name` in `module` -> the comment lines just above it (the
    dict's keys in order: some are f-strings, so the AST's nodes are matched by position)."""
    source = (I18N / f"{module}.py").read_text(encoding="utf-8")
    comments: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT and tok.line.strip().startswith("#"):
            text = tok.string.lstrip("#").strip()
            group = re.fullmatch(r"-+ (.*?) -+", text)
            comments[tok.start[0]] = f"---- {group.group(1)} ----" if group else text
    found: dict[str, list[str]] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == dict_name for t in targets):
                assert isinstance(node.value, ast.Dict)
                previous = node.value.lineno
                for name, key, value in zip(keys, node.value.keys, node.value.values,
                                            strict=True):
                    assert key is not None
                    lines = [comments[n] for n in range(previous + 1, key.lineno)
                             if n in comments]
                    found[name] = [ISSUE.sub("", line).replace(" (bot.i18n.history_turns)", "")
                                   for line in lines]
                    previous = value.end_lineno or value.lineno
    return found


def brace_format(*texts: str) -> bool:
    """True when the texts have placeholders and gettext's checker reads them all: French's
    elision specs (`{player:de}`) are the bot's own, which msgfmt --check would reject."""
    fields = [(name, spec) for text in texts for _, name, spec, _ in string.Formatter().parse(text)
              if name is not None]
    return bool(fields) and not any(spec for _, spec in fields)


def main() -> None:
    english: dict[str, tuple[str, list[str]]] = {}
    french: dict[str, tuple[str, list[str]]] = {}
    for en_module, en_name, fr_module, fr_name, family in SOURCES:
        en = getattr(importlib.import_module(f"bot.i18n.{en_module}"), en_name)
        fr = getattr(importlib.import_module(f"bot.i18n.{fr_module}"), fr_name)
        assert set(en) == set(fr), en_module
        en_notes = comments_by_key(en_module, en_name, list(en))
        fr_notes = comments_by_key(fr_module, fr_name, list(fr))
        for n, key in enumerate(en):
            notes = ([family] if family and n == 0 else []) + en_notes[key]
            english[key] = (en[key], notes)
            # The French dicts' group headers repeat the English ones in French: keep only
            # their own notes.
            # their own notes, where the English dict had none to say the same.
            french[key] = (fr[key], [] if en_notes[key] else
                           [c for c in fr_notes[key] if not c.startswith("----")])
    rules = importlib.import_module("bot.i18n.rules_page")
    for lang, target in (("en", english), ("fr", french)):
        target["rules.intro"] = (rules.INTRO[lang], [
            "---- /monopoly rules: the rules for players, one id each (S1, T3...) as in "
            "RULES.md; docs/RULES.md is generated from them ----"] if lang == "en" else [])
        for rule_id, text in rules.RULES[lang].items():
            target[f"rules.rule.{rule_id}"] = (text, [])
    OUT.mkdir(exist_ok=True)
    for lang, texts in (("en", english), ("fr", french)):
        header = "\n".join(f"# {line}".rstrip() for line in HEADERS[lang].splitlines())
        catalog = Catalog(locale=lang, project="Solo Monopoly", version="1.0",
                          header_comment=header, fuzzy=False, creation_date=NOW,
                          revision_date=NOW, msgid_bugs_address="",
                          last_translator="Solo Monopoly", language_team=LANGUAGE[lang])
        for key, (en_text, en_notes) in english.items():
            text, own_notes = texts[key]
            message = catalog.add(en_text, text, context=key, auto_comments=en_notes,
                                  user_comments=own_notes if lang != "en" else [])
            assert message is not None
            # str.format templates, not %; Babel guesses both flags from msgid alone.
            message.flags -= {"python-format", "python-brace-format"}
            if brace_format(en_text, text):
                message.flags.add("python-brace-format")
        out = io.BytesIO()
        write_po(out, catalog, width=100, omit_header=False, sort_output=False)
        # No address to report to: the project's own issue tracker is where.
        text = out.getvalue().replace(b'"Report-Msgid-Bugs-To: EMAIL@ADDRESS\\n"\n', b"")
        (OUT / f"{lang}.po").write_bytes(text)


if __name__ == "__main__":
    main()
