//! One incoming mail, start to finish: size limit, MIME, bounces and auto-replies,
//! identity (registered sender AND that player's token for the game), intents,
//! referee commands, replies into the outbox — all in ONE transaction together with
//! the processed-message record, so a duplicate delivery or a crash before the
//! commit never applies anything twice. Unverified mail gets no reply (no
//! backscatter); the outcome of every mail is recorded for the referee.

use tracing::{info, warn};

use super::inbox::RawMail;
use crate::config::Config;
use crate::lang::Language;
use crate::mail::intent::{Addressed, Context, Intent, MoveSyntax, read_intents};
use crate::mail::{BotAddress, Envelope, EnvelopeError};
use crate::referee::{self, Command, RefereeError, Reply, Source};
use crate::rules::Variant;
use crate::store::messages::{self, NewProcessedMessage};
use crate::store::outbox::{self, NewOutgoing};
use crate::store::players::{self, Player, Role};
use crate::store::{GameId, GameStatus, Store, Tx, games, moves};

/// What became of a mail (also stored as the processed-message outcome).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Processed {
    /// `applied`, `duplicate`, `rejected: ...`, `ignored: ...`, `bounce: ...`.
    pub outcome: String,
    /// The game concerned, if known.
    pub game: Option<GameId>,
}

/// Processes one mail in one transaction. A mail already processed (same inbox key
/// or Message-ID) is a no-op with the outcome `duplicate`.
///
/// # Errors
/// Database failures only (the mail stays unprocessed and is tried again).
pub fn process(store: &mut Store, config: &Config, mail: &RawMail) -> anyhow::Result<Processed> {
    let parsed = Envelope::parse_bounded(&mail.bytes, config.max_message_bytes, &config.limits);
    let message_id = parsed.as_ref().ok().and_then(|e| e.message_id.clone());
    let result = store.transaction(|tx| -> Result<Processed, RefereeError> {
        if messages::find(tx, message_id.as_deref(), &mail.key)?.is_some() {
            return Ok(Processed {
                outcome: "duplicate".into(),
                game: None,
            });
        }
        let processed = match &parsed {
            Ok(env) => handle_envelope(tx, config, env, mail)?,
            Err(e) => rejected_envelope(e),
        };
        let new = NewProcessedMessage {
            message_id: message_id.clone(),
            inbox_key: mail.key.clone(),
            game_id: processed.game,
            sender: parsed
                .as_ref()
                .ok()
                .and_then(|e| e.from.as_ref().map(|f| f.address.clone())),
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
        Err(RefereeError::Invalid(d)) if d == "duplicate" => Processed {
            outcome: "duplicate".into(),
            game: None,
        },
        Err(e) => {
            // A mail that cannot be processed is recorded as failed so that it is not
            // retried for ever; the referee sees it in the log and the table.
            let outcome = format!("failed: {e}");
            warn!(key = %mail.key, message_id = ?message_id, error = %e, "mail could not be processed");
            let record = NewProcessedMessage {
                message_id: message_id.clone(),
                inbox_key: mail.key.clone(),
                game_id: None,
                sender: None,
                outcome: outcome.clone(),
                processed_at: mail.received_at,
            };
            store.transaction(|tx| messages::record(tx, &record))?;
            return Ok(Processed {
                outcome,
                game: None,
            });
        }
    };
    let game = processed.game.map(|g| g.0);
    if processed.outcome.starts_with("rejected") || processed.outcome.starts_with("ignored") {
        warn!(key = %mail.key, message_id = ?message_id, game, outcome = %processed.outcome, "mail not applied");
    } else {
        info!(key = %mail.key, message_id = ?message_id, game, outcome = %processed.outcome, "mail processed");
    }
    Ok(processed)
}

fn rejected_envelope(e: &EnvelopeError) -> Processed {
    let outcome = match e {
        EnvelopeError::TooLarge { size, limit, .. } => {
            format!("rejected: too large ({size} bytes, limit {limit})")
        }
        EnvelopeError::OverLimit {
            limit,
            found,
            allowed,
            ..
        } => format!("rejected: over {} ({found}, limit {allowed})", limit.key()),
        EnvelopeError::Sender(problem) => format!("rejected: sender {problem:?}"),
        other => format!("rejected: unreadable mail ({other})"),
    };
    Processed {
        outcome,
        game: None,
    }
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
        return Ok(Processed {
            outcome: "ignored: automatic reply".into(),
            game: None,
        });
    }
    let Some(from) = &env.from else {
        return Ok(Processed {
            outcome: "rejected: no sender".into(),
            game: None,
        });
    };
    let Some(player) = players::find_by_email(tx, &from.address)? else {
        return Ok(Processed {
            outcome: format!("rejected: unknown sender {}", from.address),
            game: None,
        });
    };
    let bot = BotAddress {
        local: config.address.local.clone(),
        domain: config.address.domain.clone(),
    };
    // The token must be this player's token for the game named in the address.
    let mut verified: Option<GameId> = None;
    let mut claimed: Option<GameId> = None;
    for addr in env.reply_addresses(&bot) {
        let Ok(game) = games::get(tx, addr.game) else {
            continue;
        };
        claimed.get_or_insert(addr.game);
        if let Some(side) = game.side_of(player.id)
            && addr.token_matches(game.token(side).as_str())
        {
            verified = Some(addr.game);
            break;
        }
    }
    let Some(game_id) = verified else {
        let why = if claimed.is_some() {
            "a token that is not the player's"
        } else {
            "no token"
        };
        return Ok(Processed {
            outcome: format!("rejected: {why}"),
            game: claimed,
        });
    };
    let intents = intents_for(tx, env, &player, game_id)?;
    let mut outcomes = Vec::new();
    for (k, a) in intents.iter().enumerate() {
        let game = a.game.unwrap_or(game_id);
        outcomes.push(apply(tx, config, env, mail, &player, game, a, k)?);
    }
    Ok(Processed {
        outcome: outcomes.join("; "),
        game: Some(game_id),
    })
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
    let sender = env.from.as_ref().map(|f| f.address.to_lowercase());
    for (i, r) in replies.iter().enumerate() {
        let to_sender = sender.as_deref() == Some(r.email.to_lowercase().as_str());
        let (in_reply_to, references) = if to_sender {
            let mut refs: Vec<String> = env.references.iter().map(|r| format!("<{r}>")).collect();
            if let Some(id) = &env.message_id {
                refs.push(format!("<{id}>"));
            }
            (
                env.message_id.clone(),
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
                message_id: reply_id(config, &mail.key, index, i),
                game_id: game,
                created_at: chrono::Utc::now().max(mail.received_at),
            },
        )?;
    }
    Ok(())
}

/// Our Message-ID for a reply: stable for the same mail, intent and recipient, so a
/// retried transaction produces the same ids.
fn reply_id(config: &Config, key: &str, index: usize, recipient: usize) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (key, index, recipient).hash(&mut h);
    format!(
        "zaochka.{:016x}.{index}.{recipient}@{}",
        h.finish(),
        config.address.domain
    )
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
    use std::hash::{Hash, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    for r in replies {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (
            now.timestamp_nanos_opt(),
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::SeqCst),
            &r.email,
        )
            .hash(&mut h);
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
                    "zaochka.cli.{:016x}.{}@{}",
                    h.finish(),
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
