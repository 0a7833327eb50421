-- zaochka schema, version 9: a sealed move made void by a director (issue 14).
-- NULL: the sealed move stands (hidden until revealed); an instant (UTC,
-- RFC 3339): a rollback, adjudication, forfeit or annulment changed the
-- position or ended the game before the move was revealed, so it will never
-- be played (seed 003 art. 15-17 presume the position of the seal). The row is
-- kept, unrevealed, for the record. Conventions as in 0001_initial.sql.
ALTER TABLE sealed_moves ADD COLUMN dropped_at TEXT;

-- At most one sealed move per game still waiting to be revealed.
DROP INDEX sealed_moves_one_hidden;
CREATE UNIQUE INDEX sealed_moves_one_hidden ON sealed_moves (game_id)
    WHERE revealed_at IS NULL AND dropped_at IS NULL;
