-- zaochka schema: signed move receipts (docs/players.md, "Move receipts").
-- Conventions as in 0001_initial.sql (STRICT tables).
--
-- One row per game and ply: ply 0 holds the game's start text (the head of
-- its chain), ply N the `.zrc` text of the receipt of ply N, signed with the
-- server's Ed25519 key. `hash` is the SHA-256 of `text` (64 hex digits): the
-- next receipt's `previous`. A row is written in the transaction that stores
-- its ply. No foreign key: a rollback deletes moves; a row past the game's
-- last ply does not count, and a ply played again replaces its row.
CREATE TABLE signed_receipts (
    game_id INTEGER NOT NULL,
    ply     INTEGER NOT NULL CHECK (ply >= 0),
    text    TEXT    NOT NULL,
    hash    TEXT    NOT NULL CHECK (length(hash) = 64),
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;
