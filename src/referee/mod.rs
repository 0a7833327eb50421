//! The referee: every command from a player or a tournament director, by mail or
//! from the command line, goes through [`handle`], which authorises it, validates
//! it against the rules and the game state, records the outcome and returns the
//! replies to send, all inside the caller's one SQLite transaction (so a refused
//! command, returned as an error, changes nothing once the caller rolls back).
//! What a player says about a game (a move with its number, a draw offer,
//! a claim, a resignation) is first decided by [`intake::decide`], the one
//! place of that policy for the mail and the command line alike.
//! A game lost on time when the daemon's scheduler finds its deadline
//! passed is decided in [`clocks`].
//!
//! The clock's `now` is passed in, never read here.

mod ask;
pub mod calendar;
pub mod clock_step;
pub mod clocks;
mod command;
mod conditional;
pub mod create;
pub mod digest;
mod director;
mod draw;
mod error;
pub mod game_clocks;
pub mod intake;
mod leave;
pub(crate) mod load;
mod play;
pub mod quarantine;
mod query;
mod receipt;
mod rollback;
pub mod session;
pub mod told;
pub mod tournament;
pub mod view;
pub mod xfcc;

use chrono::{DateTime, Utc};

pub use crate::mail::director::parse_side;
pub use crate::vocabulary::DirectorAction;
pub use command::Command;
pub(crate) use director::{WITHDRAWN_BY_MAIL, authorise, authorise_game, forfeit_on_withdrawal};
pub use session::GameSession;

/// The PDN (or PGN) text of a loaded game.
pub(crate) fn export_text(l: &load::Loaded) -> String {
    query::pdn_text(l, l.game.as_ref())
}
/// The PDN (or PGN) text of a loaded game with its receipts and its seal
/// signed at `now` (`zaochka export`; see [`receipt::signed_export_text`]).
///
/// # Errors
/// Database failures, the server key.
pub(crate) fn signed_export_text(
    tx: &Tx<'_>,
    l: &load::Loaded,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<String, RefereeError> {
    receipt::signed_export_text(tx, l, now)
}
/// The record a game's mail attaches, with its receipts and seal (see
/// [`receipt::signed_session_text`]); `None` for a game without a chain.
///
/// # Errors
/// Database failures, the server key.
pub(crate) fn signed_session_text(
    tx: &Tx<'_>,
    session: &GameSession,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<String>, RefereeError> {
    receipt::signed_session_text(tx, session, now)
}
pub use error::{Fault, OpeningUnread, RefereeError, StartRefusal, TournamentRefusal};
pub use query::{invitation, invitation_rated, standstill};

use crate::store::Tx;
use crate::vocabulary::Language;
use crate::vocabulary::{GameId, PlayerId};

/// A reply to send: to whom, in which language, and what it tells (typed:
/// `letters` words it in the recipient's language).
#[derive(Clone, Debug)]
pub struct Reply {
    /// The recipient.
    pub to: PlayerId,
    /// The recipient's registered address.
    pub email: String,
    /// The recipient's language.
    pub language: Language,
    /// The game the reply is about, `None` for a mail not about one game (help,
    /// the list of games, a leave confirmation). The daemon's composer makes the
    /// headers from it (Subject, From, Reply-To, threading): no reply brings its own.
    pub game: Option<GameId>,
    /// What the body tells.
    pub told: told::Told,
    /// Paragraphs after the body.
    pub notes: Vec<told::Note>,
    /// The body is a table (a crosstable) to be read in a fixed-width font:
    /// the HTML part shows all of it in `<pre>`, with no board picture.
    pub monospace: bool,
    /// The game as the command left it, when the referee had it loaded: the
    /// composer draws the picture, the title and the record from it without
    /// reading the game again (`None`: the composer loads it).
    pub session: Option<std::sync::Arc<GameSession>>,
}

/// What handling a command did.
#[derive(Clone, Debug)]
pub struct Handled {
    /// The game concerned, if any.
    pub game: Option<GameId>,
    /// Replies to send (to the actor, the opponent, or both).
    pub replies: Vec<Reply>,
    /// What the command line says the command did.
    pub summary: told::Account,
    /// For a move that reached the referee after its deadline (not played:
    /// the mover lost on time), the deadline it missed; `None` otherwise.
    pub late: Option<chrono::DateTime<chrono::Utc>>,
}

/// Where a command came from, recorded with the moves it plays.
#[derive(Clone, Copy, Debug, Default)]
pub struct Source<'a> {
    /// The Message-ID of the mail, if it came by mail.
    pub message_id: Option<&'a str>,
}

/// Handles one command from `actor` at the instant `now` (UTC), inside `tx`.
///
/// # Errors
/// [`RefereeError`] when the command is refused (unknown game, not the actor's
/// game or turn, illegal move, no offer to answer, not a referee, ...). The caller
/// must roll the transaction back then ([`crate::store::Store::transaction`] does).
pub fn handle(
    tx: &Tx<'_>,
    command: &Command,
    actor: PlayerId,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<Handled, RefereeError> {
    around(tx, command, now, || {
        dispatch(tx, command, actor, now, source)
    })
}

/// Runs `act`, the work of `command`, between the checks every command on a
/// game gets: refused in a frozen game as the command would be, and the
/// tournament's end of a game (standings, bulletins, the tournament's end)
/// after a game it ended.
pub(crate) fn around(
    tx: &Tx<'_>,
    command: &Command,
    now: DateTime<Utc>,
    act: impl FnOnce() -> Result<Handled, RefereeError>,
) -> Result<Handled, RefereeError> {
    let game = command.game();
    let open_before = match game {
        Some(g) => is_open(tx, g)?,
        None => false,
    };
    if let Some(g) = game {
        tournament::refuse_if_frozen(tx, g, command)?;
    }
    let mut handled = act()?;
    if let Some(g) = game
        && open_before
        && !is_open(tx, g)?
    {
        tournament::after_game_end(tx, g, &mut handled.replies, now)?;
    }
    Ok(handled)
}

/// Whether a game exists and is not over.
fn is_open(tx: &Tx<'_>, game: GameId) -> Result<bool, RefereeError> {
    match crate::store::games::get(tx, game) {
        Ok(g) => Ok(!matches!(
            g.status,
            crate::vocabulary::GameStatus::Finished | crate::vocabulary::GameStatus::Annulled
        )),
        Err(crate::store::StoreError::NotFound { .. }) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

fn dispatch(
    tx: &Tx<'_>,
    command: &Command,
    actor: PlayerId,
    now: DateTime<Utc>,
    source: Source<'_>,
) -> Result<Handled, RefereeError> {
    match command {
        Command::Play {
            game,
            text,
            offer_draw,
        } => conditional::play(tx, *game, actor, text, *offer_draw, now, source),
        Command::Resign { game } => play::resign(tx, *game, actor, now),
        Command::Seal { game, text } => play::seal(tx, *game, actor, text, now, source),
        Command::OfferDraw { game } => draw::offer(tx, *game, actor, now, source),
        Command::AcceptDraw { game } => draw::accept(tx, *game, actor, now),
        Command::DeclineDraw { game } => draw::decline(tx, *game, actor, now),
        Command::ClaimDraw { game, text } => {
            draw::claim(tx, *game, actor, text.as_deref(), now, source)
        }
        Command::ClaimResult {
            game,
            claim,
            analysis,
        } => tournament::claim(tx, *game, actor, *claim, analysis, now, source.message_id),
        Command::Standings { game } => tournament::table_mail(tx, actor, *game),
        Command::Bulletins { wanted } => tournament::bulletin::wanted(tx, actor, *wanted, now),
        Command::MoveMails { mails } => digest::set(tx, actor, *mails, now),
        Command::Calendar => calendar::mail(tx, actor, now),
        Command::XfccPassword { password, hash } => {
            xfcc::set_password(tx, actor, password, hash, now)
        }
        Command::Status { game } => query::status(tx, *game, actor, now),
        Command::History => query::history(tx, actor),
        Command::Export { game } => query::export(tx, *game, actor, now),
        Command::Help => query::help(tx, actor),
        Command::WithdrawalTerms { said } => tournament::withdrawal_terms(tx, actor, *said, now),
        Command::ConfirmWithdrawal { code } => {
            tournament::confirm_withdrawal(tx, actor, *code, now, source.message_id)
        }
        Command::Leave { from, to } => leave::take(tx, actor, *from, *to, now),
        Command::LeaveFor {
            player,
            from,
            to,
            reason,
        } => leave::take_for(
            tx,
            actor,
            player,
            *from,
            *to,
            reason,
            now,
            source.message_id,
        ),
        Command::Direct {
            game,
            action,
            reason,
        } => director::direct(tx, *game, actor, action, reason, now, source.message_id),
        Command::RuleClaim {
            game,
            side,
            accept,
            reason,
        } => {
            let ruling = tournament::Ruling {
                side: *side,
                accept: *accept,
                reason,
            };
            tournament::rule_claim(tx, *game, actor, ruling, now, source.message_id)
        }
        Command::LegalMoves { game } => ask::legal(tx, *game, actor, now),
        Command::Why { game, text } => ask::why(tx, *game, actor, text, now),
        Command::Rules { game } => ask::rules(tx, *game, actor, now),
        Command::Conditional { game, request } => {
            conditional::request(tx, *game, actor, request, now, source)
        }
    }
}
