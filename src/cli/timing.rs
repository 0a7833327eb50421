//! `zaochka referee receipts GAME [--json]` (the timing evidence of each
//! move), `zaochka referee bounce-clear GAME PLAYER --as
//! DIRECTOR --reason ...` (a director ends a bounce pause), and the
//! pause lines of `game show`.

use std::process::ExitCode;

use chrono::{DateTime, Utc};

use super::store_args::{StoreArgs, player_by_email};
use crate::clock::zone::format_utc;
use crate::referee::RefereeError;
use crate::store::receipts::{self, ChargeRecord};
use crate::store::{Tx, bounce_pauses, conditional_replies, games, moves, players};
use crate::vocabulary::Language;
use crate::vocabulary::{Color, GameId};
use crate::words::operator::games as told;
use crate::words::pauses::{duration, ended_line, stopped_line};

/// One ply as `referee receipts` lists it.
#[derive(Debug, serde::Serialize)]
struct Row {
    ply: u32,
    side: Color,
    notation: String,
    /// `mail` (with a receipt), `conditional reply` (played by the referee
    /// from the mover's conditional line), `sealed move` (revealed and
    /// played at resumption) or `command line`.
    source: &'static str,
    /// For a conditional reply the Message-ID of the mail that gave the
    /// line, for a sealed move that of the mail that sealed it (`None`:
    /// given on the command line).
    given_by_message: Option<String>,
    /// When the line was given or the move sealed (UTC).
    given_at: Option<DateTime<Utc>>,
    date_header: Option<String>,
    date_utc: Option<DateTime<Utc>>,
    arrived_at: Option<DateTime<Utc>>,
    processed_at: DateTime<Utc>,
    #[serde(flatten)]
    charge: Option<ChargeRecord>,
}

fn refused(e: RefereeError, json: bool) -> anyhow::Result<ExitCode> {
    super::output::refusal_or_fault(e, json)
}

fn game_row(tx: &Tx<'_>, id: GameId) -> Result<games::Game, RefereeError> {
    match games::get(tx, id) {
        Ok(g) => Ok(g),
        Err(crate::store::StoreError::NotFound { .. }) => Err(RefereeError::UnknownGame(id)),
        Err(e) => Err(e.into()),
    }
}

/// `referee receipts GAME`: per ply the mail's Date header (evidence only),
/// the arrival instant (charged), the processing instant, and what the clock
/// charged and did not charge. A move entered on the command line shows only
/// the instant it was applied.
pub(super) fn receipts(db: &StoreArgs, id: GameId, json: bool) -> anyhow::Result<ExitCode> {
    let mut store = db.open()?;
    let found = store.read(|tx| -> Result<Vec<Row>, RefereeError> {
        game_row(tx, id)?;
        let by_ply: std::collections::HashMap<u32, receipts::Receipt> = receipts::of_game(tx, id)?
            .into_iter()
            .map(|r| (r.ply, r))
            .collect();
        let automatic: std::collections::HashMap<u32, (Option<String>, DateTime<Utc>)> =
            conditional_replies::of_game(tx, id)?
                .into_iter()
                .map(|c| (c.ply, (c.source_message, c.given_at)))
                .collect();
        let sealed = moves::sealed_moves(tx, id)?;
        Ok(moves::list(tx, id)?
            .into_iter()
            .map(|m| {
                let r = by_ply.get(&m.ply);
                let revealed = sealed
                    .iter()
                    .find(|s| s.ply == m.ply && s.revealed_at == Some(m.received_at));
                let (source, given) = match (r, automatic.get(&m.ply), revealed) {
                    (Some(_), _, _) => ("mail", None),
                    (None, Some(c), _) => ("conditional reply", Some(c.clone())),
                    (None, None, Some(s)) => {
                        ("sealed move", Some((s.source_message.clone(), s.sealed_at)))
                    }
                    (None, None, None) => ("command line", None),
                };
                let (given_by_message, given_at) =
                    given.map_or((None, None), |(m, at)| (m, Some(at)));
                Row {
                    ply: m.ply,
                    side: m.side,
                    notation: m.notation,
                    source,
                    given_by_message,
                    given_at,
                    date_header: r.and_then(|r| r.date_header.clone()),
                    date_utc: r.and_then(|r| r.date_utc),
                    arrived_at: r.map(|r| r.arrived_at),
                    processed_at: r.map_or(m.received_at, |r| r.processed_at),
                    charge: r.and_then(|r| r.charge),
                }
            })
            .collect())
    });
    let rows = match found {
        Ok(r) => r,
        Err(e) => return refused(e, json),
    };
    super::output::emit(&Receipts { game: id, rows }, json)
}

/// The receipts of a game: in JSON the array of its plies ([`Row`]), in
/// words a header and a paragraph per ply.
struct Receipts {
    game: GameId,
    rows: Vec<Row>,
}

impl serde::Serialize for Receipts {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.rows.serialize(serializer)
    }
}

impl std::fmt::Display for Receipts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let en = Language::En;
        writeln!(f, "{}", told::receipts_head(self.game))?;
        if self.rows.is_empty() {
            writeln!(f, "{}", told::no_move_yet())?;
        }
        for r in &self.rows {
            writeln!(
                f,
                "ply {} {} {} ({})",
                r.ply,
                r.side.as_str(),
                r.notation,
                source_words(r)
            )?;
            if let Some(d) = &r.date_header {
                let utc = r.date_utc.map_or("unreadable".to_string(), format_utc);
                writeln!(f, "  Date header: {d} ({utc})")?;
            }
            if let Some(a) = r.arrived_at {
                writeln!(f, "  arrived:     {}", a.to_rfc3339())?;
            }
            writeln!(f, "  processed:   {}", r.processed_at.to_rfc3339())?;
            if let Some(c) = r.charge {
                writeln!(f, "  clock start: {}", c.clock_started_at.to_rfc3339())?;
                writeln!(
                    f,
                    "{}",
                    told::reflection(
                        &duration(c.reflection_seconds, en),
                        &duration(c.charged_seconds, en),
                        &duration(c.transit_seconds, en),
                        &duration(c.stood_seconds, en)
                    )
                )?;
            }
        }
        Ok(())
    }
}

/// How `referee receipts` names where a ply came from.
fn source_words(r: &Row) -> String {
    let by = match (&r.given_by_message, r.given_at) {
        (Some(id), Some(at)) => told::given_by_mail(id, &at.to_rfc3339()),
        (None, Some(at)) => told::given_at_the_console(&at.to_rfc3339()),
        _ => String::new(),
    };
    match r.source {
        "conditional reply" => told::conditional_reply(&by),
        "sealed move" => told::sealed_revealed(&by),
        other => other.to_string(),
    }
}

/// `referee bounce-clear GAME PLAYER --as DIRECTOR --reason ...`: ends the
/// bounce pause of the player's clock in the game now; audit-logged with the
/// reason.
pub(super) fn bounce_clear(
    db: &StoreArgs,
    id: GameId,
    player: &str,
    actor: &str,
    reason: &str,
) -> anyhow::Result<ExitCode> {
    let mut store = db.open()?;
    let done = store.transaction(|tx| -> Result<usize, RefereeError> {
        let now = db.now();
        let director = player_by_email(tx, actor)?;
        let row = game_row(tx, id)?;
        // A director of the game's tournament who does not play in it.
        crate::referee::authorise_game(tx, director.id, id, reason)?;
        let p = player_by_email(tx, player)?;
        if row.side_of(p.id).is_none() {
            return Err(RefereeError::NotInGame(id));
        }
        Ok(crate::daemon::bounce_clock::clear(tx, director.id, id, p.id, reason, now)?.len())
    });
    match done {
        Ok(0) => {
            eprintln!("{}", told::not_stopped_by_a_bounce(player, id));
            Ok(ExitCode::from(1))
        }
        Ok(_) => {
            println!("{}", told::clock_runs_again(player, id));
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => refused(e, db.json),
    }
}

/// The bounce pauses of a game, one line each, in `lang` (for `game show`).
///
/// # Errors
/// Database failures.
pub(super) fn pause_lines(
    tx: &Tx<'_>,
    id: GameId,
    lang: Language,
) -> Result<Vec<String>, RefereeError> {
    let mut out = Vec::new();
    for p in bounce_pauses::list(tx, Some(id), None)? {
        let name = players::get(tx, p.player_id)?.name;
        out.push(match p.ended_at {
            None => stopped_line(&name, p.starts_at, lang),
            Some(end) => ended_line(&name, p.starts_at, end, lang),
        });
    }
    Ok(out)
}

/// A bounce pause of a game as `game show --json` lists it: the player's
/// address, since, until (null while the clock stands), ended by.
#[derive(serde::Serialize)]
pub(super) struct PauseShown {
    player: String,
    since: String,
    until: Option<String>,
    ended_by: Option<&'static str>,
}

/// The bounce pauses of a game, each as data and as a line in English (for
/// `game show`).
///
/// # Errors
/// Database failures.
pub(super) fn pauses_shown(
    tx: &Tx<'_>,
    id: GameId,
) -> Result<(Vec<PauseShown>, Vec<String>), RefereeError> {
    let mut shown = Vec::new();
    for p in bounce_pauses::list(tx, Some(id), None)? {
        shown.push(PauseShown {
            player: players::get(tx, p.player_id)?.email,
            since: p.starts_at.to_rfc3339(),
            until: p.ended_at.map(|t| t.to_rfc3339()),
            ended_by: p.ended_by.map(|e| e.as_str()),
        });
    }
    Ok((shown, pause_lines(tx, id, Language::En)?))
}
