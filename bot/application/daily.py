"""The daily challenge's calendar and seeds, apart from storage.

Every UTC day has one game that everyone plays: the same seed, hence the same dice and card
order for every player in every server, under the standard rules. The seed is an HMAC of the
day's date keyed by a secret the bot makes at its first start and keeps in its database
(table bot_secrets): nobody can learn a day's dice before the day, and two bots with
different secrets have different dailies. Neither the secret nor a seed is ever logged.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from bot.i18n import MESSAGES

DAY_SECONDS = 86_400
_EPOCH = date(1970, 1, 1)
FIRST_DAILY = date(2026, 1, 1)  # daily #1: the number a result is shared under
SEED_MASK = 2**63 - 1  # SQLite integers are signed 64-bit
SECRET_NAME = "daily"
SECRET_BYTES = 32
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _day_words(key: str) -> frozenset[str]:
    """What a player may type for a day, in every language (a French player typing "today"
    is understood too): the catalog's comma-separated words."""
    return frozenset(word.strip().casefold() for messages in MESSAGES.values()
                     for word in messages[key].split(","))


TODAY_WORDS = _day_words("daily.day.today")
YESTERDAY_WORDS = _day_words("daily.day.yesterday")


def day_of(timestamp: float) -> int:
    """The UTC day of a Unix time, as days since 1970-01-01."""
    return int(timestamp // DAY_SECONDS)


def next_opening(day: int) -> float:
    """When the daily after `day` opens: the next UTC midnight, as a Unix time."""
    return float((day + 1) * DAY_SECONDS)


def day_date(day: int) -> date:
    return _EPOCH + timedelta(days=day)


def day_number(day: int) -> int:
    """The daily's public number (#1 on FIRST_DAILY)."""
    return (day_date(day) - FIRST_DAILY).days + 1


def daily_seed(secret: bytes, day: int) -> int:
    """The seed of `day`'s daily: HMAC-SHA256 of its ISO date under the bot's secret."""
    digest = hmac.new(secret, f"solo-monopoly daily {day_date(day).isoformat()}".encode(),
                      hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") & SEED_MASK


def parse_day(text: str, today: int) -> int | None:
    """A day a player typed: today/yesterday (in any language), YYYY-MM-DD, or a daily's
    number (#12 or 12). None if it is none of these or after today."""
    word = text.strip().casefold()
    if word in TODAY_WORDS:
        return today
    if word in YESTERDAY_WORDS:
        return today - 1
    if _ISO_DATE.match(word):
        try:
            day = (date.fromisoformat(word) - _EPOCH).days
        except ValueError:
            return None
    elif word.removeprefix("#").isascii() and word.removeprefix("#").isdigit():
        number = int(word.removeprefix("#"))
        if not 1 <= number <= 100_000:
            return None
        day = (FIRST_DAILY - _EPOCH).days + number - 1
    else:
        return None
    return day if 0 <= day <= today else None


@dataclass(frozen=True, slots=True)
class DailyRow:
    """One player's attempt on a day's board. A loss scores 0 (E3): `turns` then tells how
    long it lasted, which orders the losers only."""

    rank: int
    owner_id: int
    won: bool
    score: int
    turns: int
    game_id: int


@dataclass(frozen=True, slots=True)
class Streak:
    """Consecutive UTC days a player finished the daily: the run still alive (it ends today
    or yesterday), and the longest ever."""

    current: int
    best: int
    played: int
    won: int


def streak_of(days: Sequence[int], won: int, today: int) -> Streak:
    """The streak from the days whose daily the player finished (any order, no repeats)."""
    ordered = sorted(set(days))
    best = run = 0
    previous: int | None = None
    for day in ordered:
        run = run + 1 if previous is not None and day == previous + 1 else 1
        best = max(best, run)
        previous = day
    current = run if ordered and ordered[-1] >= today - 1 else 0
    return Streak(current, best, len(ordered), won)


def ranked(rows: Sequence[tuple[int, int, int, int, int]], offset: int) -> list[DailyRow]:
    """(owner, won, score, turns, game) rows in board order -> DailyRows; equal results share
    the rank of the first of them (within what was fetched)."""
    out: list[DailyRow] = []
    for index, (owner, won, score, turns, game_id) in enumerate(rows):
        rank = offset + index + 1
        if out and (out[-1].won, out[-1].score, out[-1].turns) == (bool(won), score, turns):
            rank = out[-1].rank
        out.append(DailyRow(rank, owner, bool(won), score, turns, game_id))
    return out
