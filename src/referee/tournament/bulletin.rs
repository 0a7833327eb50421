//! A tournament's bulletin to its entrants: the crosstable of every section,
//! the games finished since the last bulletin with how each ended, and the
//! record of the whole event (PDN, PGN for chess). Bulletins are numbered per
//! tournament from 1; a bulletin is recorded with the games it reported in
//! the transaction that queues its mails, so each goes once. With the
//! setting `bulletin_every` N, one is due after every N finished games not
//! yet reported, and the final one when every game is over.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};

use crate::referee::RefereeError;
use crate::rules::Variant;
use crate::store::Tx;
use crate::store::bulletins;
use crate::store::players::{self, Player};
use crate::store::tournaments::{
    self, EntrantStatus, GameStanding, Tournament, TournamentId, TournamentStatus,
};
use crate::vocabulary::{GameId, GameResult, GameStatus, Termination};

use super::table::{SectionTable, table};

/// One bulletin of a tournament.
#[derive(Clone, Debug)]
pub struct Bulletin {
    /// The tournament's row id.
    pub tournament_id: TournamentId,
    /// The tournament's name.
    pub tournament: String,
    /// The game played.
    pub variant: Variant,
    /// The bulletin's number in the tournament, from 1.
    pub number: u32,
    /// The final bulletin: every game is over, the table is final.
    pub last: bool,
    /// Each section's table, its standings by place.
    pub sections: Vec<SectionTable>,
    /// The games finished since the last bulletin, by round and board.
    pub finished: Vec<FinishedGame>,
    /// Every game of the event as one record: PDN, or PGN for chess.
    pub record: String,
}

/// A finished game as a bulletin reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedGame {
    /// The game.
    pub game: GameId,
    /// The round (from 1).
    pub round: u32,
    /// White's and Black's personal numbers, `"3-7"`.
    pub label: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result.
    pub result: GameResult,
    /// How it ended, if recorded.
    pub termination: Option<Termination>,
}

/// The finished games of `t` that no bulletin has reported yet.
fn unreported(tx: &Tx<'_>, t: &Tournament) -> Result<Vec<GameStanding>, RefereeError> {
    let reported: BTreeSet<GameId> = bulletins::reported(tx, t.id)?.into_iter().collect();
    Ok(tournaments::game_standings(tx, t.id)?
        .into_iter()
        .filter(|g| {
            g.status == GameStatus::Finished
                && g.result.is_some()
                && !reported.contains(&g.link.game)
        })
        .collect())
}

/// The next bulletin of `t` as it stands at `now` (UTC): numbered after the
/// last one sent, with the finished games no bulletin has reported; final
/// when the tournament is finished.
///
/// # Errors
/// Database failures.
pub fn next(tx: &Tx<'_>, t: &Tournament, now: DateTime<Utc>) -> Result<Bulletin, RefereeError> {
    let number = bulletins::last(tx, t.id)?.map_or(1, |(n, _)| n + 1);
    let mut finished = Vec::new();
    for g in unreported(tx, t)? {
        let Some(result) = g.result else {
            continue;
        };
        let row = crate::store::games::get(tx, g.link.game)?;
        finished.push(FinishedGame {
            game: g.link.game,
            round: g.link.round,
            label: g.link.label(),
            white: players::get(tx, row.white)?.name,
            black: players::get(tx, row.black)?.name,
            result,
            termination: g.termination,
        });
    }
    finished.sort_by_key(|f| (f.round, f.game));
    let mut record = String::new();
    for l in tournaments::games(tx, t.id)? {
        let loaded = crate::referee::load::load(tx, l.game, now)?;
        // With its receipts and seal, as `tournament export` writes it.
        record.push_str(&crate::referee::signed_export_text(tx, &loaded, now)?);
        record.push('\n');
    }
    Ok(Bulletin {
        tournament_id: t.id,
        tournament: t.name.clone(),
        variant: t.variant,
        number,
        last: t.status == TournamentStatus::Finished,
        sections: table(tx, t)?,
        finished,
        record,
    })
}

/// The bulletins due at `now` (UTC): of each tournament with the setting
/// `bulletin_every` N, under way or finished and without its final
/// bulletin, the next one when N finished games wait to be reported or every
/// game is over. A tournament with none due costs two queries (its games'
/// results, the games reported): the tick reads this every cycle.
///
/// # Errors
/// Database failures.
pub fn due(tx: &Tx<'_>, now: DateTime<Utc>) -> Result<Vec<Bulletin>, RefereeError> {
    let mut out = Vec::new();
    for t in tournaments::bulletins_pending(tx)? {
        let Some(every) = t.settings.bulletin_every else {
            continue;
        };
        let waiting = unreported(tx, &t)?.len();
        if t.status == TournamentStatus::Finished || waiting >= every.max(1) as usize {
            out.push(next(tx, &t, now)?);
        }
    }
    Ok(out)
}

/// Who gets the bulletin: the tournament's entrants in the order of their
/// numbers (a replaced player no longer; a withdrawn one still), but those
/// who asked for no bulletins.
///
/// # Errors
/// Database failures.
pub fn readers(tx: &Tx<'_>, b: &Bulletin) -> Result<Vec<Player>, RefereeError> {
    let mut entrants: Vec<_> = tournaments::entrants(tx, b.tournament_id)?
        .into_iter()
        .filter(|e| e.status != EntrantStatus::Replaced)
        .collect();
    entrants.sort_by_key(|e| (e.section, e.number, e.player));
    let mut out = Vec::new();
    for e in entrants {
        if !bulletins::opted_out(tx, e.player)? {
            out.push(players::get(tx, e.player)?);
        }
    }
    Ok(out)
}

/// Records the bulletin as sent at `now` (UTC), with the games it reported;
/// `false` if a bulletin of its number was recorded before (then it must not
/// be sent).
///
/// # Errors
/// Database failures.
pub fn record(tx: &Tx<'_>, b: &Bulletin, now: DateTime<Utc>) -> Result<bool, RefereeError> {
    let games: Vec<GameId> = b.finished.iter().map(|f| f.game).collect();
    Ok(bulletins::record(
        tx,
        b.tournament_id,
        b.number,
        b.last,
        &games,
        now,
    )?)
}

/// Sets how often the tournament `name` mails a bulletin: after every
/// `every` finished games and at the end (`None` or `Some(0)`: only when a
/// director sends one). Audit: `tournament_bulletin_every`.
///
/// # Errors
/// [`crate::referee::error::TournamentRefusal::Unknown`],
/// [`crate::referee::error::TournamentRefusal::NotDirector`], database
/// failures.
pub fn set_every(
    tx: &Tx<'_>,
    actor: crate::vocabulary::PlayerId,
    name: &str,
    every: Option<u32>,
    now: DateTime<Utc>,
) -> Result<Tournament, RefereeError> {
    let t = super::by_name(tx, name)?;
    super::director_of(tx, actor, &t)?;
    let mut settings = t.settings.clone();
    settings.bulletin_every = every.filter(|n| *n > 0);
    let t = tournaments::set_settings(tx, t.id, &settings)?;
    super::audit(
        tx,
        Some(actor),
        "tournament_bulletin_every",
        None,
        serde_json::json!({ "tournament": t.name, "every": t.settings.bulletin_every }),
        now,
    )?;
    Ok(t)
}

/// The next bulletin of the tournament `name`, to be sent by the director
/// `actor` (checked; audit: `tournament_bulletin`).
///
/// # Errors
/// [`crate::referee::error::TournamentRefusal::Unknown`],
/// [`crate::referee::error::TournamentRefusal::NotDirector`],
/// [`crate::referee::error::TournamentRefusal::FinalBulletinSent`] once the
/// final bulletin went out, database failures.
pub fn to_send(
    tx: &Tx<'_>,
    actor: crate::vocabulary::PlayerId,
    name: &str,
    now: DateTime<Utc>,
) -> Result<Bulletin, RefereeError> {
    let t = super::by_name(tx, name)?;
    super::director_of(tx, actor, &t)?;
    if let Some((number, true)) = bulletins::last(tx, t.id)? {
        return Err(
            crate::referee::error::TournamentRefusal::FinalBulletinSent {
                tournament: t.name,
                number,
            }
            .into(),
        );
    }
    let b = next(tx, &t, now)?;
    super::audit(
        tx,
        Some(actor),
        "tournament_bulletin",
        None,
        serde_json::json!({ "tournament": t.name, "number": b.number, "final": b.last }),
        now,
    )?;
    Ok(b)
}

/// A player asks by mail for the tournament bulletins (`wanted`) or for none,
/// from `now` (UTC): recorded, and answered.
///
/// # Errors
/// Database failures.
pub fn wanted(
    tx: &Tx<'_>,
    actor: crate::vocabulary::PlayerId,
    wanted: bool,
    now: DateTime<Utc>,
) -> Result<crate::referee::Handled, RefereeError> {
    bulletins::set_wanted(tx, actor, wanted, now)?;
    let me = players::get(tx, actor)?;
    Ok(crate::referee::Handled {
        game: None,
        replies: vec![crate::referee::Reply {
            to: me.id,
            email: me.email.clone(),
            language: me.language,
            game: None,
            told: crate::referee::told::Told::Bulletins { wanted },
            notes: Vec::new(),
            monospace: false,
            session: None,
        }],
        summary: crate::referee::told::Account::Reply,
        late: None,
    })
}
