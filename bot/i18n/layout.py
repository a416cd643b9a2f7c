"""Fitting text into Discord's limits: a field's 1,024 characters, a label's 80."""

from __future__ import annotations

from collections.abc import Sequence

LABEL_LIMIT = 80  # Discord: button labels (select option labels allow 100)
FIELD_LIMIT = 1024  # Discord: an embed field's value
DESCRIPTION_LIMIT = 4096  # Discord: an embed description
QUOTE_LIMIT = 60  # what a refusal repeats of the user's own text


def quote_user_text(text: str, limit: int = QUOTE_LIMIT) -> str:
    """User text repeated in a reply: on one line, and cut with "…" past `limit` characters,
    so that no input can push a reply past Discord's limits."""
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= limit else one_line[:limit - 1].rstrip() + "…"


def fit_lines(lines: Sequence[str], limit: int = FIELD_LIMIT) -> str:
    """The last lines that fit in `limit` characters, with "…" first when some were cut."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        extra = len(line) + (1 if kept else 0)
        if size + extra > limit - 2:  # room for "…\n"
            kept.append("…")
            break
        kept.append(line)
        size += extra
    return "\n".join(reversed(kept))


def chunk_lines(lines: Sequence[str], limit: int = FIELD_LIMIT) -> list[str]:
    """`lines` packed, in order, into as few texts of at most `limit` characters as may be."""
    chunks: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            chunks.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        chunks.append(current)
    return chunks
