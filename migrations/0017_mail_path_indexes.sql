-- zaochka schema: indexes for the queries of the mail path (issue 16, item 4).
-- Each query `serve` runs for a mail, a reply or a clock tick reaches its rows
-- through an index, so its cost does not grow with the number of games,
-- players or tournaments (checked by tests/query_plans.rs).

-- The referees and admins who get alerts and time-out reports
-- (players::referees).
CREATE INDEX players_role ON players (role);

-- The tournaments playing now, looked at by every clock tick for an ended
-- playing period (tournaments::playing).
CREATE INDEX tournaments_status ON tournaments (status);

-- Adjudications whose claim term has ended, looked at by every clock tick
-- (tournaments::claims_overdue).
CREATE INDEX adjudications_claims_due ON adjudications (claims_due)
    WHERE state = 'claims';

-- The bounce pauses of a game (its clock's stops), of a game and a player,
-- or of a player (bounce_pauses::list).
CREATE INDEX bounce_pauses_game ON bounce_pauses (game_id, player_id);
CREATE INDEX bounce_pauses_player ON bounce_pauses (player_id);

-- Running clocks by the instant they started, for the scheduler's silence
-- reminders (clocks::running_candidates; the deadline side has
-- clocks_running_deadline).
CREATE INDEX clocks_running_started ON clocks (last_started_at)
    WHERE running = 1;

-- The plies a mail played, by its Message-ID, for its move receipt
-- (receipts::unreceipted); moves entered on the command line have none.
CREATE INDEX moves_source_message ON moves (source_message)
    WHERE source_message IS NOT NULL;

-- Leaves still to end, for the scheduler (clocks::future_stops).
CREATE INDEX leaves_ending ON leaves (ends_at) WHERE cancelled_at IS NULL;
