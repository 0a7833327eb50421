-- zaochka schema: conditional moves (issue 15, item 1). One row per branch
-- ("line") a player gave while the opponent was to move: the opponent's
-- expected move, the player's reply, then optionally more pairs, each ply
-- resolved at submission and kept in canonical full notation, so nothing is
-- re-read later. Hidden from the opponent: only the owner's own mails and the
-- play-out read this table. Conventions as in 0001_initial.sql.
CREATE TABLE conditional_lines (
    id             INTEGER PRIMARY KEY,
    game_id        INTEGER NOT NULL REFERENCES games (id),
    -- The owner of the line (the side whose replies it holds).
    side           TEXT    NOT NULL CHECK (side IN ('white', 'black')),
    -- The game ply (from 1) the line's first ply (the opponent's move) stands for.
    start_ply      INTEGER NOT NULL CHECK (start_ply >= 1),
    -- JSON array of {"full": "<canonical move>", "offer_draw": bool,
    -- "hash_after": <position hash after the ply, as moves.position_hash>}, opponent's
    -- and owner's plies alternating, starting with the opponent's; never empty,
    -- always of even length.
    plies          TEXT    NOT NULL,
    -- The line as the player wrote it (for the owner's list).
    written        TEXT    NOT NULL,
    -- Message-ID (without <>) of the mail that gave the line, if by mail.
    source_message TEXT,
    -- When the line was given (UTC, RFC 3339).
    created_at     TEXT    NOT NULL
);

CREATE INDEX conditional_lines_game ON conditional_lines (game_id, side);
