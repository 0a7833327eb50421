//! Sends the outbox: due rows are built into MIME, sent, and marked sent (or
//! failed with backoff) one by one, each mark in its own transaction. A crash
//! between a send and its mark re-sends at most that one reply.

use chrono::{DateTime, Utc};
use lettre::message::Mailbox;
use tracing::{info, warn};

use super::transport::{ReplyTransport, SendError};
use crate::config::Config;
use crate::store::outbox::{self, Failure, OutgoingMail, RetryPolicy};
use crate::store::{Store, StoreError, games, players};

/// Rows sent per call.
const BATCH: u32 = 100;

/// The per-player reply address of a game: `<local>+<game>.<token>@<domain>`.
#[must_use]
pub fn reply_address(config: &Config, game: crate::store::GameId, token: &str) -> String {
    format!(
        "{}+{}.{}@{}",
        config.address.local, game, token, config.address.domain
    )
}

/// Sends every due outbox row; returns how many were sent.
///
/// # Errors
/// Database failures only; send failures are recorded on their rows.
pub fn send_due(
    store: &mut Store,
    transport: &ReplyTransport,
    config: &Config,
    now: DateTime<Utc>,
) -> anyhow::Result<usize> {
    let due = store.read(|tx| outbox::due(tx, now, BATCH))?;
    let mut sent = 0;
    for row in due {
        let reply_to = store.read(|tx| reply_to_of(tx, config, &row))?;
        let from = bot_mailbox(config, reply_to.as_deref())?;
        let reply_to_box = match &reply_to {
            Some(r) => Some(r.parse::<Mailbox>()?),
            None => None,
        };
        let outcome = match super::compose::build(&row, &from, reply_to_box.as_ref()) {
            Ok(message) => transport.send(&message),
            Err(e) => Err(SendError::Permanent(format!(
                "cannot build the message: {e:#}"
            ))),
        };
        match outcome {
            Ok(()) => {
                store.transaction(|tx| outbox::mark_sent(tx, row.id, now))?;
                info!(outbox = row.id.0, game = ?row.game_id, to = %row.to_address, message_id = %row.message_id, "reply sent");
                sent += 1;
            }
            Err(e) => {
                let (kind, text) = match &e {
                    SendError::Transient(t) => (Failure::Transient, t.clone()),
                    SendError::Permanent(t) => (Failure::Permanent, t.clone()),
                };
                let status = store.transaction(|tx| {
                    outbox::mark_failed(tx, row.id, &text, kind, now, &RetryPolicy::default())
                })?;
                warn!(outbox = row.id.0, game = ?row.game_id, to = %row.to_address, error = %text, status = status.as_str(), "reply not sent");
            }
        }
    }
    Ok(sent)
}

/// `From:` the bot, with the per-player address when there is one, so that a
/// plain "Reply" in any client carries the token.
fn bot_mailbox(config: &Config, reply_to: Option<&str>) -> anyhow::Result<Mailbox> {
    let address = reply_to.map_or_else(|| config.bot_address(), str::to_string);
    Ok(format!("{} <{}>", config.address.name, address).parse()?)
}

/// The reply address for the recipient of a row, if the row belongs to a game the
/// recipient plays in.
fn reply_to_of(
    tx: &crate::store::Tx<'_>,
    config: &Config,
    row: &OutgoingMail,
) -> Result<Option<String>, StoreError> {
    let Some(game_id) = row.game_id else {
        return Ok(None);
    };
    let game = games::get(tx, game_id)?;
    let Some(p) = players::find_by_email(tx, &row.to_address)? else {
        return Ok(None);
    };
    Ok(game
        .side_of(p.id)
        .map(|side| reply_address(config, game_id, game.token(side).as_str())))
}
