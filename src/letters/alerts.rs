//! The alert mail to one referee or admin: its Subject and body in the
//! referee's language ([`crate::words::alerts`]) and its Message-ID
//! (`zaochka.alert.<alert>.<referee>@<domain>`). Not in a game's thread, no
//! reply address of a game: an alert answers nobody's mail.

use chrono::{DateTime, Utc};

use crate::store::alerts::AlertId;
use crate::store::outbox::NewOutgoing;
use crate::store::players::Player;
use crate::words::alerts::{self, Alert};

/// The mail telling `referee` of `alert` (the alert `id`), with the alerts
/// held for them by the limit of `per_hour` alert mails an hour listed
/// below it (`None`: a held alert this version cannot read), written at
/// `now` (UTC) for the bot's `domain`; its From and Reply-To are set by
/// [`super::address_alert`].
#[must_use]
pub fn alert_mail(
    alert: &Alert,
    id: AlertId,
    held: &[Option<Alert>],
    per_hour: u32,
    referee: &Player,
    domain: &str,
    now: DateTime<Utc>,
) -> NewOutgoing {
    let lang = referee.language;
    NewOutgoing {
        to_address: referee.email.clone(),
        subject: alert.subject(lang),
        body_text: alerts::mail_body(alert, held, per_hour, lang),
        body_html: None,
        attachments: Vec::new(),
        in_reply_to: None,
        references: None,
        message_id: super::ids::alert(id, referee.id, domain),
        from_address: None,
        reply_to: None,
        game_id: None,
        created_at: now,
    }
}
