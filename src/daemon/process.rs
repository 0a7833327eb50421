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

use std::collections::HashMap;
use tracing::{info, warn};

mod director_mail;

use super::inbox::RawMail;
use crate::config::Config;
use crate::lang::mail::{GameEntry, Notice, Standing};
use crate::lang::{self, Language};
use crate::mail::intent::{Addressed, Context, Intent, MoveSyntax, Unrecognised, read_intents};
use crate::mail::{BotAddress, Envelope, EnvelopeError, HeaderSummary, SenderProblem};
use crate::printable::printable;
use crate::referee::letters::{self, Answering};
use crate::referee::{self, Command, RefereeError, Reply, Source};
use crate::rules::Variant;
use crate::store::messages::{self, NewProcessedMessage};
use crate::store::players::{self, Player};
use crate::store::{GameId, GameStatus, Store, StoreError, Tx, claims, games, moves};

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

/// Processes one mail in one transaction, which also ends its claim
/// ([`claims::finish`]). A mail already processed (same inbox key, or same
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
    let auth = super::authenticate::verify_mail(config, mail);
    let result = store.transaction(|tx| -> Result<Processed, RefereeError> {
        claims::finish(tx, &mail.key)?;
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
            return Err(RefereeError::Invalid("duplicate".into()));
        }
        super::authenticate::record(tx, config, mail, &auth, &processed)?;
        Ok(processed)
    });
    let processed = match result {
        Ok(p) => p,
        Err(RefereeError::Invalid(d)) if d == "duplicate" => {
            Processed::unverified("duplicate", None)
        }
        Err(RefereeError::Store(e)) if e.is_transient() => return Err(e.into()),
        Err(e) => {
            // A mail whose handling fails for a reason of its own is recorded as
            // failed so that it is not retried for ever; the referee sees it in
            // the log and the table.
            let outcome = format!("failed: {e}");
            warn!(key = %printable(&mail.key), message_id = ?message_id.as_deref().map(printable), error = %e, "mail could not be processed");
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
                    claims::finish(tx, &mail.key)?;
                    messages::record(tx, &record)
                })
                .map_err(TransientFault::from)?;
            return Ok(Processed::unverified(outcome, None));
        }
    };
    let game = processed.game.map(|g| g.0);
    if processed.outcome.starts_with("rejected") || processed.outcome.starts_with("ignored") {
        warn!(key = %printable(&mail.key), message_id = ?message_id.as_deref().map(printable), game, outcome = %printable(&processed.outcome), "mail not applied");
    } else {
        info!(key = %printable(&mail.key), message_id = ?message_id.as_deref().map(printable), game, outcome = %printable(&processed.outcome), "mail processed");
    }
    Ok(processed)
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
        } => (
            format!("rejected: too large ({size} bytes, limit {limit})"),
            headers,
        ),
        EnvelopeError::OverLimit {
            limit,
            found,
            allowed,
            headers,
        } => (
            format!("rejected: over {} ({found}, limit {allowed})", limit.key()),
            headers,
        ),
        EnvelopeError::Sender(problem) => {
            let why = match problem {
                SenderProblem::Several => "several senders",
                SenderProblem::Unreadable => "a sender that is not one address",
            };
            return Ok(Processed::unverified(format!("rejected: {why}"), None));
        }
        other => {
            return Ok(Processed::unverified(
                format!(
                    "rejected: unreadable mail ({})",
                    printable(&other.to_string())
                ),
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

/// Who sent a mail, as far as the bot can tell.
enum Identity {
    /// A registered player who wrote to their own reply address of a game, or
    /// to their own personal address (`game: None`).
    Verified {
        /// The player.
        player: Player,
        /// The game whose token the mail carries; `None` for the personal token.
        game: Option<GameId>,
    },
    /// A mail from a registered address without a valid token of that player:
    /// never applied; answered at most once a day, to the registered address
    /// only (so a forger of the From learns nothing).
    Tokenless {
        /// The registered player of the From address.
        player: Player,
        /// `rejected: ...` for the processed-message record.
        outcome: String,
        /// The game the address named, if it exists.
        claimed: Option<GameId>,
    },
    /// Anyone else: recorded, never answered.
    Unverified {
        /// `rejected: ...` for the processed-message record.
        outcome: String,
        /// The game the address named, if it exists.
        claimed: Option<GameId>,
    },
}

/// Identity = the registered From AND that player's token, for the game named
/// in one of the recipient addresses or in the player's personal address
/// (compared in constant time).
fn verify<'a>(
    tx: &Tx<'_>,
    config: &Config,
    from: &str,
    recipients: impl Iterator<Item = &'a str>,
) -> Result<Identity, RefereeError> {
    let Some(player) = players::find_by_email(tx, from)? else {
        return Ok(Identity::Unverified {
            outcome: format!("rejected: unknown sender {}", printable(from)),
            claimed: None,
        });
    };
    let bot = BotAddress {
        local: config.address.local.clone(),
        domain: config.address.domain.clone(),
    };
    let mut claimed: Option<GameId> = None;
    let mut wrong_personal = false;
    for address in recipients {
        if let Ok(addr) = bot.parse_reply(address) {
            let Ok(game) = games::get(tx, addr.game) else {
                continue;
            };
            claimed.get_or_insert(addr.game);
            if let Some(side) = game.side_of(player.id)
                && addr.token_matches(game.token(side).as_str())
            {
                return Ok(Identity::Verified {
                    player,
                    game: Some(addr.game),
                });
            }
        } else if let Ok(addr) = bot.parse_personal(address) {
            if addr.player == player.id && players::reply_token_matches(tx, player.id, &addr.token)?
            {
                return Ok(Identity::Verified { player, game: None });
            }
            wrong_personal = true;
        }
    }
    let why = if claimed.is_some() || wrong_personal {
        "a token that is not the player's"
    } else {
        "no token"
    };
    Ok(Identity::Tokenless {
        player,
        outcome: format!("rejected: {why}"),
        claimed,
    })
}

fn answered_note(answered: bool) -> &'static str {
    if answered {
        " (the registered address was told, with the list of games)"
    } else {
        " (the registered address was told already in the last 24 hours)"
    }
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
        return Ok(Processed::unverified("ignored: automatic reply", None));
    }
    let Some(from) = &env.from else {
        return Ok(Processed::unverified("rejected: no sender", None));
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
    let (intents, default_game) = intents_for(tx, env, &player, main)?;
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
    for (k, a) in intents.iter().enumerate() {
        let game = a.game.or(default_game);
        if let Some(g) = game
            && let Some(&first) = claims.get(&g)
            && first != k
        {
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
                        example: example_of(tx, None)?,
                    };
                    let games = game_entries(tx, config, &player, mail.received_at)?;
                    let text = format!(
                        "{}\n\n{}",
                        notice.text(lang),
                        lang::mail::games_list(&games, lang)
                    );
                    enqueue(
                        tx,
                        config,
                        env,
                        mail,
                        &[personal(&player, None, text, lang)],
                        k,
                    )?;
                    outcomes.push("unrecognised (no game)".to_string());
                } else if unplaced.len() < MAX_LISTED_LINES {
                    unplaced.push(a.line.trim().to_string());
                }
            }
            game => outcomes.push(apply(tx, config, env, mail, &player, game, a, k)?),
        }
    }
    if foreign_count > 0 {
        let notice = Notice::NotYourGames {
            more: foreign_count - foreign.len(),
            lines: foreign,
        };
        let reply = personal(&player, main, notice.text(lang), lang);
        enqueue(tx, config, env, mail, &[reply], intents.len())?;
        outcomes.push(format!(
            "refused {foreign_count} line(s) for games not the sender's"
        ));
    }
    if !unplaced.is_empty() {
        let notice = Notice::WhichGame {
            more: unplaced_count.saturating_sub(unplaced.len()),
            lines: unplaced,
            games: game_entries(tx, config, &player, mail.received_at)?,
        };
        let reply = personal(&player, None, notice.text(lang), lang);
        enqueue(tx, config, env, mail, &[reply], intents.len() + 1)?;
        outcomes.push(format!("refused {unplaced_count} line(s) naming no game"));
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

/// Whether an intent is about one game (everything but help, history, leave,
/// standings).
fn needs_game(intent: &Intent) -> bool {
    // `standings` without a game: the player's latest tournament (the
    // referee refuses a player in none).
    !matches!(
        intent,
        Intent::Help | Intent::History | Intent::Leave { .. } | Intent::Standings
    )
}

/// The answer to a registered player's mail without a valid token, at most one
/// in 24 hours (recorded in this transaction), to the registered address only:
/// nothing was done; here are your games, their reply addresses and whose move
/// it is. Applies nothing. `true` if it was written now.
fn tokenless_answer(
    tx: &Tx<'_>,
    config: &Config,
    player: &Player,
    mail: &RawMail,
) -> Result<bool, RefereeError> {
    if !players::take_tokenless_answer(tx, player.id, mail.received_at)? {
        return Ok(false);
    }
    let lang = language_of(player);
    let notice = Notice::Tokenless {
        games: game_entries(tx, config, player, mail.received_at)?,
        personal: letters::personal_address(tx, config, player)?,
    };
    let reply = personal(player, None, notice.text(lang), lang);
    letters::post(
        tx,
        &reply,
        None,
        reply_id(tx, config, &mail.key, 0, 0)?,
        crate::daemon::wall::now().max(mail.received_at),
    )?;
    Ok(true)
}

/// The player's games that go on (active, paused, adjourned), with their reply
/// addresses and whose move it is.
fn game_entries(
    tx: &Tx<'_>,
    config: &Config,
    player: &Player,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<GameEntry>, RefereeError> {
    let lang = language_of(player);
    let bot = BotAddress {
        local: config.address.local.clone(),
        domain: config.address.domain.clone(),
    };
    let filter = games::GameFilter {
        player: Some(player.id),
        ..Default::default()
    };
    let mut out = Vec::new();
    for g in games::list(tx, &filter)? {
        if !matches!(
            g.status,
            GameStatus::Active | GameStatus::Paused | GameStatus::Adjourned
        ) {
            continue;
        }
        let Some(side) = g.side_of(player.id) else {
            continue;
        };
        let standing = if g.status == GameStatus::Active {
            match referee::load::load(tx, g.id, now) {
                Ok(l) if l.game.turn() == side => Standing::YourMove,
                Ok(_) => Standing::OpponentsMove,
                Err(RefereeError::Store(e)) => return Err(RefereeError::Store(e)),
                Err(_) => Standing::Stopped,
            }
        } else {
            Standing::Stopped
        };
        let white = players::get(tx, g.white)?;
        let black = players::get(tx, g.black)?;
        let variant = Variant::from_name(&g.variant).map_or_else(
            || g.variant.clone(),
            |v| lang::game::variant_name(v, lang).to_string(),
        );
        out.push(GameEntry {
            game: g.id,
            title: format!("{variant}: {} – {}", white.name, black.name),
            side,
            standing,
            address: bot.reply_address(g.id, g.token(side).as_str()),
        });
    }
    Ok(out)
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

/// Whether the player plays in this game (which exists).
fn plays_in(tx: &Tx<'_>, player: &Player, game: GameId) -> Result<bool, RefereeError> {
    match games::get(tx, game) {
        Ok(g) => Ok(g.side_of(player.id).is_some()),
        Err(StoreError::NotFound { .. }) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

fn language_of(player: &Player) -> Language {
    Language::from_code(player.language.as_str()).unwrap_or_default()
}

fn syntax_of(variant: &str) -> MoveSyntax {
    if Variant::from_name(variant) == Some(Variant::Chess) {
        MoveSyntax::Chess
    } else {
        MoveSyntax::Draughts
    }
}

/// The example move of a game's notation (`c3-d4` without a game).
fn example_of(tx: &Tx<'_>, game: Option<GameId>) -> Result<&'static str, RefereeError> {
    let variant = match game {
        Some(g) => Variant::from_name(&games::get(tx, g)?.variant),
        None => None,
    };
    Ok(lang::game::example_move(
        variant.unwrap_or(Variant::Russian),
    ))
}

/// The player's intents, with the syntax of each of their active games, and
/// the game a line naming none is for: the mail's game, or for a mail to the
/// personal address, the player's one active game if there is exactly one.
fn intents_for(
    tx: &Tx<'_>,
    env: &Envelope,
    player: &Player,
    main: Option<GameId>,
) -> Result<(Vec<Addressed>, Option<GameId>), RefereeError> {
    let filter = games::GameFilter {
        player: Some(player.id),
        status: Some(GameStatus::Active),
        ..Default::default()
    };
    let active: Vec<(GameId, MoveSyntax)> = games::list(tx, &filter)?
        .iter()
        .map(|g| (g.id, syntax_of(&g.variant)))
        .collect();
    let default = match main {
        Some(g) => Some(g),
        None if active.len() == 1 => Some(active[0].0),
        None => None,
    };
    let syntax = match default {
        Some(g) => syntax_of(&games::get(tx, g)?.variant),
        None => MoveSyntax::Draughts,
    };
    let others: Vec<(GameId, MoveSyntax)> = active
        .into_iter()
        .filter(|(g, _)| Some(*g) != default)
        .collect();
    let cx = Context {
        game: default,
        syntax,
        other_games: &others,
    };
    Ok((read_intents(&env.new_text, &env.subject, &cx), default))
}

/// The game's state for the player as the referee's status reply renders it
/// (board, clocks, whose move), to follow a refusal; `None` if the referee
/// cannot render it.
fn state_text(
    tx: &Tx<'_>,
    player: &Player,
    game: GameId,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<String>, RefereeError> {
    match referee::handle(
        tx,
        &Command::Status { game },
        player.id,
        now,
        Source::default(),
    ) {
        Ok(h) => Ok(h.replies.into_iter().next().map(|r| r.body)),
        Err(RefereeError::Store(e)) => Err(RefereeError::Store(e)),
        Err(_) => Ok(None),
    }
}

/// A refusal line followed by the game's state.
fn with_state(
    tx: &Tx<'_>,
    player: &Player,
    game: Option<GameId>,
    line: String,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<String, RefereeError> {
    let Some(g) = game else { return Ok(line) };
    Ok(match state_text(tx, player, g, now)? {
        Some(state) => format!("{line}\n\n{state}"),
        None => line,
    })
}

/// Applies one intent inside a savepoint: a refused command is rolled back to the
/// savepoint (it changes nothing) and answered to the sender alone, with the
/// game's state.
#[allow(clippy::too_many_arguments)]
fn apply(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    mail: &RawMail,
    player: &Player,
    game: Option<GameId>,
    a: &Addressed,
    index: usize,
) -> Result<String, RefereeError> {
    let lang = language_of(player);
    let command = match command_of(tx, player, game, &a.intent, &env.new_text)? {
        Ok(c) => c,
        Err(answer) => {
            let text = with_state(tx, player, game, answer.notice.text(lang), mail.received_at)?;
            enqueue(
                tx,
                config,
                env,
                mail,
                &[personal(player, game, text, lang)],
                index,
            )?;
            return Ok(answer.outcome);
        }
    };
    savepoint(tx, "SAVEPOINT intent")?;
    let source = Source {
        message_id: env.message_id.as_deref(),
    };
    let starts = super::timing::ClockStarts::of(tx, command.game())?;
    match referee::handle(tx, &command, player.id, mail.received_at, source) {
        Ok(mut h) => {
            savepoint(tx, "RELEASE intent")?;
            let processed_at = crate::daemon::wall::now().max(mail.received_at);
            let replies = &mut h.replies;
            super::timing::on_moves(tx, env, mail, player, replies, processed_at, &starts)?;
            enqueue(tx, config, env, mail, &h.replies, index)?;
            Ok(match game {
                Some(g) => format!("applied #{g}: {}", a.line.trim()),
                None => format!("applied: {}", a.line.trim()),
            })
        }
        Err(RefereeError::Store(e)) => Err(RefereeError::Store(e)),
        Err(e) => {
            savepoint(tx, "ROLLBACK TO intent; RELEASE intent")?;
            let line = match game {
                Some(g) => Notice::Refused {
                    game: g,
                    line: a.line.trim().to_string(),
                    reason: e.message(lang),
                }
                .text(lang),
                None => Notice::RefusedCommand {
                    line: a.line.trim().to_string(),
                    reason: e.message(lang),
                }
                .text(lang),
            };
            let text = with_state(tx, player, game, line, mail.received_at)?;
            enqueue(
                tx,
                config,
                env,
                mail,
                &[personal(player, game, text, lang)],
                index,
            )?;
            Ok(match game {
                Some(g) => format!("refused #{g}: {e}"),
                None => format!("refused: {e}"),
            })
        }
    }
}

fn savepoint(tx: &Tx<'_>, sql: &str) -> Result<(), RefereeError> {
    tx.sql()
        .execute_batch(sql)
        .map_err(|e| RefereeError::Store(crate::store::StoreError::from(e)))
}

/// An intent answered without the referee: the notice, and the outcome for
/// the record.
struct Answer {
    notice: Notice,
    outcome: String,
}

/// The referee command of an intent, or a direct answer (stale move, nothing
/// understood). `game` is `None` only for intents not about one game
/// ([`needs_game`]).
fn command_of(
    tx: &Tx<'_>,
    player: &Player,
    game: Option<GameId>,
    intent: &Intent,
    analysis: &str,
) -> Result<Result<Command, Answer>, RefereeError> {
    let need = || game.ok_or_else(|| RefereeError::Invalid("no game for the line".into()));
    Ok(Ok(match intent {
        Intent::Move { mv, offer_draw } => {
            let game = need()?;
            if let Some(answer) = stale(tx, game, mv.number, mv.black, &mv.text)? {
                return Ok(Err(answer));
            }
            Command::Play {
                game,
                text: mv.text.clone(),
                offer_draw: *offer_draw,
            }
        }
        Intent::OfferDraw => {
            // An offer while the opponent's offer stands is an acceptance.
            let game = need()?;
            let row = games::get(tx, game)?;
            let mine = row.side_of(player.id);
            match crate::store::offers::pending(tx, game)? {
                Some(o) if Some(o.side) != mine => Command::AcceptDraw { game },
                _ => Command::OfferDraw { game },
            }
        }
        Intent::AcceptDraw => Command::AcceptDraw { game: need()? },
        Intent::DeclineDraw => Command::DeclineDraw { game: need()? },
        Intent::Resign => Command::Resign { game: need()? },
        Intent::ClaimDraw { mv } => {
            let game = need()?;
            // At the end of a tournament's playing period a draw claim is a
            // claim for adjudication, with the mail as its analysis.
            if referee::tournament::frozen(tx, game)? {
                Command::ClaimResult {
                    game,
                    claim: crate::tournament::ResultClaim::Draw,
                    analysis: analysis.to_string(),
                }
            } else {
                Command::ClaimDraw {
                    game,
                    text: mv.as_ref().map(|m| m.text.clone()),
                }
            }
        }
        Intent::ClaimResult(claim) => Command::ClaimResult {
            game: need()?,
            claim: *claim,
            analysis: analysis.to_string(),
        },
        Intent::Standings => Command::Standings { game },
        Intent::Status => Command::Status { game: need()? },
        Intent::History => Command::History,
        Intent::Help => Command::Help,
        Intent::Leave { from, to } => Command::Leave {
            from: *from,
            to: *to,
        },
        Intent::LegalMoves => Command::LegalMoves { game: need()? },
        Intent::Why { text } => Command::Why {
            game: need()?,
            text: text.clone(),
        },
        Intent::Rules => Command::Rules { game: need()? },
        Intent::Seal { text } => Command::Seal {
            game: need()?,
            text: text.clone(),
        },
        Intent::Conditional(request) => Command::Conditional {
            game: need()?,
            request: request.clone(),
        },
        Intent::Unrecognised(why) => {
            let outcome = match why {
                Unrecognised::SeveralMoves(m) => format!("unrecognised: {} moves", m.len()),
                Unrecognised::NoText => "unrecognised: no text".into(),
                Unrecognised::NoCommand => "unrecognised".into(),
                Unrecognised::LeaveDates(_) => "unrecognised: leave dates".into(),
            };
            return Ok(Err(Answer {
                notice: Notice::Unrecognised {
                    game,
                    why: why.clone(),
                    example: example_of(tx, game)?,
                },
                outcome,
            }));
        }
    }))
}

/// A move written with an old move number: nothing changes, the reply says what is due.
fn stale(
    tx: &Tx<'_>,
    game: GameId,
    number: Option<u32>,
    black: bool,
    text: &str,
) -> Result<Option<Answer>, RefereeError> {
    let Some(n) = number else { return Ok(None) };
    let plies = moves::last_ply(tx, game)?;
    let row = games::get(tx, game)?;
    let k = plies + u32::from(black_starts(&row));
    let due = k / 2 + 1;
    let due_black = k % 2 == 1;
    if n < due || (n == due && !black && due_black) {
        return Ok(Some(Answer {
            notice: Notice::Stale {
                game,
                text: text.to_string(),
                number: n,
                due,
                due_black,
            },
            outcome: format!("stale: {n} while {due} is due"),
        }));
    }
    Ok(None)
}

/// Whether Black made the game's first ply (its start position says so).
fn black_starts(row: &games::Game) -> bool {
    row.start_fen
        .as_deref()
        .is_some_and(|f| f.trim_start().starts_with(['B', 'b']) || f.contains(" b "))
}

/// A reply to one player; its headers are the composer's ([`letters::post`]).
fn personal(p: &Player, game: Option<GameId>, body: String, lang: Language) -> Reply {
    Reply {
        monospace: false,
        to: p.id,
        email: p.email.clone(),
        language: lang,
        game,
        body,
    }
}

fn envelope_thread(env: &Envelope) -> Answering<'_> {
    Answering {
        sender: env.from.as_ref().map(|f| f.address.as_str()),
        message_id: env.message_id.as_deref(),
        references: &env.references,
    }
}

fn head_thread(head: &HeaderSummary) -> Answering<'_> {
    Answering {
        sender: head.from.as_ref().map(|f| f.address.as_str()),
        message_id: head.message_id.as_deref(),
        references: &head.in_reply_to,
    }
}

/// Writes replies into the outbox, threaded to the player's mail.
fn enqueue(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    mail: &RawMail,
    replies: &[Reply],
    index: usize,
) -> Result<(), RefereeError> {
    enqueue_threaded(tx, config, envelope_thread(env), mail, replies, index)
}

/// Writes replies into the outbox through the one composer; those to the
/// sender answer the mail (`Re:`, `In-Reply-To`, `References`), the others
/// follow their own thread.
fn enqueue_threaded(
    tx: &Tx<'_>,
    config: &Config,
    thread: Answering<'_>,
    mail: &RawMail,
    replies: &[Reply],
    index: usize,
) -> Result<(), RefereeError> {
    for (i, r) in replies.iter().enumerate() {
        letters::post(
            tx,
            r,
            Some(thread),
            reply_id(tx, config, &mail.key, index, i)?,
            crate::daemon::wall::now().max(mail.received_at),
        )?;
    }
    Ok(())
}

/// Our Message-ID for a reply: stable for the same mail, intent and recipient,
/// so a retried transaction produces the same ids, and unguessable: keyed with
/// the database's secret (HMAC-SHA256), so nobody who saw one reply can name
/// the id of a reply sent to somebody else (and forge a delivery report for it).
fn reply_id(
    tx: &Tx<'_>,
    config: &Config,
    key: &str,
    index: usize,
    recipient: usize,
) -> Result<String, RefereeError> {
    use hmac::{Hmac, KeyInit, Mac};
    let secret = crate::store::secrets::verp_key(tx, crate::daemon::wall::now())?;
    let mut m = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(secret.bytes())
        .map_err(|e| RefereeError::Invalid(e.to_string()))?;
    m.update(b"zaochka reply id v1\0");
    m.update(key.as_bytes());
    m.update(&(index as u64).to_be_bytes());
    m.update(&(recipient as u64).to_be_bytes());
    let tag: String = m
        .finalize()
        .into_bytes()
        .iter()
        .take(10)
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok(format!(
        "zaochka.{tag}.{index}.{recipient}@{}",
        config.address.domain
    ))
}

/// Referees (for alerts): every player with the referee or admin role.
pub(crate) fn referees(tx: &Tx<'_>) -> Result<Vec<Player>, RefereeError> {
    Ok(players::referees(tx)?)
}
