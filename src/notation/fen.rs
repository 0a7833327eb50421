//! FEN in the PDN style: `W:Wa1,c3,Kd4:Bb6,h8`.
//!
//! The reader accepts: the side to move `W` or `B` first; the two piece lists in
//! either order, each `W`/`B` followed by comma-separated squares, `K` before a
//! king; alphanumeric squares (`c3`) or numbers (`22`, in the numbering given),
//! numeric ranges (`1-12`, `K31-33`); spaces anywhere; a trailing `.`; an empty
//! list (`:B`); unknown trailing fields such as `:H0:F1` are ignored.
//! The writer is canonical: side, then `W` list, then `B` list, squares in
//! ascending order, men and kings interleaved in that order.

use crate::notation::placement::{self, PlacementError};
use crate::notation::square_name::{self, SquareError, SquareStyle};
use crate::rules::{
    Color, DiagonalPosition, Geometry, Numbering, Position, Setup, Square, SquareSet, Variant,
};

/// Why a FEN cannot be read or is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text does not follow the FEN form.
    #[error("cannot read the FEN {text:?}: {reason}")]
    Syntax {
        /// The whole FEN as given.
        text: String,
        /// What is wrong.
        reason: FenSyntax,
    },
    /// A square in the FEN is not a playing square.
    #[error("FEN square: {0}")]
    Square(#[from] SquareError),
    /// The pieces form no legal position.
    #[error("FEN position: {0}")]
    Position(PlacementError),
}

/// What in a FEN's text does not follow the FEN form, for the draughts and
/// the tower FEN alike; each item is quoted as written (`c3(0/0)`, `12-5`).
/// [`crate::words::setup`] words it for a person; the Display is for logs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenSyntax {
    /// The first field is not the side to move, `W` or `B`.
    #[error("it must start with W or B, the side to move")]
    NoSideToMove,
    /// The piece list of this side stands twice.
    #[error("the {} list is given twice", .0.letter())]
    ListGivenTwice(Color),
    /// Neither a `W` nor a `B` list.
    #[error("no W or B list")]
    NoList,
    /// The variant is not of the draughts family (a draughts FEN for chess).
    #[error("{0} is not a game of the draughts family")]
    NotDraughts(Variant),
    /// A tower's composition (`c3(0/0)`) in the FEN of a game without towers.
    #[error("{item} is a tower, and {variant} is not played with towers")]
    TowerInDraughts {
        /// The item as written.
        item: String,
        /// The game of the FEN.
        variant: Variant,
    },
    /// A square named twice in one list, as written (`a1`, `21`).
    #[error("{0} is given twice")]
    SquareGivenTwice(String),
    /// An item with a `-` that is no range of two square numbers.
    #[error("{0} is neither a square nor a range of square numbers")]
    NotARange(String),
    /// A range of square numbers from the higher to the lower (`12-5`).
    #[error("the range {first}-{last} runs backwards: write it {last}-{first}")]
    RangeBackwards {
        /// The number written first (the higher).
        first: u32,
        /// The number written last (the lower).
        last: u32,
    },
    /// A tower's composition opened with `(` and never closed.
    #[error("{0:?}: a ( without its )")]
    Unclosed(String),
    /// `K` before a tower whose top piece is a man.
    #[error("{0:?}: K marks a king but the tower's top is a man")]
    KingOverMan(String),
}

fn syntax(text: &str, reason: FenSyntax) -> FenError {
    FenError::Syntax {
        text: text.to_string(),
        reason,
    }
}

/// Reads a FEN as an unchecked setup.
///
/// # Errors
/// [`FenError::Syntax`] for text not in FEN form or a variant outside the
/// draughts family (towers: `notation::tower_fen`; chess: `games::chess`),
/// [`FenError::Square`] for a square that is not a playing square.
pub fn read_setup(variant: Variant, text: &str, numbering: Numbering) -> Result<Setup, FenError> {
    let Some(rules) = variant.draughts() else {
        return Err(syntax(text, FenSyntax::NotDraughts(variant)));
    };
    let g = Geometry::of(rules.board);
    let (turn, items) = split_lists(text).map_err(|reason| syntax(text, reason))?;
    let mut setup = Setup {
        white: SquareSet::EMPTY,
        black: SquareSet::EMPTY,
        kings: SquareSet::EMPTY,
        turn,
    };
    for (color, item) in &items {
        let (color, item) = (*color, item.as_str());
        if item.contains(['(', ')']) {
            return Err(syntax(
                text,
                FenSyntax::TowerInDraughts {
                    item: item.to_string(),
                    variant,
                },
            ));
        }
        let (king, body) = match item.strip_prefix(['K', 'k']) {
            Some(rest) => (true, rest),
            None => (false, item),
        };
        for sq in squares_of(g, body, numbering, text)? {
            let set = match color {
                Color::White => &mut setup.white,
                Color::Black => &mut setup.black,
            };
            if set.contains(sq) {
                let name = square_name::name(g, sq, written_style(text, numbering));
                return Err(syntax(text, FenSyntax::SquareGivenTwice(name)));
            }
            set.insert(sq);
            if king {
                setup.kings.insert(sq);
            }
        }
    }
    Ok(setup)
}

/// A PDN FEN's fields, for the draughts and the tower reader alike: the
/// side to move, then each item of the `W` and `B` lists (`c3`, `Kd4`,
/// `1-12`, a tower `c1(1/0000)`) with its side, in the order written;
/// spaces, quotes and a final `.` dropped, other fields (`H0`, `F1`) left
/// out.
///
/// # Errors
/// [`FenSyntax`]: no side to move, a list given twice, no list.
pub(crate) fn split_lists(text: &str) -> Result<(Color, Vec<(Color, String)>), FenSyntax> {
    let cleaned: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '"')
        .collect();
    let mut fields = cleaned.trim_end_matches('.').split(':');
    let turn = match fields.next().map(str::to_ascii_uppercase).as_deref() {
        Some("W") => Color::White,
        Some("B") => Color::Black,
        _ => return Err(FenSyntax::NoSideToMove),
    };
    let mut seen = [false; 2];
    let mut items = Vec::new();
    for field in fields {
        let color = match field.chars().next().map(|c| c.to_ascii_uppercase()) {
            Some('W') => Color::White,
            Some('B') => Color::Black,
            _ => continue,
        };
        if std::mem::replace(&mut seen[color.index()], true) {
            return Err(FenSyntax::ListGivenTwice(color));
        }
        let list = &field[1..];
        items.extend(
            list.split(',')
                .filter(|s| !s.is_empty())
                .map(|item| (color, item.to_string())),
        );
    }
    if !seen[0] && !seen[1] {
        return Err(FenSyntax::NoList);
    }
    Ok((turn, items))
}

/// The squares of one item of a piece list: a square (`c3`, `22`) or a range
/// of numbers (`1-12`).
pub(crate) fn squares_of(
    g: &Geometry,
    item: &str,
    numbering: Numbering,
    whole: &str,
) -> Result<Vec<crate::rules::Square>, FenError> {
    if let Some((a, b)) = item.split_once('-') {
        let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) else {
            return Err(syntax(whole, FenSyntax::NotARange(item.to_string())));
        };
        if a > b {
            return Err(syntax(
                whole,
                FenSyntax::RangeBackwards { first: a, last: b },
            ));
        }
        if b > u32::from(g.count) {
            return Err(FenError::Square(SquareError::NoSuchNumber(b)));
        }
        return (a..=b)
            .map(|n| {
                square_name::from_number(g, n, numbering)
                    .ok_or(FenError::Square(SquareError::NoSuchNumber(n)))
            })
            .collect();
    }
    Ok(vec![square_name::parse(g, item, numbering)?])
}

/// Reads a FEN as a legal position.
///
/// # Errors
/// [`FenError`]: syntax, a square that is not a playing square, or a setup that is
/// no legal position ([`Position::from_setup`]).
pub fn read(variant: Variant, text: &str, numbering: Numbering) -> Result<Position, FenError> {
    let setup = read_setup(variant, text, numbering)?;
    Position::from_setup(variant, setup).map_err(|e| {
        let g = Geometry::of(variant.rules().board);
        FenError::Position(placement::named(e, g, written_style(text, numbering)))
    })
}

/// The style a FEN names its squares in: alphanumeric when a file letter
/// stands before a digit (`c3`), else numbers in `numbering`.
pub(crate) fn written_style(text: &str, numbering: Numbering) -> SquareStyle {
    // A file letter before a digit, not a list's `w`/`b` tag after `:`.
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let alphanumeric = chars
        .windows(3)
        .any(|w| w[0] != ':' && ('a'..='j').contains(&w[1]) && w[2].is_ascii_digit());
    if alphanumeric {
        SquareStyle::Alphanumeric
    } else {
        SquareStyle::Numeric(numbering)
    }
}

/// Reads a FEN in the variant's usual numbering (the first of its `numberings`).
///
/// # Errors
/// As [`read`].
pub fn read_default(variant: Variant, text: &str) -> Result<Position, FenError> {
    let numbering = variant
        .draughts()
        .map_or(Numbering::FromTopLeft, |r| r.numberings[0]);
    read(variant, text, numbering)
}

/// Writes a position as FEN with squares in the given style.
#[must_use]
pub fn write(pos: &Position, style: SquareStyle) -> String {
    write_with(pos, style, |sq, name| {
        if pos.kings().contains(sq) {
            format!("K{name}")
        } else {
            name
        }
    })
}

/// Writes the FEN of a diagonal game's position: the side to move, then each
/// side's squares in board order (by file then rank, or by number), each
/// written by `item` from the square and its name (`K` before a king; in
/// column checkers the tower's composition after it).
pub(crate) fn write_with<P: DiagonalPosition>(
    pos: &P,
    style: SquareStyle,
    item: impl Fn(Square, String) -> String,
) -> String {
    let g = pos.geometry();
    let mut out = String::new();
    out.push(pos.turn().letter());
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(color.letter());
        let mut items: Vec<(u32, String)> = pos
            .owned(color)
            .map(|sq| {
                let key = match style {
                    SquareStyle::Alphanumeric => u32::from(g.file(sq)) * 16 + u32::from(g.rank(sq)),
                    SquareStyle::Numeric(n) => square_name::number(g, sq, n),
                };
                (key, item(sq, square_name::name(g, sq, style)))
            })
            .collect();
        items.sort();
        let list: Vec<String> = items.into_iter().map(|(_, s)| s).collect();
        out.push_str(&list.join(","));
    }
    out
}

/// The square style a variant's records usually use.
#[must_use]
pub fn default_style(variant: Variant) -> SquareStyle {
    match variant.draughts() {
        Some(rules) if rules.numeric_by_default => SquareStyle::Numeric(rules.numberings[0]),
        Some(_) => SquareStyle::Alphanumeric,
        None => crate::notation::tower_fen::default_style(variant),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_alphanumeric_fen() {
        let p = read_default(Variant::Russian, "W:Wa1,c3,Kd4:Bb6,h8.").unwrap();
        assert_eq!(write(&p, SquareStyle::Alphanumeric), "W:Wa1,c3,Kd4:Bb6,h8");
    }

    #[test]
    fn reads_numeric_ranges_of_the_international_start() {
        let p = read_default(Variant::International, "W:W31-50:B1-20").unwrap();
        assert_eq!(p, Position::initial(Variant::International));
    }

    #[test]
    fn a_position_error_names_the_square_as_the_fen_does() {
        let e = read_default(Variant::Russian, "W:Wc3,Kd4:Bc3").unwrap_err();
        assert_eq!(
            e.to_string(),
            "FEN position: c3 is in both the White and the Black list"
        );
        let e = read_default(Variant::Russian, "W:Wc3,b8:Bd6").unwrap_err();
        assert_eq!(
            e.to_string(),
            "FEN position: the White man on b8 stands on its promotion rank: it would be a king"
        );
        let e = read_default(Variant::International, "W:W3,31:B20").unwrap_err();
        assert_eq!(
            e.to_string(),
            "FEN position: the White man on 3 stands on its promotion rank: it would be a king"
        );
    }

    #[test]
    fn a_tower_in_a_draughts_fen_is_named_as_a_tower() {
        let e = read_default(Variant::Russian, "W:Wc3(0/0):Bd6").unwrap_err();
        assert!(
            e.to_string()
                .ends_with("c3(0/0) is a tower, and russian is not played with towers"),
            "{e}"
        );
    }

    #[test]
    fn a_square_given_twice_or_a_range_off_the_board_is_named() {
        let e = read_default(Variant::Russian, "W:Wa1,Ka1:Bb6").unwrap_err();
        assert!(e.to_string().ends_with("a1 is given twice"), "{e}");
        let e = read_default(Variant::International, "W:W31-50,29-35:B1-20").unwrap_err();
        assert!(e.to_string().ends_with("31 is given twice"), "{e}");
        let e = read_default(Variant::International, "w:w21,21:b12").unwrap_err();
        assert!(e.to_string().ends_with("21 is given twice"), "{e}");
        let e = read_default(Variant::Russian, "W:W1-40:B5").unwrap_err();
        assert!(e.to_string().contains("40"), "{e}");
    }

    #[test]
    fn light_square_in_fen_is_named() {
        let e = read_default(Variant::Russian, "W:Wg6:Bb6").unwrap_err();
        assert_eq!(e.to_string(), "FEN square: g6 is not a playing square");
    }
}
