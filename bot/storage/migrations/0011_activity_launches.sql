-- Schema version 11: which game each launch of the Activity (the board in Discord) is for,
-- so that the other participants of the instance watch the launcher's game whichever
-- process of a cluster their page reaches. One row per (player, channel): their newest
-- launch there. Read by channel, newest first (activity_launches_channel); rows older than
-- a day are deleted (activity_launches_at); the player's id is `user_id`
-- (bot.storage.privacy.PLAYER_COLUMNS: exported and forgotten with the player's others).
CREATE TABLE activity_launches (
    user_id    INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game_id    INTEGER NOT NULL,
    at         REAL    NOT NULL,
    PRIMARY KEY (user_id, channel_id)
) WITHOUT ROWID;
CREATE INDEX activity_launches_channel ON activity_launches (channel_id, at);
CREATE INDEX activity_launches_at ON activity_launches (at);
