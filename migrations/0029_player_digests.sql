-- zaochka schema: players who asked for one mail a day (the digest of the
-- games where it is their move) instead of a mail per opponent move.

-- One row per player who asked for the digest: the hour of their day (0-23,
-- in their time zone) at which it is sent, since when (UTC), and the next
-- instant a digest is due (UTC; the scheduler reads the due rows by it).
-- Asking for a mail per move again deletes the row.
CREATE TABLE player_digests (
    player_id INTEGER PRIMARY KEY REFERENCES players(id),
    hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
    since TEXT NOT NULL,
    next_at TEXT NOT NULL
);
CREATE INDEX player_digests_next ON player_digests(next_at);

-- One row per digest sent: the player's local day (YYYY-MM-DD, their zone)
-- and when it was written to the outbox (UTC). The daemon writes the row in
-- the transaction that queues the digest, so a day's digest goes once.
CREATE TABLE player_digests_sent (
    player_id INTEGER NOT NULL REFERENCES players(id),
    day TEXT NOT NULL,
    sent_at TEXT NOT NULL,
    games INTEGER NOT NULL CHECK (games >= 0),
    PRIMARY KEY (player_id, day)
);
