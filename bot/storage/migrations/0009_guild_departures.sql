-- Schema version 9: the servers the bot was removed from (issue 22, privacy).
--
-- When the bot leaves a server (kicked, or the server deleted) the time is noted here; past
-- the grace period (bot.application.privacy.GRACE_DAYS) a sweep deletes that server's own
-- rows (its settings) and detaches its games from it (they stay their players', off that
-- server's boards), then this row. If the bot comes back within the grace period the row
-- is deleted and nothing is lost.
CREATE TABLE guild_departures (
    guild_id INTEGER PRIMARY KEY,
    left_at  REAL    NOT NULL
);

-- The sweep finds a server's games through this index, not by scanning every game.
CREATE INDEX games_by_guild ON games (guild_id) WHERE guild_id IS NOT NULL;
