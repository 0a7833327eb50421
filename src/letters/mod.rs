//! The one composer of every mail the bot writes to a person: moves, refusals,
//! notices, reminders, time-outs, leave notices, the answers of the command
//! line. No kind of mail makes its own headers; they are decided here:
//!
//! - **Subject**: one per game and reader, [`crate::words::game::subject`]
//!   (`[zaochka #42] Русские шашки: Иванов – Петров`), `Re: ` before it when the
//!   mail answers the reader's own mail; a mail not about one game has the
//!   reader's personal subject ([`crate::words::mail::personal_subject`]),
//!   unless it answers the reader's mail in a game's thread (help, history,
//!   leave, the table asked there): then it is in that thread, with its
//!   Subject, References and reply address.
//! - **From and Reply-To** ([`addresses`], stored in the outbox row): the
//!   reader's reply address of the game (`<local>+<game>.<token>@<domain>`), or
//!   for a mail not about one of the reader's games, the personal address
//!   (`<local>+p<player>.<token>@<domain>`), so that pressing Reply always works.
//! - **Message-ID**: made by [`ids`], one writer per kind of mail.
//!
//! The outbox row holds every header and part the sender needs: sending it
//! reads nothing else.
//! - **In-Reply-To and References**: chained to the last mail of the thread of
//!   that reader and game (the reader's own mail when answering it, else the
//!   bot's previous mail), kept in [`crate::store::threads`] in the same
//!   transaction as the outbox row.

mod alerts;
pub mod bulletin;
pub mod calendar;
pub mod compose;
pub mod digest;
pub mod ids;
mod notices;
mod rich;

pub use alerts::alert_mail;

use chrono::{DateTime, Utc};

use crate::mail::BotAddress;
use crate::referee::{RefereeError, Reply};
use crate::store::outbox::{self, NewOutgoing, OutboxId};
use crate::store::players::{self, Player};
use crate::store::{Game, StoreError, Tx, games, threads};
use crate::vocabulary::GameId;
use crate::vocabulary::Language;
use crate::words;

/// The mail a reply answers: who sent it, its Message-ID and References
/// (without `<>`, oldest first), and the game whose thread it is in.
#[derive(Clone, Copy, Debug, Default)]
pub struct Answering<'a> {
    /// The sender's address.
    pub sender: Option<&'a str>,
    /// The mail's Message-ID, without `<>`.
    pub message_id: Option<&'a str>,
    /// Its References, without `<>`, oldest first.
    pub references: &'a [String],
    /// Its In-Reply-To ids, without `<>`.
    pub in_reply_to: &'a [String],
    /// The game whose reply address (with the sender's token) the mail was
    /// written to: an answer to the sender not about one game (help,
    /// history, leave, the table) stays in that game's thread.
    pub game: Option<GameId>,
}

/// A Message-ID fit for a header: `<id>` when it holds no space, control
/// character or angle bracket (else it is left out of the threading headers).
#[must_use]
pub fn header_id(id: &str) -> Option<String> {
    let id = id.trim().trim_start_matches('<').trim_end_matches('>');
    let clean = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_graphic() && !matches!(c, '<' | '>'));
    clean.then(|| format!("<{id}>"))
}

/// The Subject of every mail about `game` to a reader of `lang`.
#[must_use]
pub fn game_subject(game: &Game, white: &str, black: &str, lang: Language) -> String {
    words::game::subject(game.id.0, game.variant, white, black, lang)
}

/// The Subject of a mail to `reader` about `game` (or not about one game).
///
/// # Errors
/// Database failures; an unknown game.
pub fn subject(
    tx: &Tx<'_>,
    game: Option<GameId>,
    reader: &Player,
    lang: Language,
) -> Result<String, StoreError> {
    match game {
        Some(id) => {
            let g = games::get(tx, id)?;
            let white = players::get(tx, g.white)?;
            let black = players::get(tx, g.black)?;
            Ok(game_subject(&g, &white.name, &black.name, lang))
        }
        None => Ok(words::mail::personal_subject(&reader.name, lang)),
    }
}

/// The Subject of every mail to a director of the tournament `tournament`
/// (row id) in the reader's language: the same for every mail of its
/// director thread.
///
/// # Errors
/// Database failures; an unknown tournament.
pub fn directors_subject(
    tx: &Tx<'_>,
    tournament: i64,
    lang: Language,
) -> Result<String, StoreError> {
    let t =
        crate::store::tournaments::get(tx, crate::store::tournaments::TournamentId(tournament))?;
    Ok(words::tournament_events::directors_subject(&t.name, lang))
}

/// The reader's personal address for the mails not about one game, if the
/// player has a token.
///
/// # Errors
/// Database failures.
pub fn personal_address(
    tx: &Tx<'_>,
    bot: &BotAddress,
    player: &Player,
) -> Result<Option<String>, StoreError> {
    Ok(players::reply_token(tx, player.id)?.map(|t| bot.personal_address(player.id, &t)))
}

/// The address a mail to `to_address` about `game` comes from and is answered
/// at (From and Reply-To): the reader's reply address of the game if the reader
/// plays in it, else the reader's personal address if the reader is registered,
/// else `None` (the bot's bare address).
///
/// # Errors
/// Database failures.
pub fn reply_address(
    tx: &Tx<'_>,
    bot: &BotAddress,
    game: Option<GameId>,
    to_address: &str,
) -> Result<Option<String>, StoreError> {
    let Some(p) = players::find_by_email(tx, to_address)? else {
        return Ok(None);
    };
    if let Some(id) = game {
        match games::get(tx, id) {
            Ok(g) => {
                if let Some(side) = g.side_of(p.id) {
                    return Ok(Some(bot.reply_address(id, g.token(side).as_str())));
                }
            }
            Err(StoreError::NotFound { .. }) => {}
            Err(e) => return Err(e),
        }
    }
    personal_address(tx, bot, &p)
}

/// The From address and the Reply-To address (if any) of a mail to
/// `to_address` about `game` ([`reply_address`]; without one, From is the
/// bot's own address and there is no Reply-To).
///
/// # Errors
/// Database failures.
pub fn addresses(
    tx: &Tx<'_>,
    bot: &BotAddress,
    game: Option<GameId>,
    to_address: &str,
) -> Result<(String, Option<String>), StoreError> {
    let reply_to = reply_address(tx, bot, game, to_address)?;
    let from = reply_to
        .clone()
        .unwrap_or_else(|| format!("{}@{}", bot.local, bot.domain));
    Ok((from, reply_to))
}

/// Fills From and Reply-To of the pending outbox rows written before the
/// outbox held them, as [`post`] would have written them; returns how many.
///
/// # Errors
/// Database failures.
pub fn address_earlier_rows(tx: &Tx<'_>, bot: &BotAddress) -> Result<usize, StoreError> {
    let rows = outbox::pending_without_from(tx)?;
    for (id, game, to) in &rows {
        let (from, reply_to) = addresses(tx, bot, *game, to)?;
        outbox::set_addresses(tx, *id, &from, reply_to.as_deref())?;
    }
    Ok(rows.len())
}

/// Sets From and Reply-To of an alert mail to a referee (the referee's
/// personal address, if they have one).
///
/// # Errors
/// Database failures.
pub fn address_alert(
    tx: &Tx<'_>,
    bot: &BotAddress,
    mail: &mut NewOutgoing,
) -> Result<(), StoreError> {
    let (from, reply_to) = addresses(tx, bot, mail.game_id, &mail.to_address)?;
    mail.from_address = Some(from);
    mail.reply_to = reply_to;
    Ok(())
}

/// Writes one reply into the outbox with all its headers decided here, and
/// moves its thread on. `answering` is the mail it answers, if any (only a
/// reply to that mail's sender is threaded to it); `message_id` is the reply's
/// own id (without `<>`).
///
/// # Errors
/// Database failures.
pub fn post(
    tx: &Tx<'_>,
    bot: &BotAddress,
    reply: &Reply,
    answering: Option<Answering<'_>>,
    message_id: String,
    created_at: DateTime<Utc>,
) -> Result<OutboxId, RefereeError> {
    let noted = notices::with_pause_note(tx, reply)?;
    let reply = noted.as_ref().unwrap_or(reply);
    let reader = players::get(tx, reply.to)?;
    let answered = answering.filter(|a| {
        a.sender
            .is_some_and(|s| s.trim().eq_ignore_ascii_case(reply.email.trim()))
    });
    // The thread: the reply's game, else the game of the reader's own mail
    // it answers (a game of the reader's).
    let game = match (reply.game, answered.and_then(|a| a.game)) {
        (Some(g), _) => Some(g),
        (None, Some(g)) if games::get(tx, g)?.side_of(reader.id).is_some() => Some(g),
        _ => None,
    };
    let own = answered.and_then(|a| {
        a.message_id
            .and_then(header_id)
            .map(|id| (id, a.references))
    });
    // A mail to a tournament's director, not answering the director's own
    // mail, answers the root of the tournament's director thread.
    let directors = match &reply.told {
        crate::referee::told::Told::ToDirectors { tournament, .. } => Some(*tournament),
        _ => None,
    };
    let root = directors
        .filter(|_| own.is_none())
        .and_then(|t| header_id(&ids::directors_thread(t, &bot.domain)));
    // A director's own mail written in a tournament's director thread (its
    // References or In-Reply-To name the thread's root), answered with
    // nothing about one game: the answer stays in that thread, under its
    // Subject, the root first in its References.
    let in_directors = match answered.filter(|_| game.is_none() && directors.is_none()) {
        Some(a) if own.is_some() => directors_thread_answered(tx, a)?,
        _ => None,
    };
    let thread = match root {
        Some(_) => None,
        None => threads::get(tx, reader.id, game)?,
    };
    let (in_reply_to, references) = match (&own, &thread) {
        (None, _) if root.is_some() => (root.clone(), root.iter().cloned().collect()),
        (Some((id, theirs)), thread) => {
            // The player's mail is the parent: its ancestry, else ours.
            let mut chain: Vec<String> = theirs.iter().filter_map(|r| header_id(r)).collect();
            if let Some(t) = in_directors {
                if chain.is_empty() {
                    chain = answered
                        .map(|a| a.in_reply_to.iter().filter_map(|r| header_id(r)).collect())
                        .unwrap_or_default();
                }
                if let Some(top) = header_id(&ids::directors_thread(t, &bot.domain))
                    && !chain.contains(&top)
                {
                    chain.insert(0, top);
                }
            } else if chain.is_empty()
                && let Some(t) = thread
            {
                chain.clone_from(&t.references);
            }
            chain.retain(|r| r != id);
            chain.push(id.clone());
            (Some(id.clone()), threads::bounded(chain))
        }
        (None, Some(t)) => (
            header_id(&t.last_message_id),
            threads::bounded(t.references.clone()),
        ),
        (None, None) => (None, Vec::new()),
    };
    let base = if let Some(t) = directors.or(in_directors) {
        directors_subject(tx, t, reply.language)?
    } else {
        match (&reply.session, game) {
            // The game as the referee left it holds its row and players.
            (Some(s), Some(g)) if s.row.id == g => game_subject(
                &s.row,
                &s.players[0].name,
                &s.players[1].name,
                reply.language,
            ),
            _ => subject(tx, game, &reader, reply.language)?,
        }
    };
    let subject = if own.is_some() {
        format!("Re: {base}")
    } else {
        base
    };
    let (body_html, mut attachments) = if reply.monospace {
        (
            Some(crate::diagram::html::table_body(
                &subject,
                &compose::body(reply),
            )),
            Vec::new(),
        )
    } else {
        // The picture of the game the reply is about (none for help in a
        // game's thread).
        rich::enrich(tx, reply, reply.game, created_at)?
    };
    if let crate::referee::told::Told::Calendar(c) = &reply.told {
        attachments.push(calendar::attachment(tx, bot, c)?);
    }
    let (from_address, reply_to) = addresses(tx, bot, game, &reply.email)?;
    let id = outbox::enqueue(
        tx,
        &NewOutgoing {
            to_address: reply.email.clone(),
            subject,
            body_text: compose::body(reply),
            body_html,
            attachments,
            in_reply_to: in_reply_to
                .as_deref()
                .map(|i| i.trim_start_matches('<').trim_end_matches('>').to_string()),
            references: (!references.is_empty()).then(|| references.join(" ")),
            message_id: message_id.clone(),
            from_address: Some(from_address),
            reply_to,
            game_id: game,
            created_at,
        },
    )?;
    notices::note_if_notice(tx, reply, id)?;
    if root.is_none()
        && in_directors.is_none()
        && let Some(mine) = header_id(&message_id)
    {
        let mut next = references;
        next.push(mine);
        let bare = message_id
            .trim()
            .trim_start_matches('<')
            .trim_end_matches('>');
        threads::record(tx, reader.id, game, bare, next, created_at)?;
    }
    Ok(id)
}

/// The tournament (row id) whose director thread the mail `a` was written
/// in: see [`directors_thread_of_mail`].
fn directors_thread_answered(tx: &Tx<'_>, a: Answering<'_>) -> Result<Option<i64>, StoreError> {
    directors_thread_of_mail(tx, a.references, a.in_reply_to)
}

/// The tournament (row id) whose director thread a mail with these
/// `references` and `in_reply_to` ids (without `<>`) was written in: they
/// name the thread's root, or the mail answers a mail of ours that did (a
/// mail program that writes In-Reply-To only). `None`: no director thread.
///
/// # Errors
/// Database failures.
pub fn directors_thread_of_mail(
    tx: &Tx<'_>,
    references: &[String],
    in_reply_to: &[String],
) -> Result<Option<i64>, StoreError> {
    let named = references
        .iter()
        .chain(in_reply_to)
        .find_map(|r| ids::directors_thread_of(r));
    if named.is_some() {
        return Ok(named);
    }
    for parent in in_reply_to {
        if let Some(ours) = outbox::threading_of(tx, parent)?
            && let Some(t) = ours.iter().find_map(|r| ids::directors_thread_of(r))
        {
            return Ok(Some(t));
        }
    }
    Ok(None)
}

/// Writes replies of a command that did not come by mail (the command line) into
/// the outbox through the one composer. A shell command's replies (the
/// transaction processes its mark) get Message-IDs derived from the mark,
/// the reply's number within the command and the database's secret key
/// ([`ids::shell`]), so that the command replayed by a restore posts
/// them under the ids of the first time; others get fresh random ids.
///
/// # Errors
/// Database failures.
pub fn queue_replies(
    tx: &Tx<'_>,
    bot: &BotAddress,
    replies: &[Reply],
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), RefereeError> {
    for r in replies {
        let id = match tx.processing() {
            Some(crate::store::Processing::Command(mark)) => {
                ids::shell(tx, mark, mark.next_post(), &bot.domain)?
            }
            _ => ids::command(&bot.domain, now)?,
        };
        post(tx, bot, r, None, id, now)?;
    }
    Ok(())
}
