//! `tournament bulletin NAME [--send]`: the next bulletin, printed for the
//! operator, or mailed to every entrant (each in their language) and
//! numbered; `tournament set NAME --bulletin-every N`: the daemon mails one
//! after every N finished games and the final one at the end.

use std::process::ExitCode;

use anyhow::anyhow;

use super::queries::read;
use super::{Director, change};
use crate::cli::output::Changed;
use crate::cli::store_args::{StoreArgs, player_by_email};
use crate::referee::RefereeError;
use crate::referee::tournament::{self as service, bulletin};
use crate::vocabulary::Language;

/// Prints the next bulletin of `name` in `lang` (else the language of the
/// player `actor`, else `fallback`, the configuration's default language),
/// as each entrant would read it; nothing is recorded.
pub(super) fn print(
    db: &StoreArgs,
    name: &str,
    lang: Option<Language>,
    actor: Option<&str>,
    fallback: Language,
) -> anyhow::Result<ExitCode> {
    let now = db.now();
    let got = read(db, |tx| {
        let t = service::by_name(tx, name)?;
        let b = bulletin::next(tx, &t, now)?;
        let lang = match (lang, actor) {
            (Some(l), _) => l,
            (None, Some(a)) => player_by_email(tx, a)?.language,
            (None, None) => fallback,
        };
        let (file, _) = crate::letters::bulletin::record_file(&b);
        Ok(crate::words::bulletin::body(&b, &file, lang))
    })?;
    match got {
        Ok(text) => {
            print!("{text}");
            Ok(ExitCode::SUCCESS)
        }
        Err(code) => Ok(code),
    }
}

/// Mails the next bulletin of `name` to every entrant who wants bulletins.
pub(super) fn send(db: &StoreArgs, name: &str, actor: Option<&str>) -> anyhow::Result<ExitCode> {
    let actor = actor.ok_or_else(|| anyhow!("--send needs --as, the director's address"))?;
    let config = db.config()?;
    let mut store = db.open()?;
    let now = db.now();
    let result = store.transaction(|tx| -> Result<Sent, RefereeError> {
        let director = player_by_email(tx, actor)?;
        let b = bulletin::to_send(tx, director.id, name, now)?;
        let mails = crate::letters::bulletin::send_bulletin(tx, &config.bot(), &b, now)?;
        Ok(Sent {
            tournament: b.tournament.clone(),
            number: b.number,
            last: b.last,
            games: b.finished.len(),
            mails: mails.unwrap_or(0),
        })
    });
    match result {
        Ok(s) => {
            let text = crate::words::operator::desk::bulletin_queued(
                &s.tournament,
                s.last,
                s.number,
                s.games,
                s.mails,
            );
            crate::cli::output::emit(&Changed::new(text, s), db.json)
        }
        Err(e) => crate::cli::output::refusal_or_fault(e, db.json),
    }
}

/// What `tournament bulletin --send` did.
#[derive(serde::Serialize)]
struct Sent {
    tournament: String,
    number: u32,
    last: bool,
    games: usize,
    mails: usize,
}

/// `tournament set NAME [--bulletin-every N] [--warn-days 10,5]
/// [--silence-days 14,28,35]`.
pub(super) fn set(
    db: &StoreArgs,
    name: &str,
    bulletin_every: Option<u32>,
    warn_days: Option<&str>,
    silence_days: Option<&str>,
    who: &Director,
) -> anyhow::Result<ExitCode> {
    let now = db.now();
    if bulletin_every.is_none() && warn_days.is_none() && silence_days.is_none() {
        anyhow::bail!(
            "tournament set: give a setting to change (--bulletin-every N, --warn-days 10,5, \
             --silence-days 14,28,35)"
        );
    }
    let warn = warn_days
        .map(|w| super::settings::parse_days("--warn-days", w))
        .transpose()?;
    let silence = silence_days
        .map(|d| super::settings::parse_days("--silence-days", d))
        .transpose()?;
    let warnings = warn.is_some() || silence.is_some();
    change(
        db,
        who,
        |tx, actor| {
            let bulletin = bulletin_every
                .map(|every| bulletin::set_every(tx, actor, name, Some(every), now))
                .transpose()?;
            // Without --bulletin-every a warning list is given (checked above).
            let t = match bulletin {
                Some(t) if !warnings => t,
                _ => crate::referee::tournament::set_warning_days(
                    tx, actor, name, warn, silence, now,
                )?,
            };
            Ok((t, Vec::new()))
        },
        |t| {
            let mut lines = Vec::new();
            if bulletin_every.is_some() {
                lines.push(crate::words::operator::desk::bulletin_every(
                    &t.name,
                    t.settings.bulletin_every,
                ));
            }
            if warnings {
                lines.push(crate::words::operator::desk::director_warnings(
                    &t.name,
                    &t.settings.director_warn_days,
                    &t.settings.director_silence_days,
                ));
            }
            lines.join("\n")
        },
    )
}
