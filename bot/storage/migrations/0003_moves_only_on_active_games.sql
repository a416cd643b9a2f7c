-- Schema version 3: a move is stored only on a game still in progress.
--
-- A damaged game given up by its player (GameService.abandon) is marked lost from its row's
-- columns alone and keeps its version, since its log has no action for it. The version guard
-- by itself would then let a writer still holding the older record (another process's
-- cache) store a move and bring the game back to life; asking for status = 'active' too
-- closes that door.
DROP TRIGGER game_moves_insert;

CREATE TRIGGER game_moves_insert INSTEAD OF INSERT ON game_moves
BEGIN
    SELECT RAISE(ABORT, 'stale version')
    WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = NEW.game_id AND version = NEW.from_version
                      AND status = 'active');
    UPDATE games
    SET state = NEW.state, version = NEW.from_version + 1, status = NEW.status,
        updated_at = NEW.at, finished_at = NEW.finished_at, outcome = NEW.outcome,
        score = NEW.score, turns = NEW.turns
    WHERE id = NEW.game_id AND version = NEW.from_version;
    INSERT INTO actions (game_id, seq, action, events, at)
    VALUES (NEW.game_id, NEW.from_version + 1, NEW.action, NEW.events, NEW.at);
END;
