//! The tie-breaks (TOURNAMENTS.md, "Tie-breaks", FIDE C.07 names), their
//! codes and presets, and the standings they produce.
//!
//! With S_j the score of opponent j and s_ij the points player i took from j,
//! over the games that count ([`super::Cell::counted`]):
//!
//! - **WIN**: wins, forfeit wins included.
//! - **SB** (Sonneborn-Berger, «коэффициент Бергера»): Σ s_ij · S_j over every
//!   game (a double round robin counts each game), in quarter-points.
//! - **DE** (direct encounter): the points among the players still tied when
//!   DE's turn comes, and only if every pair of them has met (a result over
//!   the board or by forfeit); otherwise 0 for all of them. When they met
//!   more than once (a double round robin, micro-matches) each pair counts
//!   the average of its games, scaled to a common number of games so that the
//!   value stays an integer: with g_ij the games i and j have finished and
//!   M the least common multiple of the g of every pair of the group,
//!   DE_i = Σ s_ij · M / g_ij half-points. When every pair played the same
//!   number of games this is the plain sum of points; when some pair has a
//!   game still to play, its average stands for the games it owes.
//! - **KS** (Koya): Σ s_ij over the opponents with S_j ≥ 50 % of the maximum
//!   score, the maximum being a win in every game that counts or will count
//!   (the most such games of any player).
//! - **BH** (Buchholz): Σ S_j over the games met (per game, so twice for an
//!   opponent met twice); a double forfeit is no meeting.
//! - **BPG**: games played over the board with Black.
//! - **LOT**: the players drawn in the order of SHA-256(seed ‖ personal
//!   number in decimal) ascending ([`lots`]); re-checkable from the seed.
//!
//! The order is the organiser's; each tie-break is computed within each group
//! still tied after the score and the tie-breaks before it, and splits it.

use super::crosstable::{Crosstable, Mark};
use super::{SettingError, Standing};
use sha2::{Digest, Sha256};
use std::cmp::Ordering;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// The tie-breaks, in the organiser's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Number of wins, forfeit wins included (WIN).
    Wins,
    /// Sonneborn-Berger: Σ s_ij · S_j (SB).
    SonnebornBerger,
    /// Buchholz: Σ S_j over the games met (BH).
    Buchholz,
    /// Direct encounter: points among the tied players, if all of them met,
    /// averaged per pair when they met more than once (DE).
    DirectEncounter,
    /// Games played over the board with Black (BPG).
    BlackGames,
    /// Koya: Σ s_ij over the opponents with at least half the maximum score (KS).
    Koya,
    /// Drawing of lots from the tournament's seed: the last resort (LOT).
    Lots,
}

/// A preset order of tie-breaks (TOURNAMENTS.md, "Presets").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// ICCF: WIN (Baumbach), SB, DE, then the lot.
    Iccf,
    /// FIDE round robin: DE, WIN, SB, KS, then the lot.
    Fide,
    /// Russian practice: SB (коэффициент Бергера), WIN, DE, then the lot.
    Russian,
}

/// What a tie-break's value counts (see [`Standing::tiebreaks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unit {
    /// A number of games (WIN, BPG).
    Count,
    /// Half-points (DE, KS, BH), printed as scores are.
    HalfPoints,
    /// Quarter-points: half-points times half-points (SB).
    QuarterPoints,
    /// The rank drawn by lot: 1 ranks first.
    Rank,
}

impl TieBreak {
    /// Every tie-break, in the order of their codes' list.
    pub const ALL: [TieBreak; 7] = [
        TieBreak::Wins,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
        TieBreak::Koya,
        TieBreak::Buchholz,
        TieBreak::BlackGames,
        TieBreak::Lots,
    ];

    /// The short code, as settings store it: WIN SB DE KS BH BPG LOT.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            TieBreak::Wins => "WIN",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::DirectEncounter => "DE",
            TieBreak::Koya => "KS",
            TieBreak::Buchholz => "BH",
            TieBreak::BlackGames => "BPG",
            TieBreak::Lots => "LOT",
        }
    }

    /// What the value counts.
    #[must_use]
    pub fn unit(self) -> Unit {
        match self {
            TieBreak::Wins | TieBreak::BlackGames => Unit::Count,
            TieBreak::DirectEncounter | TieBreak::Koya | TieBreak::Buchholz => Unit::HalfPoints,
            TieBreak::SonnebornBerger => Unit::QuarterPoints,
            TieBreak::Lots => Unit::Rank,
        }
    }

    /// Whether a higher value ranks first (all but the lot's rank).
    #[must_use]
    pub fn higher_is_better(self) -> bool {
        self != TieBreak::Lots
    }

    /// The order of a preset, the lot last.
    #[must_use]
    pub fn preset(preset: Preset) -> Vec<TieBreak> {
        use TieBreak::{DirectEncounter, Koya, Lots, SonnebornBerger, Wins};
        match preset {
            Preset::Iccf => vec![Wins, SonnebornBerger, DirectEncounter, Lots],
            Preset::Fide => vec![DirectEncounter, Wins, SonnebornBerger, Koya, Lots],
            Preset::Russian => vec![SonnebornBerger, Wins, DirectEncounter, Lots],
        }
    }

    /// An order written as codes separated by commas or spaces
    /// (`wins,sb,de`, `WIN SB DE LOT`); empty text is the empty order.
    ///
    /// # Errors
    /// [`SettingError::Unknown`] for a word that is no tie-break,
    /// [`SettingError::Repeated`] for one named twice.
    pub fn parse_list(text: &str) -> Result<Vec<TieBreak>, SettingError> {
        let mut order = Vec::new();
        for word in text.split([',', ' ', ';']).filter(|w| !w.trim().is_empty()) {
            let t: TieBreak = word.parse()?;
            if order.contains(&t) {
                return Err(SettingError::Repeated(t));
            }
            order.push(t);
        }
        Ok(order)
    }

    /// An order as its codes, comma-separated: `WIN,SB,DE,LOT` (read back by
    /// [`TieBreak::parse_list`]).
    #[must_use]
    pub fn list(order: &[TieBreak]) -> String {
        order.iter().map(|t| t.code()).collect::<Vec<_>>().join(",")
    }

    /// How `a` compares with `b` in this tie-break: `Less` ranks `a` first.
    fn compare(self, a: u64, b: u64) -> Ordering {
        if self.higher_is_better() {
            b.cmp(&a)
        } else {
            a.cmp(&b)
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for TieBreak {
    type Err = SettingError;

    /// A code, case-insensitive, or a longer name: WIN (WINS, BAUMBACH),
    /// SB (BERGER, SONNEBORN-BERGER), DE (DIRECT), KS (KOYA), BH (BUCHHOLZ),
    /// BPG (BLACK), LOT (LOTS).
    fn from_str(s: &str) -> Result<TieBreak, SettingError> {
        let t = match s.trim().to_ascii_uppercase().as_str() {
            "WIN" | "WINS" | "BAUMBACH" => TieBreak::Wins,
            "SB" | "BERGER" | "SONNEBORN-BERGER" => TieBreak::SonnebornBerger,
            "DE" | "DIRECT" => TieBreak::DirectEncounter,
            "KS" | "KOYA" => TieBreak::Koya,
            "BH" | "BUCHHOLZ" => TieBreak::Buchholz,
            "BPG" | "BLACK" => TieBreak::BlackGames,
            "LOT" | "LOTS" => TieBreak::Lots,
            _ => {
                return Err(SettingError::unknown(
                    "tie-break",
                    s,
                    "WIN, SB, DE, KS, BH, BPG, LOT",
                ));
            }
        };
        Ok(t)
    }
}

code_serde!(TieBreak);

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 3] = [Preset::Iccf, Preset::Fide, Preset::Russian];

    /// The setting's code: `iccf`, `fide`, `russian`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Preset::Iccf => "iccf",
            Preset::Fide => "fide",
            Preset::Russian => "russian",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Preset {
    type Err = SettingError;

    /// `iccf`, `fide` or `russian` (also `ru`), case-insensitive.
    fn from_str(s: &str) -> Result<Preset, SettingError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "iccf" => Ok(Preset::Iccf),
            "fide" => Ok(Preset::Fide),
            "russian" | "ru" => Ok(Preset::Russian),
            _ => Err(SettingError::unknown("preset", s, "iccf, fide, russian")),
        }
    }
}

code_serde!(Preset);

/// The players 1..=players in the order the lot draws them: SHA-256 of the
/// seed bytes followed by the personal number in decimal ASCII, ascending.
#[must_use]
pub fn lots(players: u32, seed: &[u8]) -> Vec<u32> {
    let mut drawn: Vec<([u8; 32], u32)> = (1..=players)
        .map(|p| {
            let mut h = Sha256::new();
            h.update(seed);
            h.update(p.to_string().as_bytes());
            (h.finalize().into(), p)
        })
        .collect();
    drawn.sort_unstable();
    drawn.into_iter().map(|(_, p)| p).collect()
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Crosstable {
    /// Direct encounter of `player` within `group` (see the module doc).
    fn direct_encounter(&self, player: u32, group: &[u32]) -> u64 {
        let mut m = 1;
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                match self.cell(a, b) {
                    Some((_, g)) => m = m / gcd(m, u64::from(g)) * u64::from(g),
                    None => return 0,
                }
            }
        }
        group
            .iter()
            .filter(|&&o| o != player)
            .filter_map(|&o| self.cell(player, o))
            .map(|(s, g)| u64::from(s) * (m / u64::from(g)))
            .sum()
    }

    /// One tie-break value of `player`, still tied with `group`.
    fn tiebreak_value(&self, player: u32, t: TieBreak, group: &[u32], lot_rank: &[u64]) -> u64 {
        let counted = || self.sides(player).filter(|s| s.counted);
        let points = |m: Mark| u64::from(m.points().unwrap_or(0));
        match t {
            TieBreak::Wins => counted().filter(|s| s.mark.points() == Some(2)).count() as u64,
            TieBreak::SonnebornBerger => counted()
                .map(|s| points(s.mark) * u64::from(self.score(s.opponent)))
                .sum(),
            TieBreak::Buchholz => counted()
                .filter(|s| s.mark.met())
                .map(|s| u64::from(self.score(s.opponent)))
                .sum(),
            TieBreak::DirectEncounter => self.direct_encounter(player, group),
            TieBreak::BlackGames => counted().filter(|s| s.black && s.board).count() as u64,
            TieBreak::Koya => {
                // 50 % of the maximum: as many half-points as games.
                let line = self.max_games();
                counted()
                    .filter(|s| self.ranked(s.opponent) && self.score(s.opponent) >= line)
                    .map(|s| points(s.mark))
                    .sum()
            }
            TieBreak::Lots => lot_rank[player as usize - 1],
        }
    }

    /// The standings: by score, then by each tie-break in `order`, each one
    /// computed within the groups still tied; players tied to the end share
    /// their places. The lot, if asked, is drawn from an empty seed (see
    /// [`Crosstable::standings_with_seed`]).
    #[must_use]
    pub fn standings(&self, order: &[TieBreak]) -> Vec<Standing> {
        self.standings_with_seed(order, &[])
    }

    /// The standings with the lot drawn from `seed` ([`lots`]). Players without
    /// a place ([`Crosstable::ranked`]) are left out; the rest come in order
    /// of place, then of personal number.
    #[must_use]
    pub fn standings_with_seed(&self, order: &[TieBreak], seed: &[u8]) -> Vec<Standing> {
        let mut lot_rank = vec![0; self.players() as usize];
        for (i, p) in lots(self.players(), seed).into_iter().enumerate() {
            lot_rank[p as usize - 1] = i as u64 + 1;
        }
        let mut rows: Vec<Standing> = (1..=self.players())
            .filter(|&p| self.ranked(p))
            .map(|p| Standing {
                player: p,
                score: self.score(p),
                tiebreaks: Vec::with_capacity(order.len()),
                needed: 0,
                place: (0, 0),
            })
            .collect();
        rows.sort_by(|a, b| b.score.cmp(&a.score).then(a.player.cmp(&b.player)));
        let mut groups = runs(&rows, 0..rows.len(), |r| u64::from(r.score));
        for (k, &t) in order.iter().enumerate() {
            let mut next = Vec::with_capacity(groups.len());
            for g in groups {
                let members: Vec<u32> = rows[g.clone()].iter().map(|r| r.player).collect();
                let tied = members.len() > 1;
                for r in &mut rows[g.clone()] {
                    r.tiebreaks
                        .push(self.tiebreak_value(r.player, t, &members, &lot_rank));
                    if tied {
                        r.needed = k + 1;
                    }
                }
                rows[g.clone()].sort_by(|a, b| {
                    t.compare(a.tiebreaks[k], b.tiebreaks[k])
                        .then(a.player.cmp(&b.player))
                });
                next.extend(runs(&rows, g, |r| r.tiebreaks[k]));
            }
            groups = next;
        }
        for g in groups {
            let place = (g.start as u32 + 1, g.end as u32);
            for r in &mut rows[g] {
                r.place = place;
            }
        }
        rows
    }
}

/// The runs of equal `key` within `rows[range]`, as ranges.
fn runs(
    rows: &[Standing],
    range: Range<usize>,
    key: impl Fn(&Standing) -> u64,
) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = range.start;
    for i in range.start + 1..=range.end {
        if i == range.end || key(&rows[i]) != key(&rows[start]) {
            out.push(start..i);
            start = i;
        }
    }
    out
}

#[cfg(test)]
mod tests;
