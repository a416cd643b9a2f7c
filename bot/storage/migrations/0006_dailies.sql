-- Schema version 6: the daily challenge.
--
-- A daily is a game like any other, in a second slot beside the player's ordinary game:
-- `daily_day` is the UTC day it was started for (days since 1970-01-01), NULL for an
-- ordinary game. A daily finished after midnight still counts for that day.
ALTER TABLE games ADD COLUMN daily_day INTEGER CHECK (daily_day IS NULL OR daily_day >= 0);

-- The bot's own secrets, made at its first start and never shown: the daily seeds are
-- derived from the day and `daily` (HMAC), so that nobody can learn a day's dice before it.
CREATE TABLE bot_secrets (
    name  TEXT PRIMARY KEY,
    value BLOB NOT NULL
) WITHOUT ROWID;

-- H1 holds for each slot: one active ordinary game and one active daily per user.
DROP INDEX games_one_active_per_owner;
CREATE UNIQUE INDEX games_one_active_per_owner_slot ON games (owner_id, daily_day IS NULL)
    WHERE status = 'active';

-- One attempt per player per day.
CREATE UNIQUE INDEX games_one_daily_per_owner_day ON games (owner_id, daily_day)
    WHERE daily_day IS NOT NULL;

-- The daily leaderboard, in its order: wins by score then fewer turns, then losses by more
-- turns survived (the expressions are the query's ORDER BY, so the index gives the order).
CREATE INDEX games_daily_board ON games (
    daily_day, status = 'won' DESC, score DESC,
    CASE WHEN status = 'won' THEN turns ELSE -turns END, finished_at, id)
    WHERE daily_day IS NOT NULL AND status != 'active';
CREATE INDEX games_daily_board_by_guild ON games (
    daily_day, guild_id, status = 'won' DESC, score DESC,
    CASE WHEN status = 'won' THEN turns ELSE -turns END, finished_at, id)
    WHERE daily_day IS NOT NULL AND status != 'active';

-- The ordinary leaderboard leaves dailies out: everyone plays a day's dice, which a player
-- could learn from another before playing.
DROP INDEX IF EXISTS games_standard_wins_by_guild;
DROP INDEX IF EXISTS games_standard_wins;
CREATE INDEX games_standard_wins_by_guild ON games (guild_id, score DESC, turns)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
CREATE INDEX games_standard_wins ON games (score DESC, turns)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
