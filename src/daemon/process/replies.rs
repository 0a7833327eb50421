//! Replies into the outbox: a reply to one player in their language, threaded
//! to the mail it answers through the one composer, with a Message-ID that is
//! stable for a retried transaction and unguessable.

use crate::config::Config;
use crate::daemon::inbox::RawMail;
use crate::letters::{self, Answering};
use crate::mail::{Envelope, HeaderSummary};
use crate::referee::{RefereeError, Reply};
use crate::store::Tx;
use crate::store::players::Player;
use crate::vocabulary::GameId;
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
        session: None,
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
        in_reply_to: &env.in_reply_to,
        game,
    })
}

pub(super) fn head_thread(head: &HeaderSummary) -> Answering<'_> {
    Answering {
        sender: head.from.as_ref().map(|f| f.address.as_str()),
        message_id: head.message_id.as_deref(),
        references: &head.in_reply_to,
        in_reply_to: &[],
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
    let bot = config.bot();
    for (i, r) in replies.iter().enumerate() {
        let r = published(tx, config, r)?;
        letters::post(
            tx,
            &bot,
            &r,
            Some(thread),
            reply_id(tx, config, &mail.key, index, i)?,
            crate::daemon::wall::now().max(mail.received_at),
        )?;
    }
    Ok(())
}

/// The reply with its calendar's web address filled in when the daemon
/// publishes calendars at a known address (`[tournaments] calendars`,
/// `site-url`); any other reply as it is.
fn published<'r>(
    tx: &Tx<'_>,
    config: &Config,
    r: &'r Reply,
) -> Result<std::borrow::Cow<'r, Reply>, RefereeError> {
    use crate::referee::told::Told;
    let t = &config.tournaments;
    let (Told::Calendar(c), Some(_), Some(url)) = (&r.told, t.calendar_site(), &t.site_url) else {
        return Ok(std::borrow::Cow::Borrowed(r));
    };
    let name = letters::calendar::published_name(tx, c.player.id, c.made_at)?;
    let mut c = c.clone();
    c.published = Some(format!(
        "{}/{}",
        url.trim_end_matches('/'),
        letters::calendar::published_path(&name)
    ));
    let mut r = r.clone();
    r.told = Told::Calendar(c);
    Ok(std::borrow::Cow::Owned(r))
}

/// Our Message-ID for the `recipient`-th reply to the `index`-th command of
/// `key` ([`letters::ids::reply`]: derived from the inbox key and the
/// database's secret, so a retried transaction or a restore gives the same).
pub(super) fn reply_id(
    tx: &Tx<'_>,
    config: &Config,
    key: &str,
    index: usize,
    recipient: usize,
) -> Result<String, RefereeError> {
    letters::ids::reply(
        tx,
        &config.address.domain,
        key,
        index,
        recipient,
        crate::daemon::wall::now(),
    )
}
