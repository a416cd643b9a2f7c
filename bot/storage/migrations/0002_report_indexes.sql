-- Schema version 2: indexes for the leaderboard and the player statistics, so that neither
-- scans every game once the table holds many finished ones.

-- Leaderboard: winning games per server (or all servers), best score first.
CREATE INDEX games_wins_by_guild ON games (guild_id, score DESC, turns) WHERE status = 'won';
CREATE INDEX games_wins ON games (score DESC, turns) WHERE status = 'won';

-- Stats: one player's finished games.
CREATE INDEX games_finished_by_owner ON games (owner_id, status) WHERE status != 'active';
