//! Delivery status notifications: a failure marks the player unreachable and alerts
//! the referees; a delay is only logged.

use chrono::{DateTime, Utc};

use super::process::{Processed, referees};
use crate::config::Config;
use crate::mail::{Bounce, Envelope};
use crate::referee::RefereeError;
use crate::store::outbox::{self, NewOutgoing};
use crate::store::{Tx, players};

/// Handles a bounce inside the mail's transaction.
pub(crate) fn handle(
    tx: &Tx<'_>,
    config: &Config,
    env: &Envelope,
    bounce: &Bounce,
    now: DateTime<Utc>,
) -> Result<Processed, RefereeError> {
    if !bounce.is_failure() {
        return Ok(Processed {
            outcome: "bounce: delayed (logged only)".into(),
            game: bounce.game(),
            verified_sender: None,
        });
    }
    let mut failed = Vec::new();
    for r in bounce.failed_recipients() {
        failed.push(r.address().to_string());
        if let Some(p) = players::find_by_email(tx, r.address())? {
            players::set_unreachable(tx, p.id, Some(now))?;
        }
    }
    let list = failed.join(", ");
    for (i, referee) in referees(tx)?.into_iter().enumerate() {
        outbox::enqueue(
            tx,
            &NewOutgoing {
                to_address: referee.email.clone(),
                subject: format!("[zaochka] undeliverable: {list}"),
                body_text: format!(
                    "Mail to {list} could not be delivered{}; the player is marked unreachable.\n\nReport from {}:\n{}",
                    bounce
                        .game()
                        .map_or(String::new(), |g| format!(" (game #{g})")),
                    bounce.reporting_mta.as_deref().unwrap_or("the mail server"),
                    env.new_text.chars().take(2000).collect::<String>()
                ),
                body_html: None,
                attachments: Vec::new(),
                in_reply_to: None,
                references: None,
                message_id: format!(
                    "zaochka.bounce.{}.{i}@{}",
                    env.message_id
                        .as_deref()
                        .unwrap_or("none")
                        .replace(['<', '>', '@'], "_"),
                    config.address.domain
                ),
                game_id: bounce.game(),
                created_at: now,
            },
        )?;
    }
    Ok(Processed {
        outcome: format!("bounce: failed {list}"),
        game: bounce.game(),
        verified_sender: None,
    })
}
