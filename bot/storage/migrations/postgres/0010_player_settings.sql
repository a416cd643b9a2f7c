-- Schema version 10 (the PostgreSQL twin of ../0010_player_settings.sql): a player's own
-- settings, one row per setting the player changed, read by the primary key only.
CREATE TABLE player_settings (
    owner_id BIGINT NOT NULL,
    name     TEXT   NOT NULL,
    value    TEXT   NOT NULL,
    PRIMARY KEY (owner_id, name)
);
