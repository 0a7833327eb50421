-- zaochka schema, version 3: real bounces and referee alerts (issue 11, item 4).
-- Conventions as in 0001_initial.sql (UTC instant text, STRICT tables).

-- Secrets made once by the store with OS randomness and kept here: 'verp' is
-- the HMAC-SHA256 key of the VERP return path `<local>+bounce.<row>.<mac>@<domain>`
-- with which every outbox row is sent.
CREATE TABLE secrets (
    name       TEXT PRIMARY KEY CHECK (length(name) > 0),
    value      BLOB NOT NULL CHECK (length(value) >= 16),
    created_at TEXT NOT NULL
) STRICT;

-- Real bounces: delivery reports that answered an outbox row (by a valid VERP
-- return path, or by the row's Message-ID and recipient). One per row. The
-- address is the row's recipient (the row is authoritative, not the report):
-- an address listed here with cleared_at NULL gets no referee alert (no loops).
CREATE TABLE bounces (
    id            INTEGER PRIMARY KEY,
    outbox_id     INTEGER NOT NULL UNIQUE REFERENCES outbox (id),
    address       TEXT    NOT NULL COLLATE NOCASE,
    -- How the report was tied to the row: 'verp' or 'message-id'.
    matched_by    TEXT    NOT NULL CHECK (matched_by IN ('verp', 'message-id')),
    reporting_mta TEXT,
    -- The report's Status (e.g. '5.1.1') and Diagnostic-Code, as written.
    status        TEXT,
    diagnostic    TEXT,
    received_at   TEXT    NOT NULL,
    -- Set by a director once the address works again.
    cleared_at    TEXT
) STRICT;

CREATE INDEX bounces_address ON bounces (address) WHERE cleared_at IS NULL;

-- Every referee alert raised, once per key (the same key is never raised twice).
CREATE TABLE alerts (
    id        INTEGER PRIMARY KEY,
    -- Stable identity, e.g. 'undeliverable:bob@example.org:2026-12-01T10:00:00.000Z'.
    alert_key TEXT    NOT NULL UNIQUE CHECK (length(alert_key) > 0),
    -- 'undeliverable', 'quarantined', 'inbox-entry-skipped', 'fault-persists'.
    kind      TEXT    NOT NULL CHECK (length(kind) > 0),
    -- The alert as JSON (shape owned by src/daemon/alerts.rs).
    detail    TEXT    NOT NULL CHECK (json_valid(detail)),
    raised_at TEXT    NOT NULL
) STRICT;

-- What became of an alert for each referee: 'queued' (outbox_id is the mail),
-- 'held' (over the hourly limit: summarised in the next queued alert),
-- 'summarised' (told in the mail outbox_id), 'unreachable' or 'bounced'
-- (the address is unreachable or bounced: nothing is sent to it).
CREATE TABLE alert_deliveries (
    alert_id   INTEGER NOT NULL REFERENCES alerts (id),
    referee_id INTEGER NOT NULL REFERENCES players (id),
    status     TEXT    NOT NULL
                       CHECK (status IN ('queued', 'held', 'summarised', 'unreachable', 'bounced')),
    outbox_id  INTEGER REFERENCES outbox (id),
    at         TEXT    NOT NULL,
    PRIMARY KEY (alert_id, referee_id),
    CHECK ((status IN ('queued', 'summarised')) = (outbox_id IS NOT NULL))
) STRICT;

CREATE INDEX alert_deliveries_rate ON alert_deliveries (referee_id, status, at);
