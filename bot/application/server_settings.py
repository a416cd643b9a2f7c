"""A server's settings and moderation, the service's part (GameService's
`servers`): what its admins chose, checked here, stored with a log entry of who changed
what, from what to what (and why, for moderation).

Settings (each unset one takes the bot's default):
- edition, preset: what `/monopoly new` and the daily use when the player gives none;
- channels: where games may be started (none: anywhere);
- threads: each game in a thread of its own;
- public: whether game messages are public (off: each game in a private thread of its
  own, or, where the bot can't make one, a message only the player sees);
- season: the server board's season, "none", "month" (the default) or "quarter";
- announce: the channel where each season's winner is announced (none: not announced).

Whether the person asking may change them (Manage Server) is Discord's to say; the cog
checks it on every call, whatever Discord showed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from game_core.presets import PRESET_BY_NAME

from bot.errors import InvalidRequest
from bot.storage import Row, Storage
from bot.storage.server_settings import ServerRows

from . import checks

EDITIONS = ("us", "uk", "fr")
KINDS = ("none", "month", "quarter")  # a server's seasons (bot.application.seasons)
DEFAULT_KIND = "month"
NAMES = ("edition", "preset", "channels", "threads", "public", "season", "announce")
HIDDEN = "hidden:"  # the name of a hidden player's row: "hidden:<user id>"
MAX_CHANNELS = 25
MAX_REASON = 300
LOG_LIMIT = 25


@dataclass(frozen=True, slots=True)
class ServerSettings:
    edition: str | None = None  # None: the bot's default
    preset: str | None = None
    channels: tuple[int, ...] = ()  # () : games may start anywhere
    threads: bool = False
    public: bool = True
    season: str = DEFAULT_KIND
    announce: int | None = None
    hidden: frozenset[int] = frozenset()

    def allows(self, channel_id: int | None, parent_id: int | None = None) -> bool:
        """Games may start in this channel (or in a thread of an allowed channel)."""
        return not self.channels or channel_id in self.channels or (
            parent_id is not None and parent_id in self.channels)


DEFAULTS = ServerSettings()


@dataclass(frozen=True, slots=True)
class LogEntry:
    id: int
    actor_id: int
    at: float
    name: str
    old_value: str | None
    new_value: str | None
    reason: str | None


def settings_from_rows(rows: Iterable[Row]) -> ServerSettings:
    """The settings a server's rows hold; a value the bot can't read is the default (a
    setting is only a preference: a bad one must never stop a game)."""
    found: dict[str, str] = {}
    hidden: set[int] = set()
    for row in rows:
        name, value = row["name"], row["value"]
        if name.startswith(HIDDEN):
            owner = name[len(HIDDEN):]
            if owner.isascii() and owner.isdigit():
                hidden.add(int(owner))
        else:
            found[name] = value
    return ServerSettings(
        edition=found.get("edition") if found.get("edition") in EDITIONS else None,
        preset=found.get("preset") if found.get("preset") in PRESET_BY_NAME else None,
        channels=_ids(found.get("channels", "")),
        threads=found.get("threads") == "on",
        public=found.get("public") != "off",
        season=found["season"] if found.get("season") in KINDS else DEFAULT_KIND,
        announce=next(iter(_ids(found.get("announce", ""))), None),
        hidden=frozenset(hidden))


def _ids(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(",")
                 if part.isascii() and part.isdigit() and int(part) <= checks.MAX_INT)


def stored_value(name: str, value: object) -> str | None:
    """The text a setting is kept as; None to unset it. InvalidRequest for a value the
    setting can't take."""
    if value is None:
        return None
    if name == "edition" and value in EDITIONS:
        return str(value)
    if name == "preset" and value in PRESET_BY_NAME:
        return str(value)
    if name in ("threads", "public") and isinstance(value, bool):
        return "on" if value else "off"
    if name == "season" and value in KINDS:
        return str(value)
    if name == "announce":
        return str(checks.an_id(value, "a channel id"))
    if name == "channels" and isinstance(value, tuple | list):
        ids = sorted({checks.an_id(item, "a channel id") for item in value})
        if len(ids) > MAX_CHANNELS:
            raise InvalidRequest(f"at most {MAX_CHANNELS} channels")
        return ",".join(map(str, ids)) or None
    raise InvalidRequest(f"{name} can't be set to {value!r}")


async def settings_of(storage: Storage, guild_id: int | None) -> ServerSettings:
    """A server's settings (the defaults in direct messages)."""
    if guild_id is None:
        return DEFAULTS
    return settings_from_rows(await ServerRows(storage).settings(
        checks.an_id(guild_id, "a server id")))


async def hidden_in(storage: Storage, guild_id: int) -> frozenset[int]:
    """The players a server's boards leave out."""
    return (await settings_of(storage, guild_id)).hidden


class ServerAdmin:
    """The settings' part of the game service: the storage, and the clock for the log."""

    def __init__(self, storage: Storage, clock: Callable[[], float]) -> None:
        self._storage = storage
        self._clock = clock

    async def settings(self, guild_id: int | None) -> ServerSettings:
        """A server's settings (the defaults in direct messages)."""
        return await settings_of(self._storage, guild_id)

    async def hidden(self, guild_id: int) -> frozenset[int]:
        return await hidden_in(self._storage, guild_id)

    async def season_kind(self, guild_id: int | None) -> str:
        return (await settings_of(self._storage, guild_id)).season

    async def change(self, guild_id: int, actor_id: int, name: str,
                             value: object) -> ServerSettings:
        """Set (None: back to the default) one of NAMES, logged with who changed it; the
        settings as they are now."""
        checks.an_id(guild_id, "a server id")
        checks.an_id(actor_id, "a user id")
        if name not in NAMES:
            raise InvalidRequest(f"no setting {name!r}")
        await ServerRows(self._storage).change(guild_id, name, stored_value(name, value),
                                               actor_id, self._clock())
        return await self.settings(guild_id)

    async def hide(self, guild_id: int, actor_id: int, owner_id: int, reason: str,
                          *, hidden: bool = True) -> bool:
        """Leave (or, with hidden=False, bring back) a player's games out of the server's
        boards; nothing is deleted. Logged with who and why. False if it was so already."""
        checks.an_id(guild_id, "a server id")
        checks.an_id(actor_id, "a user id")
        checks.an_id(owner_id, "a user id")
        if hidden == (owner_id in await self.hidden(guild_id)):
            return False
        await ServerRows(self._storage).change(
            guild_id, f"{HIDDEN}{owner_id}", "hidden" if hidden else None, actor_id,
            self._clock(), reason.strip()[:MAX_REASON] or None)
        return True

    async def log(self, guild_id: int, limit: int = LOG_LIMIT) -> list[LogEntry]:
        """The server's changes, newest first."""
        rows = await ServerRows(self._storage).log(checks.an_id(guild_id, "a server id"),
                                                   checks.a_count(limit, "a limit"))
        return [LogEntry(id=row["id"], actor_id=row["actor_id"], at=row["at"], name=row["name"],
                         old_value=row["old_value"], new_value=row["new_value"],
                         reason=row["reason"]) for row in rows]
