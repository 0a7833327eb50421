-- Game records imported into the archive (issue 14, item 6): the key that
-- recognises a record imported before (the same game in another file or a
-- second run is skipped), how the import settled its result, and the record's
-- tags (the day it was played among them).
--
-- An unfinished record imported with `import --unfinished` is an annulled game
-- (never active: no daemon, scheduler, reminder or list of active games picks
-- it up) whose archive row says `unfinished`.

CREATE TABLE archive_records (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    -- sha256 (lowercase hex) of variant, start FEN, moves, White, Black and Date.
    record_key  TEXT    NOT NULL UNIQUE CHECK (length(record_key) = 64),
    -- Where the record came from: file name and game number.
    source      TEXT    NOT NULL,
    -- 'record': the record's result; 'rules': the final position ended the game;
    -- 'trusted': the Result tag kept against the position (`--trust-result`);
    -- 'unfinished': no result (`--unfinished`).
    result_from TEXT    NOT NULL
                        CHECK (result_from IN ('record', 'rules', 'trusted', 'unfinished')),
    imported_at TEXT    NOT NULL,
    -- The record's tag pairs in file order, as a JSON array of [name, value]
    -- arrays (Event, Site, Date, Round and the others), for `export`.
    tags        TEXT    NOT NULL DEFAULT '[]' CHECK (json_valid(tags)),
    -- The day the game was played (YYYY-MM-DD) when its Date tag gives one in
    -- full, for `history --from/--to`; NULL when unknown.
    played_on   TEXT    CHECK (played_on IS NULL OR played_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
) STRICT;
