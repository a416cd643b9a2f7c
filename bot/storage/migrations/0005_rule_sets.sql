-- Schema version 5: each game's rule set, so that leaderboards compare like with like.
--
-- `rule_set` is derived from the game's options (game_core Options.rule_set): 'standard'
-- when every option is at its RULES.md default, else 'house'. The service writes it when it
-- stores a new game; no caller chooses it. Its default is the safe side: a row written
-- without it never reaches a leaderboard.
ALTER TABLE games ADD COLUMN rule_set TEXT NOT NULL DEFAULT 'house'
    CHECK (rule_set IN ('standard', 'house'));

-- The games stored so far: their options column is Options.to_dict() as JSON. Until this
-- version it always held these four options; bank_build_cap came with this version and is
-- absent at its default (5: the text's hotel). A row whose options can't be read stays
-- 'house' (CASE evaluates in order, so json_extract never sees bad JSON).
UPDATE games SET rule_set = CASE
    WHEN NOT json_valid(options) THEN 'house'
    WHEN json_extract(options, '$.doubles') IS 'off'
     AND json_extract(options, '$.treasury') IS 20580
     AND json_extract(options, '$.bank_pawns') IS 7
     AND json_extract(options, '$.start_cash') IS 200
     AND COALESCE(json_extract(options, '$.bank_build_cap'), 5) IS 5
     AND (SELECT COUNT(*) FROM json_each(games.options)) <= 5
    THEN 'standard'
    ELSE 'house' END;

-- Leaderboard: standard wins only, per server or everywhere, best score first.
DROP INDEX IF EXISTS games_wins_by_guild;
DROP INDEX IF EXISTS games_wins;
CREATE INDEX games_standard_wins_by_guild ON games (guild_id, score DESC, turns)
    WHERE status = 'won' AND rule_set = 'standard';
CREATE INDEX games_standard_wins ON games (score DESC, turns)
    WHERE status = 'won' AND rule_set = 'standard';

-- Stats: one player's finished games, with everything the report reads (no table lookups).
DROP INDEX IF EXISTS games_finished_by_owner;
CREATE INDEX games_finished_by_owner ON games (owner_id, status, rule_set, score, turns,
                                               guild_id)
    WHERE status != 'active';
