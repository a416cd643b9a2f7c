-- Schema version 5: each game's rule set, so that leaderboards compare like with like
-- (the PostgreSQL twin of ../0005_rule_sets.sql).
--
-- `rule_set` is derived from the game's options (game_core Options.rule_set): 'standard'
-- when every option is at its RULES.md default, else 'house'. The service writes it when it
-- stores a new game. A PostgreSQL database is born at this release, with no games before
-- this version (migrate-db copies games into a fully migrated database, rule_set included),
-- so unlike SQLite's there are no older rows to classify.
ALTER TABLE games ADD COLUMN rule_set TEXT NOT NULL DEFAULT 'house'
    CHECK (rule_set IN ('standard', 'house'));

DROP INDEX IF EXISTS games_wins_by_guild;
DROP INDEX IF EXISTS games_wins;
CREATE INDEX games_standard_wins_by_guild ON games (guild_id, score DESC, turns)
    WHERE status = 'won' AND rule_set = 'standard';
CREATE INDEX games_standard_wins ON games (score DESC, turns)
    WHERE status = 'won' AND rule_set = 'standard';

DROP INDEX IF EXISTS games_finished_by_owner;
CREATE INDEX games_finished_by_owner ON games (owner_id, status, rule_set, score, turns,
                                               guild_id)
    WHERE status != 'active';
