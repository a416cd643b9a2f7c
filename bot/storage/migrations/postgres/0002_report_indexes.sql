-- Schema version 2: indexes for the leaderboard and the player statistics.
CREATE INDEX games_wins_by_guild ON games (guild_id, score DESC, turns) WHERE status = 'won';
CREATE INDEX games_wins ON games (score DESC, turns) WHERE status = 'won';
CREATE INDEX games_finished_by_owner ON games (owner_id, status) WHERE status != 'active';
