-- Schema version 10: a player's own settings, one row per setting the player
-- changed (an unset one takes the bot's default): "confirm_debts" ("on"/"off": whether Pay
-- it for me lists its plan for a confirm click before paying). The player's id is
-- `owner_id`, as in games: /monopoly mydata exports these rows and /monopoly forget deletes
-- them (bot.storage.privacy.PLAYER_COLUMNS). Read by the primary key only.
CREATE TABLE player_settings (
    owner_id INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    PRIMARY KEY (owner_id, name)
) WITHOUT ROWID;
