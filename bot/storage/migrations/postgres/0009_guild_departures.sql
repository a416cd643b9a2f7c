-- Schema version 9 (the PostgreSQL twin of ../0009_guild_departures.sql): the servers the
-- bot was removed from, and an index of games by server for the sweep that detaches them.
CREATE TABLE guild_departures (
    guild_id BIGINT PRIMARY KEY,
    left_at  DOUBLE PRECISION NOT NULL
);

CREATE INDEX games_by_guild ON games (guild_id) WHERE guild_id IS NOT NULL;
