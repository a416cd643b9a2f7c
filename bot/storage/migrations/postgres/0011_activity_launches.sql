-- Schema version 11 (the PostgreSQL twin of ../0011_activity_launches.sql): which game each
-- launch of the Activity is for, one row per (player, channel), read by channel newest
-- first, pruned by age.
CREATE TABLE activity_launches (
    user_id    BIGINT           NOT NULL,
    channel_id BIGINT           NOT NULL,
    game_id    BIGINT           NOT NULL,
    at         DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, channel_id)
);
CREATE INDEX activity_launches_channel ON activity_launches (channel_id, at);
CREATE INDEX activity_launches_at ON activity_launches (at);
