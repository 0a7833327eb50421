//! FEN for column checkers: the PDN FEN with a tower's composition in brackets
//! after its square, in the list of the tower's owner:
//! `W:Wc1(1/0000),d6(000000),f4(0000):Ba1(110101/1),b2(00)`.
//!
//! The reader accepts what the draughts FEN reader does (side to move first, the
//! lists in either order, spaces anywhere, a trailing `.`, unknown fields such as
//! `:H0` ignored, numeric ranges `1-11`), plain one-piece towers in the PDN form
//! (`c3` a man, `Kd4` a king), and compositions as [`composition::read`] reads
//! them. A `K` before a bracketed tower must agree with its top piece.
//! The writer is canonical: side, `W` list, `B` list, squares in ascending order
//! (by file, then rank, for alphanumeric names), one-piece towers in the plain
//! form, every other tower with its composition.

use crate::notation::composition::{self, CompositionError};
use crate::notation::fen::FenSyntax;
use crate::notation::placement::{self, PlacementError};
use crate::notation::square_name::{self, SquareError, SquareStyle};
use crate::rules::towers::{Tower, TowerPosition, TowerSetup};
use crate::rules::{Color, Geometry, Numbering, Piece, Role, Square, Variant};

/// Why a tower FEN cannot be read or is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TowerFenError {
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
    /// A tower's composition cannot be read.
    #[error("FEN tower: {0}")]
    Composition(#[from] CompositionError),
    /// The towers form no legal position.
    #[error("FEN position: {0}")]
    Position(PlacementError),
}

fn syntax(text: &str, reason: FenSyntax) -> TowerFenError {
    TowerFenError::Syntax {
        text: text.to_string(),
        reason,
    }
}

fn geometry(variant: Variant) -> Result<&'static Geometry, TowerFenError> {
    let rules = variant
        .towers()
        .ok_or(TowerFenError::Position(PlacementError::NotTowers(variant)))?;
    Ok(Geometry::of(rules.board))
}

/// Reads a tower FEN as an unchecked setup, numbers in the variant's numbering.
///
/// # Errors
/// [`TowerFenError`]: syntax, a square that is not a playing square, a composition
/// that cannot be read.
pub fn read_setup(variant: Variant, text: &str) -> Result<TowerSetup, TowerFenError> {
    let g = geometry(variant)?;
    let numbering = variant
        .towers()
        .map_or(Numbering::FromBottomLeft, |r| r.numbering);
    let (turn, items) =
        crate::notation::fen::split_lists(text).map_err(|reason| syntax(text, reason))?;
    let mut setup = TowerSetup {
        towers: Vec::new(),
        turn,
    };
    for (color, item) in &items {
        read_item(g, item, *color, numbering, text, &mut setup.towers)?;
    }
    Ok(setup)
}

/// Reads one item of a list: `c3`, `Kd4`, `c1(1/0000)`, `12(00)`, `1-11`.
fn read_item(
    g: &Geometry,
    item: &str,
    owner: Color,
    numbering: Numbering,
    whole: &str,
    out: &mut Vec<(Square, Tower)>,
) -> Result<(), TowerFenError> {
    let (king, body) = match item.strip_prefix(['K', 'k']) {
        Some(rest) => (true, rest),
        None => (false, item),
    };
    let single = Tower::single(Piece {
        color: owner,
        role: if king { Role::King } else { Role::Man },
    });
    let Some((square, rest)) = body.split_once('(') else {
        for sq in squares_of(g, body, numbering, whole)? {
            out.push((sq, single));
        }
        return Ok(());
    };
    let Some(inside) = rest.strip_suffix(')') else {
        return Err(syntax(whole, FenSyntax::Unclosed(item.to_string())));
    };
    let tower = composition::read(inside, owner)?;
    if king && tower.top().is_some_and(|p| p.role != Role::King) {
        return Err(syntax(whole, FenSyntax::KingOverMan(item.to_string())));
    }
    let sq = square_name::parse(g, square, numbering)?;
    out.push((sq, tower));
    Ok(())
}

/// The squares of one item (`c3`, `12`, a range `1-11`), read as the
/// draughts FEN reads them.
fn squares_of(
    g: &Geometry,
    item: &str,
    numbering: Numbering,
    whole: &str,
) -> Result<Vec<Square>, TowerFenError> {
    crate::notation::fen::squares_of(g, item, numbering, whole).map_err(|e| match e {
        crate::notation::fen::FenError::Syntax { text, reason } => {
            TowerFenError::Syntax { text, reason }
        }
        crate::notation::fen::FenError::Square(e) => TowerFenError::Square(e),
        crate::notation::fen::FenError::Position(e) => TowerFenError::Position(e),
    })
}

/// Reads a tower FEN as a legal position.
///
/// # Errors
/// [`TowerFenError`]: syntax, squares, compositions, or a setup that is no legal
/// position ([`TowerPosition::from_setup`]).
pub fn read(variant: Variant, text: &str) -> Result<TowerPosition, TowerFenError> {
    let setup = read_setup(variant, text)?;
    TowerPosition::from_setup(variant, &setup).map_err(|e| {
        let g = geometry(variant);
        let numbering = variant
            .towers()
            .map_or(Numbering::FromBottomLeft, |r| r.numbering);
        let style = crate::notation::fen::written_style(text, numbering);
        match g {
            Ok(g) => TowerFenError::Position(placement::named(e, g, style)),
            Err(e) => e,
        }
    })
}

/// Writes a position as a tower FEN with squares in the given style: a
/// one-piece tower as in draughts (`c3`, `Kd4`), a taller one with its
/// composition (`d6(000000)`).
#[must_use]
pub fn write(pos: &TowerPosition, style: SquareStyle) -> String {
    crate::notation::fen::write_with(pos, style, |sq, name| {
        let tower = pos.tower(sq);
        match tower.top() {
            Some(p) if tower.height() == 1 && p.role == Role::King => format!("K{name}"),
            _ if tower.height() == 1 => name,
            _ => format!("{name}({})", composition::write(tower)),
        }
    })
}

/// The square style a column-checkers variant's records usually use: `a1`..`h8`
/// in Bashni (seed 000 §1.10), numbers 1-25 in Lasca (seed 000 §2.3).
#[must_use]
pub fn default_style(variant: Variant) -> SquareStyle {
    match variant.towers() {
        Some(r) if r.numeric_by_default => SquareStyle::Numeric(r.numbering),
        _ => SquareStyle::Alphanumeric,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIAGRAM_4: &str = "W:Wc1(1/0000),d6(000000),f4(0000):Ba1(110101/1),b2(00)";

    #[test]
    fn the_seeds_diagram_4_reads_and_writes_back_identically() {
        let p = read(Variant::Bashni, DIAGRAM_4).unwrap();
        assert_eq!(write(&p, SquareStyle::Alphanumeric), DIAGRAM_4);
    }

    #[test]
    fn plain_men_and_kings_stay_in_the_pdn_form() {
        let p = read(Variant::Bashni, "B:Wc3,Kd4:Bb6(0/1)").unwrap();
        assert_eq!(write(&p, SquareStyle::Alphanumeric), "B:Wc3,Kd4:Bb6(0/1)");
    }

    #[test]
    fn lasca_reads_number_ranges_and_writes_numbers() {
        let p = read(Variant::Lasca, "W:W1-11:B15-25").unwrap();
        assert_eq!(p, TowerPosition::initial(Variant::Lasca).unwrap());
        assert_eq!(
            write(&p, default_style(Variant::Lasca)),
            "W:W1,2,3,4,5,6,7,8,9,10,11:B15,16,17,18,19,20,21,22,23,24,25"
        );
    }

    #[test]
    fn a_king_mark_that_disagrees_with_the_top_is_refused() {
        assert!(read(Variant::Bashni, "W:WKc1(0/1):Bb6").is_err());
        assert!(read(Variant::Bashni, "W:WKc1(1/0):Bb6").is_ok());
    }
}
