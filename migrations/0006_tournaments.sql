-- Tournaments (issue 13): a tournament, its players with their personal
-- numbers, the games it created (with their place in the table of playing
-- order), and the claims players make when the playing period ends.
--
-- games.tournament keeps the tournament's name (shown in mails, used by
-- `referee pause-tournament`); tournament_games is the link that counts.

CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    -- Unique ignoring ASCII case.
    name          TEXT    NOT NULL COLLATE NOCASE UNIQUE CHECK (length(name) > 0),
    -- Variant name as the rules core spells it.
    variant       TEXT    NOT NULL CHECK (length(variant) > 0),
    system        TEXT    NOT NULL
                          CHECK (system IN ('round_robin', 'double_round_robin', 'micro_match')),
    -- tournament::Settings as JSON (time control, leave days, draw offers,
    -- time-out policy, tie-breaks, scoring, withdrawals, ballots, periods).
    settings      TEXT    NOT NULL CHECK (json_valid(settings)),
    status        TEXT    NOT NULL DEFAULT 'registering'
                          CHECK (status IN ('registering', 'drawn', 'playing', 'paused',
                                            'adjudicating', 'finished')),
    -- The lot's seed, lowercase hex, once drawn (re-checkable: tournament::lots).
    draw_seed     TEXT,
    created_at    TEXT    NOT NULL,
    started_at    TEXT,
    -- When the playing period ended and unfinished games went to adjudication.
    period_ended_at TEXT,
    finished_at   TEXT
) STRICT;

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    -- Sections are numbered from 1; each is its own round robin.
    section       INTEGER NOT NULL DEFAULT 1 CHECK (section >= 1),
    -- The personal number from the draw (1..n within the section).
    number        INTEGER CHECK (number IS NULL OR number >= 1),
    status        TEXT    NOT NULL DEFAULT 'playing'
                          CHECK (status IN ('playing', 'withdrawn', 'replaced')),
    -- Set for a withdrawal or a replacement.
    left_at       TEXT,
    -- Who took the place over (replacement).
    replaced_by   INTEGER REFERENCES players (id),
    added_at      TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
) STRICT;

CREATE UNIQUE INDEX tournament_players_number
    ON tournament_players (tournament_id, section, number)
    WHERE number IS NOT NULL AND status <> 'replaced';
CREATE INDEX tournament_players_player ON tournament_players (player_id);

CREATE TABLE tournament_games (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id),
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    section       INTEGER NOT NULL CHECK (section >= 1),
    -- Round of the table (1-based; the second cycle continues the count).
    round         INTEGER NOT NULL CHECK (round >= 1),
    -- Board in the round as the table prints it (1-based).
    board         INTEGER NOT NULL CHECK (board >= 1),
    -- Personal numbers of White and Black.
    white_number  INTEGER NOT NULL CHECK (white_number >= 1),
    black_number  INTEGER NOT NULL CHECK (black_number >= 1),
    -- 1 or 2 in a micro-match, NULL otherwise.
    match_game    INTEGER CHECK (match_game IS NULL OR match_game IN (1, 2)),
    -- The balloted opening: table name and code ('IDF-64', '1-IV'), or NULL.
    ballot_table  TEXT,
    ballot_code   TEXT,
    CHECK (white_number <> black_number)
) STRICT;

CREATE INDEX tournament_games_tournament ON tournament_games (tournament_id, section, round);

-- What a player claims for an unfinished game when the playing period ends.
CREATE TABLE adjudication_claims (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    side           TEXT    NOT NULL CHECK (side IN ('white', 'black')),
    -- The result the player claims for the game: '1-0', '0-1', '1/2-1/2'.
    result         TEXT    NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    analysis       TEXT    NOT NULL DEFAULT '',
    source_message TEXT,
    claimed_at     TEXT    NOT NULL,
    PRIMARY KEY (game_id, side)
) STRICT, WITHOUT ROWID;

-- Games waiting for claims or a ruling: frozen (status 'paused') with the
-- deadline for claims.
CREATE TABLE adjudications (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id),
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    frozen_at      TEXT    NOT NULL,
    claims_due     TEXT    NOT NULL,
    -- 'claims' (waiting), 'ruling' (for the director), 'settled' (ended by
    -- matching claims), 'ruled' (the director's adjudication).
    state          TEXT    NOT NULL DEFAULT 'claims'
                           CHECK (state IN ('claims', 'ruling', 'settled', 'ruled'))
) STRICT;

CREATE INDEX adjudications_tournament ON adjudications (tournament_id, state);
