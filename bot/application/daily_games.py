"""The daily challenge's part of the game service: starting or resuming a day's
game, the day's board and a player's streak: GameService's `daily`, which creates its games
through the core, with the day's seed made from the secret; see bot/application/daily.py
for the calendar and the seeds.
"""

from __future__ import annotations

import hashlib
import hmac

from game_core.options import STANDARD

from bot.errors import ActiveGameExists, DatabaseBusy

from . import checks
from .core import GameCore
from .daily import DailyRow, Streak, daily_seed, day_of, ranked, streak_of
from .records import GameRecord, record_from_row
from .server_settings import hidden_in

SECRET_BYTES = 32
RANK_PAGE = 1000


class DailyGames:
    """The daily slot of the game service (H1 holds for each slot)."""

    def __init__(self, core: GameCore, secret: bytes) -> None:
        self._core = core
        self._storage = core.storage
        self._secret = secret  # never logged: it makes every day's seed

    def derived_key(self, label: bytes) -> bytes:
        """A key for another use (`label`: the Activity's sessions) derived from the secret
        by HMAC-SHA256: the same in every process over one database, and the secret itself
        never leaves this object."""
        return hmac.new(self._secret, label, hashlib.sha256).digest()

    def now(self) -> float:
        """The service's clock (Unix time): when the next daily opens is counted from it."""
        return self._core.now()

    def today(self) -> int:
        """The current UTC day (days since 1970-01-01), from the service's clock."""
        return day_of(self._core.now())

    async def active(self, owner_id: int) -> GameRecord | None:
        """The player's daily in progress, whatever its day (one started before midnight
        goes on after it and counts for its own day)."""
        row = await self._storage.active_daily_row(checks.an_id(owner_id, "a user id"))
        return record_from_row(row) if row else None

    async def latest(self, owner_id: int) -> GameRecord | None:
        """The player's daily in progress, else the last one it finished."""
        record = await self.active(owner_id)
        if record is not None:
            return record
        days = await self._storage.daily_days(checks.an_id(owner_id, "a user id"))
        return (await self.of(owner_id, max(row["daily_day"] for row in days))
                if days else None)

    async def may_see(self, record: GameRecord, viewer_id: int) -> bool:
        """H5: may `viewer_id` see this game (its board, recap, money map, history)? Any game
        its own player; an ordinary game anyone; a daily only once it is finished, and then
        once its day is over or the viewer has finished its own daily of that day."""
        day = record.daily_day
        if record.owner_id == viewer_id or day is None:
            return True
        if record.status == "active":
            return False
        if day < self.today():
            return True
        own = await self.of(viewer_id, day)
        return own is not None and own.status != "active"

    async def of(self, owner_id: int, day: int) -> GameRecord | None:
        row = await self._storage.daily_row(checks.an_id(owner_id, "a user id"),
                                            checks.a_day(day))
        return record_from_row(row) if row else None

    def problem(self, record: GameRecord) -> str:
        """verify()'s part for a daily: its day column must be the day its seed was dealt for,
        under the standard rules, or a forged day would move a game onto another day's board.
        "" for an ordinary game or a sound daily."""
        day = record.daily_day
        if day is None:
            return ""
        if record.seed != daily_seed(self._secret, day):
            return f"its daily_day column says day {day}, but its seed is not that day's daily"
        if record.game.options.rule_set != STANDARD:
            return f"it is day {day}'s daily, but it is not played under the standard rules"
        return ""

    async def start(self, owner_id: int, guild_id: int | None, channel_id: int | None,
                          *, edition: str = "us") -> tuple[GameRecord, bool]:
        """(the player's daily, started now?): its daily in progress if there is one; else
        today's, finished already (one attempt per day); else today's, started now, under
        the standard rules with the day's seed. The edition only renames squares."""
        checks.an_id(owner_id, "a user id")
        checks.an_optional_id(guild_id, "a server id")
        checks.an_optional_id(channel_id, "a channel id")
        checks.options_and_edition(None, edition)
        for _ in range(2):  # a start racing with another process's: read again once
            record = await self.active(owner_id)
            if record is not None:
                return record, False
            today = self.today()
            record = await self.of(owner_id, today)
            if record is not None:
                return record, False
            try:
                created = await self._core.create(
                    owner_id, guild_id, channel_id, edition=edition, options=None,
                    seed=daily_seed(self._secret, today), daily_day=today)
            except (ActiveGameExists, DatabaseBusy):
                continue
            return created, True
        raise DatabaseBusy()

    async def board(self, day: int, guild_id: int | None, *, limit: int = 100,
                          offset: int = 0) -> list[DailyRow]:
        """The finished attempts of `day`, best first: wins by score (E2), ties by fewer
        turns; then losses (0 points, E3) by turns survived. guild_id None: everywhere."""
        offset = checks.a_count(offset, "an offset")
        rows = await self._storage.daily_board(
            checks.a_day(day), checks.an_optional_id(guild_id, "a server id"),
            checks.a_count(limit, "a limit"), offset)
        # A server's board leaves out the players its admins hid.
        hidden = frozenset() if guild_id is None else await hidden_in(self._storage, guild_id)
        return ranked([(row["owner_id"], row["won"], row["score"], row["turns"], row["id"])
                       for row in rows if row["owner_id"] not in hidden], offset)

    async def rank(self, record: GameRecord) -> tuple[int, int]:
        """(the finished daily's rank on its day's board so far, everywhere; how many have
        finished that day): the board's order, equal results sharing a rank."""
        day = checks.a_day(record.daily_day)
        rank, players, offset = 0, 0, 0
        while True:
            page = await self.board(day, None, limit=RANK_PAGE, offset=offset)
            players += len(page)
            rank = rank or next((row.rank for row in page if row.game_id == record.id), 0)
            if len(page) < RANK_PAGE:
                return rank or players + 1, max(players, 1)
            offset += RANK_PAGE

    def seed_of_day(self, day: int) -> int:
        """The day's seed, for the built-in player's yardstick (computed, never logged)."""
        return daily_seed(self._secret, checks.a_day(day))

    async def streak(self, owner_id: int) -> Streak:
        """Consecutive UTC days the player finished the daily: current and best."""
        rows = await self._storage.daily_days(checks.an_id(owner_id, "a user id"))
        days = [row["daily_day"] for row in rows]
        won = sum(1 for row in rows if row["status"] == "won")
        return streak_of(days, won, self.today())
