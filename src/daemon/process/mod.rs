//! One incoming mail, start to finish: size limit, MIME, bounces and auto-replies,
//! identity (registered sender AND that player's token for the game), intents,
//! referee commands, replies into the outbox — all in ONE transaction together with
//! the processed-message record, so a duplicate delivery or a crash before the
//! commit never applies anything twice. Unverified mail is never applied: a
//! stranger's gets no reply (no backscatter); a registered address's mail
//! without a valid token gets one answer a day, to the registered address only.
//! A mail to the player's personal address (`+p<player>.<token>`) is applied
//! too: `#12 c3-d4` lines to their game, a bare move to the player's one active
//! game. The outcome of every mail is recorded for the referee.

mod commands;
mod director_mail;
mod identity;
mod replies;

use std::collections::HashMap;
use tracing::{info, warn};

use crate::referee::intake::first_move;
use commands::{apply, example_of, first_words, intents_for, note_of, savepoint};
use identity::{Identity, answered_note, game_entries, plays_in, tokenless_answer, verify};
use replies::{enqueue, enqueue_threaded, head_thread, language_of, personal};

use super::inbox::RawMail;
use crate::config::Config;
use crate::mail::intent::{Addressed, Intent, Unrecognised};
use crate::mail::{Envelope, EnvelopeError};
use crate::printable::printable;
use crate::referee::{self, RefereeError};
use crate::store::messages::{self, NewProcessedMessage};
use crate::store::players::{self, Player};
use crate::store::{Store, StoreError, Tx, leases};
use crate::vocabulary::GameId;
use crate::words;
use crate::words::mail::Notice;

/// What became of a mail (also stored as the processed-message outcome).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Processed {
    /// `applied`, `duplicate`, `rejected: ...`, `ignored: ...`, `bounce: ...`.
    pub outcome: String,
    /// The game concerned, if known.
    pub game: Option<GameId>,
    /// The sender's address when it was verified (registered From and that
    /// player's token for the game), lowercased.
    pub verified_sender: Option<String>,
}

impl Processed {
    fn unverified(outcome: impl Into<String>, game: Option<GameId>) -> Processed {
        Processed {
            outcome: outcome.into(),
            game,
            verified_sender: None,
        }
    }
}

/// A fault that is not the mail's: the database busy or locked beyond its busy
/// timeout, the disk full, an I/O error. The mail was NOT recorded: leave it in
/// the inbox and try it again later.
#[derive(Debug, thiserror::Error)]
#[error("transient fault: {0}")]
pub struct TransientFault(pub String);

impl From<StoreError> for TransientFault {
    fn from(e: StoreError) -> TransientFault {
        TransientFault(e.to_string())
    }
}

/// Processes one mail in one transaction, which also ends its lease
/// ([`leases::finish`]). A mail already processed (same inbox key, or same
/// Message-ID from the same verified sender) is a no-op with the outcome
/// `duplicate`. A fault in the mail itself (unreadable, over a limit, a
/// refused command) is recorded; only a fault of the machine is returned.
///
/// # Errors
/// [`TransientFault`]: nothing was recorded; the mail stays in the inbox.
pub fn process(
    store: &mut Store,
    config: &Config,
    mail: &RawMail,
    checked: Option<crate::mail::auth::AuthVerdicts>,
) -> Result<Processed, TransientFault> {
    let parsed = if mail.is_truncated() || mail.size > config.max_message_bytes as u64 {
        Err(EnvelopeError::TooLarge {
            size: usize::try_from(mail.size).unwrap_or(usize::MAX),
            limit: config.max_message_bytes,
            headers: crate::mail::envelope::read_head(&mail.bytes).map(Box::new),
        })
    } else {
        Envelope::parse_bounded(&mail.bytes, config.max_message_bytes, &config.limits)
    };
    let message_id = match &parsed {
        Ok(e) => e.message_id.clone(),
        Err(EnvelopeError::TooLarge { headers, .. } | EnvelopeError::OverLimit { headers, .. }) => {
            headers.as_deref().and_then(|h| h.message_id.clone())
        }
        Err(_) => None,
    };
    let trusted = trusted_receipt(store, config, mail)?;
    let mail = trusted.as_ref();
    let auth = match checked {
        Some(a) => a,
        None => super::authenticate::verify_mail(config, mail),
    };
    // Tokens drawn for the mail derive from its inbox key, so that a restore
    // replaying it gives its players the reply addresses of the first time.
    let result = store.transaction_for_mail(
        &mail.key,
        mail.received_at,
        |tx| -> Result<Processed, RefereeError> {
            leases::finish(tx, &mail.key)?;
            if messages::find_key(tx, &mail.key)?.is_some() {
                return Ok(Processed::unverified("duplicate", None));
            }
            let processed = match &parsed {
                Ok(env) => handle_envelope(tx, config, env, mail, &auth)?,
                Err(e) => refused_envelope(tx, config, e, mail)?,
            };
            let new = NewProcessedMessage {
                message_id: message_id.clone(),
                inbox_key: mail.key.clone(),
                game_id: processed.game,
                sender: processed.verified_sender.clone().or_else(|| {
                    parsed
                        .as_ref()
                        .ok()
                        .and_then(|e| e.from.as_ref().map(|f| printable(&f.address).into_owned()))
                }),
                verified: processed.verified_sender.is_some(),
                outcome: processed.outcome.clone(),
                processed_at: mail.received_at,
            };
            if !messages::record(tx, &new)? {
                // Another process recorded it first: everything above is rolled back.
                return Err(RefereeError::AlreadyRecorded);
            }
            super::authenticate::record(tx, config, mail, &auth, &processed)?;
            Ok(processed)
        },
    );
    let processed = match result {
        Ok(p) => p,
        Err(RefereeError::AlreadyRecorded) => Processed::unverified("duplicate", None),
        Err(RefereeError::Store(e)) if e.is_transient() => return Err(e.into()),
        Err(e) => {
            // A mail whose handling fails for a reason of its own is recorded as
            // failed so that it is not retried for ever; the referee sees it in
            // the log and the table.
            let outcome = format!("failed: {e}");
            warn!(key = %printable(&mail.key), message_id = %message_id.as_deref().map_or_else(|| "-".into(), printable), error = %e, "mail could not be processed");
            let record = NewProcessedMessage {
                message_id: message_id.clone(),
                inbox_key: mail.key.clone(),
                game_id: None,
                sender: None,
                verified: false,
                outcome: outcome.clone(),
                processed_at: mail.received_at,
            };
            store
                .transaction(|tx| {
                    leases::finish(tx, &mail.key)?;
                    messages::record(tx, &record)
                })
                .map_err(TransientFault::from)?;
            return Ok(Processed::unverified(outcome, None));
        }
    };
    let game = processed.game.map(|g| g.0);
    if processed.outcome.starts_with("rejected") || processed.outcome.starts_with("ignored") {
        warn!(key = %printable(&mail.key), message_id = %message_id.as_deref().map_or_else(|| "-".into(), printable), game, outcome = %printable(&processed.outcome), "mail not applied");
    } else {
        info!(key = %printable(&mail.key), message_id = %message_id.as_deref().map_or_else(|| "-".into(), printable), game, outcome = %printable(&processed.outcome), "mail processed");
    }
    Ok(processed)
}

/// The mail with its receipt instant as the clocks take it
/// ([`referee::clock_step::receipt`]): never earlier than the trusted instant
/// while the system clock is behind it (a step back). With the step guard
/// off (`[clock] max-step-hours = 0`), the mail as it came.
fn trusted_receipt<'m>(
    store: &mut Store,
    config: &Config,
    mail: &'m RawMail,
) -> Result<std::borrow::Cow<'m, RawMail>, TransientFault> {
    if config.clock.max_step_hours == 0 {
        return Ok(std::borrow::Cow::Borrowed(mail));
    }
    let now = super::wall::now();
    let at = store.read(|tx| referee::clock_step::receipt(tx, mail.received_at, now))?;
    if at == mail.received_at {
        return Ok(std::borrow::Cow::Borrowed(mail));
    }
    info!(key = %printable(&mail.key), stamped = %mail.received_at, taken = %at, "the clock is behind the trusted instant: receipt taken at the trusted instant");
    Ok(std::borrow::Cow::Owned(RawMail {
        received_at: at,
        ..mail.clone()
    }))
}

/// A mail that could not be read as an envelope: recorded; a verified sender
/// of a mail over a limit (its size, or a bound of `[limits]`) gets one polite
/// answer saying what was too large; a registered sender without a valid token
/// gets the day's one answer listing their games. Anything else is never
/// answered.
fn refused_envelope(
    tx: &Tx<'_>,
    config: &Config,
    e: &EnvelopeError,
    mail: &RawMail,
) -> Result<Processed, RefereeError> {
    let (outcome, headers) = match e {
        EnvelopeError::TooLarge {
            size,
            limit,
            headers,
        } => (words::operator::outcomes::too_large(size, limit), headers),
        EnvelopeError::OverLimit {
            limit,
            found,
            allowed,
            headers,
        } => (
            words::operator::outcomes::over_limit(limit.key(), found, allowed),
            headers,
        ),
        EnvelopeError::Sender(problem) => {
            return Ok(Processed::unverified(
                words::operator::outcomes::sender_refused(problem),
                None,
            ));
        }
        other => {
            return Ok(Processed::unverified(
                words::operator::outcomes::unreadable_mail(&printable(&other.to_string())),
                None,
            ));
        }
    };
    let Some(head) = headers.as_deref() else {
        return Ok(Processed::unverified(outcome, None));
    };
    let Some(from) = head.from.as_ref() else {
        return Ok(Processed::unverified(outcome, None));
    };
    let (player, game) = match verify(tx, config, &from.address, head.recipient_addresses())? {
        Identity::Verified { player, game } => (player, game),
        Identity::Tokenless {
            player,
            outcome: why,
            claimed,
        } => {
            let answered = tokenless_answer(tx, config, &player, mail)?;
            return Ok(Processed::unverified(
                format!("{outcome}; {why}{}", answered_note(answered)),
                claimed,
            ));
        }
        Identity::Unverified { claimed, .. } => {
            return Ok(Processed::unverified(outcome, claimed));
        }
    };
    let notice = match e {
        EnvelopeError::OverLimit {
            limit,
            found,
            allowed,
            ..
        } => Notice::OverLimit {
            game,
            limit: *limit,
            found: *found as u64,
            allowed: *allowed as u64,
        },
        _ => Notice::TooLarge {
            game,
            size: mail.size,
            limit: config.max_message_bytes as u64,
        },
    };
    let lang = language_of(&player);
    let reply = personal(&player, game, notice.text(lang), lang);
    enqueue_threaded(tx, config, head_thread(head), mail, &[reply], 0)?;
    Ok(Processed {
        outcome,
        game,
        verified_sender: Some(player.email.to_lowercase()),
    })
}

fn handle_envelope(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    mail: &RawMail,
    auth: &crate::mail::auth::AuthVerdicts,
) -> Result<Processed, RefereeError> {
    if let Some(bounce) = &env.bounce {
        return super::bounce::handle(tx, config, env, bounce, mail.received_at);
    }
    if env.is_automatic() {
        return Ok(Processed::unverified(
            words::operator::outcomes::automatic_reply(),
            None,
        ));
    }
    let Some(from) = &env.from else {
        return Ok(Processed::unverified(
            words::operator::outcomes::no_sender(),
            None,
        ));
    };
    if let Some(lines) = crate::mail::director::read(&env.new_text) {
        return director_mail::handle(tx, config, env, mail, &from.address, &lines);
    }
    let (player, main) = match verify(tx, config, &from.address, env.recipient_addresses())? {
        Identity::Verified { player, game } => (player, game),
        Identity::Tokenless {
            player,
            outcome,
            claimed,
        } => {
            let answered = tokenless_answer(tx, config, &player, mail)?;
            return Ok(Processed::unverified(
                format!("{outcome}{}", answered_note(answered)),
                claimed,
            ));
        }
        Identity::Unverified { outcome, claimed } => {
            return Ok(Processed::unverified(outcome, claimed));
        }
    };
    if let Some(refused) = super::authenticate::refusal(config, auth, main) {
        return Ok(refused);
    }
    let verified_sender = Some(player.email.to_lowercase());
    if let Some(first) = messages::find_verified(tx, env.message_id.as_deref(), &player.email)? {
        // The same mail delivered again under another inbox key.
        return Ok(Processed {
            outcome: format!("duplicate of {}", printable(&first.inbox_key)),
            game: main,
            verified_sender: None,
        });
    }
    super::bounce_clock::on_verified_mail(tx, player.id, mail.received_at)?;
    let (intents, default_game) = intents_for(tx, env, &player, main, mail.received_at)?;
    let lang = language_of(&player);
    let mut outcomes = Vec::new();
    // Lines for games that do not exist or are not the sender's: refused
    // together in ONE reply (however many there are), and the rest of the mail
    // is applied. The same words either way, so nobody learns which games exist.
    let mut foreign: Vec<(GameId, String)> = Vec::new();
    let mut foreign_count = 0usize;
    // Lines that need a game and name none (a reply to a mail not about one
    // game while several games go on): one reply with the list of games.
    let mut unplaced: Vec<String> = Vec::new();
    let mut unplaced_count = 0usize;
    // A claim for a game frozen at the end of a tournament's playing period
    // carries the player's analysis: the mail's other lines for that game
    // (variations with moves) are the analysis, not moves or commands.
    let claims = adjudication_claims(tx, &intents, default_game)?;
    // Lines that only name an act or a move, and a decline with no offer to
    // decline, go with the reply to the game's move (else its first other
    // line), when it has one; else they are answered on their own.
    let mut note_texts: Vec<Option<String>> = Vec::with_capacity(intents.len());
    // What the notes need of each of the player's games, read once a game.
    let mut facts: HashMap<GameId, GameFacts> = HashMap::new();
    let moving: Vec<Option<GameId>> = intents
        .iter()
        .filter(|a| matches!(a.intent, Intent::Move { .. }))
        .map(|a| a.game.or(default_game))
        .collect();
    for a in &intents {
        let game = a.game.or(default_game);
        let f = match game {
            Some(g) if Some(g) == main || plays_in(tx, &player, g)? => {
                if let std::collections::hash_map::Entry::Vacant(e) = facts.entry(g) {
                    e.insert(GameFacts::of(tx, &player, g)?);
                }
                facts.get(&g).copied()
            }
            _ => None,
        };
        let offered = f.is_some_and(|f| f.opponent_offered);
        let text = match (note_of(&a.intent, &a.line, offered), &a.intent, game.zip(f)) {
            // In a game that is over, the answer to the mail's other lines
            // gives its result; words about acts need no note.
            (Some(_), _, Some((_, f))) if f.over => Some(String::new()),
            (Some(notice), _, _) => Some(notice.text(lang)),
            // A decline beside a move: the move declines the offer and its
            // reply says so (an empty note: nothing more to say).
            (None, Intent::DeclineDraw, Some((_, f)))
                if f.opponent_offered && moving.contains(&game) =>
            {
                Some(String::new())
            }
            (None, Intent::DeclineDraw, Some((g, f))) if f.active && !f.opponent_offered => Some(
                Notice::Refused {
                    game: g,
                    line: a.line.trim().to_string(),
                    reason: RefereeError::NoPendingOffer.message(lang),
                }
                .text(lang),
            ),
            _ => None,
        };
        note_texts.push(text);
    }
    let mut hosts: HashMap<Option<GameId>, usize> = HashMap::new();
    for (k, a) in intents.iter().enumerate() {
        let game = a.game.or(default_game);
        if note_texts[k].is_some() {
            continue;
        }
        let is_move = matches!(a.intent, Intent::Move { .. });
        match hosts.get(&game) {
            Some(&h) if is_move && !matches!(intents[h].intent, Intent::Move { .. }) => {
                hosts.insert(game, k);
            }
            Some(_) => {}
            None => {
                hosts.insert(game, k);
            }
        }
    }
    // A game with notes only: its first note carries the others.
    for (k, a) in intents.iter().enumerate() {
        hosts.entry(a.game.or(default_game)).or_insert(k);
    }
    let mut notes: HashMap<Option<GameId>, Vec<String>> = HashMap::new();
    for (k, a) in intents.iter().enumerate() {
        let game = a.game.or(default_game);
        if hosts.get(&game) != Some(&k)
            && let Some(text) = note_texts[k].as_ref().filter(|t| !t.is_empty())
        {
            notes.entry(game).or_default().push(text.clone());
        }
    }
    for (k, a) in intents.iter().enumerate() {
        let game = a.game.or(default_game);
        if let Some(g) = game
            && let Some(&first) = claims.get(&g)
            && first != k
        {
            continue;
        }
        if hosts.get(&game) != Some(&k) && note_texts[k].is_some() {
            continue;
        }
        match game {
            Some(g) if Some(g) != main && !plays_in(tx, &player, g)? => {
                foreign_count += 1;
                if foreign.len() < MAX_LISTED_LINES {
                    foreign.push((g, a.line.trim().to_string()));
                }
            }
            None if needs_game(&a.intent) => {
                unplaced_count += 1;
                if let Intent::Unrecognised(why) = &a.intent {
                    let notice = Notice::Unrecognised {
                        game: None,
                        why: why.clone(),
                        example: example_of(tx, &player, None, mail.received_at)?,
                        quote: first_words(&env.new_text),
                    };
                    let games = game_entries(tx, config, &player, mail.received_at)?;
                    let text = format!(
                        "{}\n\n{}",
                        notice.text(lang),
                        words::mail::games_list(&games, lang)
                    );
                    enqueue(
                        tx,
                        config,
                        env,
                        mail,
                        &[personal(&player, None, text, lang)],
                        k,
                    )?;
                    outcomes.push(words::operator::outcomes::unrecognised_no_game().to_string());
                } else if unplaced.len() < MAX_LISTED_LINES {
                    unplaced.push(a.line.trim().to_string());
                }
            }
            game => {
                let these = if hosts.get(&game) == Some(&k) {
                    notes.remove(&game).unwrap_or_default()
                } else {
                    Vec::new()
                };
                outcomes.push(apply(tx, config, env, mail, &player, game, a, k, &these)?);
            }
        }
    }
    if foreign_count > 0 {
        let notice = Notice::NotYourGames {
            more: foreign_count - foreign.len(),
            lines: foreign,
        };
        let reply = personal(&player, main, notice.text(lang), lang);
        enqueue(tx, config, env, mail, &[reply], intents.len())?;
        outcomes.push(words::operator::outcomes::foreign_lines(foreign_count));
    }
    if !unplaced.is_empty() {
        let notice = Notice::WhichGame {
            more: unplaced_count.saturating_sub(unplaced.len()),
            lines: unplaced,
            games: game_entries(tx, config, &player, mail.received_at)?,
        };
        let reply = personal(&player, None, notice.text(lang), lang);
        enqueue(tx, config, env, mail, &[reply], intents.len() + 1)?;
        outcomes.push(words::operator::outcomes::unplaced_lines(unplaced_count));
    }
    Ok(Processed {
        outcome: bounded_outcome(&outcomes),
        game: main.or(default_game),
        verified_sender,
    })
}

/// For each game frozen for adjudication that the mail claims a result for,
/// the index of the (first) claim among the intents.
fn adjudication_claims(
    tx: &Tx<'_>,
    intents: &[Addressed],
    default_game: Option<GameId>,
) -> Result<HashMap<GameId, usize>, RefereeError> {
    let mut claims = HashMap::new();
    for (k, a) in intents.iter().enumerate() {
        let Some(g) = a.game.or(default_game) else {
            continue;
        };
        let claim = match a.intent {
            Intent::ClaimResult(_) => true,
            Intent::ClaimDraw { .. } => referee::tournament::frozen(tx, g)?,
            _ => false,
        };
        if claim {
            claims.entry(g).or_insert(k);
        }
    }
    Ok(claims)
}

/// What the notes of a mail need to know of one of the sender's games.
#[derive(Clone, Copy)]
struct GameFacts {
    /// The game is in play.
    active: bool,
    /// The game is over (finished or annulled).
    over: bool,
    /// The opponent has a draw offer pending.
    opponent_offered: bool,
}

impl GameFacts {
    fn of(tx: &Tx<'_>, player: &Player, game: GameId) -> Result<GameFacts, RefereeError> {
        use crate::vocabulary::GameStatus;
        let row = crate::store::games::get(tx, game)?;
        let mine = row.side_of(player.id);
        let opponent_offered =
            matches!(crate::store::offers::pending(tx, game)?, Some(o) if Some(o.side) != mine);
        Ok(GameFacts {
            active: row.status == GameStatus::Active,
            over: matches!(row.status, GameStatus::Finished | GameStatus::Annulled),
            opponent_offered,
        })
    }
}

/// Whether an intent is about one game (everything but help, history, leave,
/// standings).
fn needs_game(intent: &Intent) -> bool {
    // `standings` without a game: the player's latest tournament (the
    // referee refuses a player in none).
    !matches!(
        intent,
        Intent::Help
            | Intent::History
            | Intent::Leave { .. }
            | Intent::Unrecognised(Unrecognised::LeaveDates(_) | Unrecognised::DigestHour(_))
            | Intent::Standings
            | Intent::Bulletins { .. }
            | Intent::MoveMails(_)
            | Intent::Calendar
            | Intent::XfccPassword
            | Intent::Withdraw
            | Intent::HowToWithdraw
            | Intent::ConfirmWithdrawal { .. }
    )
}

/// The most refused lines quoted back in one reply; the rest are counted.
const MAX_LISTED_LINES: usize = 10;

/// The outcomes of a mail's intents as one record line: at most 20 of them
/// (each cut to 200 characters), then how many more.
fn bounded_outcome(outcomes: &[String]) -> String {
    const MAX: usize = 20;
    let mut out: Vec<String> = outcomes
        .iter()
        .take(MAX)
        .map(|o| o.chars().take(200).collect())
        .collect();
    if outcomes.len() > MAX {
        out.push(format!("... {} more", outcomes.len() - MAX));
    }
    out.join("; ")
}

/// Referees (for alerts): every player with the referee or admin role.
pub(crate) fn referees(tx: &Tx<'_>) -> Result<Vec<Player>, RefereeError> {
    Ok(players::referees(tx)?)
}
