-- zaochka schema, version 5: the letters a player reads chess moves in (issue
-- 12, item 2). NULL: the letters of the player's language (Russian readers get
-- Кр Ф Л С К, English readers K Q R B N); `latin` or `russian` when the player
-- chose otherwise. Conventions as in 0001_initial.sql.
ALTER TABLE players ADD COLUMN piece_letters TEXT
    CHECK (piece_letters IS NULL OR piece_letters IN ('latin', 'russian'));
