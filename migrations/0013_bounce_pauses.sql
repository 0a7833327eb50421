-- zaochka schema: bounce-aware clocks (issue 15, item 6). Conventions as in
-- 0001_initial.sql (UTC instant text, STRICT tables).

-- The move notices: the outbox row that told a player it is their move in a
-- game (written in the transaction that started the player's clock). Help
-- answers, reminders, alerts and replies to the player's own mail are not
-- notices. One notice per turn: the first game mail to the player once their
-- clock started at turn_started_at.
CREATE TABLE move_notices (
    outbox_id       INTEGER PRIMARY KEY REFERENCES outbox (id),
    game_id         INTEGER NOT NULL REFERENCES games (id),
    player_id       INTEGER NOT NULL REFERENCES players (id),
    -- The instant the player's clock started for this turn (UTC).
    turn_started_at TEXT    NOT NULL,
    UNIQUE (game_id, player_id, turn_started_at)
) STRICT;

-- A player's clock stopped in one game because the notice of their move
-- hard-bounced: from the instant the notice was sent (accepted by the MX)
-- until ended_at (NULL while the clock stands). At most one open per game
-- and player; one per bounced notice.
CREATE TABLE bounce_pauses (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    outbox_id  INTEGER NOT NULL UNIQUE REFERENCES outbox (id),
    starts_at  TEXT    NOT NULL,
    ended_at   TEXT,
    -- How it ended: 'player-mail' (the player mailed the bot from the
    -- registered address with a valid token) or 'director' (referee
    -- bounce-clear, with a reason).
    ended_by   TEXT CHECK (ended_by IN ('player-mail', 'director')),
    end_reason TEXT,
    CHECK ((ended_at IS NULL) = (ended_by IS NULL)),
    CHECK (ended_at IS NULL OR ended_at >= starts_at)
) STRICT;

CREATE UNIQUE INDEX bounce_pauses_one_open ON bounce_pauses (game_id, player_id)
    WHERE ended_at IS NULL;
