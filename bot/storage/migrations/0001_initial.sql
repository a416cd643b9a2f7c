-- Schema version 1: games and their action logs.

-- One row per game. `state` is Game.to_dict() as JSON and always matches the replay of the
-- game's action log from `seed` (H3); `version` counts the applied actions and guards every
-- write (UPDATE ... WHERE version = ?), so an old button can never apply twice.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    owner_id    INTEGER NOT NULL,                 -- the Discord user who plays it
    guild_id    INTEGER,                          -- NULL in direct messages
    channel_id  INTEGER,
    message_id  INTEGER,                          -- the game's Discord message
    seed        INTEGER NOT NULL CHECK (seed >= 0),
    options     TEXT    NOT NULL,                 -- JSON of Options.to_dict()
    edition     TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'won', 'lost')),
    state       TEXT    NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL,
    finished_at REAL,
    outcome     TEXT,                             -- "won:bank_bankrupt", "lost:resigned", ...
    score       INTEGER NOT NULL DEFAULT 0,
    turns       INTEGER NOT NULL DEFAULT 1
);

-- H1: one active game per user, enforced by the database and not only by the service.
CREATE UNIQUE INDEX games_one_active_per_owner ON games (owner_id) WHERE status = 'active';

-- Every applied action, in order: seq is the game's version once the action is applied
-- (1-based). The primary key makes a doubly delivered action impossible to store twice.
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 1),
    action  TEXT    NOT NULL,                     -- JSON of Action.to_dict()
    events  TEXT    NOT NULL,                     -- JSON list of Event.to_dict()
    at      REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- A game's moves: each game's latest action, with the state it led to. Inserting a row
-- records a new move, chosen at `from_version`: the trigger below writes the new state and
-- appends the log row in this one statement, so SQLite makes them one transaction, and the
-- service needs one round trip per move.
CREATE VIEW game_moves AS
SELECT g.id AS game_id, a.seq - 1 AS from_version, g.state, g.status, a.at, g.finished_at,
       g.outcome, g.score, g.turns, a.action, a.events
FROM games AS g JOIN actions AS a ON a.game_id = g.id AND a.seq = g.version;

CREATE TRIGGER game_moves_insert INSTEAD OF INSERT ON game_moves
BEGIN
    -- The version guard: a move chosen at an older version writes nothing and fails, so an
    -- old button can never apply twice.
    SELECT RAISE(ABORT, 'stale version')
    WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = NEW.game_id AND version = NEW.from_version);
    UPDATE games
    SET state = NEW.state, version = NEW.from_version + 1, status = NEW.status,
        updated_at = NEW.at, finished_at = NEW.finished_at, outcome = NEW.outcome,
        score = NEW.score, turns = NEW.turns
    WHERE id = NEW.game_id AND version = NEW.from_version;
    INSERT INTO actions (game_id, seq, action, events, at)
    VALUES (NEW.game_id, NEW.from_version + 1, NEW.action, NEW.events, NEW.at);
END;
