"""What the bot keeps of a player: their data file, forgetting them, their own settings, and
the sweep of servers that removed the bot."""
