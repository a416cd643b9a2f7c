-- Schema version 4: a player's games by owner, for `latest_game` (behind /monopoly history
-- once a game is over). It looks up the player's active game (the H1 index), else the
-- player's highest game id; without this index that was a scan of every game and a sort.
CREATE INDEX games_by_owner ON games (owner_id);
