"""Seasons of the leaderboards: a calendar month by default, or a quarter, in UTC;
or none (the board of all time). A game counts in the season it finished in.

A season is named by its kind and its number: for a month, months since year 0 (year * 12 +
month - 1), as migration 8's indexes compute it from finished_at; for a quarter, that
number divided by 3.
The same number travels in a pager button's custom_id ("m24322", "q8107", "a").

The service's part (GameService's `seasons`): a season's board, with a server's hidden
players left out, and the announcements due when a season ends.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.storage import Storage
from bot.storage.server_settings import ServerRows

from . import checks
from .records import LeaderboardRow
from .server_settings import DEFAULT_KIND, KINDS, hidden_in, settings_of

MONTH, QUARTER, ALL = "month", "quarter", "all"
ALL_WORDS = ("all", "all-time", "alltime", "tout", "toujours")
_MONTH_TEXT = re.compile(r"^(\d{4})-(\d{1,2})$")
_QUARTER_TEXT = re.compile(r"^(\d{4})-?[qt]([1-4])$")  # T: trimestre
_ARG = re.compile(r"^([mqa])(\d*)$")
MAX_YEAR = 9999
# A season's winner is announced at most this long after it ended (a bot that was down at
# midnight still tells it when it's back; a channel chosen weeks later doesn't get old news).
ANNOUNCE_WITHIN = 3 * 86_400
__all__ = ["ALL", "ALL_TIME", "DEFAULT_KIND", "KINDS", "MONTH", "QUARTER", "Announcement",
           "Season", "Seasons", "current", "from_arg", "month_of", "parse"]


@dataclass(frozen=True, slots=True)
class Season:
    kind: str  # MONTH, QUARTER or ALL
    period: int | None = None  # None for ALL

    @property
    def key(self) -> str:
        """Its name for people and the database: "2026-11", "2026-Q4", "all"."""
        if self.kind == ALL or self.period is None:
            return ALL
        if self.kind == QUARTER:
            return f"{self.period // 4:04d}-Q{self.period % 4 + 1}"
        return f"{self.period // 12:04d}-{self.period % 12 + 1:02d}"

    @property
    def arg(self) -> str:
        """Its short form in a pager's custom_id."""
        return "a" if self.kind == ALL else f"{self.kind[0]}{self.period}"

    @property
    def first_month(self) -> tuple[int, int]:
        """(year, month) of its first month (not for ALL)."""
        assert self.period is not None
        month = self.period * 3 if self.kind == QUARTER else self.period
        return month // 12, month % 12 + 1

    @property
    def starts_at(self) -> float:
        """Its first second, a Unix time (midnight UTC on its first day; not for ALL)."""
        year, month = self.first_month
        return datetime(year, month, 1, tzinfo=UTC).timestamp()

    def previous(self) -> Season:
        assert self.period is not None, "all time has no previous season"
        return Season(self.kind, self.period - 1)


ALL_TIME = Season(ALL)


def month_of(timestamp: float) -> int:
    """The month of a Unix time, UTC, as migration 8 numbers it."""
    moment = datetime.fromtimestamp(timestamp, UTC)
    return moment.year * 12 + moment.month - 1


def current(kind: str, now: float) -> Season:
    """The season of `kind` ("none" or ALL: all time) that `now` is in."""
    if kind == MONTH:
        return Season(MONTH, month_of(now))
    if kind == QUARTER:
        return Season(QUARTER, month_of(now) // 3)
    return ALL_TIME


def parse(text: str) -> Season | None:
    """A season a player typed: "2026-11", "2026-Q4" (or T4), "all"; None if it names none."""
    typed = text.strip().casefold()
    if typed in ALL_WORDS:
        return ALL_TIME
    if match := _MONTH_TEXT.match(typed):
        year, month = int(match[1]), int(match[2])
        if 1 <= year <= MAX_YEAR and 1 <= month <= 12:
            return Season(MONTH, year * 12 + month - 1)
        return None
    if match := _QUARTER_TEXT.match(typed):
        year = int(match[1])
        return Season(QUARTER, year * 4 + int(match[2]) - 1) if 1 <= year <= MAX_YEAR else None
    return None


def from_arg(arg: str) -> Season | None:
    """The season of a pager's custom_id part; None if it is not one the bot makes."""
    match = _ARG.match(arg)
    if match is None:
        return None
    if match[1] == "a":
        return ALL_TIME if not match[2] else None
    if not match[2] or len(match[2]) > 6:
        return None
    period = int(match[2])
    kind = MONTH if match[1] == "m" else QUARTER
    return Season(kind, period) if period < (MAX_YEAR + 1) * 12 else None


@dataclass(frozen=True, slots=True)
class Announcement:
    """A season that ended in a server which asked for its winner to be announced."""
    guild_id: int
    channel_id: int
    season: Season
    winner: LeaderboardRow | None  # None: nobody won a standard game that season


class Seasons:
    """The seasons' part of the game service: the storage, and the clock the seasons turn by."""

    def __init__(self, storage: Storage, clock: Callable[[], float]) -> None:
        self._storage = storage
        self._clock = clock

    def now(self, kind: str) -> Season:
        """The season of `kind` the service's clock is in."""
        return current(kind, self._clock())

    async def leaderboard(self, guild_id: int | None, season: Season, *,
                                 limit: int = 10, offset: int = 0) -> list[LeaderboardRow]:
        """Each player's best standard win of the season (of all time: ALL_TIME), best
        first; a server's board leaves out the players its admins hid."""
        checks.an_optional_id(guild_id, "a server id")
        hidden = frozenset() if guild_id is None else await hidden_in(self._storage, guild_id)
        rows = await ServerRows(self._storage).season_board(
            guild_id, season.kind, season.period, hidden, checks.a_count(limit, "a limit"),
            checks.a_count(offset, "an offset"))
        return [LeaderboardRow.of(row) for row in rows]

    async def due_announcements(self) -> list[Announcement]:
        """The seasons that ended (by the service's clock) in the last ANNOUNCE_WITHIN
        seconds, in servers that chose a channel for their winner; each claimed in the
        database so that it is told once, whichever process sees it first. The caller posts
        them."""
        rows = ServerRows(self._storage)
        due: list[Announcement] = []
        now = self._clock()
        for setting in await rows.servers_with("announce"):
            guild_id, channel = setting["guild_id"], setting["value"]
            kind = (await settings_of(self._storage, guild_id)).season
            if kind not in (MONTH, QUARTER):
                continue
            this = current(kind, now)
            ended = this.previous()
            if now - this.starts_at > ANNOUNCE_WITHIN:
                continue
            if not await rows.claim_announcement(guild_id, ended.key, now):
                continue
            board = await self.leaderboard(guild_id, ended, limit=1)
            due.append(Announcement(guild_id, int(channel), ended, board[0] if board else None))
        return due
