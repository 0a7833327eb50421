-- zaochka schema: the directors' daily digest. A tournament's director may
-- ask for its events in one mail a day instead of a mail for each event.

-- How a director of a tournament hears of its events: 'each' (a mail for
-- each event at once) or 'digest' (one mail a day at 08:00 of the
-- director's time zone). No row: 'each', as before this migration.
CREATE TABLE director_mail (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    mode          TEXT    NOT NULL CHECK (mode IN ('each', 'digest')),
    -- When the director set it (UTC).
    set_at        TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
) STRICT;

-- One row per event kept for a digest director: its group (the kind the
-- digest heads it under), the event as JSON (worded when the digest is
-- written, in the director's language), the game it is about, when it
-- happened (UTC), and the director's local day (YYYY-MM-DD) of the digest
-- that told it (NULL: not told yet).
CREATE TABLE director_events (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    game_id       INTEGER REFERENCES games (id),
    kind          TEXT    NOT NULL,
    event         TEXT    NOT NULL,
    created_at    TEXT    NOT NULL,
    digest_day    TEXT
) STRICT;
CREATE INDEX director_events_untold
    ON director_events (tournament_id, player_id) WHERE digest_day IS NULL;

-- One row per director's digest written to the outbox: the tournament, the
-- director, the director's local day, when (UTC) and how many events. The
-- daemon writes it in the transaction that queues the mail and marks the
-- events, so a day's digest goes once.
CREATE TABLE director_digests_sent (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    day           TEXT    NOT NULL,
    sent_at       TEXT    NOT NULL,
    events        INTEGER NOT NULL CHECK (events >= 0),
    PRIMARY KEY (tournament_id, player_id, day)
) STRICT;
