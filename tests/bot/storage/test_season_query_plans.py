"""The statements of server settings, moderation and seasons use an index too,
on both backends: caught as the service really sends them and EXPLAINed, as in
test_query_plans (whose helpers and games this reuses)."""

from __future__ import annotations

import re

from bot.application.seasons import ALL_TIME, MONTH, QUARTER

from tests.bot.storage.test_query_plans import (
    PG_SCAN, WHOLE_TABLE_SCAN, Sent, _fill, plan, service, watch,
)

__all__ = ["service"]  # the fixture


async def test_every_query_of_settings_and_seasons_uses_an_index(service, database):
    await _fill(service)
    sent: Sent = []
    stop = await watch(service, sent)

    await service.servers.settings(1)                                  # /monopoly new
    await service.servers.change(1, 9, "announce", 5)                   # /monopoly-admin
    await service.servers.change(1, 9, "season", "quarter")
    await service.servers.hide(1, 9, 3, "test account")                  # .. hide
    await service.servers.hide(1, 9, 3, "", hidden=False)                # .. unhide
    await service.servers.log(1)                                       # .. log
    for guild in (1, None):                                             # /monopoly leaderboard
        for season in (service.seasons.now(MONTH), service.seasons.now(QUARTER), ALL_TIME):
            await service.seasons.leaderboard(guild, season, limit=100, offset=10)
    await service.seasons.due_announcements()                                   # the announcer
    await stop()

    queries = sorted({(s, a) for s, a in sent
                      if re.match(r"\s*(SELECT|WITH|INSERT|UPDATE|DELETE)", s, re.IGNORECASE)},
                     key=repr)
    assert any("settings_log" in q for q, _ in queries)  # the admins' queries were caught
    # Each season's board walks its own index (an index scan of another, the all-time
    # board's, would read every win to find the season's).
    boards = {q: a for q, a in queries if "strftime" in q or "EXTRACT" in q}
    assert len(boards) >= 4, boards  # month and quarter, global and a server
    for statement, args in boards.items():
        text = " ".join(await plan(database, statement, args))
        index = "games_quarter_wins" if " / 3" in statement else "games_month_wins"
        index += "_by_guild" if "guild_id = " in statement else ""
        assert re.search(rf"\b{index}\b", text), (statement, text)
    scan = PG_SCAN if service.backend == "postgresql" else WHOLE_TABLE_SCAN
    table_scan = re.compile(r"\bSCAN (server_settings|settings_log|season_announcements)\b"
                            r"(?! USING)|Seq Scan on (server_settings|settings_log)")
    scans = {}
    for statement, args in queries:
        lines = await plan(database, statement, args)
        if any(scan.search(line) or table_scan.search(line) for line in lines):
            scans[statement[:60] + "..." + statement[-100:]] = lines
    assert not scans, scans
