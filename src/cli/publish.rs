//! `zaochka tournament publish NAME DIR`: the tournament's static site from
//! the store ([`crate::site`]).

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, anyhow};

use super::store_args::StoreArgs;
use crate::lang::Language;
use crate::referee::RefereeError;
use crate::referee::tournament as service;
use crate::rules::Variant;
use crate::site::{Site, SiteGame, SiteRow, SiteTable};
use crate::store::tournaments;

/// Writes the site of tournament `name` into `dir`, in `lang`.
pub(super) fn publish(
    db: &StoreArgs,
    name: &str,
    dir: &Path,
    lang: Language,
) -> anyhow::Result<ExitCode> {
    let mut store = db.open()?;
    let read = store.read(|tx| -> Result<_, RefereeError> {
        let t = service::by_name(tx, name)?;
        let sections = service::table(tx, &t)?;
        let mut games = Vec::new();
        for link in tournaments::games(tx, t.id)? {
            let l = crate::referee::load::load(tx, link.game, db.now())?;
            games.push(SiteGame {
                id: l.row.id.0,
                label: link.label(),
                round: link.round,
                white: l.players[0].name.clone(),
                black: l.players[1].name.clone(),
                result: l.row.result.map(|r| r.as_str().to_string()),
                start_fen: l.row.start_fen.clone(),
                moves: l.moves.iter().map(|m| m.notation.clone()).collect(),
                pdn: crate::referee::export_text(&l),
                ballot: link.ballot(),
            });
        }
        Ok((t, sections, games))
    });
    let (t, sections, games) = match read {
        Ok(x) => x,
        Err(RefereeError::Store(e)) => return Err(anyhow!(e)),
        Err(e) => {
            eprintln!("zaochka: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    let variant = Variant::from_name(&t.variant)
        .ok_or_else(|| anyhow!("unknown variant {:?}", t.variant))?;
    let text = service::table_text_of(&t, &sections, lang);
    // The page's table is the first section's (a tournament of several
    // sections has them all in the text under it).
    let table = sections
        .first()
        .map(|s| site_table(&s.view(&t), lang))
        .unwrap_or_default();
    let site = Site {
        name: &t.name,
        variant,
        lang,
        crosstable_text: &text,
        crosstable: &table,
        games: &games,
    };
    let written = crate::site::write(dir, &site)
        .with_context(|| format!("writing the site into {}", dir.display()))?;
    println!(
        "tournament {:?}: {} file(s) written to {}, {} old file(s) removed",
        t.name,
        written.files.len(),
        dir.display(),
        written.removed.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// The crosstable's rows as the page's table.
fn site_table(view: &crate::lang::tournament::TableView<'_>, lang: Language) -> SiteTable {
    let (rows, _) = crate::lang::tournament::crosstable_rows(view, lang);
    let n = view.crosstable.players() as usize;
    let mut rows = rows.into_iter();
    let headers = rows.next().unwrap_or_default();
    let rows = rows
        .map(|r| SiteRow {
            number: r.first().and_then(|x| x.parse().ok()).unwrap_or(0),
            name: r.get(1).cloned().unwrap_or_default(),
            cells: r.iter().skip(2).take(n).cloned().collect(),
            points: r.get(2 + n).cloned().unwrap_or_default(),
            place: r.get(3 + n).cloned().unwrap_or_default(),
            tie_breaks: r.iter().skip(4 + n).cloned().collect(),
        })
        .collect();
    SiteTable { headers, rows }
}
