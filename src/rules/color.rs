//! The two sides.

named_enum! {
    /// A side of the board. White moves first in every game zaochka referees
    /// (RULES.md §0). Its name is what the store and JSON keep: `white`,
    /// `black`; the vocabulary and the store use this one type for a side.
    #[derive(PartialOrd, Ord)]
    pub enum Color {
        /// The side that starts on ranks 1-3 (squares 31-50 in international draughts).
        White => "white",
        /// The side that starts on the far ranks.
        Black => "black",
    }
}

impl Color {
    /// The other side.
    #[must_use]
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black: an index into per-side tables.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The PDN letter of the side: `W` or `B`.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }
}
