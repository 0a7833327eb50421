-- zaochka schema: the daemon's trusted instant and a forward step of the
-- system clock waiting for a director; mails whose authentication checks
-- ended in temperror, waiting to be checked again.

-- One row: the last instant of the daemon's clock that was trusted (a
-- clock tick's instant, never moved back), and a forward step of the clock
-- larger than `[clock] max-step-hours` between two ticks, from `step_from`
-- (the trusted instant then) to `step_to` (the instant seen), waiting for
-- `zaochka clock confirm-step` or `cancel-step`; no time-out is executed
-- while a step waits. Instants are UTC, RFC 3339. `boot_id` and
-- `boot_uptime_ms` say when `trusted_at` was read by the machine's own
-- count since boot (Linux `boot_id`, `/proc/uptime` in milliseconds): a tick
-- on the same boot measures the real time passed by that count, so a daemon
-- stopped for a while is not taken for a step of the clock; NULL when the
-- count could not be read or after a director's answer.
CREATE TABLE clock_trust (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    trusted_at TEXT NOT NULL,
    boot_id TEXT,
    boot_uptime_ms INTEGER CHECK (boot_uptime_ms >= 0),
    step_from TEXT,
    step_to TEXT,
    CHECK ((step_from IS NULL) = (step_to IS NULL))
) STRICT;

-- A mail whose checks ended in temperror under
-- `dmarc-reject-refuses-moves = true`: when it was first checked (UTC) and
-- how many times; it waits in the inbox until `temperror-wait-minutes`
-- after `first_at`. The row goes when the mail is recorded.
CREATE TABLE auth_waits (
    inbox_key TEXT PRIMARY KEY,
    first_at TEXT NOT NULL,
    checks INTEGER NOT NULL DEFAULT 1
) STRICT;
