"""The last resort of a stop (bot/__main__.py): on a machine so busy that the stop's steps
crawl, the process exits STOP_DEADLINE seconds after the signal, before a service manager's
10 s run out: status 0 if the database was closed by then, else 1, and one line says so."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.__main__ import STOP_DEADLINE
from tests.bot.running_bot import REPO

CHILD = """
import logging, sys
from bot.__main__ import _out_of_time
logging.basicConfig(level=logging.INFO)
class Bot:
    database_closed = {closed}
_out_of_time(Bot())
print("still here")
"""


def test_the_deadline_leaves_room_within_docker_s_10_s():
    assert STOP_DEADLINE < 10


@pytest.mark.parametrize(("closed", "status"), [(True, 0), (False, 1)])
def test_out_of_time_the_process_ends_at_once_saying_whether_the_database_was_closed(
        closed, status):
    done = subprocess.run([sys.executable, "-c", CHILD.format(closed=closed)], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == status, done.stderr
    assert "still here" not in done.stdout
    word = "closed" if closed else "not closed"
    assert f"exiting now (database {word})" in done.stderr
