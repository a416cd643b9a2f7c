-- Schema version 4: a player's games by owner, for `latest_game`.
CREATE INDEX games_by_owner ON games (owner_id);
