//! Square names: alphanumeric (`c3`, files a-j, ranks 1-10) and numeric (`22`)
//! in the two numbering conventions of [`Numbering`].

use crate::rules::{Geometry, Numbering, Square};

/// How squares are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareStyle {
    /// File letter and rank number: `c3`.
    Alphanumeric,
    /// Numbers in the given convention: `22`.
    Numeric(Numbering),
}

/// The alphanumeric name of a square: `c3`.
#[must_use]
pub fn alphanumeric(g: &Geometry, sq: Square) -> String {
    coordinate_name(g.file(sq), g.rank(sq))
}

/// The name of a coordinate (file and rank from 0), whether or not it is a
/// playing square: `g6`.
#[must_use]
pub fn coordinate_name(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file), u32::from(rank) + 1)
}

/// The number of a square (1-based) in a numbering convention.
#[must_use]
pub fn number(g: &Geometry, sq: Square, numbering: Numbering) -> u32 {
    match numbering {
        Numbering::FromBottomLeft => u32::from(sq.0) + 1,
        Numbering::FromTopLeft => {
            // Ranks from the top, files left to right.
            let per_rank = u32::from(g.side) / 2;
            let from_top = u32::from(g.side - 1 - g.rank(sq));
            from_top * per_rank + u32::from(g.file(sq)) / 2 + 1
        }
    }
}

/// The square of a number in a numbering convention, or `None` if no square has it.
#[must_use]
pub fn from_number(g: &Geometry, n: u32, numbering: Numbering) -> Option<Square> {
    if n == 0 || n > u32::from(g.count) {
        return None;
    }
    match numbering {
        Numbering::FromBottomLeft => Some(Square((n - 1) as u8)),
        Numbering::FromTopLeft => g.squares().find(|&s| number(g, s, numbering) == n),
    }
}

/// The name of a square in a style.
#[must_use]
pub fn name(g: &Geometry, sq: Square, style: SquareStyle) -> String {
    match style {
        SquareStyle::Alphanumeric => alphanumeric(g, sq),
        SquareStyle::Numeric(n) => number(g, sq, n).to_string(),
    }
}

/// Why a written square is not a playing square of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// A light square: pieces never stand there.
    #[error("{0} is not a playing square")]
    NotPlaying(String),
    /// Outside the board.
    #[error("{0} is not on the board")]
    OffBoard(String),
    /// A number no square has.
    #[error("there is no square {0} on this board")]
    NoSuchNumber(u32),
}

/// The playing square at a coordinate (file, rank from 0).
///
/// # Errors
/// [`SquareError::OffBoard`] or [`SquareError::NotPlaying`], naming the square.
pub fn at_coordinate(g: &Geometry, file: u8, rank: u8) -> Result<Square, SquareError> {
    if file >= g.side || rank >= g.side {
        return Err(SquareError::OffBoard(coordinate_name(file, rank)));
    }
    g.at(file, rank)
        .ok_or_else(|| SquareError::NotPlaying(coordinate_name(file, rank)))
}

/// Parses a square name: `c3` (letters a-j, upper case allowed) or a number in the
/// given convention.
///
/// # Errors
/// [`SquareError`] for squares that are not playing squares; `OffBoard` also for text
/// that is no square name at all.
pub fn parse(g: &Geometry, text: &str, numbering: Numbering) -> Result<Square, SquareError> {
    let t = text.trim();
    if let Ok(n) = t.parse::<u32>() {
        return from_number(g, n, numbering).ok_or(SquareError::NoSuchNumber(n));
    }
    let mut chars = t.chars();
    let file = chars.next().map(|c| c.to_ascii_lowercase());
    let rank: Option<u8> = chars.as_str().parse().ok();
    match (file, rank) {
        (Some(f @ 'a'..='z'), Some(r)) if r >= 1 => at_coordinate(g, f as u8 - b'a', r - 1),
        _ => Err(SquareError::OffBoard(t.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BoardSize;

    #[test]
    fn international_numbers_start_at_b10_and_end_at_i1() {
        let g = Geometry::of(BoardSize::Ten);
        let n = Numbering::FromTopLeft;
        assert_eq!(alphanumeric(g, from_number(g, 1, n).unwrap()), "b10");
        assert_eq!(alphanumeric(g, from_number(g, 5, n).unwrap()), "j10");
        assert_eq!(alphanumeric(g, from_number(g, 6, n).unwrap()), "a9");
        assert_eq!(alphanumeric(g, from_number(g, 46, n).unwrap()), "a1");
        assert_eq!(alphanumeric(g, from_number(g, 50, n).unwrap()), "i1");
    }

    #[test]
    fn russian_numbers_in_both_conventions() {
        let g = Geometry::of(BoardSize::Eight);
        assert_eq!(
            alphanumeric(g, from_number(g, 1, Numbering::FromTopLeft).unwrap()),
            "b8"
        );
        assert_eq!(
            alphanumeric(g, from_number(g, 32, Numbering::FromTopLeft).unwrap()),
            "g1"
        );
        assert_eq!(
            alphanumeric(g, from_number(g, 1, Numbering::FromBottomLeft).unwrap()),
            "a1"
        );
        assert_eq!(
            alphanumeric(g, from_number(g, 32, Numbering::FromBottomLeft).unwrap()),
            "h8"
        );
    }

    #[test]
    fn light_squares_are_named_in_the_error() {
        let g = Geometry::of(BoardSize::Eight);
        assert_eq!(
            parse(g, "g6", Numbering::FromTopLeft),
            Err(SquareError::NotPlaying("g6".into()))
        );
        assert_eq!(
            parse(g, "i9", Numbering::FromTopLeft),
            Err(SquareError::OffBoard("i9".into()))
        );
    }
}
