//! The clocks of the games: the clock functions the referee and the daemon
//! call inside their transaction. Each loads what it needs (the game's control, both
//! clocks, the players' leaves), calls the pure functions of the clock
//! module, and writes the clocks back; none reads the system clock.
//!
//! - the referee: [`start_game`] when a game begins, [`record_move`] for
//!   every move (a late move comes back as [`MoveClockError::Late`]),
//!   [`take_leave`] for `leave ...`, [`add_time`] for a referee's grant,
//!   [`report`] for the clock lines of a reply;
//! - the daemon's scheduler tick: [`tick`], then for each action returned
//!   write the outbox row (and for a `timeout-loss`, the referee's
//!   `referee::clocks::finish_on_time`) in the same transaction.

use chrono::{DateTime, Datelike, TimeZone, Utc};

use crate::clock::charge::Stop;
use crate::clock::control::{ControlError, TimeControl};
use crate::clock::leave::{self, LeaveError, LeaveRequest};
use crate::clock::schedule::{self, Action};
use crate::clock::settings::Settings;
use crate::clock::state::{self, ClockView, MoveCharge, MoveClockError};
use crate::clock::zone::{ZoneError, parse_zone};
use crate::store::clocks::{self, Clock, Leave};
use crate::store::games::{self, Game, GameFilter};
use crate::store::{StoreError, Tx, bounce_pauses, clock_horizon, clock_trust, players};
use crate::vocabulary::GameStatus;
use crate::vocabulary::{Color, GameId, PlayerId};

/// What went wrong in a clock operation on the store.
#[derive(Debug, thiserror::Error)]
pub enum ClockError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The game's stored time control is not valid.
    #[error(transparent)]
    Control(#[from] ControlError),
    /// A leave request was refused.
    #[error(transparent)]
    Leave(#[from] LeaveError),
    /// A player's time zone is unknown.
    #[error(transparent)]
    Zone(#[from] ZoneError),
    /// The move does not fit the clocks (not running, late, out of order).
    #[error(transparent)]
    Move(#[from] MoveClockError),
    /// The game has no time control.
    #[error("game {0} has no time control")]
    NoTimeControl(GameId),
    /// The game has no clock rows (not started with [`start_game`]).
    #[error("game {0} has no clocks")]
    NoClocks(GameId),
    /// [`start_game`] on a game whose clocks exist already.
    #[error("game {0} has clocks already")]
    AlreadyStarted(GameId),
}

/// Shorthand for results of this module.
pub type Result<T, E = ClockError> = std::result::Result<T, E>;

fn far_past() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(1, 1, 1, 0, 0, 0)
        .single()
        .unwrap_or(DateTime::<Utc>::MIN_UTC)
}

fn far_future() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(9999, 12, 31, 0, 0, 0)
        .single()
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}

/// Every leave of a player that is not cancelled, earliest first.
///
/// # Errors
/// [`ClockError::Store`].
pub fn player_leaves(tx: &Tx<'_>, player: PlayerId) -> Result<Vec<Leave>> {
    Ok(clocks::leaves(tx, player, far_past(), far_future())?)
}

/// The clock stops of a player from `from` (UTC) on: the player's leaves.
///
/// # Errors
/// [`ClockError::Store`].
pub fn player_stops(tx: &Tx<'_>, player: PlayerId, from: DateTime<Utc>) -> Result<Vec<Stop>> {
    Ok(leave::stops(&clocks::leaves(
        tx,
        player,
        from,
        far_future(),
    )?))
}

/// A game with its control, clocks and stops, loaded for computing.
#[derive(Clone, Debug)]
pub struct LoadedClocks {
    /// The game.
    pub game: Game,
    /// Its control.
    pub control: TimeControl,
    /// White's clock.
    pub white: Clock,
    /// Black's clock.
    pub black: Clock,
    /// White's stops (the White player's leaves).
    pub white_stops: Vec<Stop>,
    /// Black's stops.
    pub black_stops: Vec<Stop>,
}

impl LoadedClocks {
    /// One side's clock and stops.
    #[must_use]
    pub fn side(&self, side: Color) -> (&Clock, &[Stop]) {
        match side {
            Color::White => (&self.white, &self.white_stops),
            Color::Black => (&self.black, &self.black_stops),
        }
    }

    /// The next reminder or time-out of `side` strictly after `now` (UTC),
    /// for "the next reminder will come on ..." (see [`schedule::next_after`]).
    #[must_use]
    pub fn next_after(
        &self,
        side: Color,
        settings: &Settings,
        now: DateTime<Utc>,
    ) -> Option<Action> {
        let (clock, stops) = self.side(side);
        schedule::next_after(self.game.id, &self.control, clock, stops, settings, now)
    }

    /// The actions due at `now` (UTC) under `settings` (see [`schedule::due`]).
    #[must_use]
    pub fn due(&self, settings: &Settings, now: DateTime<Utc>) -> Vec<Action> {
        schedule::due(
            self.game.id,
            &self.control,
            &[
                (&self.white, &self.white_stops),
                (&self.black, &self.black_stops),
            ],
            settings,
            now,
        )
    }
}

fn stops_since(tx: &Tx<'_>, player: PlayerId, clock: &Clock) -> Result<Vec<Stop>> {
    game_stops(
        tx,
        clock.game_id,
        player,
        clock.last_started_at.unwrap_or(clock.updated_at),
    )
}

/// Loads a game's control, clocks and stops; `None` if the game has no time
/// control or no clocks yet.
///
/// # Errors
/// [`ClockError::Store`] (also `NotFound` for an unknown game),
/// [`ClockError::Control`].
pub fn load(tx: &Tx<'_>, game_id: GameId) -> Result<Option<LoadedClocks>> {
    let game = games::get(tx, game_id)?;
    let Some(control) = game.time_control else {
        return Ok(None);
    };
    let (Some(white), Some(black)) = (
        clocks::get(tx, game_id, Color::White)?,
        clocks::get(tx, game_id, Color::Black)?,
    ) else {
        return Ok(None);
    };
    let white_stops = stops_since(tx, game.white, &white)?;
    let black_stops = stops_since(tx, game.black, &black)?;
    Ok(Some(LoadedClocks {
        game,
        control,
        white,
        black,
        white_stops,
        black_stops,
    }))
}

/// Creates both clocks of a game with a time control and starts `first`'s
/// (the side to move) at `at` (UTC). Returns (White, Black).
///
/// # Errors
/// [`ClockError::NoTimeControl`], [`ClockError::AlreadyStarted`],
/// [`ClockError::Control`], [`ClockError::Store`].
pub fn start_game(
    tx: &Tx<'_>,
    game_id: GameId,
    first: Color,
    at: DateTime<Utc>,
) -> Result<(Clock, Clock)> {
    let game = games::get(tx, game_id)?;
    let control = game
        .time_control
        .ok_or(ClockError::NoTimeControl(game_id))?;
    if !clocks::list(tx, game_id)?.is_empty() {
        return Err(ClockError::AlreadyStarted(game_id));
    }
    let mut white = Clock::new(game_id, Color::White, at);
    let mut black = Clock::new(game_id, Color::Black, at);
    let clock = match first {
        Color::White => &mut white,
        Color::Black => &mut black,
    };
    let stops = game_stops(tx, game_id, game.player(first), at)?;
    state::start(&control, clock, at, &stops);
    clocks::put(tx, &white)?;
    clocks::put(tx, &black)?;
    Ok((white, black))
}

/// Charges `mover` for a move received at `received_at` (UTC), starts the
/// opponent's clock, and writes both clocks. Call it in the transaction that
/// appends the move.
///
/// # Errors
/// [`ClockError::Move`] (`Late`: the side has lost on time, nothing
/// written; `NotRunning`; `BeforeStart`), [`ClockError::NoTimeControl`],
/// [`ClockError::NoClocks`], [`ClockError::Store`].
pub fn record_move(
    tx: &Tx<'_>,
    game_id: GameId,
    mover: Color,
    received_at: DateTime<Utc>,
) -> Result<MoveCharge> {
    let game = games::get(tx, game_id)?;
    let loaded = load(tx, game_id)?.ok_or_else(|| {
        if game.time_control.is_none() {
            ClockError::NoTimeControl(game_id)
        } else {
            ClockError::NoClocks(game_id)
        }
    })?;
    let LoadedClocks {
        control,
        mut white,
        mut black,
        white_stops,
        black_stops,
        ..
    } = loaded;
    // The opponent's stops from the receipt instant on.
    let opponent_stops = game_stops(tx, game_id, game.player(mover.opposite()), received_at)?;
    let charge = match mover {
        Color::White => state::apply_move(
            &control,
            &mut white,
            &mut black,
            received_at,
            &white_stops,
            &opponent_stops,
        )?,
        Color::Black => state::apply_move(
            &control,
            &mut black,
            &mut white,
            received_at,
            &black_stops,
            &opponent_stops,
        )?,
    };
    clocks::put(tx, &white)?;
    clocks::put(tx, &black)?;
    Ok(charge)
}

/// Recomputes the stored deadline of every running clock of `player` in an
/// active game (after the player's leaves changed); returns the clocks
/// rewritten.
///
/// # Errors
/// [`ClockError::Store`], [`ClockError::Control`].
pub fn refresh_player(tx: &Tx<'_>, player: PlayerId, at: DateTime<Utc>) -> Result<Vec<Clock>> {
    let filter = GameFilter {
        player: Some(player),
        status: Some(GameStatus::Active),
        ..GameFilter::default()
    };
    let mut changed = Vec::new();
    for game in games::list(tx, &filter)? {
        let Some(control) = game.time_control else {
            continue;
        };
        let Some(side) = game.side_of(player) else {
            continue;
        };
        let Some(mut clock) = clocks::get(tx, game.id, side)? else {
            continue;
        };
        if !clock.running {
            continue;
        }
        let stops = stops_since(tx, player, &clock)?;
        state::refresh_deadline(&control, &mut clock, &stops, at);
        clocks::put(tx, &clock)?;
        changed.push(clock);
    }
    Ok(changed)
}

/// Takes a leave for `player` at `now` (UTC): checks it in the player's zone
/// against the player's leaves and `settings`, records it, and moves the
/// deadlines of the player's running clocks. Returns the stored leave and
/// the clocks whose deadline moved (their games' opponents are to be told).
///
/// # Errors
/// [`ClockError::Leave`] (in the past, overlapping, beyond the allowance;
/// nothing is written), [`ClockError::Zone`], [`ClockError::Store`].
pub fn take_leave(
    tx: &Tx<'_>,
    player: PlayerId,
    request: &LeaveRequest,
    settings: &Settings,
    now: DateTime<Utc>,
) -> Result<(Leave, Vec<Clock>)> {
    let p = players::get(tx, player)?;
    let tz = parse_zone(&p.time_zone)?;
    let existing = player_leaves(tx, player)?;
    let planned = leave::plan(request, tz, &existing, settings, now)?;
    let stored = clocks::add_leave(tx, &planned.to_new_leave(player, now))?;
    let moved = refresh_player(tx, player, now)?;
    Ok((stored, moved))
}

/// Leave days left to `player` in the calendar year of `now` in the player's
/// zone.
///
/// # Errors
/// [`ClockError::Zone`], [`ClockError::Store`].
pub fn leave_days_left(
    tx: &Tx<'_>,
    player: PlayerId,
    settings: &Settings,
    now: DateTime<Utc>,
) -> Result<u32> {
    let p = players::get(tx, player)?;
    let tz = parse_zone(&p.time_zone)?;
    let year = now.with_timezone(&tz).year();
    Ok(leave::days_left(
        &player_leaves(tx, player)?,
        tz,
        year,
        settings,
    ))
}

/// Whether `player` may move at `at` (UTC) under `settings` (moves on leave
/// may be refused by the tournament).
///
/// # Errors
/// [`ClockError::Leave`] with [`LeaveError::OnLeave`], [`ClockError::Zone`],
/// [`ClockError::Store`].
pub fn check_may_move(
    tx: &Tx<'_>,
    player: PlayerId,
    settings: &Settings,
    at: DateTime<Utc>,
) -> Result<()> {
    if settings.may_move_on_leave {
        return Ok(());
    }
    let p = players::get(tx, player)?;
    let tz = parse_zone(&p.time_zone)?;
    Ok(leave::check_may_move(
        settings,
        &player_leaves(tx, player)?,
        tz,
        at,
    )?)
}

/// A referee gives (`seconds > 0`) or takes time from one side at `at`
/// (UTC); the caller writes the audit entry. Returns the updated clock.
///
/// # Errors
/// [`ClockError::NoTimeControl`], [`ClockError::NoClocks`], [`ClockError::Store`].
pub fn add_time(
    tx: &Tx<'_>,
    game_id: GameId,
    side: Color,
    seconds: i64,
    at: DateTime<Utc>,
) -> Result<Clock> {
    let loaded = load(tx, game_id)?.ok_or(ClockError::NoClocks(game_id))?;
    let (clock, stops) = loaded.side(side);
    let mut clock = clock.clone();
    state::add_time(&loaded.control, &mut clock, seconds, stops, at);
    clocks::put(tx, &clock)?;
    Ok(clock)
}

/// Both clocks of a game as a reply shows them at `now` (UTC), White first;
/// `None` if the game has no clocks.
///
/// # Errors
/// [`ClockError::Store`], [`ClockError::Control`].
pub fn report(tx: &Tx<'_>, game_id: GameId, now: DateTime<Utc>) -> Result<Option<[ClockView; 2]>> {
    Ok(load(tx, game_id)?.map(|l| {
        [
            state::view(&l.control, &l.white, &l.white_stops, now),
            state::view(&l.control, &l.black, &l.black_stops, now),
        ]
    }))
}

/// Every action due at `now` (UTC) in the active games with clocks, whether
/// or not already recorded; `settings_for` gives each game's settings (from
/// its tournament).
///
/// # Errors
/// [`ClockError::Store`], [`ClockError::Control`].
pub fn due_actions(
    tx: &Tx<'_>,
    now: DateTime<Utc>,
    mut settings_for: impl FnMut(&Game) -> Settings,
) -> Result<Vec<Action>> {
    let mut out = Vec::new();
    for id in clock_horizon::candidates(tx, now)? {
        if let Some(l) = load(tx, id)?.filter(|l| l.game.status == GameStatus::Active) {
            out.extend(l.due(&settings_for(&l.game), now));
        }
    }
    Ok(out)
}

/// Records `action` as done at `now` (UTC). `true` if it was new: act on it
/// (send the reminder, end the game) in this same transaction; `false` if an
/// earlier tick did already.
///
/// # Errors
/// [`ClockError::Store`].
pub fn claim(tx: &Tx<'_>, action: &Action, now: DateTime<Utc>) -> Result<bool> {
    Ok(clocks::record_reminder(tx, &action.record(now))?)
}

/// The scheduler tick: the actions due at `now` (UTC) that no earlier tick
/// has recorded, each recorded now. The caller acts on every one in the same
/// transaction (outbox rows; `referee::clocks::finish_on_time` for a
/// `timeout-loss`), so a
/// crash before the commit leaves nothing recorded and nothing sent, and the
/// next tick does it all again.
///
/// # Errors
/// [`ClockError::Store`], [`ClockError::Control`].
pub fn tick(
    tx: &Tx<'_>,
    now: DateTime<Utc>,
    settings_for: impl FnMut(&Game) -> Settings,
) -> Result<Vec<Action>> {
    let mut fresh = Vec::new();
    for action in due_actions(tx, now, settings_for)? {
        if claim(tx, &action, now)? {
            fresh.push(action);
        }
    }
    Ok(fresh)
}

/// Stops the clocks of a game that ends at `at` (UTC) with `to_move` to move
/// (see [`state::stop_at_end`]): that side is charged for its current move up
/// to the end, so both clocks keep their used and left time. A game without
/// clocks is left alone.
///
/// # Errors
/// [`ClockError::Store`], [`ClockError::Control`].
pub fn stop_at_end(tx: &Tx<'_>, game_id: GameId, to_move: Color, at: DateTime<Utc>) -> Result<()> {
    let Some(l) = load(tx, game_id)? else {
        return Ok(());
    };
    let (clock, stops) = l.side(to_move);
    let mut clock = clock.clone();
    state::stop_at_end(&l.control, &mut clock, at, stops);
    clocks::put(tx, &clock)?;
    let mut other = l.side(to_move.opposite()).0.clone();
    if state::pause(&mut other, at) {
        clocks::put(tx, &other)?;
    }
    Ok(())
}

/// The clock stops of `player` in `game` that end after `from` (UTC): the
/// player's leaves and the game's bounce pauses of that player (see
/// [`crate::clock::pauses`]).
///
/// # Errors
/// [`ClockError::Store`].
pub fn game_stops(
    tx: &Tx<'_>,
    game: GameId,
    player: PlayerId,
    from: DateTime<Utc>,
) -> Result<Vec<Stop>> {
    let mut stops = player_stops(tx, player, from)?;
    stops.extend(
        bounce_pauses::stops(tx, game, player, from)?
            .into_iter()
            .map(|(start, end)| Stop::new(start, end)),
    );
    // The span of a forward step of the system clock is charged to nobody
    // while it waits for a director, nor ever once cancelled.
    stops.extend(
        clock_trust::step_stops(tx, from)?
            .into_iter()
            .map(|(start, end)| Stop::new(start, end)),
    );
    Ok(stops)
}

#[cfg(test)]
mod tests;
