-- Schema version 8: what a server's admins set: settings, moderation, seasons.

-- A server's settings, one row per setting set (an unset one takes the bot's default):
-- "edition", "preset", "channels" (the ids where games may be started, comma-separated),
-- "threads", "public", "season", "announce" (the channel of the season's winner); and
-- "hidden:<user id>" for a player whose games the server's boards leave out (moderation:
-- the games themselves stay, and stay the player's).
CREATE TABLE server_settings (
    guild_id INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, name)
) WITHOUT ROWID;
-- The servers that chose a channel for the season's winner (the announcer's round).
CREATE INDEX server_settings_by_name ON server_settings (name, guild_id);

-- Every change, who made it and why: a setting's old value and new (NULL: unset).
CREATE TABLE settings_log (
    id        INTEGER PRIMARY KEY,
    guild_id  INTEGER NOT NULL,
    actor_id  INTEGER NOT NULL,
    at        REAL    NOT NULL,
    name      TEXT    NOT NULL,
    old_value TEXT,
    new_value TEXT,
    reason    TEXT
);
CREATE INDEX settings_log_by_guild ON settings_log (guild_id, id);

-- A change is ONE insert into this view: its trigger logs it with the value it replaces and
-- applies it (a NULL value unsets), so the setting and its log entry can't part.
CREATE VIEW setting_changes AS
SELECT guild_id, name, new_value AS value, actor_id, at, reason FROM settings_log;

CREATE TRIGGER setting_changes_insert INSTEAD OF INSERT ON setting_changes
BEGIN
    INSERT INTO settings_log (guild_id, actor_id, at, name, old_value, new_value, reason)
    VALUES (NEW.guild_id, NEW.actor_id, NEW.at, NEW.name,
            (SELECT value FROM server_settings WHERE guild_id = NEW.guild_id
                                                 AND name = NEW.name),
            NEW.value, NEW.reason);
    DELETE FROM server_settings
    WHERE guild_id = NEW.guild_id AND name = NEW.name AND NEW.value IS NULL;
    INSERT INTO server_settings (guild_id, name, value)
    SELECT NEW.guild_id, NEW.name, NEW.value WHERE NEW.value IS NOT NULL
    ON CONFLICT (guild_id, name) DO UPDATE SET value = excluded.value;
END;

-- Seasons: the calendar month a game finished in, as months since year 0 (year * 12 +
-- month - 1, UTC), computed from finished_at (NULL for a game not finished, or a damaged
-- time): the expression below, which bot.storage.server_settings.MONTH_SQLITE repeats word
-- for word so that its queries use these indexes; its quarter is that number / 3. (Not a
-- generated column: SQLite before 3.41 can't VACUUM INTO a table given one by ALTER TABLE,
-- and the backup is a VACUUM INTO.) A season's board walks its standard wins in the
-- leaderboard's order, like migration 7's.
CREATE INDEX games_month_wins ON games (
    (CASE WHEN finished_at >= 0 AND finished_at < 253402300800
      THEN CAST(strftime('%Y', finished_at, 'unixepoch') AS INTEGER) * 12
           + CAST(strftime('%m', finished_at, 'unixepoch') AS INTEGER) - 1 END),
    score DESC, turns, finished_at, owner_id)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
CREATE INDEX games_month_wins_by_guild ON games (guild_id,
    (CASE WHEN finished_at >= 0 AND finished_at < 253402300800
      THEN CAST(strftime('%Y', finished_at, 'unixepoch') AS INTEGER) * 12
           + CAST(strftime('%m', finished_at, 'unixepoch') AS INTEGER) - 1 END),
    score DESC, turns, finished_at, owner_id)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
CREATE INDEX games_quarter_wins ON games (
    (CASE WHEN finished_at >= 0 AND finished_at < 253402300800
      THEN CAST(strftime('%Y', finished_at, 'unixepoch') AS INTEGER) * 12
           + CAST(strftime('%m', finished_at, 'unixepoch') AS INTEGER) - 1 END) / 3,
    score DESC, turns, finished_at, owner_id)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;
CREATE INDEX games_quarter_wins_by_guild ON games (guild_id,
    (CASE WHEN finished_at >= 0 AND finished_at < 253402300800
      THEN CAST(strftime('%Y', finished_at, 'unixepoch') AS INTEGER) * 12
           + CAST(strftime('%m', finished_at, 'unixepoch') AS INTEGER) - 1 END) / 3,
    score DESC, turns, finished_at, owner_id)
    WHERE status = 'won' AND rule_set = 'standard' AND daily_day IS NULL;

-- The seasons whose winner was announced in a server: once, whichever process sees the
-- season end first.
CREATE TABLE season_announcements (
    guild_id INTEGER NOT NULL,
    season   TEXT    NOT NULL,
    at       REAL    NOT NULL,
    PRIMARY KEY (guild_id, season)
) WITHOUT ROWID;
