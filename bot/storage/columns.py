"""The column orders of the rows the storage backends hand out (decoded in
bot.application.records)."""

# The column order of GAME_COLUMNS is the order of the GameRecord fields before `game`, then
# the state, then the fields after `game`.
GAME_COLUMNS = ("id, owner_id, guild_id, channel_id, message_id, seed, options, edition, "
                "status, version, created_at, updated_at, finished_at, outcome, score, turns, "
                "state, daily_day")
