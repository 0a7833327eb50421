//! `zaochka referee log --mail [GAME] [--json]`: the processed mail, newest
//! first, each with its token check (whether the sender was verified: the
//! registered From and that player's token) beside its authenticated-mail
//! verdicts (DKIM per signature, SPF with the client and HELO it was checked
//! against, DMARC with the From domain's policy, ARC) and the flag set when a
//! mail failing a refusing DMARC policy was applied.

use std::process::ExitCode;

use super::store_args::StoreArgs;
use crate::mail::auth::AuthVerdicts;
use crate::store::StoreError;
use crate::store::mail_auth::{self, StoredAuth};
use crate::store::messages::ProcessedMessage;
use crate::vocabulary::GameId;

/// Prints the processed mail (of one game, or all).
///
/// # Errors
/// A database that cannot be opened or read.
pub(super) fn print(db: &StoreArgs, game: Option<GameId>, json: bool) -> anyhow::Result<ExitCode> {
    let mut store = db.open()?;
    let rows = store.read(|tx| -> Result<_, StoreError> { mail_auth::list(tx, game, None) })?;
    let lines: Vec<_> = rows
        .iter()
        .map(|(m, auth)| {
            super::output::Worded::new(MailLine::of(m, auth.as_ref()), text_line(m, auth.as_ref()))
        })
        .collect();
    super::output::emit_lines(
        &lines,
        crate::words::operator::mailbox::no_mail_processed(),
        json,
    )
}

/// One mail of the log in JSON: the record, `token` (`verified` or
/// `unverified`) and `auth` (the verdicts with `flagged`, or null); in words
/// [`text_line`].
#[derive(serde::Serialize)]
struct MailLine<'a> {
    at: String,
    inbox_key: &'a str,
    message_id: Option<&'a str>,
    sender: Option<&'a str>,
    game: Option<i64>,
    token: &'static str,
    outcome: &'a str,
    auth: Option<AuthShown<'a>>,
}

/// The authenticated-mail verdicts of a [`MailLine`].
#[derive(serde::Serialize)]
struct AuthShown<'a> {
    dkim: crate::mail::auth::Verdict,
    signatures: &'a [crate::mail::auth::DkimVerdict],
    spf: &'a crate::mail::auth::SpfVerdict,
    dmarc: &'a crate::mail::auth::DmarcVerdict,
    arc: crate::mail::auth::Verdict,
    flagged: bool,
}

impl<'a> MailLine<'a> {
    fn of(m: &'a ProcessedMessage, auth: Option<&'a StoredAuth>) -> MailLine<'a> {
        MailLine {
            at: m.processed_at.to_rfc3339(),
            inbox_key: &m.inbox_key,
            message_id: m.message_id.as_deref(),
            sender: m.sender.as_deref(),
            game: m.game_id.map(|g| g.0),
            token: if m.verified { "verified" } else { "unverified" },
            outcome: &m.outcome,
            auth: auth.map(|a| AuthShown {
                dkim: a.verdicts.dkim_summary(),
                signatures: &a.verdicts.dkim,
                spf: &a.verdicts.spf,
                dmarc: &a.verdicts.dmarc,
                arc: a.verdicts.arc,
                flagged: a.flagged,
            }),
        }
    }
}

/// One mail as a line: `INSTANT mail KEY from SENDER game #N token:
/// verified outcome: ... | dkim: ... spf: ... dmarc: ... arc: ... FLAG`.
fn text_line(m: &ProcessedMessage, auth: Option<&StoredAuth>) -> String {
    let mut line = format!(
        "{} mail {} from {}",
        m.processed_at.to_rfc3339(),
        crate::printable::printable(&m.inbox_key),
        crate::printable::printable(m.sender.as_deref().unwrap_or("-"))
    );
    if let Some(g) = m.game_id {
        line.push_str(&format!(" game #{g}"));
    }
    line.push_str(if m.verified {
        " token: verified"
    } else {
        " token: unverified"
    });
    line.push_str(&format!(
        " outcome: {}",
        crate::printable::printable(&m.outcome)
    ));
    match auth {
        Some(a) => {
            line.push_str(&format!(" | {}", verdicts_text(&a.verdicts)));
            if a.flagged {
                line.push_str(crate::words::operator::mailbox::dmarc_flag());
            }
        }
        None => line.push_str(" | not checked"),
    }
    line
}

/// `dkim: pass (example.org/s1) spf: softfail (example.org, 192.0.2.7 helo
/// mail.example.org) dmarc: fail (example.org, policy reject) arc: none`.
fn verdicts_text(v: &AuthVerdicts) -> String {
    let signatures = v
        .dkim
        .iter()
        .map(|d| format!("{} {}/{}", d.result.as_str(), d.domain, d.selector))
        .collect::<Vec<_>>();
    let dkim = if signatures.is_empty() {
        "none".to_string()
    } else {
        format!("{} ({})", v.dkim_summary().as_str(), signatures.join(", "))
    };
    let mut spf = v.spf.result.as_str().to_string();
    let mut about = Vec::new();
    if !v.spf.domain.is_empty() {
        about.push(v.spf.domain.clone());
    }
    if let Some(ip) = v.spf.client_ip {
        about.push(ip.to_string());
    }
    if let Some(h) = &v.spf.helo {
        about.push(format!("helo {h}"));
    }
    if !about.is_empty() {
        spf.push_str(&format!(" ({})", about.join(", ")));
    }
    let mut dmarc = v.dmarc.result.as_str().to_string();
    if !v.dmarc.domain.is_empty() {
        dmarc.push_str(&format!(
            " ({}, policy {})",
            v.dmarc.domain,
            v.dmarc.policy.as_str()
        ));
    }
    crate::printable::printable(&crate::words::operator::mailbox::verdicts(
        &dkim,
        &spf,
        &dmarc,
        v.arc.as_str(),
    ))
    .into_owned()
}
