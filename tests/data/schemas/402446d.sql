-- the database a build of commit 402446d creates (migrations 1..7)
PRAGMA user_version = 7;
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
, reply_token TEXT, tokenless_answered_at TEXT, piece_letters TEXT
    CHECK (piece_letters IS NULL OR piece_letters IN ('latin', 'russian'))) STRICT;
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
CREATE TABLE inbox_claims (
    inbox_key      TEXT    PRIMARY KEY,
    state          TEXT    NOT NULL CHECK (state IN ('taken', 'quarantined', 'released')),
    crashes        INTEGER NOT NULL DEFAULT 0 CHECK (crashes >= 0),
    holder_pid     INTEGER,
    size           INTEGER NOT NULL CHECK (size >= 0),
    first_taken_at TEXT    NOT NULL,
    last_taken_at  TEXT    NOT NULL,
    reason         TEXT    CHECK (reason IS NULL OR reason IN ('crashes', 'panic')),
    detail         TEXT,
    quarantined_at TEXT,
    CHECK ((state = 'quarantined') = (quarantined_at IS NOT NULL))
) STRICT;
CREATE TABLE IF NOT EXISTS "processed_messages" (
    id           INTEGER PRIMARY KEY,
    message_id   TEXT,
    inbox_key    TEXT    NOT NULL UNIQUE,
    game_id      INTEGER REFERENCES games (id),
    sender       TEXT,
    verified     INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
    outcome      TEXT    NOT NULL,
    processed_at TEXT    NOT NULL
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
CREATE TABLE threads (
    player_id       INTEGER NOT NULL REFERENCES players (id),
    game_id         INTEGER NOT NULL CHECK (game_id >= 0),
    last_message_id TEXT    NOT NULL,
    refs            TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL,
    PRIMARY KEY (player_id, game_id)
) STRICT;
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL COLLATE NOCASE UNIQUE CHECK (length(name) > 0),
    variant       TEXT    NOT NULL CHECK (length(variant) > 0),
    system        TEXT    NOT NULL
                          CHECK (system IN ('round_robin', 'double_round_robin', 'micro_match')),
    settings      TEXT    NOT NULL CHECK (json_valid(settings)),
    status        TEXT    NOT NULL DEFAULT 'registering'
                          CHECK (status IN ('registering', 'drawn', 'playing', 'paused',
                                            'adjudicating', 'finished')),
    draw_seed     TEXT,
    created_at    TEXT    NOT NULL,
    started_at    TEXT,
    period_ended_at TEXT,
    finished_at   TEXT
) STRICT;
CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    section       INTEGER NOT NULL DEFAULT 1 CHECK (section >= 1),
    number        INTEGER CHECK (number IS NULL OR number >= 1),
    status        TEXT    NOT NULL DEFAULT 'playing'
                          CHECK (status IN ('playing', 'withdrawn', 'replaced')),
    left_at       TEXT,
    replaced_by   INTEGER REFERENCES players (id),
    added_at      TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
) STRICT;
CREATE TABLE tournament_games (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id),
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    section       INTEGER NOT NULL CHECK (section >= 1),
    round         INTEGER NOT NULL CHECK (round >= 1),
    board         INTEGER NOT NULL CHECK (board >= 1),
    white_number  INTEGER NOT NULL CHECK (white_number >= 1),
    black_number  INTEGER NOT NULL CHECK (black_number >= 1),
    match_game    INTEGER CHECK (match_game IS NULL OR match_game IN (1, 2)),
    ballot_table  TEXT,
    ballot_code   TEXT,
    CHECK (white_number <> black_number)
) STRICT;
CREATE TABLE adjudication_claims (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    side           TEXT    NOT NULL CHECK (side IN ('white', 'black')),
    result         TEXT    NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    analysis       TEXT    NOT NULL DEFAULT '',
    source_message TEXT,
    claimed_at     TEXT    NOT NULL,
    PRIMARY KEY (game_id, side)
) STRICT, WITHOUT ROWID;
CREATE TABLE adjudications (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id),
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    frozen_at      TEXT    NOT NULL,
    claims_due     TEXT    NOT NULL,
    state          TEXT    NOT NULL DEFAULT 'claims'
                           CHECK (state IN ('claims', 'ruling', 'settled', 'ruled'))
) STRICT;
CREATE TABLE archive_records (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    record_key  TEXT    NOT NULL UNIQUE CHECK (length(record_key) = 64),
    source      TEXT    NOT NULL,
    result_from TEXT    NOT NULL
                        CHECK (result_from IN ('record', 'rules', 'trusted', 'unfinished')),
    imported_at TEXT    NOT NULL
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
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX inbox_claims_state ON inbox_claims (state);
CREATE INDEX processed_messages_game ON processed_messages (game_id);
CREATE UNIQUE INDEX processed_messages_verified_id
    ON processed_messages (message_id, sender)
    WHERE verified = 1 AND message_id IS NOT NULL;
CREATE INDEX bounces_address ON bounces (address) WHERE cleared_at IS NULL;
CREATE INDEX alert_deliveries_rate ON alert_deliveries (referee_id, status, at);
CREATE UNIQUE INDEX tournament_players_number
    ON tournament_players (tournament_id, section, number)
    WHERE number IS NOT NULL AND status <> 'replaced';
CREATE INDEX tournament_players_player ON tournament_players (player_id);
CREATE INDEX tournament_games_tournament ON tournament_games (tournament_id, section, round);
CREATE INDEX adjudications_tournament ON adjudications (tournament_id, state);
COMMIT;
