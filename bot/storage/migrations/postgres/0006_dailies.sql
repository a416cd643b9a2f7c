-- Schema version 6: the daily challenge (the PostgreSQL twin of ../0006_dailies.sql).
ALTER TABLE games ADD COLUMN daily_day INTEGER CHECK (daily_day IS NULL OR daily_day >= 0);

CREATE TABLE bot_secrets (
    name  TEXT PRIMARY KEY,
    value BYTEA NOT NULL
);

DROP INDEX games_one_active_per_owner;
CREATE UNIQUE INDEX games_one_active_per_owner_slot ON games (owner_id, (daily_day IS NULL))
    WHERE status = 'active';

CREATE UNIQUE INDEX games_one_daily_per_owner_day ON games (owner_id, daily_day)
    WHERE daily_day IS NOT NULL;

CREATE INDEX games_daily_board ON games (
    daily_day, (status = 'won') DESC, score DESC,
    (CASE WHEN status = 'won' THEN turns ELSE -turns END), finished_at, id)
    WHERE daily_day IS NOT NULL AND status != 'active';
CREATE INDEX games_daily_board_by_guild ON games (
    daily_day, guild_id, (status = 'won') DESC, score DESC,
    (CASE WHEN status = 'won' THEN turns ELSE -turns END), finished_at, id)
    WHERE daily_day IS NOT NULL AND status != 'active';

DROP INDEX IF EXISTS games_standard_wins_by_guild;
DROP INDEX IF EXISTS games_standard_wins;
CREATE INDEX games_standard_wins_by_guild ON games (guild_id, score DESC, turns)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
CREATE INDEX games_standard_wins ON games (score DESC, turns)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
