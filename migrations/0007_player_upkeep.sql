-- zaochka schema, version 7: a director retires a player (issue 14, item 2).
-- NULL: the player plays; an instant (UTC, RFC 3339): retired then. A retired
-- player cannot be entered in new games or tournaments; the games already
-- being played stand, and the player is still listed (players are never
-- deleted, see 0001_initial.sql). Conventions as in 0001_initial.sql.
ALTER TABLE players ADD COLUMN retired_at TEXT;
