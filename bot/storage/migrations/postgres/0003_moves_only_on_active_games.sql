-- Schema version 3: a move is stored only on a game still in progress.
--
-- In SQLite this replaced the game_moves trigger. Here the move statement itself asks for
-- status = 'active' beside the version (bot/storage/postgres.py), so there is nothing to
-- change; the number exists so both backends count versions alike.
SELECT 1;
