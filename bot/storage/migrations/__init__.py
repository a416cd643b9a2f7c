"""Numbered schema migrations, `NNNN_what.sql`, applied in order by
`bot.storage.sqlite_file.migrate`.

A package (not a plain folder) so that the .sql files install with the bot as package data.
Never edit a released file: add the next number instead.
"""
