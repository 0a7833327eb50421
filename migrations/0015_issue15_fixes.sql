-- zaochka schema: the plies the referee played itself from a player's
-- conditional line (issue 15, faults of the fix round), so that `referee
-- receipts` names them for what they are and the timing of the mail that set
-- them off is not stated for them. Conventions as in 0001_initial.sql (UTC
-- instant text, STRICT tables). No foreign key: a rollback deletes moves; a
-- row counts only while its played_at equals the move's received_at (a
-- replayed ply overwrites it).

CREATE TABLE conditional_replies (
    game_id        INTEGER NOT NULL,
    ply            INTEGER NOT NULL,
    -- Message-ID (without <>) of the mail that gave the line, if by mail.
    source_message TEXT,
    -- When the line was given (UTC).
    given_at       TEXT    NOT NULL,
    -- When the reply was played (UTC; equal to moves.received_at).
    played_at      TEXT    NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;
