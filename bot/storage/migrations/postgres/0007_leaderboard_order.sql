-- Schema version 7 (the PostgreSQL twin of ../0007_leaderboard_order.sql): the same
-- indexes, holding the leaderboard's whole order.
DROP INDEX IF EXISTS games_standard_wins_by_guild;
DROP INDEX IF EXISTS games_standard_wins;
CREATE INDEX games_standard_wins_by_guild ON games (guild_id, score DESC, turns, finished_at,
                                                    owner_id)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
CREATE INDEX games_standard_wins ON games (score DESC, turns, finished_at, owner_id)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
