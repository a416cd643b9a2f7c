"""The README's command that redraws the Activity's screenshots runs (in a folder of the
test's own, not docs/), and draws the four pictures at the sizes it names."""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

import pytest

from .browser import need_chromium
from .screenshots import SHOTS

REPO = Path(__file__).resolve().parents[4]


@pytest.mark.slow
def test_the_readmes_screenshot_command_draws_desktop_and_phone_in_english_and_french(
        tmp_path: Path) -> None:
    need_chromium()
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    command = ".venv/bin/python -m tests.bot.activity.page.screenshots"
    assert command in readme
    done = subprocess.run([sys.executable, "-m", "tests.bot.activity.page.screenshots",
                           "--out", str(tmp_path)], cwd=REPO, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    for lang, device, width, height in SHOTS:
        png = (tmp_path / f"{device}-{lang}.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (width, height)
