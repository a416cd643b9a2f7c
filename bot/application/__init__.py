"""The application core: the game service (one transaction a move, one writer per game,
idempotent clicks), the daily challenge, hints, verification, and the records and errors it
hands out. No Discord, no SQL: storage is behind bot.storage's interface."""
