"""What a player reads about games: status, history, stats, the leaderboard, the rules, and
the pager buttons that turn their pages."""
