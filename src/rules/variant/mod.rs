//! The registry of games zaochka referees, and the rules data of the draughts family.
//!
//! Variants differ only in data: board, capture directions of men, majority rule,
//! promotion in the middle of a capture, draw rules. One small file per variant sets
//! that data, each item citing its rule (STYLE.md: "variants override only what differs").

mod international;
mod russian;

use crate::rules::BoardSize;
pub use crate::rules::draw::{DrawRule, LoneKingCount, Material};
use crate::rules::towers::{self, TowersRules};

/// A game zaochka referees. This enum is the registry: everything that differs per
/// game is reached from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Russian checkers (русские шашки), seed 002, RULES.md §2.
    Russian,
    /// International (100-square) draughts under the FMJD rules, RULES.md §5.
    International,
    /// Russian column checkers (русские столбовые шашки, башни), seed 000 §1, RULES.md §3.
    Bashni,
    /// Lasca (international column checkers, ласка), seed 000 §2, RULES.md §4.
    Lasca,
    /// Orthodox chess under the FIDE Laws (seed 003 art. 1-12, RULES.md §6). Its
    /// rules are not data here: moves come from shakmaty, behind `games::chess`.
    Chess,
}

impl Variant {
    /// Every variant, in registry order.
    pub const ALL: [Variant; 5] = [
        Variant::Russian,
        Variant::International,
        Variant::Bashni,
        Variant::Lasca,
        Variant::Chess,
    ];

    /// The name used on the command line and in the database.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::Russian => "russian",
            Variant::International => "international",
            Variant::Bashni => "bashni",
            Variant::Lasca => "lasca",
            Variant::Chess => "chess",
        }
    }

    /// Other accepted names (lower case).
    fn aliases(self) -> &'static [&'static str] {
        match self {
            Variant::Russian => &["russian-checkers", "русские", "русские шашки", "shashki"],
            Variant::International => &[
                "international-draughts",
                "draughts",
                "международные",
                "стоклеточные",
            ],
            Variant::Bashni => &["башни", "столбовые", "столбовые шашки", "column-checkers"],
            Variant::Lasca => &["ласка"],
            Variant::Chess => &["шахматы", "orthodox-chess", "standard"],
        }
    }

    /// The first field of the PDN `GameType` tag (PDN 3.0 numbers; names for games
    /// PDN has no number for: `Bashni`, `Lasca`). `None` for games recorded
    /// as PGN (chess).
    #[must_use]
    pub fn pdn_game_type(self) -> Option<&'static str> {
        match self {
            Variant::Russian => Some("25"),
            Variant::International => Some("20"),
            Variant::Bashni => Some("Bashni"),
            Variant::Lasca => Some("Lasca"),
            Variant::Chess => None,
        }
    }

    /// The rules data of a draughts-family variant, `None` for other families.
    #[must_use]
    pub fn draughts(self) -> Option<&'static DraughtsRules> {
        match self {
            Variant::Russian => Some(&russian::RULES),
            Variant::International => Some(&international::RULES),
            Variant::Bashni | Variant::Lasca | Variant::Chess => None,
        }
    }

    /// The rules data of a column-checkers variant (seed 000), `None` for other
    /// families.
    #[must_use]
    pub fn towers(self) -> Option<&'static TowersRules> {
        match self {
            Variant::Bashni => Some(towers::BASHNI),
            Variant::Lasca => Some(towers::LASCA),
            Variant::Russian | Variant::International | Variant::Chess => None,
        }
    }

    /// The rules data of a draughts-family variant.
    ///
    /// # Panics
    /// If the variant is not of the draughts family: callers reach draughts code
    /// only through the registry (`games::new_game`), which dispatches by family.
    #[must_use]
    pub fn rules(self) -> &'static DraughtsRules {
        self.draughts().expect("a draughts-family variant")
    }

    /// The variant of a command-line or database name (case-insensitive; also
    /// accepts the Russian names `русские`, `международные`, `башни`, `столбовые`,
    /// `ласка`, `шахматы`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Variant> {
        let n = name.trim().to_lowercase();
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == n || v.aliases().contains(&n.as_str()))
    }

    /// The variant of a PDN `GameType` tag value (its first field: `25` Russian, `20`
    /// international, `Bashni`, `Lasca` in any case). `None` for a game type zaochka
    /// does not play.
    #[must_use]
    pub fn from_pdn_game_type(tag: &str) -> Option<Variant> {
        let code = tag.split(',').next().unwrap_or("").trim();
        Variant::ALL.into_iter().find(|v| {
            v.pdn_game_type()
                .is_some_and(|t| t.eq_ignore_ascii_case(code))
        })
    }
}

/// In JSON a variant is its name, as the store keeps it: `"russian"`.
impl serde::Serialize for Variant {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How square numbers run on a board when a record writes numbers instead of `c3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// 1 is the far-left dark square seen from White (b8 on 8x8, b10 on 10x10), numbers
    /// running left to right, rank by rank towards White (FMJD; lidraughts for 8x8).
    FromTopLeft,
    /// 1 is a1, numbers running left to right, rank by rank away from White
    /// (Lasca, RULES.md §1; pydraughts for 8x8).
    FromBottomLeft,
}

/// The rules of one game of the draughts family as data.
#[derive(Debug)]
pub struct DraughtsRules {
    /// The board.
    pub board: BoardSize,
    /// Ranks filled with men at the start, on each side.
    pub initial_ranks: u8,
    /// Whether a man may capture backwards.
    pub men_capture_backward: bool,
    /// Whether the player must take the greatest number of pieces (FMJD art. 4.13);
    /// `false` means free choice among captures.
    pub majority_capture: bool,
    /// Whether a man reaching the last rank during a capture becomes a king at once
    /// and continues capturing as one (seed 002 §1.5.15); `false` means it promotes
    /// only if the move ends there (FMJD art. 4.15).
    pub promote_mid_capture: bool,
    /// How squares are written when numbers are used, the usual convention first.
    pub numberings: &'static [Numbering],
    /// Whether records of this game are written with numbers by default.
    pub numeric_by_default: bool,
    /// Automatic draw rules, each with its own counter in the game state.
    pub draw_rules: &'static [DrawRule],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_checkers_are_found_by_name_alias_and_pdn_game_type() {
        for (name, v) in [
            ("bashni", Variant::Bashni),
            ("Башни", Variant::Bashni),
            ("столбовые", Variant::Bashni),
            ("lasca", Variant::Lasca),
            ("ласка", Variant::Lasca),
        ] {
            assert_eq!(Variant::from_name(name), Some(v), "{name}");
        }
        assert_eq!(Variant::from_pdn_game_type("Bashni"), Some(Variant::Bashni));
        assert_eq!(Variant::from_pdn_game_type("lasca"), Some(Variant::Lasca));
        for v in [Variant::Bashni, Variant::Lasca] {
            assert!(v.draughts().is_none() && v.towers().is_some());
        }
        assert_eq!(
            Variant::Bashni.towers().map(TowersRules::pieces_per_side),
            Some(12)
        );
        assert_eq!(
            Variant::Lasca.towers().map(TowersRules::pieces_per_side),
            Some(11)
        );
    }
}
