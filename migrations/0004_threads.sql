-- zaochka schema, version 4: one conversation per game and player (issue 12,
-- items 3 and 4). Conventions as in 0001_initial.sql (UTC instant text, STRICT).

-- Each player's personal token, carried in the personal reply address
-- `<local>+p<player>.<token>@<domain>` of the mails that are not about one game
-- (help, the list of games, a leave confirmation). Made from SQLite's CSPRNG for
-- the players registered before this version; `players::add` makes new ones.
ALTER TABLE players ADD COLUMN reply_token TEXT;
UPDATE players SET reply_token = lower(hex(randomblob(8))) WHERE reply_token IS NULL;

-- When the player last got the answer to a mail that carried no valid token
-- ("nothing was done; here are your games"): at most one a day.
ALTER TABLE players ADD COLUMN tokenless_answered_at TEXT;

-- The thread of the bot's mails to one player about one game (game_id 0: the
-- player's own thread, for the mails not about one game): the Message-ID of the
-- last mail of that thread to the player (the bot's, or the player's own when
-- the bot answered it) and the References chain of the next mail (ids with
-- `<>`, space separated, oldest first, at most 20).
CREATE TABLE threads (
    player_id       INTEGER NOT NULL REFERENCES players (id),
    game_id         INTEGER NOT NULL CHECK (game_id >= 0),
    last_message_id TEXT    NOT NULL,
    refs            TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL,
    PRIMARY KEY (player_id, game_id)
) STRICT;
