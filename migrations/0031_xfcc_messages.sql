-- zaochka schema: the words a player sent with an act from a desktop
-- program (Xfcc's myMessage), kept so that GetMyGames shows them to the
-- opponent (its `message` field).

-- One row per game and side: the last words that side sent, cleaned as
-- passed on, the number of plies the game had after the act they came with
-- (shown only while the game has no later ply), and when (UTC).
CREATE TABLE xfcc_messages (
    game_id INTEGER NOT NULL REFERENCES games(id),
    side TEXT NOT NULL CHECK (side IN ('white', 'black')),
    text TEXT NOT NULL,
    plies INTEGER NOT NULL,
    sent_at TEXT NOT NULL,
    PRIMARY KEY (game_id, side)
);
