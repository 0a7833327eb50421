//! The start of a tournament: every game of every section made at once from
//! the table of playing order, with its balloted opening, its clocks and its
//! invitations (correspondence practice: all games of a section start
//! together).

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use super::table::StartRatings;
use super::{audit, by_name, director, director_of};
use crate::referee::create::{self, CheckedStart, GameSpec};
use crate::referee::error::TournamentRefusal;
use crate::referee::{RefereeError, Reply};
use crate::rules::Variant;
use crate::store::Tx;
use crate::store::games::Game;
use crate::store::tournaments::{
    self, EntrantStatus, Tournament, TournamentGame, TournamentStatus,
};
use crate::tournament::ballot::{self, BallotList, DrawingTable, Opening};
use crate::tournament::settings::{BallotPer, BallotSource};
use crate::tournament::{lots, system};
use crate::vocabulary::PlayerId;

/// What [`start`] made.
#[derive(Clone, Debug)]
pub struct Started {
    /// The tournament, now playing.
    pub tournament: Tournament,
    /// The games, in section, round, board order.
    pub games: Vec<(Game, TournamentGame)>,
    /// Every invitation (two per game).
    pub invitations: Vec<Reply>,
}

/// The list the ballots are drawn from, with the name headers print.
enum Openings {
    Table(DrawingTable),
    Own(BallotList),
}

impl Openings {
    fn of(source: &BallotSource, variant: Variant) -> Result<Openings, RefereeError> {
        match source {
            BallotSource::Table(name) => name
                .parse::<DrawingTable>()
                .map(Openings::Table)
                .map_err(|_| TournamentRefusal::NoDrawingTable(name.clone()).into()),
            BallotSource::Own { name, text } => BallotList::read(name, variant, text)
                .map(Openings::Own)
                .map_err(|e| TournamentRefusal::Ballot(e.to_string()).into()),
        }
    }

    fn list(&self) -> &[Opening] {
        match self {
            Openings::Table(t) => t.openings(),
            Openings::Own(l) => &l.openings,
        }
    }

    fn name(&self) -> String {
        match self {
            Openings::Table(t) => t.name().to_string(),
            Openings::Own(l) => l.name.clone(),
        }
    }
}

/// Makes every game of the tournament at `now` (UTC) and writes the
/// invitations; the tournament is then playing (audit: `tournament_start`,
/// with each game's place and ballot).
///
/// # Errors
/// [`TournamentRefusal::NotDrawn`] before the draw, [`TournamentRefusal::Started`]
/// after the start, [`TournamentRefusal::TooFew`] for a section of one,
/// [`TournamentRefusal::Ballot`] for a ballot list that cannot be used,
/// [`RefereeError::NotReferee`].
pub fn start(
    tx: &Tx<'_>,
    actor: PlayerId,
    name: &str,
    now: DateTime<Utc>,
) -> Result<Started, RefereeError> {
    director(tx, actor)?;
    let t = by_name(tx, name)?;
    director_of(tx, actor, &t)?;
    match t.status {
        TournamentStatus::Drawn => {}
        TournamentStatus::Registering => return Err(TournamentRefusal::NotDrawn(t.name).into()),
        _ => return Err(TournamentRefusal::Started(t.name).into()),
    }
    let variant = t.variant;
    let control = t.settings.time_control;
    let seed = match t.draw_seed.as_deref().and_then(lots::from_hex) {
        Some(s) => s,
        None => {
            let s = crate::store::draw_bytes(tx, "lot", 16)?;
            tournaments::set_seed(tx, t.id, &lots::hex(&s))?;
            s
        }
    };
    let ballots = match &t.settings.ballot {
        Some(b) => Some((Openings::of(&b.list, variant)?, b.per)),
        None => None,
    };
    let entrants: Vec<_> = tournaments::entrants(tx, t.id)?
        .into_iter()
        .filter(|e| e.status == EntrantStatus::Playing)
        .collect();
    let mut sections: Vec<u32> = entrants.iter().map(|e| e.section).collect();
    sections.sort_unstable();
    sections.dedup();
    // One list in force for the whole start, not one per invitation.
    let ids: Vec<PlayerId> = entrants.iter().map(|e| e.player).collect();
    let ratings = StartRatings::of(tx, &t, now, &ids)?;
    let mut starts: HashMap<String, CheckedStart> = HashMap::new();
    let plain = create::check_start(variant, None, None)?;
    let mut made = Vec::new();
    let mut invitations = Vec::new();
    for section in sections {
        let by_number: HashMap<u32, PlayerId> = entrants
            .iter()
            .filter(|e| e.section == section)
            .filter_map(|e| e.number.map(|n| (n, e.player)))
            .collect();
        let n = by_number.len() as u32;
        let games = system::schedule(t.system, n).map_err(|_| TournamentRefusal::TooFew {
            section,
            players: n,
        })?;
        for g in games {
            let (Some(&white), Some(&black)) = (
                by_number.get(&g.pairing.white),
                by_number.get(&g.pairing.black),
            ) else {
                return Err(TournamentRefusal::NotDrawn(t.name.clone()).into());
            };
            let opening = match &ballots {
                Some((list, per)) => {
                    let key = g.ballot_key(section, *per == BallotPer::Round);
                    Some((list.name(), ballot::pick(list.list(), &seed, &key)))
                }
                None => None,
            };
            let spec = GameSpec {
                variant,
                white,
                black,
                start_fen: opening
                    .as_ref()
                    .and_then(|(_, o)| o.start_fen().map(str::to_string)),
                opening_moves: opening
                    .as_ref()
                    .and_then(|(_, o)| o.moves().map(str::to_string)),
                opening_name: opening.as_ref().map(|(n, o)| format!("{n} {}", o.code)),
                time_control: control,
                tournament: Some(t.name.clone()),
            };
            let checked = match &opening {
                None => &plain,
                Some((_, o)) => {
                    if !starts.contains_key(&o.code) {
                        let c = create::check_start(variant, o.start_fen(), o.moves())?;
                        starts.insert(o.code.clone(), c);
                    }
                    &starts[&o.code]
                }
            };
            let game = create::create_checked(tx, &spec, checked, now)?;
            let link = TournamentGame {
                game: game.id,
                tournament: t.id,
                section,
                round: g.round,
                board: g.board,
                white_number: g.pairing.white,
                black_number: g.pairing.black,
                match_game: g.match_game.map(u32::from),
                ballot_table: opening.as_ref().map(|(n, _)| n.clone()),
                ballot_code: opening.as_ref().map(|(_, o)| o.code.clone()),
            };
            tournaments::add_game(tx, &link)?;
            for p in [game.white, game.black] {
                let invited = crate::referee::invitation_rated(tx, game.id, p, now, |players| {
                    ratings.game(tx, game.id, players)
                })?;
                invitations.extend(invited.replies);
            }
            made.push((game, link));
        }
    }
    let t = tournaments::set_status(tx, t.id, TournamentStatus::Playing, now)?;
    audit(
        tx,
        Some(actor),
        "tournament_start",
        None,
        serde_json::json!({
            "tournament": t.name,
            "seed": t.draw_seed,
            "ballot_rule": "index = first 8 bytes (big-endian) of SHA-256(seed || \"ballot:\" || key) mod list length",
            "games": made.iter().map(|(g, l)| serde_json::json!({
                "game": g.id.0, "section": l.section, "round": l.round, "board": l.board,
                "label": l.label(), "match_game": l.match_game,
                "ballot": l.ballot(),
            })).collect::<Vec<_>>(),
        }),
        now,
    )?;
    Ok(Started {
        tournament: t,
        games: made,
        invitations,
    })
}
