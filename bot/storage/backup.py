"""`solo-monopoly backup DEST`: a copy of the database that finishes while the bot plays.

SQLite's online backup (`sqlite3 ... ".backup"`) starts over whenever another connection
writes, so under steady clicks it may never finish. `VACUUM INTO` copies one read snapshot
instead: in WAL mode the bot goes on writing meanwhile and the copy is the database exactly
as it was when the copy began, compacted. It is written beside DEST, checked, then renamed
into place, so DEST is never a half-written file; like the database, it is owner-only.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from .sqlite_file import BUSY_TIMEOUT_MS


class BackupError(Exception):
    """The backup could not be made; the message says why (DEST is left as it was)."""


@dataclass(frozen=True, slots=True)
class BackupReport:
    path: Path
    games: int
    size: int  # bytes


def backup(source: str | os.PathLike[str], dest: str | os.PathLike[str]) -> BackupReport:
    """Copy the database at `source` to `dest`, which must not exist yet."""
    source, dest = Path(source), Path(dest)
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    if dest.exists():
        raise BackupError(f"{dest} already exists: choose a new name, or remove it first")
    partial = dest.with_name(f".{dest.name}.partial")
    try:
        # `backup backups/monopoly-$(date +%F).sqlite3` on a fresh install: make the folder
        # (owner-only, as the database's own).
        dest.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        # An empty file, owner-only, for VACUUM INTO to fill (it accepts an empty one).
        os.close(os.open(partial, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        raise BackupError(f"{partial} exists: another backup to {dest} is running, or one "
                          f"was interrupted (remove the file then)") from None
    except OSError as exc:
        raise BackupError(f"can't write to {dest.parent} ({exc.strerror})") from exc
    try:
        conn = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            conn.execute("VACUUM INTO ?", (os.fspath(partial),))
        finally:
            conn.close()
        games = _check(partial)
        os.replace(partial, dest)
    except (sqlite3.Error, OSError) as exc:
        partial.unlink(missing_ok=True)
        raise BackupError(f"the backup failed ({exc}); {dest} was not written") from exc
    return BackupReport(dest, games, dest.stat().st_size)


def _check(copy: Path) -> int:
    """The copy's own integrity check; its number of games."""
    conn = sqlite3.connect(copy)
    conn.row_factory = sqlite3.Row
    try:
        verdict = conn.execute("PRAGMA quick_check").fetchone()["quick_check"]
        if verdict != "ok":
            raise sqlite3.DatabaseError(f"the copy fails its integrity check: {verdict}")
        return int(conn.execute("SELECT COUNT(*) AS games FROM games").fetchone()["games"])
    finally:
        conn.close()
