"""Where the terminal keeps its files by default: its own database (never the bot's) and the
pictures it writes. One module both the terminal and `solo-monopoly picture` read, so neither
imports the other."""

from __future__ import annotations

from pathlib import Path

TERMINAL_DB_PATH = "./data/terminal.sqlite3"
PICTURES_DIR = Path("data") / "pictures"

__all__ = ["PICTURES_DIR", "TERMINAL_DB_PATH"]
