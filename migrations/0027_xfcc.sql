-- zaochka schema: the Xfcc endpoint (docs/xfcc.md).
--
-- A player's Xfcc password, as an Argon2id PHC string (never the password).
CREATE TABLE xfcc_passwords (
    player_id  INTEGER PRIMARY KEY REFERENCES players(id),
    hash       TEXT    NOT NULL CHECK (hash LIKE '$argon2%'),
    -- When it was set (UTC).
    set_at     TEXT    NOT NULL
) STRICT;

-- Failed Xfcc logins, one row per failure and subject: 'user:<name as sent>'
-- or 'addr:<client IP>'. Five within the lock window refuse the subject for
-- the rest of it; rows older than the window are deleted as new ones come.
CREATE TABLE xfcc_failures (
    subject    TEXT    NOT NULL CHECK (length(subject) > 0),
    failed_at  TEXT    NOT NULL
) STRICT;
CREATE INDEX xfcc_failures_subject ON xfcc_failures (subject, failed_at);
