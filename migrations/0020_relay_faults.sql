-- zaochka schema: faults of the outbound relay (the SMTP server the daemon
-- sends through). A fault is a refusal that names no recipient (a 5xx at
-- connect, EHLO, AUTH, MAIL FROM or DATA, or the same 5xx for every
-- recipient): while it lasts no reply is marked failed, sending is retried
-- with backoff, and when the relay takes mail again the fault is closed and
-- the referees are alerted once.
CREATE TABLE relay_faults (
    id          INTEGER PRIMARY KEY,
    -- When the fault was first seen and last seen (UTC instants).
    since       TEXT    NOT NULL,
    last_at     TEXT    NOT NULL,
    -- Where the relay refused: connect, ehlo, auth, mail-from, rcpt-all, data.
    stage       TEXT    NOT NULL
                CHECK (stage IN ('connect', 'ehlo', 'auth', 'mail-from', 'rcpt-all', 'data')),
    -- The relay's last reply, as it wrote it.
    reply       TEXT    NOT NULL,
    -- Refused sends during the fault.
    refusals    INTEGER NOT NULL DEFAULT 1 CHECK (refusals >= 1),
    -- No send is tried before this instant (UTC): the backoff.
    next_try_at TEXT    NOT NULL,
    -- When the relay took mail again (UTC); NULL while the fault lasts.
    ended_at    TEXT
) STRICT;

-- The open fault (at most one: `relay_faults::refused` extends it), found
-- by every sending cycle.
CREATE INDEX relay_faults_ended ON relay_faults (ended_at);
