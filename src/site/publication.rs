//! What a tournament's site shows, read from the store: the crosstable (as
//! text and as rows) and every game with its record (the site's writer writes it).

use chrono::{DateTime, Utc};

use super::{Site, SiteGame, SiteRow, SiteTable};
use crate::referee::RefereeError;
use crate::referee::tournament::table;
use crate::rules::Variant;
use crate::store::Tx;
use crate::store::tournaments::{self, Tournament};
use crate::vocabulary::Language;

/// A tournament's site as owned data.
#[derive(Clone, Debug)]
pub struct Publication {
    /// The tournament's name.
    pub name: String,
    /// Its game.
    pub variant: Variant,
    /// The pages' language.
    pub lang: Language,
    /// The crosstable as monospace text (every section).
    pub text: String,
    /// The first section's crosstable as rows.
    pub table: SiteTable,
    /// Every game, in section, round and board order.
    pub games: Vec<SiteGame>,
    /// The crosstable as CSV.
    pub csv: String,
}

impl Publication {
    /// The site to write.
    #[must_use]
    pub fn site(&self) -> Site<'_> {
        Site {
            name: &self.name,
            variant: self.variant,
            lang: self.lang,
            crosstable_text: &self.text,
            crosstable: &self.table,
            games: &self.games,
            crosstable_csv: &self.csv,
        }
    }
}

/// Reads the site of `t` at `now` (UTC) in `lang`.
///
/// # Errors
/// Database failures, a record that does not replay.
pub fn publication(
    tx: &Tx<'_>,
    t: &Tournament,
    lang: Language,
    now: DateTime<Utc>,
) -> Result<Publication, RefereeError> {
    let sections = table(tx, t)?;
    let mut games = Vec::new();
    for link in tournaments::games(tx, t.id)? {
        let l = crate::referee::load::load(tx, link.game, now)?;
        games.push(SiteGame {
            id: l.row.id.0,
            label: link.label(),
            round: link.round,
            white: l.players[0].name.clone(),
            black: l.players[1].name.clone(),
            result: l.row.result.map(|r| r.as_str().to_string()),
            start_fen: l.row.start_fen.clone(),
            moves: l.moves.iter().map(|m| m.notation.clone()).collect(),
            // With its signed receipts, for `zaochka verify`.
            pdn: crate::referee::signed_export_text(tx, &l, now)?,
            ballot: link.ballot(),
            ending: l.row.result.zip(l.row.termination),
        });
    }
    let variant = t.variant;
    // The page's table is the first section's; a tournament of several
    // sections has them all in the text under it.
    let table = sections
        .first()
        .map(|s| site_table(&s.view(&t.name), lang))
        .unwrap_or_default();
    Ok(Publication {
        name: t.name.clone(),
        variant,
        lang,
        text: crate::letters::compose::crosstable(&t.name, &sections, lang),
        table,
        games,
        csv: super::exports::crosstable_csv(&t.name, &sections),
    })
}

/// The crosstable's rows as the page's table.
fn site_table(view: &crate::words::tournament::TableView<'_>, lang: Language) -> SiteTable {
    let (rows, _) = crate::words::tournament::crosstable_rows(view, lang);
    let n = view.crosstable.players() as usize;
    // Number, name and, when somebody is rated, the entry rating.
    let lead = crate::words::tournament::leading_columns(view);
    let rated = lead > 2;
    // Match points (micro-matches) come after the points in the words'
    // rows; the page shows them as the first column after the place.
    let mp = usize::from(view.match_points);
    let mut rows = rows.into_iter();
    let mut headers = rows.next().unwrap_or_default();
    if mp == 1 && headers.len() > lead + 2 + n {
        headers.swap(lead + 1 + n, lead + 2 + n);
    }
    let rows = rows
        .map(|r| SiteRow {
            number: r.first().and_then(|x| x.parse().ok()).unwrap_or(0),
            name: r.get(1).cloned().unwrap_or_default(),
            rating: rated.then(|| r.get(2).cloned().unwrap_or_default()),
            cells: r.iter().skip(lead).take(n).cloned().collect(),
            points: r.get(lead + n).cloned().unwrap_or_default(),
            place: r.get(lead + 1 + n + mp).cloned().unwrap_or_default(),
            tie_breaks: r
                .get(lead + 1 + n..lead + 1 + n + mp)
                .unwrap_or_default()
                .iter()
                .chain(r.iter().skip(lead + 2 + n + mp))
                .cloned()
                .collect(),
        })
        .collect();
    SiteTable {
        headers,
        rows,
        average: crate::words::tournament::average_line(view, lang),
    }
}
