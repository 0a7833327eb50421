//! Mints the bot's Message-IDs: the fields of each kind of mail's id (the
//! keyed tag of a reply, the randomness of a command's mail), written in the
//! formats of [`crate::mail::ids`], where each format's reader sits beside
//! its writer (the mail reader needs them to tie a delivery report to its
//! mail). Every id the bot writes is made here.

use chrono::{DateTime, Utc};

pub use crate::mail::ids::{BotMessageId, IdKind, TournamentEvent};

use crate::referee::Fault;
use crate::referee::RefereeError;
use crate::store::Tx;
use crate::store::alerts::AlertId;
use crate::vocabulary::{GameId, PlayerId};

/// The Message-ID of the `recipient`-th reply to the `intent`-th command of
/// the inbox mail `key`: stable for the same mail, intent and recipient, so a
/// retried transaction (or a restore replaying the mail) produces the same
/// ids, and unguessable: keyed with the database's secret (HMAC-SHA256, the
/// first 10 bytes), so nobody who saw one reply can name the id of a reply
/// sent to somebody else (and forge a delivery report for it). `now` (UTC)
/// dates the secret if this is its first use.
///
/// # Errors
/// Database failures.
pub fn reply(
    tx: &Tx<'_>,
    domain: &str,
    key: &str,
    intent: usize,
    recipient: usize,
    now: DateTime<Utc>,
) -> Result<String, RefereeError> {
    use hmac::{Hmac, KeyInit, Mac};
    let secret = crate::store::secrets::verp_key(tx, now)?;
    let mut m = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(secret.bytes())
        .map_err(|e| RefereeError::Fault(Fault::Key(e.to_string())))?;
    m.update(b"zaochka reply id v1\0");
    m.update(key.as_bytes());
    m.update(&(intent as u64).to_be_bytes());
    m.update(&(recipient as u64).to_be_bytes());
    let tag = hex(&m.finalize().into_bytes()[..10]);
    Ok(written(
        IdKind::Reply {
            tag,
            intent: intent as u64,
            recipient: recipient as u64,
        },
        domain,
    ))
}

/// A fresh Message-ID for a mail of a command given on the command line at
/// `now` (UTC): 10 random bytes and the instant.
///
/// # Errors
/// [`RefereeError::Fault`] when the system gives no randomness.
pub fn command(domain: &str, now: DateTime<Utc>) -> Result<String, RefereeError> {
    let mut random = [0u8; 10];
    getrandom::fill(&mut random)
        .map_err(|e| RefereeError::Fault(Fault::NoRandomness(e.to_string())))?;
    Ok(written(
        IdKind::Command {
            random: hex(&random),
            millis: now.timestamp_millis(),
        },
        domain,
    ))
}

/// The Message-ID of the `post`-th mail (from 0) a shell command posts:
/// keyed with the database's secret over the command's mark and `post`
/// (HMAC-SHA256, the first 10 bytes), so the command replayed by a restore
/// posts its mails under the ids of the first time, and nobody without the
/// key can name them.
///
/// # Errors
/// Database failures (the key is made if the database has none yet).
pub fn shell(
    tx: &Tx<'_>,
    mark: &crate::store::shell_commands::CommandMark,
    post: u64,
    domain: &str,
) -> Result<String, RefereeError> {
    use hmac::{Hmac, KeyInit, Mac};
    let secret = crate::store::secrets::verp_key(tx, mark.at)?;
    let mut m = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(secret.bytes())
        .map_err(|e| RefereeError::Fault(Fault::Key(e.to_string())))?;
    m.update(b"zaochka shell reply id v1\0");
    m.update(mark.mark.as_bytes());
    m.update(&post.to_be_bytes());
    let tag = hex(&m.finalize().into_bytes()[..10]);
    Ok(written(IdKind::Shell { tag, post }, domain))
}

/// The Message-ID of the mail telling `referee` of the alert `alert`.
#[must_use]
pub fn alert(alert: AlertId, referee: PlayerId, domain: &str) -> String {
    written(
        IdKind::Alert {
            alert: alert.0,
            referee,
        },
        domain,
    )
}

/// The Message-ID of the `k`-th mail of a tournament deadline (about
/// `game`, if about one).
#[must_use]
pub fn tournament(event: TournamentEvent, game: Option<GameId>, k: usize, domain: &str) -> String {
    written(
        IdKind::Tournament {
            event,
            game,
            k: k as u64,
        },
        domain,
    )
}

/// The Message-ID of `player`'s digest of local day `day`: the same for the
/// same day, so a digest queued again after a crash is one mail.
#[must_use]
pub fn digest(player: PlayerId, day: chrono::NaiveDate, domain: &str) -> String {
    let n = day.format("%Y%m%d").to_string().parse().unwrap_or(0);
    written(IdKind::Digest { player, day: n }, domain)
}

/// The Message-ID of bulletin `number` of the tournament `tournament` (row
/// id) to `player`: the same for the same bulletin and reader, so a bulletin
/// queued again after a crash or a restore is one mail.
#[must_use]
pub fn bulletin(tournament: i64, number: u32, player: PlayerId, domain: &str) -> String {
    written(
        IdKind::Bulletin {
            tournament,
            number: u64::from(number),
            player,
        },
        domain,
    )
}

/// The Message-ID of the `k`-th mail of the clock action `action`, the
/// `action_index`-th action of its tick.
#[must_use]
pub fn clock(action: &crate::clock::Action, action_index: usize, k: usize, domain: &str) -> String {
    written(
        IdKind::Clock {
            game: action.game_id,
            side: action.side,
            action: action.key(),
            due: action.due_at.timestamp(),
            action_index: action_index as u64,
            k: k as u64,
        },
        domain,
    )
}

/// The root Message-ID of the director thread of `tournament` (row id):
/// every mail to its directors answers it, so a mail reader shows them as
/// one conversation.
#[must_use]
pub fn directors_thread(tournament: i64, domain: &str) -> String {
    written(IdKind::DirectorsThread { tournament }, domain)
}

/// The tournament (row id) whose director thread `id` (with or without
/// `<>`) is the root of; `None` for any other id.
#[must_use]
pub fn directors_thread_of(id: &str) -> Option<i64> {
    match BotMessageId::parse(id)?.kind {
        IdKind::DirectorsThread { tournament } => Some(tournament),
        _ => None,
    }
}

fn written(kind: IdKind, domain: &str) -> String {
    BotMessageId {
        kind,
        domain: domain.to_string(),
    }
    .to_string()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_director_thread_root_reads_back_its_tournament_and_no_other_id_does() {
        let root = directors_thread(17, "club.example");
        assert_eq!(root, "zaochka.directors.17@club.example");
        assert_eq!(directors_thread_of(&root), Some(17));
        assert_eq!(directors_thread_of(&format!("<{root}>")), Some(17));
        assert_eq!(
            directors_thread_of(&alert(AlertId(17), PlayerId(2), "club.example")),
            None
        );
        assert_eq!(directors_thread_of("directors.17@club.example"), None);
    }
}
