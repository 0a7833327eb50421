//! `zaochka export`: game records as PDN.
//!
//! A game imported from a record ([`archive::tags`]) is written with that
//! record's tags: the seven-tag roster first (Event, Site, Date, Round, White,
//! Black, Result; `?` and `????.??.??` when the record had none), then its other
//! tags in file order. The result is the stored one.
//!
//! Every ply is followed by the time the referee received it, in the comment
//! correspondence chess records use: `{[%ccsnt 2019.04.02,21:27]}` (UTC;
//! `HH:MM:SS` when the seconds are not zero). A ply of an imported game has
//! the time its record gave, or no comment when the record gave none.
//!
//! A game played here carries its signed move receipts: the chain's start
//! in the tag `ZaochkaStart` and each ply's receipt in its comment as
//! `[%zrc BASE64]` (docs/players.md, "Move receipts"), for `zaochka verify`.

use std::process::ExitCode;

use super::play::parse_game;
use super::store_args::StoreArgs;
use crate::referee::RefereeError;
use crate::store::archive;
use crate::store::games::{self, GameFilter};
use crate::vocabulary::GameId;

/// Writes the score of one game, or of all games, as PDN (PGN for chess).
#[derive(clap::Args, Debug)]
pub struct Export {
    /// The game number (omit with --all).
    #[arg(value_parser = parse_game, required_unless_present = "all")]
    game: Option<GameId>,
    /// Export every game.
    #[arg(long)]
    all: bool,
    /// pdn or pgn.
    #[arg(long, default_value = "pdn")]
    format: String,
}

impl Export {
    pub(super) fn execute(self, db: &StoreArgs) -> anyhow::Result<ExitCode> {
        if !matches!(self.format.as_str(), "pdn" | "pgn") {
            anyhow::bail!("--format must be pdn or pgn");
        }
        let mut store = db.open()?;
        let texts = store.read(|tx| -> Result<Vec<String>, RefereeError> {
            let ids: Vec<GameId> = match self.game {
                Some(g) if !self.all => vec![g],
                _ => games::list(tx, &GameFilter::default())?
                    .into_iter()
                    .map(|g| g.id)
                    .collect(),
            };
            let mut out = Vec::new();
            for id in ids {
                let l = crate::referee::load::load(tx, id, chrono::Utc::now())?;
                out.push(match archive::tags(tx, id)? {
                    Some(tags) => {
                        let result = l.row.result.map_or("*", |r| r.as_str());
                        // A ply whose record gave no time was stored at the
                        // import time, the game's creation: it is written without one.
                        let times: Vec<_> = l
                            .moves
                            .iter()
                            .map(|m| (m.received_at != l.row.created_at).then_some(m.received_at))
                            .collect();
                        crate::games::write_record_timed(
                            l.game.as_ref(),
                            &archived_tags(&tags, result),
                            result,
                            &times,
                        )
                    }
                    None => crate::referee::signed_export_text(tx, &l, chrono::Utc::now())?,
                });
            }
            Ok(out)
        });
        match texts {
            Ok(list) => {
                // The records are the output (a PDN or PGN file): the note
                // that there are none goes to stderr.
                if list.is_empty() {
                    eprintln!("{}", crate::words::operator::records::nothing_to_export());
                }
                for t in list {
                    print!("{t}");
                }
                Ok(ExitCode::SUCCESS)
            }
            Err(e) => super::output::refusal_or_fault(e, db.json),
        }
    }
}

/// The tags an imported game is exported with: the roster from the record (or
/// the PGN standard's "unknown" values), the record's other tags after it, and
/// `result` as the `Result` tag.
fn archived_tags(record: &[(String, String)], result: &str) -> Vec<(String, String)> {
    const ROSTER: [(&str, &str); 7] = [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", "*"),
    ];
    let value = |name: &str| {
        record
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.clone())
    };
    let mut tags: Vec<(String, String)> = ROSTER
        .iter()
        .map(|(name, unknown)| {
            let v = if *name == "Result" {
                result.to_string()
            } else {
                value(name).unwrap_or_else(|| (*unknown).to_string())
            };
            ((*name).to_string(), v)
        })
        .collect();
    tags.extend(
        record
            .iter()
            .filter(|(n, _)| !ROSTER.iter().any(|(r, _)| n.eq_ignore_ascii_case(r)))
            .cloned(),
    );
    tags
}
