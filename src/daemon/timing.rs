//! Evidence of timing: for every move a mail played, the
//! receipt (the mail's `Date:` header as written and in UTC, the arrival
//! instant, the processing instant) and what the clock charged, stored in the
//! move's transaction; the mover's reply says how much reflection time was
//! charged and how much was not.
//!
//! # What is charged
//!
//! The clock charges a move from the instant the mover's clock started to the
//! instant the move's mail **arrived** in the bot's mailbox (IMAP
//! INTERNALDATE, Maildir file time), leaving out the stops of the mover's
//! clock ([`crate::referee::game_clocks::game_stops`]):
//!
//! - the bot's own delay before the mover could know it was their move: from
//!   the clock's start until the notice of the opponent's move was **sent**
//!   (the daemon down or behind in processing the opponent's mail, the notice
//!   waiting in the outbox) — "time in transit", not charged;
//! - leave and bounce pauses (the notice could not be delivered) — not charged;
//! - the mover's own mail waiting at the bot (arrival to processing) lies
//!   after the arrival instant — not charged.
//!
//! The `Date:` header is evidence only: a sender can write any Date, so it is
//! stored and shown but never used for charging.

use chrono::{DateTime, Utc};

use super::inbox::RawMail;
use crate::clock::charge::{charge, reflection_seconds};
use crate::mail::Envelope;
use crate::referee::game_clocks::game_stops;
use crate::referee::told::Note;
use crate::referee::{RefereeError, Reply};
use crate::store::players::Player;
use crate::store::receipts::{self, ChargeRecord, Receipt};
use crate::store::{Tx, bounce_pauses, clocks, games};
use crate::vocabulary::{Color, GameId};

/// The start instants of both clocks of a game (UTC), taken before a
/// command runs: a conditional reply played at once restarts the mover's
/// clock in the same transaction, and the move's charge must be counted from
/// the start the move was made against.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ClockStarts {
    game: Option<GameId>,
    white: Option<DateTime<Utc>>,
    black: Option<DateTime<Utc>>,
}

impl ClockStarts {
    /// The clocks of `game` as they stand now (none without a game).
    ///
    /// # Errors
    /// Database failures.
    pub(crate) fn of(tx: &Tx<'_>, game: Option<GameId>) -> Result<ClockStarts, RefereeError> {
        let Some(g) = game else {
            return Ok(ClockStarts::default());
        };
        let start = |side| -> Result<Option<DateTime<Utc>>, RefereeError> {
            Ok(clocks::get(tx, g, side)?.and_then(|c| c.last_started_at))
        };
        Ok(ClockStarts {
            game: Some(g),
            white: start(Color::White)?,
            black: start(Color::Black)?,
        })
    }

    fn get(&self, game: GameId, side: Color) -> Option<DateTime<Utc>> {
        if self.game != Some(game) {
            return None;
        }
        match side {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
}

/// Records the receipts of the moves `mail` played for `player` (plies
/// without a receipt yet; a reply played from a conditional line is none)
/// and appends the timing line to the player's reply about each game.
/// `processed_at` is the processing instant (UTC); `starts` the clocks as
/// they stood before the command ran.
///
/// # Errors
/// Database failures.
pub(crate) fn on_moves(
    tx: &Tx<'_>,
    env: &Envelope,
    mail: &RawMail,
    player: &Player,
    replies: &mut [Reply],
    processed_at: DateTime<Utc>,
    starts: &ClockStarts,
) -> Result<(), RefereeError> {
    let Some(message_id) = env.message_id.as_deref() else {
        return Ok(());
    };
    let plies = receipts::unreceipted(tx, message_id, mail.received_at)?;
    if plies.is_empty() {
        return Ok(());
    }
    let date_header = raw_date(&mail.bytes);
    let date_utc = env.date.map(|d| d.with_timezone(&Utc));
    for (game, ply, side) in plies {
        let charge = charge_of(tx, game, side, mail.received_at, starts.get(game, side))?;
        let receipt = Receipt {
            game_id: game,
            ply,
            date_header: date_header.clone(),
            date_utc,
            arrived_at: mail.received_at,
            processed_at,
            charge,
        };
        receipts::record(tx, &receipt)?;
        let (Some(c), true) = (charge, games::get(tx, game)?.player(side) == player.id) else {
            continue;
        };
        let delay = (processed_at - mail.received_at).num_seconds();
        for r in replies
            .iter_mut()
            .filter(|r| r.to == player.id && r.game == Some(game))
        {
            r.notes.push(Note::Timing {
                charge: c,
                delay_seconds: delay,
            });
        }
    }
    Ok(())
}

/// What the clock charged `side` in `game` for the move received at
/// `arrived_at`, recomputed in the move's transaction exactly as the clock
/// did it: from `started` (the mover's clock start before the move, UTC) or,
/// without it, the start the mover's clock keeps once stopped; `None`
/// without a clock.
///
/// # Errors
/// Database failures.
pub fn charge_of(
    tx: &Tx<'_>,
    game: GameId,
    side: Color,
    arrived_at: DateTime<Utc>,
    started: Option<DateTime<Utc>>,
) -> Result<Option<ChargeRecord>, RefereeError> {
    let row = games::get(tx, game)?;
    let Some(control) = row.time_control else {
        return Ok(None);
    };
    let kept = clocks::get(tx, game, side)?.and_then(|c| c.last_started_at);
    let Some(started) = started.or(kept) else {
        return Ok(None);
    };
    let player = row.player(side);
    let stops = game_stops(tx, game, player, started)?;
    let reflection = reflection_seconds(started, arrived_at, &stops);
    let wall = (arrived_at - started).num_seconds().max(0);
    let transit = match bounce_pauses::notice_sent(tx, game, player, started)? {
        Some(Some(sent)) => (sent.min(arrived_at) - started).num_seconds().max(0),
        _ => 0,
    };
    Ok(Some(ChargeRecord {
        clock_started_at: started,
        reflection_seconds: reflection,
        charged_seconds: charge(control.counting(), reflection),
        transit_seconds: transit,
        stood_seconds: (wall - reflection - transit).max(0),
    }))
}

/// The `Date:` header as written (unfolded, trimmed), if the mail has one.
fn raw_date(bytes: &[u8]) -> Option<String> {
    let head = mail_parser::MessageParser::default().parse_headers(bytes)?;
    head.header_raw("Date")
        .map(|d| d.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|d| !d.is_empty())
}
