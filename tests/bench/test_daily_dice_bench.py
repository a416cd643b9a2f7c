"""The README's `bench/daily_dice.py` runs and says what H4
promises: by roll, no pair of players of a daily ever sees other dice."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "daily_dice.py"


def test_the_daily_dice_table_shows_no_pair_parting_by_roll():
    out = subprocess.run([sys.executable, str(BENCH), "--seeds", "40"], capture_output=True,
                         text=True, check=True, timeout=120).stdout
    rows = [line for line in out.splitlines() if line.startswith("| ") and " / " in line]
    assert len(rows) == 11  # ten pairs of strategies, and focus against one flipped decision
    for row in rows:
        after_ever = row.rstrip(" |").rsplit("|", 1)[-1].strip()
        assert after_ever == "0%", row
    assert "| focus / focus, 1 flipped |" in out
