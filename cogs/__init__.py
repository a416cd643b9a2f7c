"""The Discord adapters: slash commands, buttons and embeds, one package per feature.

Each package is an extension, its `extension.py` (`bot.hosting.app.EXTENSIONS`, loaded in
`setup_hook`), whose `setup` registers its own buttons (DynamicItems), click handlers and
cogs. A module of its own rather than the package: discord.py forgets every module under an
extension's name when it unloads it (at every bot's close), and the package's modules must
stay the ones the rest of the process imported.

The packages translate between Discord and the game service; none decides a rule or
touches SQL. Imports run downwards only:

    commands   the slash-command groups /monopoly and /monopoly-daily (their Cogs), and the
               per-game commands both share
    admin      /monopoly-admin (its Cog)
    reports    stats, leaderboard, history and rules pages, and the pager buttons
    hint       the Hint's answer and the plans it offers
    play       the game message, its controls and what a click does
    privacy    /monopoly mydata and forget, the player's settings, the data sweep (its Cog)
    daily      a finished daily's result, its share post and the yardstick
    common     what every answer needs: replies, errors, prompts, names, pictures, the
               custom_id codec (`common.custom_ids`) and the commands' translator

A click on a game message button: `play.controls` (who may click, what was clicked) ->
`play.clicks` (the handler registered by `play.extension`) -> the game service.
"""
