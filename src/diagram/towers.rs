//! Column-checkers positions in the seed's notation, written under the text
//! diagram ([`text::render`](super::text::render)) of Bashni and Lasca games: every
//! tower's composition (seed 000 §1.10: `белые: с1 - 1/0000, d6 – 000000, f4 – 0000`).

use crate::games::BoardView;
use crate::rules::Color;

/// The position in the seed's notation: one line per side listing its towers as
/// `square - composition` with their number (`White (3): c1 - 1/0000, d6 - 000000,
/// f4 - 0000`), squares in file order (alphanumeric) or by number.
#[must_use]
pub fn position_lines(view: &BoardView) -> String {
    let mut out = String::new();
    for (color, label) in [(Color::White, "White"), (Color::Black, "Black")] {
        let mut items: Vec<(u32, String)> = view
            .squares
            .iter()
            .filter(|sq| sq.pieces.first().is_some_and(|&(c, _)| c == color))
            .map(|sq| {
                let number =
                    super::square_number(view.side, sq.file, sq.rank).filter(|_| view.numbered);
                let key = number.unwrap_or(u32::from(sq.file) * 16 + u32::from(sq.rank));
                let name = super::square_name(view, (sq.file, sq.rank));
                (
                    key,
                    format!("{name} - {}", super::seed_composition(&sq.pieces)),
                )
            })
            .collect();
        items.sort();
        let list: Vec<String> = items.into_iter().map(|(_, s)| s).collect();
        out.push_str(&format!("{label} ({}): {}\n", list.len(), list.join(", ")));
    }
    out
}
