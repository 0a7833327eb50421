-- zaochka schema: the shell commands a database holds, so that a restore
-- replays from the command journal beside the database only the commands
-- the restored copy lacks; the forward steps of the system clock that a
-- director cancelled, whose span no clock charges.

-- A command typed at the shell (`zaochka player add`, `game new`,
-- `add-days`, ...) that changed the database: its mark (the `mark` of its
-- line in the journal `<database>.commands`, unique) and the instant it
-- acted at (UTC, RFC 3339), written in the command's own transaction; for a
-- command that `zaochka restore` replayed and that was refused then,
-- `refused_at` is the instant of that replay (NULL for a command applied),
-- so that it is not tried again.
CREATE TABLE shell_commands (
    mark TEXT PRIMARY KEY,
    at TEXT NOT NULL,
    refused_at TEXT
) STRICT;

-- A forward step of the system clock that a director cancelled
-- (`zaochka clock cancel-step`): from the trusted instant then to the
-- instant the clock read (UTC, RFC 3339), and when it was cancelled. No
-- clock charges the span: it stands as a stop of every clock, as a leave
-- does, so a move received while the step waited is charged its reflection
-- time without the span.
CREATE TABLE cancelled_clock_steps (
    step_from TEXT NOT NULL,
    step_to TEXT NOT NULL,
    cancelled_at TEXT NOT NULL,
    CHECK (step_from < step_to)
) STRICT;

-- The steps a clock's stops are looked up by: those ending after an instant.
CREATE INDEX cancelled_clock_steps_by_end ON cancelled_clock_steps (step_to);
