//! One incoming mail, start to finish: size limit, MIME, bounces and auto-replies,
//! identity (registered sender AND that player's token for the game), intents,
//! referee commands, replies into the outbox — all in ONE transaction together with
//! the processed-message record, so a duplicate delivery or a crash before the
//! commit never applies anything twice. Unverified mail gets no reply (no
//! backscatter); the outcome of every mail is recorded for the referee.

use tracing::{info, warn};

use super::inbox::RawMail;
use super::notices::Notice;
use crate::config::Config;
use crate::lang::Language;
use crate::mail::intent::{Addressed, Context, Intent, MoveSyntax, read_intents};
use crate::mail::{BotAddress, Envelope, EnvelopeError, HeaderSummary, SenderProblem};
use crate::printable::printable;
use crate::referee::{self, Command, RefereeError, Reply, Source};
use crate::rules::Variant;
use crate::store::messages::{self, NewProcessedMessage};
use crate::store::outbox::{self, NewOutgoing};
use crate::store::players::{self, Player, Role};
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
    let result = store.transaction(|tx| -> Result<Processed, RefereeError> {
        claims::finish(tx, &mail.key)?;
        if messages::find_key(tx, &mail.key)?.is_some() {
            return Ok(Processed::unverified("duplicate", None));
        }
        let processed = match &parsed {
            Ok(env) => handle_envelope(tx, config, env, mail)?,
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
/// answer saying what was too large. Anything else is never answered.
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
    let Identity::Verified { player, game } =
        verify(tx, config, &from.address, head.recipient_addresses())?
    else {
        return Ok(Processed::unverified(outcome, None));
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
    enqueue_threaded(tx, config, head_thread(head), mail, &[reply], 0, Some(game))?;
    Ok(Processed {
        outcome,
        game: Some(game),
        verified_sender: Some(player.email.to_lowercase()),
    })
}

/// Who sent a mail, as far as the bot can tell.
enum Identity {
    /// A registered player who wrote to their own reply address of `game`.
    Verified {
        /// The player.
        player: Player,
        /// The game whose token the mail carries.
        game: GameId,
    },
    /// Anyone else: recorded, never answered.
    Unverified {
        /// `rejected: ...` for the processed-message record.
        outcome: String,
        /// The game the address named, if it exists.
        claimed: Option<GameId>,
    },
}

/// Identity = the registered From AND that player's token for the game named in
/// one of the recipient addresses (compared in constant time).
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
    for address in recipients {
        let Ok(addr) = bot.parse_reply(address) else {
            continue;
        };
        let Ok(game) = games::get(tx, addr.game) else {
            continue;
        };
        claimed.get_or_insert(addr.game);
        if let Some(side) = game.side_of(player.id)
            && addr.token_matches(game.token(side).as_str())
        {
            return Ok(Identity::Verified {
                player,
                game: addr.game,
            });
        }
    }
    let why = if claimed.is_some() {
        "a token that is not the player's"
    } else {
        "no token"
    };
    Ok(Identity::Unverified {
        outcome: format!("rejected: {why}"),
        claimed,
    })
}

fn handle_envelope(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    mail: &RawMail,
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
    let (player, game_id) = match verify(tx, config, &from.address, env.recipient_addresses())? {
        Identity::Verified { player, game } => (player, game),
        Identity::Unverified { outcome, claimed } => {
            return Ok(Processed::unverified(outcome, claimed));
        }
    };
    let verified_sender = Some(player.email.to_lowercase());
    if let Some(first) = messages::find_verified(tx, env.message_id.as_deref(), &player.email)? {
        // The same mail delivered again under another inbox key.
        return Ok(Processed {
            outcome: format!("duplicate of {}", printable(&first.inbox_key)),
            game: Some(game_id),
            verified_sender: None,
        });
    }
    let intents = intents_for(tx, env, &player, game_id)?;
    let mut outcomes = Vec::new();
    // Lines for games that do not exist or are not the sender's: refused
    // together in ONE reply (however many there are), and the rest of the mail
    // is applied. The same words either way, so nobody learns which games exist.
    let mut foreign: Vec<(GameId, String)> = Vec::new();
    let mut foreign_count = 0usize;
    for (k, a) in intents.iter().enumerate() {
        let game = a.game.unwrap_or(game_id);
        if game != game_id && !plays_in(tx, &player, game)? {
            foreign_count += 1;
            if foreign.len() < MAX_LISTED_LINES {
                foreign.push((game, a.line.trim().to_string()));
            }
            continue;
        }
        outcomes.push(apply(tx, config, env, mail, &player, game, a, k)?);
    }
    if foreign_count > 0 {
        let lang = language_of(&player);
        let notice = Notice::NotYourGames {
            more: foreign_count - foreign.len(),
            lines: foreign,
        };
        let reply = personal(&player, game_id, notice.text(lang), lang);
        enqueue(
            tx,
            config,
            env,
            mail,
            &[reply],
            intents.len(),
            Some(game_id),
        )?;
        outcomes.push(format!(
            "refused {foreign_count} line(s) for games not the sender's"
        ));
    }
    Ok(Processed {
        outcome: bounded_outcome(&outcomes),
        game: Some(game_id),
        verified_sender,
    })
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

/// The player's intents, with the syntax of each of their active games.
fn intents_for(
    tx: &Tx<'_>,
    env: &Envelope,
    player: &Player,
    game_id: GameId,
) -> Result<Vec<Addressed>, RefereeError> {
    let syntax_of = |variant: &str| {
        if Variant::from_name(variant) == Some(Variant::Chess) {
            MoveSyntax::Chess
        } else {
            MoveSyntax::Draughts
        }
    };
    let main = games::get(tx, game_id)?;
    let filter = games::GameFilter {
        player: Some(player.id),
        status: Some(GameStatus::Active),
        ..Default::default()
    };
    let others: Vec<(GameId, MoveSyntax)> = games::list(tx, &filter)?
        .iter()
        .filter(|g| g.id != game_id)
        .map(|g| (g.id, syntax_of(&g.variant)))
        .collect();
    let cx = Context {
        game: Some(game_id),
        syntax: syntax_of(&main.variant),
        other_games: &others,
    };
    Ok(read_intents(&env.new_text, &env.subject, &cx))
}

/// Applies one intent inside a savepoint: a refused command is rolled back to the
/// savepoint (it changes nothing) and answered to the sender alone.
#[allow(clippy::too_many_arguments)]
fn apply(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    mail: &RawMail,
    player: &Player,
    game: GameId,
    a: &Addressed,
    index: usize,
) -> Result<String, RefereeError> {
    let lang = Language::from_code(player.language.as_str()).unwrap_or_default();
    let command = match command_of(tx, player, game, &a.intent)? {
        Ok(c) => c,
        Err(text) => {
            enqueue(
                tx,
                config,
                env,
                mail,
                &[personal(player, game, text.0.clone(), lang)],
                index,
                Some(game),
            )?;
            return Ok(text.1);
        }
    };
    savepoint(tx, "SAVEPOINT intent")?;
    let source = Source {
        message_id: env.message_id.as_deref(),
    };
    match referee::handle(tx, &command, player.id, mail.received_at, source) {
        Ok(h) => {
            savepoint(tx, "RELEASE intent")?;
            enqueue(tx, config, env, mail, &h.replies, index, h.game)?;
            Ok(format!("applied #{game}: {}", a.line.trim()))
        }
        Err(RefereeError::Store(e)) => Err(RefereeError::Store(e)),
        Err(e) => {
            savepoint(tx, "ROLLBACK TO intent; RELEASE intent")?;
            let text = match lang {
                Language::Ru => format!(
                    "Партия #{game} - «{}» не принято: {}.",
                    a.line.trim(),
                    e.message(lang)
                ),
                Language::En => format!(
                    "Game #{game} - \"{}\" is not accepted: {}.",
                    a.line.trim(),
                    e.message(lang)
                ),
            };
            enqueue(
                tx,
                config,
                env,
                mail,
                &[personal(player, game, text, lang)],
                index,
                Some(game),
            )?;
            Ok(format!("refused #{game}: {e}"))
        }
    }
}

fn savepoint(tx: &Tx<'_>, sql: &str) -> Result<(), RefereeError> {
    tx.sql()
        .execute_batch(sql)
        .map_err(|e| RefereeError::Store(crate::store::StoreError::from(e)))
}

/// (reply text, outcome) for intents answered without the referee.
struct Answer(String, String);

/// The referee command of an intent, or a direct answer (stale move, nothing understood).
fn command_of(
    tx: &Tx<'_>,
    player: &Player,
    game: GameId,
    intent: &Intent,
) -> Result<Result<Command, Answer>, RefereeError> {
    let lang = Language::from_code(player.language.as_str()).unwrap_or_default();
    Ok(Ok(match intent {
        Intent::Move { mv, offer_draw } => {
            if let Some(answer) = stale(tx, game, mv.number, mv.black, &mv.text, lang)? {
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
            let row = games::get(tx, game)?;
            let mine = row.side_of(player.id);
            match crate::store::offers::pending(tx, game)? {
                Some(o) if Some(o.side) != mine => Command::AcceptDraw { game },
                _ => Command::OfferDraw { game },
            }
        }
        Intent::AcceptDraw => Command::AcceptDraw { game },
        Intent::DeclineDraw => Command::DeclineDraw { game },
        Intent::Resign => Command::Resign { game },
        Intent::ClaimDraw { mv } => Command::ClaimDraw {
            game,
            text: mv.as_ref().map(|m| m.text.clone()),
        },
        Intent::Status => Command::Status { game },
        Intent::History => Command::History,
        Intent::Help => Command::Help,
        Intent::Leave { from, to } => Command::Leave {
            from: *from,
            to: *to,
        },
        Intent::Unrecognised(why) => {
            let text = match lang {
                Language::Ru => format!(
                    "Партия #{game} - в вашем письме не найдено ни хода, ни команды ({why:?}). Напишите ход, например «c3-d4», или «помощь»."
                ),
                Language::En => format!(
                    "Game #{game} - your mail holds no move and no command ({why:?}). Write a move such as \"c3-d4\", or \"help\"."
                ),
            };
            return Ok(Err(Answer(text, "unrecognised".into())));
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
    lang: Language,
) -> Result<Option<Answer>, RefereeError> {
    let Some(n) = number else { return Ok(None) };
    let plies = moves::last_ply(tx, game)?;
    let row = games::get(tx, game)?;
    let black_starts = row
        .start_fen
        .as_deref()
        .is_some_and(|f| f.trim_start().starts_with(['B', 'b']) || f.contains(" b "));
    let k = plies + u32::from(black_starts);
    let due = k / 2 + 1;
    let due_black = k % 2 == 1;
    if n < due || (n == due && !black && due_black) {
        let dots = if due_black { "..." } else { "." };
        let text = match lang {
            Language::Ru => format!(
                "Партия #{game} - ход «{text}» с номером {n} уже не актуален; сейчас ожидается ход {due}{dots}. Ничего не изменено."
            ),
            Language::En => format!(
                "Game #{game} - the move \"{text}\" numbered {n} is stale; move {due}{dots} is due now. Nothing was changed."
            ),
        };
        return Ok(Some(Answer(text, format!("stale: {n} while {due} is due"))));
    }
    Ok(None)
}

fn personal(p: &Player, game: GameId, body: String, lang: Language) -> Reply {
    Reply {
        to: p.id,
        email: p.email.clone(),
        language: lang,
        subject: format!("{} zaochka", crate::mail::subject_tag(game)),
        body,
    }
}

/// The thread of a player's mail, for threading the replies to it.
struct Thread<'a> {
    /// The sender's address.
    sender: Option<&'a str>,
    /// The mail's Message-ID, without `<>`.
    message_id: Option<&'a str>,
    /// Its References, without `<>`, oldest first.
    references: &'a [String],
}

fn envelope_thread(env: &Envelope) -> Thread<'_> {
    Thread {
        sender: env.from.as_ref().map(|f| f.address.as_str()),
        message_id: env.message_id.as_deref(),
        references: &env.references,
    }
}

fn head_thread(head: &HeaderSummary) -> Thread<'_> {
    Thread {
        sender: head.from.as_ref().map(|f| f.address.as_str()),
        message_id: head.message_id.as_deref(),
        references: &head.in_reply_to,
    }
}

/// A Message-ID fit for a header: `<id>` when it holds no space, control
/// character or angle bracket (else it is left out of the threading headers).
fn header_id(id: &str) -> Option<String> {
    let clean = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_graphic() && !matches!(c, '<' | '>'));
    clean.then(|| format!("<{id}>"))
}

/// Writes replies into the outbox, threaded to the player's mail.
fn enqueue(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    mail: &RawMail,
    replies: &[Reply],
    index: usize,
    game: Option<GameId>,
) -> Result<(), RefereeError> {
    enqueue_threaded(tx, config, envelope_thread(env), mail, replies, index, game)
}

/// Writes replies into the outbox; those to the sender are threaded to the mail
/// (`In-Reply-To`, `References`), with ids that cannot break a header.
fn enqueue_threaded(
    tx: &Tx<'_>,
    config: &Config,
    thread: Thread<'_>,
    mail: &RawMail,
    replies: &[Reply],
    index: usize,
    game: Option<GameId>,
) -> Result<(), RefereeError> {
    let sender = thread.sender.map(str::to_lowercase);
    for (i, r) in replies.iter().enumerate() {
        let to_sender = sender.as_deref() == Some(r.email.to_lowercase().as_str());
        let own = thread.message_id.and_then(header_id);
        let (in_reply_to, references) = if to_sender {
            let mut refs: Vec<String> = thread
                .references
                .iter()
                .rev()
                .take(20)
                .rev()
                .filter_map(|r| header_id(r))
                .collect();
            refs.extend(own.clone());
            (
                own.map(|id| id.trim_start_matches('<').trim_end_matches('>').to_string()),
                (!refs.is_empty()).then(|| refs.join(" ")),
            )
        } else {
            (None, None)
        };
        let (body_html, attachments) = super::rich::enrich(tx, r, game, chrono::Utc::now())?;
        outbox::enqueue(
            tx,
            &NewOutgoing {
                to_address: r.email.clone(),
                subject: r.subject.clone(),
                body_text: r.body.clone(),
                body_html,
                attachments,
                in_reply_to,
                references,
                message_id: reply_id(tx, config, &mail.key, index, i)?,
                game_id: game,
                created_at: chrono::Utc::now().max(mail.received_at),
            },
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
    let secret = crate::store::secrets::verp_key(tx, chrono::Utc::now())?;
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
    Ok(players::list(tx)?
        .into_iter()
        .filter(|p| matches!(p.role, Role::Referee | Role::Admin))
        .collect())
}

/// Writes replies of a command that did not come by mail (the command line) into
/// the outbox, with fresh Message-IDs.
///
/// # Errors
/// Database failures.
pub fn enqueue_replies(
    tx: &Tx<'_>,
    config: &Config,
    replies: &[Reply],
    game: Option<GameId>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), RefereeError> {
    for r in replies {
        let mut random = [0u8; 10];
        getrandom::fill(&mut random)
            .map_err(|e| RefereeError::Invalid(format!("no randomness: {e}")))?;
        let random: String = random.iter().map(|b| format!("{b:02x}")).collect();
        let (body_html, attachments) = super::rich::enrich(tx, r, game, chrono::Utc::now())?;
        outbox::enqueue(
            tx,
            &NewOutgoing {
                to_address: r.email.clone(),
                subject: r.subject.clone(),
                body_text: r.body.clone(),
                body_html,
                attachments,
                in_reply_to: None,
                references: None,
                message_id: format!(
                    "zaochka.cli.{random}.{}@{}",
                    now.timestamp_millis(),
                    config.address.domain
                ),
                game_id: game,
                created_at: now,
            },
        )?;
    }
    Ok(())
}
