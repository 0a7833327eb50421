//! A tournament's crosstable and standings in words: the monospace table for
//! mails and the CLI, and the one-line standing that ends a game-end mail.
//! The tournament code passes a [`TableView`] (typed data from
//! [`crate::tournament::standings`]); this module alone words it.
//!
//! The table is numbered by personal number: №, name, one column per
//! opponent, then points, place and the tie-break columns in the order the
//! standings used. A cell holds each game of the pair from the row player's
//! side, side by side and separated by a space in a double round robin
//! (`½ 1`; without the space `10` would read as ten): `1 ½ 0` or `2 1 0` as
//! the [`Scoring`] prints them, `+`/`−` for a forfeit win or loss (a double
//! forfeit is `−` in both cells), `·` for a game not finished yet, blank for a
//! cancelled one, `×` on the diagonal, and the whole cell in parentheses when
//! a withdrawal rule left it out of the standings. A withdrawn player's name
//! carries `*`; a legend under the table explains the marks used. Columns are
//! aligned by characters (names may be Cyrillic), lines carry no trailing
//! spaces.

use crate::tournament::rating::entry::{Average, average};
use crate::tournament::standings::{Mark, Scoring, Standing, TieBreak, Unit};
use crate::vocabulary::{Language, Termination};
use crate::words::catalog::Message;

pub use crate::referee::told::TableView;

impl TableView<'_> {
    fn name(&self, player: u32) -> String {
        self.names
            .get(player as usize - 1)
            .cloned()
            .unwrap_or_else(|| player.to_string())
    }

    fn standing(&self, player: u32) -> Option<&Standing> {
        self.standings.iter().find(|s| s.player == player)
    }

    /// Whether the table shows the entry ratings: somebody has one.
    #[must_use]
    pub fn shows_ratings(&self) -> bool {
        self.ratings.iter().any(Option::is_some)
    }

    /// A player's entry rating, `None` for an unrated one.
    #[must_use]
    pub fn rating(&self, player: u32) -> Option<u32> {
        self.ratings.get(player as usize - 1).copied().flatten()
    }

    /// The average of the entry ratings of the section's players, with its
    /// category; `None` when nobody is rated.
    #[must_use]
    pub fn average(&self) -> Option<Average> {
        let ratings: Vec<Option<u32>> = (1..=self.crosstable.players())
            .map(|p| self.rating(p))
            .collect();
        average(&ratings)
    }
}

/// The columns a table shows before the opponents' cells: №, the name and,
/// when somebody is rated, the entry rating.
#[must_use]
pub fn leading_columns(view: &TableView<'_>) -> usize {
    2 + usize::from(view.shows_ratings())
}

/// The rating cell: the rating, or `—` for an unrated player.
#[must_use]
pub fn rating_cell(rating: Option<u32>) -> String {
    rating.map_or_else(|| UNRATED.to_string(), |r| r.to_string())
}

/// The mark of an unrated player in the rating column.
const UNRATED: char = '—';

/// The line under a rated table: "Average rating 2434 (16 rated players),
/// category 8" / «Средний рейтинг 2434 (16 участников с рейтингом),
/// категория 8»; `None` when nobody is rated.
#[must_use]
pub fn average_line(view: &TableView<'_>, lang: Language) -> Option<String> {
    let a = view.average()?;
    let m = match a.category {
        Some(c) => Message::new("tournament-average-rating").arg("category", c.to_string()),
        None => Message::new("tournament-average-rating-no-category"),
    };
    Some(
        m.arg("rating", a.rating.to_string())
            .arg("rated", a.rated)
            .render(lang),
    )
}

/// A tie-break's short name as a column header: «Коэф. Бергера» / "SB".
#[must_use]
pub fn tiebreak_name(t: TieBreak, lang: Language) -> &'static str {
    match t {
        TieBreak::Wins => lang.pick("WIN", "Победы"),
        TieBreak::SonnebornBerger => lang.pick("SB", "Коэф. Бергера"),
        TieBreak::Buchholz => lang.pick("BH", "Бухгольц"),
        TieBreak::Koya => lang.pick("KS", "Койя"),
        TieBreak::DirectEncounter => lang.pick("DE", "Личная встреча"),
        TieBreak::BlackGames => lang.pick("BPG", "Чёрными"),
        TieBreak::Lots => lang.pick("Lot", "Жребий"),
    }
}

/// A tie-break's full name, for sentences: "number of wins", «коэффициент
/// Бергера».
#[must_use]
pub fn tiebreak_long_name(t: TieBreak, lang: Language) -> &'static str {
    match t {
        TieBreak::Wins => lang.pick("number of wins", "число побед"),
        TieBreak::SonnebornBerger => lang.pick("Sonneborn-Berger", "коэффициент Бергера"),
        TieBreak::Buchholz => lang.pick("Buchholz", "коэффициент Бухгольца"),
        TieBreak::Koya => lang.pick("Koya", "система Койя"),
        TieBreak::DirectEncounter => lang.pick("direct encounter", "личная встреча"),
        TieBreak::BlackGames => lang.pick("games with Black", "число партий чёрными"),
        TieBreak::Lots => lang.pick("lots", "жребий"),
    }
}

/// A tie-break value as the table prints it: points as the scoring prints
/// them, counts and the lot's rank as numbers. SB is Σ s_ij · S_j with s_ij
/// the share of the game won (1, ½, 0: a win adds the opponent's whole
/// score, a draw half of it) and S_j in the scoring's points: `7¾` under
/// 1/½/0, `15½` under 2/1/0 (the quarter-points value halved).
#[must_use]
pub fn tiebreak_value(t: TieBreak, value: u64, scoring: Scoring) -> String {
    match (t.unit(), scoring) {
        (Unit::Count | Unit::Rank, _) => value.to_string(),
        (Unit::QuarterPoints, Scoring::Fmjd) => match (value / 2, value % 2) {
            (whole, 0) => whole.to_string(),
            (0, _) => "½".to_string(),
            (whole, _) => format!("{whole}½"),
        },
        (Unit::HalfPoints, _) => {
            u32::try_from(value).map_or_else(|_| value.to_string(), |h| scoring.print(h))
        }
        (Unit::QuarterPoints, Scoring::Classic) => {
            let fraction = ["", "¼", "½", "¾"][(value % 4) as usize];
            match value / 4 {
                0 if !fraction.is_empty() => fraction.to_string(),
                whole => format!("{whole}{fraction}"),
            }
        }
    }
}

/// A place as a phrase: "2nd place", "4th-5th place" / «2-е место»,
/// «4–5-е место».
#[must_use]
pub fn place_words(place: (u32, u32), lang: Language) -> String {
    let (first, last) = place;
    match lang {
        Language::En if first == last => format!("{} place", ordinal(first)),
        Language::En => format!("{}-{} place", ordinal(first), ordinal(last)),
        Language::Ru if first == last => format!("{first}-е место"),
        Language::Ru => format!("{first}–{last}-е место"),
    }
}

/// An English ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st.
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A place as the table's column prints it: `3`, `3-4`.
fn place_cell(place: (u32, u32)) -> String {
    if place.0 == place.1 {
        place.0.to_string()
    } else {
        format!("{}-{}", place.0, place.1)
    }
}

/// The one-line standing of some players (the two of a game), to end a
/// game-end mail: "Tournament Autumn-2026: Ivanov 3½/5, 2nd place; Petrov
/// 2/5, 4th-5th place" / «Турнир «Осень-2026»: Иванов — 3½ из 5, 2-е место;
/// Петров — 2 из 5, 4–5-е место». "Of 5" counts the games with a result; a
/// player who lost his place by a withdrawal rule shows what his row holds.
#[must_use]
pub fn standing_line(view: &TableView<'_>, players: &[u32], lang: Language) -> String {
    let t = view.crosstable;
    let parts: Vec<String> = players
        .iter()
        .filter(|&&p| (1..=t.players()).contains(&p))
        .map(|&p| {
            let name = view.name(p);
            let (score, games, place) = match view.standing(p) {
                Some(s) => (s.score, t.games(p), Some(s.place)),
                None => (t.row_total(p), t.row_games(p), None),
            };
            let score = view.scoring.print(score);
            let most = view.scoring.print(2 * games);
            let place = place.map_or_else(
                || match lang {
                    Language::En => "results not counted".to_string(),
                    Language::Ru => "результаты не учитываются".to_string(),
                },
                |pl| place_words(pl, lang),
            );
            match lang {
                Language::En => format!("{name} {score}/{most}, {place}"),
                Language::Ru => format!("{name} — {score} из {most}, {place}"),
            }
        })
        .collect();
    format!("{}: {}", title(view.tournament, lang), parts.join("; "))
}

/// "Tournament Autumn-2026" / «Турнир «Осень-2026»».
/// A tournament whose games are not made yet has no table: said so, with
/// its title.
#[must_use]
pub fn no_table_yet(tournament: &str, lang: Language) -> String {
    let title = title(tournament, lang);
    match lang {
        Language::En => format!("{title}: no table yet; it is made when the tournament starts.\n"),
        Language::Ru => format!("{title}: таблицы ещё нет; она появится, когда турнир начнётся.\n"),
    }
}

fn title(tournament: &str, lang: Language) -> String {
    match lang {
        Language::En => format!("Tournament {tournament}"),
        Language::Ru => format!("Турнир «{tournament}»"),
    }
}

/// The marks a table used, for its legend.
#[derive(Default)]
struct Used {
    forfeit: bool,
    pending: bool,
    uncounted: bool,
    withdrawn: bool,
    unrated: bool,
    time: bool,
    adjudicated: bool,
}

/// The sign after a cell's result lost (or won) on time: `0⏱`.
const ON_TIME: char = '⏱';
/// The sign after a cell's result decided at adjudication (the director's
/// ruling or both players' matching claims): `½⚖`.
const ADJUDICATED: char = '⚖';

/// The sign a game's ending puts after its result in the table, if any.
fn ending_sign(t: Option<Termination>) -> Option<char> {
    match t? {
        Termination::Time => Some(ON_TIME),
        Termination::Adjudication | Termination::AgreedClaims => Some(ADJUDICATED),
        _ => None,
    }
}

/// How the games between `a` and `b` ended, in the fixture order (the
/// order of [`crate::tournament::standings::Crosstable::marks`]).
fn pair_endings(view: &TableView<'_>, a: u32, b: u32) -> Vec<Option<Termination>> {
    view.endings
        .iter()
        .filter(|e| (e.white, e.black) == (a, b) || (e.white, e.black) == (b, a))
        .map(|e| e.termination)
        .collect()
}

/// The sign after a cell's results that a replacement's predecessor
/// finished: `1°`.
const PREDECESSOR: char = '°';

/// The legend line of the replaced places: "° played by the player who held
/// the place before: 1 Petrov" / «° партии игрока, занимавшего место
/// раньше: 1 Петров».
fn replaced_legend(view: &TableView<'_>, lang: Language) -> Option<String> {
    let list: Vec<String> = view
        .replaced
        .iter()
        .filter(|r| !r.opponents.is_empty())
        .map(|r| format!("{} {}", r.number, r.predecessor))
        .collect();
    (!list.is_empty()).then(|| {
        crate::words::catalog::Message::new("tournament-legend-replaced")
            .arg("sign", PREDECESSOR.to_string())
            .arg("players", list.join(", "))
            .render(lang)
    })
}

/// One game of a cell.
fn mark_text(mark: Mark, scoring: Scoring) -> String {
    match mark {
        Mark::Played(h) => scoring.print(h),
        Mark::ForfeitWin => "+".into(),
        Mark::ForfeitLoss | Mark::DoubleForfeit => "−".into(),
        Mark::Pending => "·".into(),
        Mark::Cancelled => String::new(),
    }
}

/// The cell of `a`'s row in `b`'s column.
fn cell_text(view: &TableView<'_>, a: u32, b: u32, used: &mut Used) -> String {
    let (t, scoring) = (view.crosstable, view.scoring);
    if a == b {
        return "×".into();
    }
    let marks = t.marks(a, b);
    let mut endings = pair_endings(view, a, b);
    if endings.len() != marks.len() {
        endings = vec![None; marks.len()];
    }
    let shown: Vec<_> = marks
        .into_iter()
        .zip(endings)
        .filter(|(c, _)| c.mark != Mark::Cancelled)
        .collect();
    for (c, _) in &shown {
        used.forfeit |= matches!(
            c.mark,
            Mark::ForfeitWin | Mark::ForfeitLoss | Mark::DoubleForfeit
        );
        used.pending |= c.mark == Mark::Pending;
    }
    let text = shown
        .iter()
        .map(|(c, end)| {
            let mut text = mark_text(c.mark, scoring);
            if let (Mark::Played(_), Some(sign)) = (c.mark, ending_sign(*end)) {
                used.time |= sign == ON_TIME;
                used.adjudicated |= sign == ADJUDICATED;
                text.push(sign);
            }
            text
        })
        .collect::<Vec<_>>()
        .join(" ");
    if shown.iter().any(|(c, _)| !c.counted) {
        used.uncounted = true;
        format!("({text})")
    } else {
        text
    }
}

/// The legend of the marks used, `None` when there is nothing to explain.
fn legend(used: &Used, lang: Language) -> Option<String> {
    let items = [
        (
            used.forfeit,
            "+/− won/lost by forfeit",
            "+/− победа/поражение без игры",
        ),
        (used.pending, "· not played yet", "· ещё не сыграна"),
        (used.uncounted, "( ) not counted", "( ) не засчитывается"),
        (used.withdrawn, "* withdrew", "* выбывшие из турнира"),
    ];
    let mut words: Vec<String> = items
        .iter()
        .filter(|(on, _, _)| *on)
        .map(|&(_, en, ru)| lang.pick(en, ru).to_string())
        .collect();
    if used.time {
        words.push(Message::new("tournament-legend-time").render(lang));
    }
    if used.adjudicated {
        words.push(Message::new("tournament-legend-adjudicated").render(lang));
    }
    if used.unrated {
        words.push(Message::new("tournament-legend-unrated").render(lang));
    }
    (!words.is_empty()).then(|| words.join("; "))
}

/// Whether a tie-break's value means something for a player not tied at its
/// turn: DE and the lot are drawn within the group still tied.
fn shown_when_not_tied(t: TieBreak) -> bool {
    !matches!(t, TieBreak::DirectEncounter | TieBreak::Lots)
}

/// The value of a standing's `k`-th tie-break (`tb`) as the table shows it:
/// `None` (a blank cell) for a direct encounter or a lot that did not decide
/// the player's place, since those are counted within a tied group only.
#[must_use]
pub fn tiebreak_shown(s: &Standing, k: usize, tb: TieBreak) -> Option<u64> {
    s.tiebreaks
        .get(k)
        .copied()
        .filter(|_| k < s.needed || shown_when_not_tied(tb))
}

/// The crosstable as monospace text: the title, the table, and a legend of
/// the marks used (see the module doc).
#[must_use]
pub fn crosstable(view: &TableView<'_>, lang: Language) -> String {
    table_text(view, crosstable_rows(view, lang), lang)
}

/// The title, the aligned rows and the legend, if any, of a crosstable.
fn table_text(
    view: &TableView<'_>,
    (rows, legend): (Vec<Vec<String>>, Option<String>),
    lang: Language,
) -> String {
    let mut out = title(view.tournament, lang);
    out.push_str("\n\n");
    out.push_str(&align(&rows));
    if let Some(l) = legend {
        out.push('\n');
        out.push_str(&l);
        out.push('\n');
    }
    if let Some(a) = average_line(view, lang) {
        out.push('\n');
        out.push_str(&a);
        out.push('\n');
    }
    out
}

/// The crosstable as monospace text in place order: the rows, and the
/// opponents' columns, in the order of [`place_order`] (each column headed by
/// its player's personal number); otherwise as [`crosstable`].
#[must_use]
pub fn crosstable_by_place(view: &TableView<'_>, lang: Language) -> String {
    table_text(view, crosstable_rows_by_place(view, lang), lang)
}

/// The personal numbers in place order: the standings' order (by place,
/// then by number within a shared place), then the players without a place
/// (a withdrawal rule took their results out) by number.
#[must_use]
pub fn place_order(view: &TableView<'_>) -> Vec<u32> {
    let ranked: Vec<u32> = view.standings.iter().map(|s| s.player).collect();
    let rest = (1..=view.crosstable.players()).filter(|p| !ranked.contains(p));
    ranked.iter().copied().chain(rest).collect()
}

/// The crosstable's cells as words in place order (see
/// [`crosstable_rows_in`] and [`place_order`]): what a results table by
/// place, a bulletin or an export prints.
#[must_use]
pub fn crosstable_rows_by_place(
    view: &TableView<'_>,
    lang: Language,
) -> (Vec<Vec<String>>, Option<String>) {
    crosstable_rows_in(view, lang, &place_order(view))
}

/// The crosstable's cells as words: the header row, then one row per player
/// in number order (number, name, one cell per opponent number, points,
/// place, the tie-breaks), and the legend of the marks used. The text table
/// and the tournament page both show these.
#[must_use]
pub fn crosstable_rows(view: &TableView<'_>, lang: Language) -> (Vec<Vec<String>>, Option<String>) {
    let order: Vec<u32> = (1..=view.crosstable.players()).collect();
    crosstable_rows_in(view, lang, &order)
}

/// The crosstable's cells as words with the rows, and the opponents'
/// columns, in the order of `order` (personal numbers): the header row (№,
/// the player, each opponent's number, points, place, the tie-breaks), one
/// row per player, and the legend of the marks used.
#[must_use]
pub fn crosstable_rows_in(
    view: &TableView<'_>,
    lang: Language,
    order: &[u32],
) -> (Vec<Vec<String>>, Option<String>) {
    let t = view.crosstable;
    let withdrawn = t.withdrawn();
    let mut used = Used {
        withdrawn: !withdrawn.is_empty(),
        ..Used::default()
    };
    let (number, player, points, place) = match lang {
        Language::En => ("#", "Player", "Pts", "Place"),
        Language::Ru => ("№", "Участник", "Очки", "Место"),
    };
    let mut header = vec![number.to_string(), player.to_string()];
    let rated = view.shows_ratings();
    if rated {
        header.push(lang.pick("Rating", "Рейтинг").to_string());
    }
    header.extend(order.iter().map(|b| b.to_string()));
    header.push(points.to_string());
    if view.match_points {
        header.push(lang.pick("MP", "Оч. матчей").to_string());
    }
    header.push(place.to_string());
    header.extend(
        view.order
            .iter()
            .map(|&tb| tiebreak_name(tb, lang).to_string()),
    );
    let mut rows = vec![header];
    for &a in order {
        let mut name = view.name(a);
        if withdrawn.contains(&a) {
            name.push_str(" *");
        }
        let mut row = vec![a.to_string(), name];
        if rated {
            let r = view.rating(a);
            used.unrated |= r.is_none();
            row.push(rating_cell(r));
        }
        row.extend(order.iter().map(|&b| {
            let mut text = cell_text(view, a, b, &mut used);
            let by_predecessor = view
                .replaced
                .iter()
                .any(|r| r.number == a && r.opponents.contains(&b))
                || view
                    .replaced
                    .iter()
                    .any(|r| r.number == b && r.opponents.contains(&a));
            if by_predecessor && a != b {
                text.push(PREDECESSOR);
            }
            text
        }));
        match view.standing(a) {
            Some(s) => {
                row.push(view.scoring.print(s.score));
                if view.match_points {
                    row.push(t.match_points(a).to_string());
                }
                row.push(place_cell(s.place));
                row.extend(view.order.iter().enumerate().map(|(k, &tb)| {
                    tiebreak_shown(s, k, tb)
                        .map(|v| tiebreak_value(tb, v, view.scoring))
                        .unwrap_or_default()
                }));
            }
            None => {
                row.push(format!("({})", view.scoring.print(t.row_total(a))));
                if view.match_points {
                    row.push(String::new());
                }
                row.push(String::new());
                row.extend(view.order.iter().map(|_| String::new()));
            }
        }
        rows.push(row);
    }
    let legend = match (legend(&used, lang), replaced_legend(view, lang)) {
        (Some(l), Some(r)) => Some(format!("{l}; {r}")),
        (l, r) => l.or(r),
    };
    (rows, legend)
}

/// Rows of cells as aligned lines: the second column (names) flush left, the
/// others flush right, two spaces between columns, widths counted in
/// characters; no trailing spaces.
fn align(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width = |c: usize| {
        rows.iter()
            .filter_map(|r| r.get(c))
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..columns).map(width).collect();
    let mut out = String::new();
    for r in rows {
        let line = r
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, &w))| {
                if c == 1 {
                    format!("{cell:<w$}")
                } else {
                    format!("{cell:>w$}")
                }
            })
            .collect::<Vec<_>>()
            .join("  ");
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
