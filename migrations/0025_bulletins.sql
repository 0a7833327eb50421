-- zaochka schema: a tournament's bulletins to its entrants, and the players
-- who asked for none.

-- One row per bulletin sent: its number in the tournament (from 1), whether
-- it is the final one, and when it was sent (UTC). The daemon sends a
-- bulletin due when no row of its number is there, in the transaction that
-- writes the row, so a bulletin goes once.
CREATE TABLE tournament_bulletins (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    number INTEGER NOT NULL CHECK (number >= 1),
    final INTEGER NOT NULL DEFAULT 0 CHECK (final IN (0, 1)),
    sent_at TEXT NOT NULL,
    PRIMARY KEY (tournament_id, number)
);

-- The finished games each bulletin reported: a game is reported once, in
-- the first bulletin after it ended.
CREATE TABLE tournament_bulletin_games (
    tournament_id INTEGER NOT NULL,
    number INTEGER NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games(id),
    PRIMARY KEY (tournament_id, game_id),
    FOREIGN KEY (tournament_id, number) REFERENCES tournament_bulletins(tournament_id, number)
);

-- Players who asked by mail for no bulletins (since, UTC); asking for
-- bulletins again deletes the row.
CREATE TABLE bulletin_opt_outs (
    player_id INTEGER PRIMARY KEY REFERENCES players(id),
    since TEXT NOT NULL
);
