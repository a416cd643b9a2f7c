"""The first `make play` (or `make run`) installs the project quietly: `pip install -e .`
as the Makefile runs it, with the pip the Makefile upgrades to, prints no warning block from
the build backend (setuptools warned about its import finder until pyproject.toml named the
flat layout)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_editable_install_of_make_play_prints_no_warning(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
         "--quiet", "--no-deps", "--no-cache-dir", "-e", str(REPO)],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    backend = [line for line in done.stderr.splitlines()  # not the index's own notes
               if "is ignored: it is neither a file nor a directory" not in line]
    assert not [line for line in backend if "arning" in line or "****" in line], backend
    [pth] = (venv / "lib").glob("python3*/site-packages/__editable__.*.pth")
    assert pth.read_text().strip() == str(REPO)  # the source folder itself, on sys.path
