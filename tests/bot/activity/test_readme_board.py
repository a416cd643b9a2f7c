"""README "The board in Discord" says what the bot does (issue 36, point 5)."""

from __future__ import annotations

import re
from pathlib import Path

from bot.activity.live import POLL_SECONDS
from bot.activity.sessions import SESSION_SECONDS
from bot.hosting.settings import DEFAULT_METRICS_HOST, DEFAULT_REDIRECT_URI
from bot.i18n import t

from cogs.activity.errors import CSP

REPO = Path(__file__).resolve().parents[3]
README = (REPO / "README.md").read_text(encoding="utf-8")
SECTION = README.split("## The board in Discord", 1)[1].split("\n## ", 1)[0]


def test_the_section_is_there_and_links_the_contract():
    assert "(docs/activity-api.md)" in SECTION and (REPO / "docs" / "activity-api.md").exists()


def test_its_defaults_are_the_bots():
    assert f"`{DEFAULT_REDIRECT_URI}`" in SECTION and f"`{DEFAULT_METRICS_HOST}`" in SECTION
    assert f"every {POLL_SECONDS:g} seconds" in SECTION


def test_the_button_and_log_line_it_quotes_are_the_bots():
    assert f"*{t('en', 'activity.button.launch')}*" in SECTION
    assert f"*{t('en', 'activity.new_game')}*" in SECTION
    source = (REPO / "cogs" / "activity" / "server.py").read_text(encoding="utf-8")
    quoted = re.search(r"`the Activity\s+\(the board in Discord\) on http://", SECTION)
    assert quoted and '"the Activity (the board in Discord) on http://%s:%d"' in source


def test_what_it_says_of_the_csp_and_sessions_holds():
    assert "default-src 'self'" in CSP and "connect-src 'self'" in CSP
    assert "signed session" in SECTION and SESSION_SECONDS == 3600
