-- zaochka schema: who directs a tournament, and the director's commands by
-- mail already applied. Conventions as in 0001_initial.sql.

-- The directors of a tournament: referees (or admins) who may change it and
-- rule on its games. A tournament with no row here is directed by every
-- referee and admin; once it has one, only its directors and the admins.
CREATE TABLE tournament_directors (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    -- When the director was added (UTC); the creator's is the tournament's
    -- creation.
    added_at      TEXT    NOT NULL,
    -- Who added the director; NULL for the creator and the rows below.
    added_by      INTEGER REFERENCES players (id),
    PRIMARY KEY (tournament_id, player_id)
) STRICT;

CREATE INDEX tournament_directors_player ON tournament_directors (player_id);

-- A tournament made before this migration is directed by the referee who
-- created it, as the audit log's `tournament_new` entry names them; one
-- without such an entry keeps no director (every referee, as before).
INSERT OR IGNORE INTO tournament_directors (tournament_id, player_id, added_at)
SELECT t.id, a.actor_id, t.created_at
  FROM audit_log a
  JOIN tournaments t ON t.name = json_extract(a.details, '$.tournament')
 WHERE a.action = 'tournament_new' AND a.actor_id IS NOT NULL;

-- A director's command by mail once applied: the director, the game (NULL
-- for a leave or a release), the command as written, folded (lower case,
-- single spaces, without its reason), and when it was applied (UTC). The
-- same command from the same director within a day is answered "already
-- done" unless the mail says again.
CREATE TABLE director_commands (
    id          INTEGER PRIMARY KEY,
    director_id INTEGER NOT NULL REFERENCES players (id),
    game_id     INTEGER REFERENCES games (id),
    command     TEXT    NOT NULL CHECK (length(command) > 0),
    applied_at  TEXT    NOT NULL,
    message_id  TEXT
) STRICT;

CREATE INDEX director_commands_director ON director_commands (director_id, command, applied_at);
