//! Replies into the outbox: a reply to one player in their language, threaded
//! to the mail it answers through the one composer, with a Message-ID that is
//! stable for a retried transaction and unguessable.

use crate::config::Config;
use crate::daemon::inbox::RawMail;
use crate::letters::{self, Answering};
use crate::mail::{Envelope, HeaderSummary};
use crate::referee::{RefereeError, Reply};
use crate::store::GameId;
use crate::store::Tx;
use crate::store::players::Player;
use crate::vocabulary::Language;

pub(super) fn language_of(player: &Player) -> Language {
    player.language
}

/// A reply to one player; its headers are the composer's ([`letters::post`]).
pub(super) fn personal(p: &Player, game: Option<GameId>, body: String, lang: Language) -> Reply {
    personal_told(p, game, crate::referee::told::Told::Text(body), lang)
}

/// A reply to one player telling `told`.
pub(super) fn personal_told(
    p: &Player,
    game: Option<GameId>,
    told: crate::referee::told::Told,
    lang: Language,
) -> Reply {
    Reply {
        monospace: false,
        to: p.id,
        email: p.email.clone(),
        language: lang,
        game,
        told,
        notes: Vec::new(),
    }
}

/// The mail's thread: its sender, Message-ID and References, and the game
/// whose reply address (with the sender's token, [`super::identity::verify`])
/// it was written to.
pub(super) fn envelope_thread<'a>(
    tx: &Tx<'_>,
    config: &Config,
    env: &'a Envelope,
) -> Result<Answering<'a>, RefereeError> {
    let sender = env.from.as_ref().map(|f| f.address.as_str());
    let game = match sender {
        Some(from) => match super::identity::verify(tx, config, from, env.recipient_addresses())? {
            super::identity::Identity::Verified { game, .. } => game,
            _ => None,
        },
        None => None,
    };
    Ok(Answering {
        sender,
        message_id: env.message_id.as_deref(),
        references: &env.references,
        game,
    })
}

pub(super) fn head_thread(head: &HeaderSummary) -> Answering<'_> {
    Answering {
        sender: head.from.as_ref().map(|f| f.address.as_str()),
        message_id: head.message_id.as_deref(),
        references: &head.in_reply_to,
        game: None,
    }
}

/// Writes replies into the outbox, threaded to the player's mail (and an
/// answer not about one game to a mail in a game's thread, into that
/// thread).
pub(super) fn enqueue(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    mail: &RawMail,
    replies: &[Reply],
    index: usize,
) -> Result<(), RefereeError> {
    let thread = envelope_thread(tx, config, env)?;
    enqueue_threaded(tx, config, thread, mail, replies, index)
}

/// Writes replies into the outbox through the one composer; those to the
/// sender answer the mail (`Re:`, `In-Reply-To`, `References`), the others
/// follow their own thread.
pub(super) fn enqueue_threaded(
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
pub(super) fn reply_id(
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
