-- Schema version 7: the leaderboard walks the standard wins in its own order (score, fewer
-- turns, earlier, owner) and keeps each player's first, so its indexes hold that whole order
-- and the walk needs no sort.
DROP INDEX IF EXISTS games_standard_wins_by_guild;
DROP INDEX IF EXISTS games_standard_wins;
CREATE INDEX games_standard_wins_by_guild ON games (guild_id, score DESC, turns, finished_at,
                                                    owner_id)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
CREATE INDEX games_standard_wins ON games (score DESC, turns, finished_at, owner_id)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
