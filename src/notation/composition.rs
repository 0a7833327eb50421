//! Tower composition strings (seed 000 §1.10): the owner's pieces, then `/`, then
//! the prisoners of the other colour, top to bottom, `0` for a man and `1` for a
//! king. `1/0000` is a king over four enemy men; `000000` six men with no prisoner.
//!
//! The reader also accepts the seed's letter `O` for a man (Latin or Cyrillic,
//! either case, as printed: «простые шашки обозначаются символом «О»»), white
//! space anywhere, and a `/` with nothing after it. The writer is canonical: `0`
//! and `1`, and `/` only when there are prisoners.

use crate::rules::towers::{MAX_HEIGHT, Tower};
use crate::rules::{Color, Piece, Role};

/// Why a composition string cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompositionError {
    /// Nothing before the `/`: a tower needs at least one piece of its owner.
    #[error("composition {0:?} has no piece of the tower's owner on top")]
    NoOwnerPiece(String),
    /// A character that is neither `0`, `1`, `O` nor `/`.
    #[error("composition {0:?} holds {1:?}, which is not 0, 1 or /")]
    BadCharacter(String, char),
    /// Two `/` signs.
    #[error("composition {0:?} has more than one /")]
    TwoSlashes(String),
    /// More pieces than a tower can hold.
    #[error("composition {0:?} has more than {MAX_HEIGHT} pieces")]
    TooHigh(String),
}

fn role_of(c: char) -> Option<Role> {
    match c {
        '0' | 'O' | 'o' | 'О' | 'о' => Some(Role::Man),
        '1' => Some(Role::King),
        _ => None,
    }
}

/// Reads a composition of a tower owned by `owner` (seed 000 §1.10).
///
/// # Errors
/// [`CompositionError`] naming the text and what is wrong.
///
/// ```
/// use zaochka::notation::composition;
/// use zaochka::rules::Color;
/// let t = composition::read("1/0000", Color::White).unwrap();
/// assert_eq!(t.height(), 5);
/// assert_eq!(t.count(Color::Black), 4);
/// assert_eq!(composition::write(t), "1/0000");
/// ```
pub fn read(text: &str, owner: Color) -> Result<Tower, CompositionError> {
    let whole = || text.to_string();
    let mut pieces = Vec::new();
    let mut color = owner;
    let mut slash = false;
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if c == '/' {
            if slash {
                return Err(CompositionError::TwoSlashes(whole()));
            }
            if pieces.is_empty() {
                return Err(CompositionError::NoOwnerPiece(whole()));
            }
            slash = true;
            color = owner.opposite();
            continue;
        }
        let role = role_of(c).ok_or_else(|| CompositionError::BadCharacter(whole(), c))?;
        if pieces.len() >= MAX_HEIGHT {
            return Err(CompositionError::TooHigh(whole()));
        }
        pieces.push(Piece { color, role });
    }
    if pieces.is_empty() {
        return Err(CompositionError::NoOwnerPiece(whole()));
    }
    Tower::from_pieces(pieces).ok_or_else(|| CompositionError::TooHigh(whole()))
}

/// Writes a tower's composition: owner's pieces, `/` and prisoners when there
/// are any (seed 000 §1.10). A tower built by the rules has at most these two
/// runs (RULES.md §3); the empty tower is written as the empty string.
#[must_use]
pub fn write(tower: Tower) -> String {
    let run = tower.owner_run();
    let mut s = String::with_capacity(tower.height() + 1);
    for (i, p) in tower.pieces().enumerate() {
        if i == run {
            s.push('/');
        }
        s.push(if p.role == Role::King { '1' } else { '0' });
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_diagram_4_compositions_read_and_write_back() {
        for (text, owner) in [
            ("1/0000", Color::White),
            ("000000", Color::White),
            ("0000", Color::White),
            ("110101/1", Color::Black),
            ("00", Color::Black),
        ] {
            let t = read(text, owner).unwrap();
            assert_eq!(t.owner(), Some(owner));
            assert_eq!(write(t), text);
        }
    }

    #[test]
    fn the_letter_o_stands_for_a_man() {
        let t = read("1/ОООО", Color::White).unwrap();
        assert_eq!(write(t), "1/0000");
    }

    #[test]
    fn bad_compositions_are_named() {
        assert!(matches!(
            read("/00", Color::White),
            Err(CompositionError::NoOwnerPiece(_))
        ));
        assert!(matches!(
            read("", Color::White),
            Err(CompositionError::NoOwnerPiece(_))
        ));
        assert!(matches!(
            read("1/0/0", Color::White),
            Err(CompositionError::TwoSlashes(_))
        ));
        assert!(matches!(
            read("12", Color::White),
            Err(CompositionError::BadCharacter(_, '2'))
        ));
        assert!(matches!(
            read(&"0".repeat(25), Color::White),
            Err(CompositionError::TooHigh(_))
        ));
    }
}
