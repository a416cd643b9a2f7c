"""English texts of fair competition (issue 12): house rules, presets, the daily challenge.

Kept apart from catalog_en so that each file stays small; catalog.py merges them.
"""

EN_COMPETE: dict[str, str] = {
    # ---- house rules: which rules a game is played under --------------------------------
    "house.notice": "House rules: {rules}. This game doesn't count on the leaderboard.",
    "house.notice.short": "House rules: {rules}",
    "house.field": "House rules",
    "house.field.value": "{rules}. Not on the leaderboard.",
    "house.rule.doubles": "doubles as in standard Monopoly",
    "house.rule.treasury": "Bank treasury {amount}",
    "house.rule.bank_pawns.one": "{count} Bank pawn",
    "house.rule.bank_pawns.other": "{count} Bank pawns",
    "house.rule.start_cash": "start cash {amount}",
    "house.rule.bank_build_cap.0": "the Bank never builds",
    "house.rule.bank_build_cap.one": "the Bank builds at most {count} house",
    "house.rule.bank_build_cap.other": "the Bank builds at most {count} houses",
    "stats.house_played": "House-rule games",
    "stats.house_won": "House-rule wins",
    "stats.standard_only": "Best score and fastest win count standard games only.",
    # ---- presets (labels built from game_core.presets by preset_labels) -----------------
    "preset.label": "{title}: {levers}; {odds}",
    "preset.title.standard": "Standard",
    "preset.title.gentle": "Gentle",
    "preset.title.relaxed": "Relaxed",
    "preset.title.easy": "Easy",
    "preset.title.beginner": "Beginner",
    "preset.levers.none": "the solo rules",
    "preset.lever.start_cash": "start with {amount}",
    "preset.lever.bank_build_cap.one": "Bank builds {count} house max",
    "preset.lever.bank_build_cap.other": "Bank builds {count} houses max",
    "preset.odds.0": "the bot's expert wins fewer than 1 game in 20",
    "preset.odds.one": "the bot's expert wins about {count} game in 10",
    "preset.odds.other": "the bot's expert wins about {count} games in 10",
    "cmd.monopoly.new.option.preset.name": "preset",
    "cmd.monopoly.new.option.preset.description":
        "A difficulty level (house rules, off the leaderboard, except Standard)",
    "cmd.monopoly.new.option.bank_build_cap.name": "bank_build_cap",
    "cmd.monopoly.new.option.bank_build_cap.description":
        "Most houses the Bank builds on a street: 0 to 4 (5, the default: its hotel too)",
    # ---- the daily challenge -------------------------------------------------------------
    "cmd.monopoly-daily.name": "monopoly-daily",
    "cmd.monopoly-daily.description": "The daily challenge: one game a day, the same dice for "
                                      "everyone",
    "cmd.monopoly-daily.play.name": "play",
    "cmd.monopoly-daily.play.description": "Play today's daily, or bring it back",
    "cmd.monopoly-daily.play.option.edition.name": "edition",
    "cmd.monopoly-daily.play.option.edition.description":
        "Board names and currency: the same dice; by default, the board of your language",
    "cmd.monopoly-daily.play.option.edition.choice.us": "US (Boardwalk, $)",
    "cmd.monopoly-daily.play.option.edition.choice.uk": "UK (Mayfair, £)",
    "cmd.monopoly-daily.play.option.edition.choice.fr":
        "French (Rue de la Paix, in Cr: credits, the same amounts as $)",
    "cmd.monopoly-daily.results.name": "results",
    "cmd.monopoly-daily.results.description": "A day's board (today's by default)",
    "cmd.monopoly-daily.results.option.day.name": "day",
    "cmd.monopoly-daily.results.option.day.description":
        "today, yesterday, 2026-11-23 or a daily's number (#327)",
    "cmd.monopoly-daily.results.option.scope.name": "scope",
    "cmd.monopoly-daily.results.option.scope.description": "This server or everyone",
    "cmd.monopoly-daily.results.option.scope.choice.server": "This server",
    "cmd.monopoly-daily.results.option.scope.choice.global": "Global",
    "cmd.monopoly-daily.results.option.page.name": "page",
    "cmd.monopoly-daily.results.option.page.description": "Page number",
    "cmd.monopoly-daily.player.name": "player",
    "cmd.monopoly-daily.player.description": "A player's daily, once it can't spoil yours",
    "cmd.monopoly-daily.player.option.player.name": "player",
    "cmd.monopoly-daily.player.option.player.description": "Whose daily",
    "cmd.monopoly-daily.player.option.day.name": "day",
    "cmd.monopoly-daily.player.option.day.description":
        "today (by default), yesterday, 2026-11-23 or a daily's number (#327)",
    "cmd.monopoly-daily.status.name": "status",
    "cmd.monopoly-daily.status.description": "Your daily's cash, properties and the Bank's "
                                             "reserves",
    "cmd.monopoly-daily.board.name": "board",
    "cmd.monopoly-daily.board.description": "Your daily's board: who owns what, and the "
                                            "buildings",
    "cmd.monopoly-daily.history.name": "history",
    "cmd.monopoly-daily.history.description": "What happened in your daily, latest first",
    "cmd.monopoly-daily.history.option.page.name": "page",
    "cmd.monopoly-daily.history.option.page.description": "Page number (1 is the latest)",
    "cmd.monopoly-daily.resign.name": "resign",
    "cmd.monopoly-daily.resign.description": "Give up your daily (it counts as a loss)",
    "daily.field": "Daily challenge",
    # H4: the dice by roll; what a kept Get Out of Jail Free card does to the card order.
    "daily.field.value": "#{number} · {date} · standard rules, the same dice for everyone\n"
                         "The same cards too, except that a Get Out of Jail Free card goes "
                         "back under its deck only once used or sold: keep yours longer or "
                         "shorter than another player and your later cards differ.",
    "daily.over": "Share your result with the button below; /monopoly-daily results shows "
                  "today's board.",
    "daily.result.title": "Daily #{number} ({date}): your result",
    "daily.result.won": "🏆 Won with {points} in {turns}.",
    "daily.result.lost": "Lost after surviving {turns} (a loss scores 0 points).",
    "daily.result.streak": "Streak: {current} (best {best}).",
    "daily.result.next": "Come back tomorrow for the next daily.",
    "daily.board.title.server": "Daily #{number} ({date}): {server}",
    "daily.board.title.global": "Daily #{number} ({date}): everyone",
    "daily.board.won": "{rank}. {player}: won, {points} in {turns}",
    "daily.board.lost": "{rank}. {player}: lost, survived {turns}",
    "daily.board.empty": "Nobody has finished this daily yet.",
    "daily.board.footer": "Wins by score then fewer turns; then losses by turns survived · "
                          "page {page}/{pages}",
    "daily.bad_day": "“{day}” is not a day with a daily: type today, yesterday, a date like "
                     "2026-11-23 or a daily's number like #{number}.",
    "daily.days.one": "{count} day",
    "daily.days.other": "{count} days",
    "button.share": "Share",
    "daily.share.won": "🎲 Solo Monopoly daily #{number}: {player} won with {points} in "
                       "{turns}. Streak: {streak}. Try it: /monopoly-daily play",
    "daily.share.lost": "🎲 Solo Monopoly daily #{number}: {player} lost after surviving "
                        "{turns}. Streak: {streak}. Try it: /monopoly-daily play",
    "daily.share.not_finished": "Finish the daily first; then share your result.",
    "daily.share.not_daily": "Only a daily's result can be shared.",
    "stats.daily_streak": "Daily streak",
    "stats.daily_streak.value": "{current} (best {best})",
    "stats.daily_played": "Dailies played / won",
    "leaderboard.standard_only": "Standard rules only · page {page}/{pages}",
}
