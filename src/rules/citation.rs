//! Rule citations as data: which rulebook and which clause. The rules core
//! names the rule behind every ending and claim with a [`Citation`]; the prose
//! layer ([`crate::words::rulebook`]) words it as players can look it up, by the
//! rulebook's own name (the table of seeds and rulebooks is
//! `../shared/RULES.md` §9). A player never sees a project file name.

/// A rulebook zaochka cites to players; in `clauses.toml` by its name in
/// snake case (`column_checkers_code`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rulebook {
    /// «Правила вида спорта «шашки»», Minsport 2010, section I «Русские шашки»
    /// (seed 002, and seed 001 which continues its numbering §1.6-1.10).
    #[serde(rename = "russian_draughts_2010")]
    RussianDraughts2010,
    /// «Кодекс столбовых шашек», St Petersburg 2003 (seed 000).
    ColumnCheckersCode,
    /// The FIDE Laws of Chess, which seed 003 follows.
    FideLaws,
    /// The FMJD rules of international draughts.
    FmjdRules,
    /// Lasker's rules of Lasca (1911); cited without clause numbers.
    LaskerLasca,
}

impl Rulebook {
    /// Every rulebook, in declaration order.
    pub const ALL: [Rulebook; 5] = [
        Rulebook::RussianDraughts2010,
        Rulebook::ColumnCheckersCode,
        Rulebook::FideLaws,
        Rulebook::FmjdRules,
        Rulebook::LaskerLasca,
    ];

    /// The rulebook's name in `clauses.toml` and in stored records
    /// (`russian_draughts_2010`, `column_checkers_code`, `fide_laws`,
    /// `fmjd_rules`, `lasker_lasca`).
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Rulebook::RussianDraughts2010 => "russian_draughts_2010",
            Rulebook::ColumnCheckersCode => "column_checkers_code",
            Rulebook::FideLaws => "fide_laws",
            Rulebook::FmjdRules => "fmjd_rules",
            Rulebook::LaskerLasca => "lasker_lasca",
        }
    }
}

/// A clause of a rulebook: `Citation::new(Rulebook::FideLaws, "9.2")` is
/// "FIDE Laws of Chess, art. 9.2". The clause is the number only (`"1.9.2"`,
/// `"9.6.1"`; several joined by `", "`); empty for a rulebook cited whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Citation {
    /// The rulebook.
    pub book: Rulebook,
    /// The clause number(s), without a `§`, `п.` or `art.` sign.
    pub clause: &'static str,
}

impl Citation {
    /// The citation as stored records keep it, in no language: the
    /// rulebook's [`Rulebook::key`] and the clause, `russian_draughts_2010 1.9.2`
    /// (the key alone for a rulebook cited whole).
    #[must_use]
    pub fn record(self) -> String {
        if self.clause.is_empty() {
            self.book.key().to_string()
        } else {
            format!("{} {}", self.book.key(), self.clause)
        }
    }

    /// A clause of a rulebook.
    #[must_use]
    pub const fn new(book: Rulebook, clause: &'static str) -> Citation {
        Citation { book, clause }
    }

    /// A clause of the Russian Draughts Rules (2010) (seed 001, 002).
    #[must_use]
    pub const fn russian(clause: &'static str) -> Citation {
        Citation::new(Rulebook::RussianDraughts2010, clause)
    }

    /// A clause of the Column Checkers Code (seed 000).
    #[must_use]
    pub const fn column(clause: &'static str) -> Citation {
        Citation::new(Rulebook::ColumnCheckersCode, clause)
    }

    /// An article of the FIDE Laws of Chess.
    #[must_use]
    pub const fn fide(clause: &'static str) -> Citation {
        Citation::new(Rulebook::FideLaws, clause)
    }

    /// An article of the FMJD rules.
    #[must_use]
    pub const fn fmjd(clause: &'static str) -> Citation {
        Citation::new(Rulebook::FmjdRules, clause)
    }

    /// Lasker's Lasca rules (1911), cited whole.
    #[must_use]
    pub const fn lasca() -> Citation {
        Citation::new(Rulebook::LaskerLasca, "")
    }
}
