"""Everything the database holds about one player, or about one server: what
`/monopoly mydata` exports, what `/monopoly forget` deletes or anonymises, and what becomes of
a server's rows once the bot has left it.

Each operation is one transaction, on both backends, written once (`?` placeholders) and run
through bot.storage.queries (on SQLite, on a connection of its own: the writer every click
shares would take their writes into it). An export reads one snapshot.

Other tables hold players' or servers' ids too (the server settings of migration 8): they
are named below, once, and a table an older schema lacks is skipped.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from .queries import Queries, Row, Statements

T = TypeVar("T")
# Generous: a player's whole history may be thousands of games (still one snapshot).
BUDGET = 60.0
PAGE = 50  # games read (with their logs) at a time by an export

# Every column of a player's game, for the export (the owner is the player: left out).
GAME_FIELDS = ("id", "guild_id", "channel_id", "message_id", "seed", "options", "edition",
               "status", "state", "version", "created_at", "updated_at", "finished_at",
               "outcome", "score", "turns", "rule_set", "daily_day")
ACTION_FIELDS = ("game_id", "seq", "action", "events", "at")
# The finished games other players' boards rank (the leaderboards' standard wins, every
# finished daily on its day's board): `forget` keeps these, without the player's id.
_RANKED = ("status != 'active' AND ((status = 'won' AND rule_set = 'standard'"
           " AND daily_day IS NULL) OR daily_day IS NOT NULL)")


@dataclass(frozen=True)
class PlayerColumn:
    """A table's column holding a player's id: its rows are exported, and on `forget`
    deleted, or with `keep` kept with the player's pseudonym instead (a server's log of who
    changed a setting keeps the change, not who)."""

    table: str
    column: str
    keep: bool = False


# Tables of later migrations holding a player's id (besides games.owner_id).
PLAYER_COLUMNS: tuple[PlayerColumn, ...] = (
    PlayerColumn("settings_log", "actor_id", keep=True),
    PlayerColumn("player_settings", "owner_id"),  # the player's own settings (migration 10)
    PlayerColumn("activity_launches", "user_id"),  # their launches of the board (migration 11)
)
# A server's settings holding a player's id in the setting's name (moderation: the player's
# games hidden from that server's boards). On `forget` the name takes the pseudonym, so the
# anonymised games stay hidden there.
HIDDEN_SETTING = ("server_settings", "name", "hidden:{}")
# A server's own rows, deleted (by guild_id) once the bot has been gone from it past the
# grace period: its settings, their log, its seasons' announcements.
GUILD_TABLES: tuple[str, ...] = ("server_settings", "settings_log", "season_announcements")


@dataclass(frozen=True)
class ForgetCounts:
    deleted_games: int
    anonymised_games: int
    deleted_rows: int  # of other tables
    anonymised_rows: int
    # (channel_id, message_id) of the deleted games in progress: their Discord messages
    # still show the game and its buttons.
    live_messages: tuple[tuple[int, int], ...] = ()


GamesSink = Callable[[list[dict[str, Any]]], Awaitable[None]]


class PseudonymTaken(Exception):
    """The pseudonym drawn is some player's id already: draw another."""


Tx = Statements  # what each operation's statements run on


async def transaction(storage: Queries, work: Callable[[Tx], Awaitable[T]], *,
                      write: bool) -> T:
    """`work` in one transaction of `storage` (a read-only snapshot unless `write`)."""
    return await storage.transaction(work, write=write, budget=BUDGET)


# ---- a player's rows ---------------------------------------------------------------------

def _as_dicts(rows: list[Row]) -> list[dict[str, Any]]:
    """Each row as {column name: value}, in the order of its columns."""
    return [dict(row) for row in rows]


async def player_data(storage: Queries, owner_id: int, on_games: GamesSink,
                      ) -> dict[str, list[dict[str, Any]]]:
    """Every row holding `owner_id`, from one snapshot: the player's games, a page at a time
    (each with its action log; the ordinary ones first, then the dailies, each in id order)
    handed to `on_games`, so that a long history is never all in memory; then the other
    tables' rows, returned by table."""
    async def read(tx: Tx) -> dict[str, list[dict[str, Any]]]:
        for daily in (False, True):
            after = 0
            while games := _as_dicts(await tx.read(
                    f"SELECT {', '.join(GAME_FIELDS)} FROM games WHERE owner_id = ?"
                    f" AND daily_day IS {'NOT ' if daily else ''}NULL AND id > ?"
                    " ORDER BY id LIMIT ?", owner_id, after, PAGE)):
                ids = [game["id"] for game in games]
                logs: dict[int, list[dict[str, Any]]] = {game_id: [] for game_id in ids}
                actions = await tx.read(
                    f"SELECT {', '.join(ACTION_FIELDS)} FROM actions WHERE game_id IN"
                    f" ({', '.join('?' for _ in ids)}) ORDER BY game_id, seq", *ids)
                for action in _as_dicts(actions):
                    logs[action.pop("game_id")].append(action)
                for game in games:
                    game["actions"] = logs[game["id"]]
                await on_games(games)
                after = ids[-1]
        other: dict[str, list[dict[str, Any]]] = {}
        for spec in PLAYER_COLUMNS:
            if await tx.has_table(spec.table):
                rows = await _whole_rows(tx, spec.table, f"{spec.column} = ?", owner_id)
                if rows:  # only the tables that name the player
                    other[spec.table] = rows
        table, column, template = HIDDEN_SETTING
        if await tx.has_table(table):
            hidden = await _whole_rows(tx, table, f"{column} = ?", template.format(owner_id))
            if hidden:
                other[table] = hidden
        return other
    return await transaction(storage, read, write=False)


async def _whole_rows(tx: Tx, table: str, where: str, *args: object) -> list[dict[str, Any]]:
    """Every column of the matching rows, by name. (`table` and `where` are this module's
    constants, never a caller's text.)"""
    return _as_dicts(await tx.read(f"SELECT * FROM {table} WHERE {where}", *args))


async def forget_player(storage: Queries, owner_id: int, pseudonym: int) -> ForgetCounts:
    """Delete the player's rows, except the finished games other players' boards rank,
    which keep their place with `pseudonym` for owner and no message of the player's.
    PseudonymTaken (nothing changed) if `pseudonym` owns a game already."""
    async def forget(tx: Tx) -> ForgetCounts:
        if await tx.read("SELECT 1 FROM games WHERE owner_id = ? LIMIT 1", pseudonym):
            raise PseudonymTaken(pseudonym)
        live = await tx.read("SELECT channel_id, message_id FROM games WHERE owner_id = ?"
                             " AND status = 'active' AND channel_id IS NOT NULL"
                             " AND message_id IS NOT NULL", owner_id)
        unranked = f"owner_id = ? AND NOT ({_RANKED})"
        await tx.write(f"DELETE FROM actions WHERE game_id IN (SELECT id FROM games"
                     f" WHERE {unranked})", owner_id)
        deleted = await tx.write(f"DELETE FROM games WHERE {unranked}", owner_id)
        kept = await tx.write("UPDATE games SET owner_id = ?, channel_id = NULL,"
                            " message_id = NULL WHERE owner_id = ?", pseudonym, owner_id)
        deleted_rows = anonymised_rows = 0
        for spec in PLAYER_COLUMNS:
            if not await tx.has_table(spec.table):
                continue
            if spec.keep:
                anonymised_rows += await tx.write(
                    f"UPDATE {spec.table} SET {spec.column} = ? WHERE {spec.column} = ?",
                    pseudonym, owner_id)
            else:
                deleted_rows += await tx.write(
                    f"DELETE FROM {spec.table} WHERE {spec.column} = ?", owner_id)
        table, column, template = HIDDEN_SETTING
        if await tx.has_table(table):
            anonymised_rows += await tx.write(
                f"UPDATE {table} SET {column} = ? WHERE {column} = ?",
                template.format(pseudonym), template.format(owner_id))
        return ForgetCounts(deleted, kept, deleted_rows, anonymised_rows,
                            tuple((int(row["channel_id"]), int(row["message_id"]))
                              for row in live))
    return await transaction(storage, forget, write=True)


# ---- servers the bot left ------------------------------------------------------------------

async def server_left(storage: Queries, guild_id: int, at: float) -> None:
    """Note that the bot left `guild_id` at `at` (a second removal keeps the first time)."""
    async def note(tx: Tx) -> None:
        await tx.write("INSERT INTO guild_departures (guild_id, left_at) VALUES (?, ?)"
                     " ON CONFLICT (guild_id) DO NOTHING", guild_id, at)
    await transaction(storage, note, write=True)


async def server_back(storage: Queries, guild_id: int) -> bool:
    """The bot is in `guild_id` again: True if it had left it (its rows are kept)."""
    async def back(tx: Tx) -> bool:
        return await tx.write("DELETE FROM guild_departures WHERE guild_id = ?", guild_id) > 0
    return await transaction(storage, back, write=True)


async def departures(storage: Queries) -> list[tuple[int, float]]:
    """(guild_id, left_at) of the servers the bot has left and not yet swept."""
    async def read(tx: Tx) -> list[tuple[int, float]]:
        rows = await tx.read("SELECT guild_id, left_at FROM guild_departures ORDER BY left_at")
        return [(int(row["guild_id"]), float(row["left_at"])) for row in rows]
    return await transaction(storage, read, write=False)


async def copy_departures(source: Queries, dest: Queries) -> int:
    """The servers `source` notes the bot left, noted in `dest` too (migrate-db): their
    grace period goes on there. Safe to repeat (a resumed copy)."""
    left = await departures(source)

    async def note(tx: Tx) -> None:
        for guild_id, at in left:
            await tx.write("INSERT INTO guild_departures (guild_id, left_at) VALUES (?, ?)"
                         " ON CONFLICT (guild_id) DO NOTHING", guild_id, at)
    if left:
        await transaction(dest, note, write=True)
    return len(left)


async def delete_server_rows(tx: Tx, guild_id: int) -> int:
    """Delete the server's own rows (GUILD_TABLES: its settings and what goes with them);
    the number deleted. Add a table there, not a statement here."""
    deleted = 0
    for table in GUILD_TABLES:
        if await tx.has_table(table):
            deleted += await tx.write(f"DELETE FROM {table} WHERE guild_id = ?", guild_id)
    return deleted


async def detach_server(storage: Queries, guild_id: int, left_before: float) -> int | None:
    """If the bot left `guild_id` before `left_before` and hasn't come back: its own rows
    deleted, its games detached from it (no server, channel or message: they stay their
    players', off that server's boards), its departure cleared; the number of games
    detached. None if it came back meanwhile (nothing done)."""
    async def sweep(tx: Tx) -> int | None:
        if not await tx.read("SELECT 1 FROM guild_departures WHERE guild_id = ?"
                             " AND left_at <= ?", guild_id, left_before):
            return None
        await delete_server_rows(tx, guild_id)
        detached = await tx.write("UPDATE games SET guild_id = NULL, channel_id = NULL,"
                                " message_id = NULL WHERE guild_id = ?", guild_id)
        await tx.write("DELETE FROM guild_departures WHERE guild_id = ?", guild_id)
        return detached
    return await transaction(storage, sweep, write=True)
