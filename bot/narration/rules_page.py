"""The rules for players, in the player's language, as embed pages (each body <= 4096 chars).

Written in plain words from the rulings of RULES.md, each with its id (S1… H3) so a player
can quote it and a developer can find it: the catalog's `rules.rule.<id>` texts, and
`rules.intro` for a short "how to play" page before one page per section of RULES.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n.catalog import t
from bot.i18n.languages import LANGUAGES, language

PAGE_LIMIT = 4096  # Discord: an embed description

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("intro", ()),
    ("setup", ("S1", "S2", "S3", "S4", "S5", "S6")),
    ("turn", ("T1", "T2", "T3", "T4")),
    ("squares", ("P1", "P2", "P3", "P4", "P5", "P6", "P7")),
    ("rent", ("R1", "R2", "R3", "R4")),
    ("money", ("M1", "M2", "M3", "M4", "M5")),
    ("end", ("E1", "E2", "E3")),
    ("hosting", ("H1", "H2", "H3", "H4", "H5")),
)


@dataclass(frozen=True, slots=True)
class RulesPage:
    title: str  # <= 256 (embed title)
    body: str  # <= 4096 (embed description)
    section: str  # a SECTIONS key
    rule_ids: tuple[str, ...]


def _split(lines: list[str]) -> list[str]:
    bodies: list[str] = []
    current = ""
    for line in lines:
        if current and len(current) + 2 + len(line) > PAGE_LIMIT:
            bodies.append(current)
            current = line
        else:
            current = f"{current}\n\n{line}" if current else line
    bodies.append(current)
    return bodies


def rules_pages(locale: str) -> list[RulesPage]:
    """The rules as pages for `locale` (any tag, see `languages`), in RULES.md's order."""
    lang = language(locale).code
    parts: list[tuple[str, str, tuple[str, ...]]] = []
    for section, ids in SECTIONS:
        lines = ([t(lang, "rules.intro")] if not ids
                 else [f"**{i}** {t(lang, f'rules.rule.{i}')}" for i in ids])
        parts += [(section, body, ids) for body in _split(lines)]
    total = len(parts)
    return [
        RulesPage(t(lang, "rules.title", section=t(lang, f"rules.section.{section}"),
                    page=n, pages=total), body, section, ids)
        for n, (section, body, ids) in enumerate(parts, start=1)
    ]


def rules_markdown() -> str:
    """docs/RULES.md: the players' rules page in every language, English first, with the rule
    ids."""
    others = ", ".join(f"[{lang.name}](#{lang.name.lower()})" for lang in LANGUAGES[1:])
    parts = ["# Solo Monopoly: the rules\n\n",
             "Every ruling has an id (S1, T3, M1...) that the bot, the code and the tests "
             f"quote. Below in English, then {others}.\n"]
    for lang in LANGUAGES:
        parts.append(f"\n## {lang.name}\n")
        for page in rules_pages(lang.code):
            title = page.title.split(": ", 1)[-1].rsplit(" (", 1)[0]
            parts.append(f"\n### {title}\n\n{page.body.strip()}\n")
    return "".join(parts)


if __name__ == "__main__":
    print(rules_markdown(), end="")
