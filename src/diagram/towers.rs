//! Column-checkers positions in the seed's notation, written under the text
//! diagram ([`text::render`](super::text::render)) of Bashni and Lasca games: every
//! tower's composition (seed 000 §1.10: `белые: с1 - 1/0000, d6 – 000000, f4 – 0000`).

use crate::notation::composition;
use crate::notation::square_name::{self, SquareStyle};
use crate::rules::Color;
use crate::rules::towers::TowerPosition;

/// The position in the seed's notation: one line per side listing its towers as
/// `square - composition` with their number (`White (3): c1 - 1/0000, d6 - 000000,
/// f4 - 0000`), squares in file order (alphanumeric) or by number.
#[must_use]
pub fn position_lines(pos: &TowerPosition, style: SquareStyle) -> String {
    let g = pos.geometry();
    let mut out = String::new();
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
    out
}
