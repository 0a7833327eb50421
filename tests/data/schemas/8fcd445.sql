-- the database a build of commit 8fcd445 creates (migrations 1..3)
PRAGMA user_version = 3;
BEGIN TRANSACTION;
CREATE TABLE players (
    id                INTEGER PRIMARY KEY,
    name              TEXT    NOT NULL CHECK (length(name) > 0),
    email             TEXT    NOT NULL COLLATE NOCASE UNIQUE
                              CHECK (email LIKE '%_@_%'),
    language          TEXT    NOT NULL DEFAULT 'ru' CHECK (language IN ('ru', 'en')),
    time_zone         TEXT    NOT NULL DEFAULT 'UTC' CHECK (length(time_zone) > 0),
    role              TEXT    NOT NULL DEFAULT 'player'
                              CHECK (role IN ('player', 'referee', 'admin')),
    unreachable_since TEXT,
    created_at        TEXT    NOT NULL
) STRICT;
CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    variant      TEXT    NOT NULL CHECK (length(variant) > 0),
    start_fen    TEXT,
    opening      TEXT,
    white_id     INTEGER NOT NULL REFERENCES players (id),
    black_id     INTEGER NOT NULL REFERENCES players (id),
    status       TEXT    NOT NULL DEFAULT 'active'
                         CHECK (status IN ('active', 'paused', 'finished', 'annulled', 'adjourned')),
    result       TEXT    CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    termination  TEXT,
    time_control TEXT    CHECK (time_control IS NULL OR json_valid(time_control)),
    tournament   TEXT,
    white_token  TEXT    NOT NULL CHECK (length(white_token) >= 6),
    black_token  TEXT    NOT NULL CHECK (length(black_token) >= 6),
    created_at   TEXT    NOT NULL,
    finished_at  TEXT,
    CHECK (white_id <> black_id),
    CHECK (white_token <> black_token),
    CHECK ((status = 'finished') = (result IS NOT NULL)),
    CHECK ((status = 'finished') = (termination IS NOT NULL)),
    CHECK ((status IN ('finished', 'annulled')) = (finished_at IS NOT NULL))
) STRICT;
CREATE TABLE moves (
    game_id         INTEGER NOT NULL REFERENCES games (id),
    ply             INTEGER NOT NULL CHECK (ply >= 1),
    side            TEXT    NOT NULL CHECK (side IN ('white', 'black')),
    notation        TEXT    NOT NULL CHECK (length(notation) > 0),
    written         TEXT    NOT NULL,
    source_message  TEXT,
    received_at     TEXT    NOT NULL,
    position_hash   INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;
CREATE TABLE sealed_moves (
    id             INTEGER PRIMARY KEY,
    game_id        INTEGER NOT NULL REFERENCES games (id),
    side           TEXT    NOT NULL CHECK (side IN ('white', 'black')),
    ply            INTEGER NOT NULL CHECK (ply >= 1),
    text           TEXT    NOT NULL,
    source_message TEXT,
    sealed_at      TEXT    NOT NULL,
    revealed_at    TEXT
) STRICT;
CREATE TABLE draw_offers (
    id             INTEGER PRIMARY KEY,
    game_id        INTEGER NOT NULL REFERENCES games (id),
    ply            INTEGER NOT NULL CHECK (ply >= 0),
    side           TEXT    NOT NULL CHECK (side IN ('white', 'black')),
    status         TEXT    NOT NULL DEFAULT 'pending'
                           CHECK (status IN ('pending', 'accepted', 'declined', 'withdrawn')),
    source_message TEXT,
    created_at     TEXT    NOT NULL,
    resolved_at    TEXT,
    CHECK ((status = 'pending') = (resolved_at IS NULL))
) STRICT;
CREATE TABLE draw_claims (
    id             INTEGER PRIMARY KEY,
    game_id        INTEGER NOT NULL REFERENCES games (id),
    ply            INTEGER NOT NULL CHECK (ply >= 0),
    side           TEXT    NOT NULL CHECK (side IN ('white', 'black')),
    kind           TEXT    NOT NULL CHECK (length(kind) > 0),
    written_move   TEXT,
    verdict        TEXT    NOT NULL CHECK (verdict IN ('upheld', 'rejected')),
    rule           TEXT    NOT NULL,
    source_message TEXT,
    created_at     TEXT    NOT NULL
) STRICT;
CREATE TABLE clocks (
    game_id         INTEGER NOT NULL REFERENCES games (id),
    side            TEXT    NOT NULL CHECK (side IN ('white', 'black')),
    used_seconds    INTEGER NOT NULL DEFAULT 0 CHECK (used_seconds >= 0),
    extra_seconds   INTEGER NOT NULL DEFAULT 0,
    moves_made      INTEGER NOT NULL DEFAULT 0 CHECK (moves_made >= 0),
    running         INTEGER NOT NULL DEFAULT 0 CHECK (running IN (0, 1)),
    last_started_at TEXT,
    deadline        TEXT,
    updated_at      TEXT    NOT NULL,
    PRIMARY KEY (game_id, side),
    CHECK (running = 0 OR last_started_at IS NOT NULL)
) STRICT, WITHOUT ROWID;
CREATE TABLE reminders (
    game_id INTEGER NOT NULL REFERENCES games (id),
    side    TEXT    NOT NULL CHECK (side IN ('white', 'black')),
    kind    TEXT    NOT NULL CHECK (length(kind) > 0),
    due_at  TEXT    NOT NULL,
    sent_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, side, kind, due_at)
) STRICT, WITHOUT ROWID;
CREATE TABLE leaves (
    id           INTEGER PRIMARY KEY,
    player_id    INTEGER NOT NULL REFERENCES players (id),
    starts_at    TEXT    NOT NULL,
    ends_at      TEXT    NOT NULL,
    days         INTEGER NOT NULL CHECK (days > 0),
    created_at   TEXT    NOT NULL,
    cancelled_at TEXT,
    CHECK (starts_at < ends_at)
) STRICT;
CREATE TABLE audit_log (
    id       INTEGER PRIMARY KEY,
    at       TEXT    NOT NULL,
    actor_id INTEGER REFERENCES players (id),
    action   TEXT    NOT NULL CHECK (length(action) > 0),
    game_id  INTEGER REFERENCES games (id),
    reason   TEXT,
    details  TEXT    CHECK (details IS NULL OR json_valid(details))
) STRICT;
CREATE TABLE processed_messages (
    id           INTEGER PRIMARY KEY,
    message_id   TEXT    UNIQUE,
    inbox_key    TEXT    NOT NULL UNIQUE,
    game_id      INTEGER REFERENCES games (id),
    sender       TEXT,
    outcome      TEXT    NOT NULL,
    processed_at TEXT    NOT NULL
) STRICT;
CREATE TABLE mailboxes (
    name         TEXT    PRIMARY KEY,
    uid_validity INTEGER NOT NULL CHECK (uid_validity >= 0),
    last_uid     INTEGER NOT NULL CHECK (last_uid >= 0),
    updated_at   TEXT    NOT NULL
) STRICT;
CREATE TABLE outbox (
    id                INTEGER PRIMARY KEY,
    to_address        TEXT    NOT NULL CHECK (to_address LIKE '%_@_%'),
    subject           TEXT    NOT NULL,
    body_text         TEXT    NOT NULL,
    body_html         TEXT,
    in_reply_to       TEXT,
    references_header TEXT,
    message_id        TEXT    NOT NULL UNIQUE,
    game_id           INTEGER REFERENCES games (id),
    status            TEXT    NOT NULL DEFAULT 'pending'
                              CHECK (status IN ('pending', 'sent', 'failed')),
    attempts          INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at   TEXT    NOT NULL,
    last_error        TEXT,
    created_at        TEXT    NOT NULL,
    sent_at           TEXT,
    CHECK ((status = 'sent') = (sent_at IS NOT NULL))
) STRICT;
CREATE TABLE outbox_attachments (
    id           INTEGER PRIMARY KEY,
    outbox_id    INTEGER NOT NULL REFERENCES outbox (id),
    position     INTEGER NOT NULL CHECK (position >= 0),
    filename     TEXT    NOT NULL,
    content_type TEXT    NOT NULL,
    content      BLOB    NOT NULL,
    UNIQUE (outbox_id, position)
) STRICT;
CREATE TABLE secrets (
    name       TEXT PRIMARY KEY CHECK (length(name) > 0),
    value      BLOB NOT NULL CHECK (length(value) >= 16),
    created_at TEXT NOT NULL
) STRICT;
CREATE TABLE bounces (
    id            INTEGER PRIMARY KEY,
    outbox_id     INTEGER NOT NULL UNIQUE REFERENCES outbox (id),
    address       TEXT    NOT NULL COLLATE NOCASE,
    matched_by    TEXT    NOT NULL CHECK (matched_by IN ('verp', 'message-id')),
    reporting_mta TEXT,
    status        TEXT,
    diagnostic    TEXT,
    received_at   TEXT    NOT NULL,
    cleared_at    TEXT
) STRICT;
CREATE TABLE alerts (
    id        INTEGER PRIMARY KEY,
    alert_key TEXT    NOT NULL UNIQUE CHECK (length(alert_key) > 0),
    kind      TEXT    NOT NULL CHECK (length(kind) > 0),
    detail    TEXT    NOT NULL CHECK (json_valid(detail)),
    raised_at TEXT    NOT NULL
) STRICT;
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
CREATE INDEX games_white ON games (white_id);
CREATE INDEX games_black ON games (black_id);
CREATE INDEX games_created ON games (created_at);
CREATE INDEX games_status ON games (status);
CREATE TRIGGER moves_in_sequence
BEFORE INSERT ON moves
WHEN NEW.ply <> coalesce((SELECT max(ply) FROM moves WHERE game_id = NEW.game_id), 0) + 1
BEGIN
    SELECT RAISE(ABORT, 'moves: ply out of sequence');
END;
CREATE UNIQUE INDEX sealed_moves_one_hidden ON sealed_moves (game_id) WHERE revealed_at IS NULL;
CREATE INDEX draw_offers_game ON draw_offers (game_id);
CREATE UNIQUE INDEX draw_offers_one_pending ON draw_offers (game_id) WHERE status = 'pending';
CREATE INDEX draw_claims_game ON draw_claims (game_id);
CREATE INDEX clocks_running_deadline ON clocks (deadline) WHERE running = 1;
CREATE INDEX leaves_player ON leaves (player_id, starts_at);
CREATE INDEX audit_log_game ON audit_log (game_id);
CREATE INDEX audit_log_actor ON audit_log (actor_id);
CREATE TRIGGER audit_log_no_update
BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
CREATE TRIGGER audit_log_no_delete
BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
CREATE INDEX processed_messages_game ON processed_messages (game_id);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX bounces_address ON bounces (address) WHERE cleared_at IS NULL;
CREATE INDEX alert_deliveries_rate ON alert_deliveries (referee_id, status, at);
COMMIT;
