"""A finished daily: its result, the post that shares it, and the built-in player's yardstick.
Its slash commands are `cogs.commands.daily`'s."""
