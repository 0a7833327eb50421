-- zaochka schema: evidence of timing for moves that came by mail (issue 15,
-- item 7). Conventions as in 0001_initial.sql (UTC instant text, STRICT
-- tables). A move from the command line has no row here: its only instant is
-- moves.received_at, the instant the command was applied. No foreign key: a
-- rollback deletes moves; a row counts only while its arrived_at equals the
-- move's received_at (a replayed ply overwrites it).

CREATE TABLE move_receipts (
    game_id      INTEGER NOT NULL,
    ply          INTEGER NOT NULL,
    -- The mail's Date header as written (evidence only: a sender can write any
    -- Date), and the same parsed to UTC when it parses.
    date_header  TEXT,
    date_utc     TEXT,
    -- When the mail reached the bot's mailbox (IMAP INTERNALDATE, Maildir file
    -- time): the instant the clock charges (equal to moves.received_at).
    arrived_at   TEXT    NOT NULL,
    -- When the daemon processed it (not charged: the bot's own delay).
    processed_at TEXT    NOT NULL,
    -- What the clock did with it, as computed in the move's transaction: the
    -- mover's clock start, the reflection time (seconds, stops left out), the
    -- time charged (after ICCF whole days and doubling), the time from the
    -- clock's start until the notice of the opponent's move was sent (the
    -- bot's delay: not charged), and the other stops (leave, bounce pauses).
    clock_started_at   TEXT,
    reflection_seconds INTEGER,
    charged_seconds    INTEGER,
    transit_seconds    INTEGER,
    stood_seconds      INTEGER,
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;
