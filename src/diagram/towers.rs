//! Plain-text diagrams of column-checkers positions: the board with each tower's
//! top piece, then every tower's composition in the seed's notation (seed 000
//! §1.10: `белые: с1 - 1/0000, d6 – 000000, f4 – 0000 (3)`).
//!
//! Board legend as for draughts: `w` a tower topped by a white man, `W` by a white
//! king, `b`, `B` the same for Black, `.` an empty playing square.

use crate::notation::composition;
use crate::notation::square_name::{self, SquareStyle};
use crate::rules::towers::TowerPosition;
use crate::rules::{Color, Role};

/// The diagram of a position seen from `side`, then one line per side listing its
/// towers as `square - composition` with their number, then whose move it is.
#[must_use]
pub fn diagram(pos: &TowerPosition, side: Color, style: SquareStyle) -> String {
    let g = pos.geometry();
    let n = g.side;
    let ranks: Vec<u8> = match side {
        Color::White => (0..n).rev().collect(),
        Color::Black => (0..n).collect(),
    };
    let files: Vec<u8> = match side {
        Color::White => (0..n).collect(),
        Color::Black => (0..n).rev().collect(),
    };
    let mut out = String::new();
    for &r in &ranks {
        out.push_str(&format!("{:>2} ", u32::from(r) + 1));
        for &f in &files {
            let c = match g.at(f, r) {
                None => ' ',
                Some(sq) => match pos.tower(sq).top() {
                    None => '.',
                    Some(p) => match (p.color, p.role) {
                        (Color::White, Role::Man) => 'w',
                        (Color::White, Role::King) => 'W',
                        (Color::Black, Role::Man) => 'b',
                        (Color::Black, Role::King) => 'B',
                    },
                },
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for &f in &files {
        out.push(' ');
        out.push(char::from(b'a' + f));
    }
    out.push('\n');
    for (color, label) in [(Color::White, "White"), (Color::Black, "Black")] {
        let mut items: Vec<(u32, String)> = pos
            .owned(color)
            .map(|sq| {
                let key = u32::from(g.file(sq)) * 16 + u32::from(g.rank(sq));
                let key = match style {
                    SquareStyle::Alphanumeric => key,
                    SquareStyle::Numeric(k) => square_name::number(g, sq, k),
                };
                let name = square_name::name(g, sq, style);
                (
                    key,
                    format!("{name} - {}", composition::write(pos.tower(sq))),
                )
            })
            .collect();
        items.sort();
        let list: Vec<String> = items.into_iter().map(|(_, s)| s).collect();
        out.push_str(&format!("{label} ({}): {}\n", list.len(), list.join(", ")));
    }
    out.push_str(match pos.turn() {
        Color::White => "White to move\n",
        Color::Black => "Black to move\n",
    });
    out
}
