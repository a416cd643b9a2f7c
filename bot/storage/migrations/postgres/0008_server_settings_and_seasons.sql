-- Schema version 8 (the PostgreSQL twin of ../0008_server_settings_and_seasons.sql):
-- server settings, their log, moderation, seasons. A change is one statement here too (a
-- data-modifying CTE, bot.storage.server_settings), so no view or trigger is needed.
CREATE TABLE server_settings (
    guild_id BIGINT NOT NULL,
    name     TEXT   NOT NULL,
    value    TEXT   NOT NULL,
    PRIMARY KEY (guild_id, name)
);
CREATE INDEX server_settings_by_name ON server_settings (name, guild_id);

CREATE TABLE settings_log (
    id        BIGSERIAL PRIMARY KEY,
    guild_id  BIGINT           NOT NULL,
    actor_id  BIGINT           NOT NULL,
    at        DOUBLE PRECISION NOT NULL,
    name      TEXT             NOT NULL,
    old_value TEXT,
    new_value TEXT,
    reason    TEXT
);
CREATE INDEX settings_log_by_guild ON settings_log (guild_id, id);

-- The month a game finished in (year * 12 + month - 1, UTC), from finished_at alone: the
-- expression bot.storage.server_settings.MONTH_POSTGRES repeats, so that its queries use
-- these indexes; a quarter is that number / 3.
CREATE INDEX games_month_wins ON games (
    (CASE WHEN finished_at >= 0 AND finished_at < 253402300800
      THEN (EXTRACT(YEAR FROM to_timestamp(finished_at) AT TIME ZONE 'UTC') * 12
            + EXTRACT(MONTH FROM to_timestamp(finished_at) AT TIME ZONE 'UTC') - 1)::integer
      END),
    score DESC, turns, finished_at, owner_id)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
CREATE INDEX games_month_wins_by_guild ON games (guild_id,
    (CASE WHEN finished_at >= 0 AND finished_at < 253402300800
      THEN (EXTRACT(YEAR FROM to_timestamp(finished_at) AT TIME ZONE 'UTC') * 12
            + EXTRACT(MONTH FROM to_timestamp(finished_at) AT TIME ZONE 'UTC') - 1)::integer
      END),
    score DESC, turns, finished_at, owner_id)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
CREATE INDEX games_quarter_wins ON games (
    ((CASE WHEN finished_at >= 0 AND finished_at < 253402300800
      THEN (EXTRACT(YEAR FROM to_timestamp(finished_at) AT TIME ZONE 'UTC') * 12
            + EXTRACT(MONTH FROM to_timestamp(finished_at) AT TIME ZONE 'UTC') - 1)::integer
      END) / 3),
    score DESC, turns, finished_at, owner_id)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
CREATE INDEX games_quarter_wins_by_guild ON games (guild_id,
    ((CASE WHEN finished_at >= 0 AND finished_at < 253402300800
      THEN (EXTRACT(YEAR FROM to_timestamp(finished_at) AT TIME ZONE 'UTC') * 12
            + EXTRACT(MONTH FROM to_timestamp(finished_at) AT TIME ZONE 'UTC') - 1)::integer
      END) / 3),
    score DESC, turns, finished_at, owner_id)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;

CREATE TABLE season_announcements (
    guild_id BIGINT           NOT NULL,
    season   TEXT             NOT NULL,
    at       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, season)
);
