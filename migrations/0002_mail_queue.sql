-- The inbox as a mail queue (issue 11).
--
-- 1. Mail in flight: a mail's inbox key is recorded here (committed) BEFORE the mail
--    is parsed, and the row is deleted in the transaction that records the mail in
--    processed_messages. A row found 'taken' at the next start means the mail
--    crashed a run (SIGKILL, out of memory, a panic that escaped); after
--    [faults] crash-retries such crashes the mail is quarantined. A director's
--    `zaochka quarantine release KEY` sets it 'released' (crashes back to 0).
CREATE TABLE inbox_claims (
    inbox_key      TEXT    PRIMARY KEY,
    state          TEXT    NOT NULL CHECK (state IN ('taken', 'quarantined', 'released')),
    -- Runs that took this mail and ended before finishing it.
    crashes        INTEGER NOT NULL DEFAULT 0 CHECK (crashes >= 0),
    -- The process working on it now (the daemon, or its probe): while that
    -- process lives, the open claim is work in progress, not a crash.
    holder_pid     INTEGER,
    -- Size of the whole mail in bytes, as the inbox reported it.
    size           INTEGER NOT NULL CHECK (size >= 0),
    first_taken_at TEXT    NOT NULL,
    last_taken_at  TEXT    NOT NULL,
    -- Why it is quarantined: 'crashes' or 'panic'; NULL while taken.
    reason         TEXT    CHECK (reason IS NULL OR reason IN ('crashes', 'panic')),
    -- The panic message, for the director (printable text).
    detail         TEXT,
    quarantined_at TEXT,
    CHECK ((state = 'quarantined') = (quarantined_at IS NOT NULL))
) STRICT;

CREATE INDEX inbox_claims_state ON inbox_claims (state);

-- 2. Duplicates are recognised by inbox key, or by (Message-ID, verified sender):
--    a stranger who sends a mail with a player's future Message-ID first no longer
--    makes the player's own mail a duplicate. The table is rebuilt to drop the
--    UNIQUE constraint on message_id alone.
CREATE TABLE processed_messages_v2 (
    id           INTEGER PRIMARY KEY,
    -- Message-ID without <>; NULL when the message had none.
    message_id   TEXT,
    -- Stable inbox key: 'INBOX/<uidvalidity>/<uid>' (IMAP) or 'maildir/<name>'.
    inbox_key    TEXT    NOT NULL UNIQUE,
    game_id      INTEGER REFERENCES games (id),
    -- Sender address as it appeared in From (lowercased when verified).
    sender       TEXT,
    -- 1 when the sender was verified (registered From and that player's token).
    verified     INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
    -- 'applied', 'stale', 'rejected: no token', ... (free text for the referee).
    outcome      TEXT    NOT NULL,
    processed_at TEXT    NOT NULL
) STRICT;

INSERT INTO processed_messages_v2
    (id, message_id, inbox_key, game_id, sender, verified, outcome, processed_at)
SELECT id, message_id, inbox_key, game_id,
       CASE WHEN sender IS NULL THEN NULL ELSE lower(sender) END,
       CASE WHEN sender IS NULL
                 OR outcome LIKE 'rejected%' OR outcome LIKE 'ignored%'
                 OR outcome LIKE 'failed%' OR outcome LIKE 'bounce%'
                 OR outcome = 'duplicate'
            THEN 0 ELSE 1 END,
       outcome, processed_at
FROM processed_messages;

DROP TABLE processed_messages;
ALTER TABLE processed_messages_v2 RENAME TO processed_messages;

CREATE INDEX processed_messages_game ON processed_messages (game_id);
CREATE UNIQUE INDEX processed_messages_verified_id
    ON processed_messages (message_id, sender)
    WHERE verified = 1 AND message_id IS NOT NULL;
