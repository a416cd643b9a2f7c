"""English texts of fair competition (issue 12): house rules, presets, the daily challenge.

Kept apart from catalog_en so that each file stays small; catalog.py merges them.
"""

EN_COMPETE: dict[str, str] = {
    # ---- house rules: which rules a game is played under --------------------------------
    "house.notice": "House rules: {rules}. This game doesn't count on the leaderboard.",
    "house.notice.short": "House rules: {rules}",
    "house.field": "House rules",
    "house.field.value": "{rules}. Not on the leaderboard.",
    "house.rule.doubles": "doubles as in standard Monopoly (T3)",
    "house.rule.treasury": "Bank treasury {amount} (S3)",
    "house.rule.bank_pawns": "{count} Bank pawns (S4)",
    "house.rule.start_cash": "start cash {amount} (S2)",
    "house.rule.bank_build_cap.0": "the Bank never builds (P3)",
    "house.rule.bank_build_cap.one": "the Bank builds at most {count} house (P3)",
    "house.rule.bank_build_cap.other": "the Bank builds at most {count} houses (P3)",
    "stats.house_played": "House-rule games",
    "stats.house_won": "House-rule wins",
    "stats.standard_only": "Best score and fastest win count standard games only.",
    # ---- presets (labels built from game_core.presets by preset_labels) -----------------
    "preset.label": "{title}: {levers}, {odds}",
    "preset.title.standard": "Standard",
    "preset.title.gentle": "Gentle",
    "preset.title.relaxed": "Relaxed",
    "preset.title.easy": "Easy",
    "preset.title.beginner": "Beginner",
    "preset.levers.none": "the solo rules",
    "preset.lever.start_cash": "start with {amount}",
    "preset.lever.bank_build_cap.one": "Bank builds {count} house at most",
    "preset.lever.bank_build_cap.other": "Bank builds {count} houses at most",
    "preset.odds.0": "fewer than 1 game in 20 won",
    "preset.odds.one": "about {count} game in 10 won",
    "preset.odds.other": "about {count} games in 10 won",
    "cmd.monopoly.new.option.preset.name": "preset",
    "cmd.monopoly.new.option.preset.description":
        "A difficulty level (house rules, off the leaderboard, but Standard)",
    "cmd.monopoly.new.option.bank_build_cap.name": "bank_build_cap",
    "cmd.monopoly.new.option.bank_build_cap.description":
        "Most houses the Bank builds on a street (P3 house rule; 5 = hotel, the rules)",
    "leaderboard.standard_only": "Standard rules only · page {page}/{pages}",
}
