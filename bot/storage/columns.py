"""The columns of a game's row the storage backends hand out (decoded, by name, in
bot.application.records)."""

# Every column of GameRecord but its game, and the state the game is rebuilt from.
GAME_COLUMNS = ("id, owner_id, guild_id, channel_id, message_id, seed, options, edition, "
                "status, version, created_at, updated_at, finished_at, outcome, score, turns, "
                "state, daily_day")
