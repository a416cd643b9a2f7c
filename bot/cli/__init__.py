"""The command line (`solo-monopoly`): the admin's tools (verify-db, backup, migrate-db),
the simulator, and a game in the terminal, all through the same application as the bot."""
