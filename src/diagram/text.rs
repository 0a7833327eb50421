//! Plain-text board diagrams (ASCII), drawn from either side.
//!
//! Legend: `w` white man, `W` white king, `b` black man, `B` black king, `.` an
//! empty playing square, a blank for a light square. Files on the bottom edge,
//! ranks on the left edge.

use crate::rules::{Color, Position, Role};

/// The diagram of a position seen from `side` (that side at the bottom), one line
/// per rank, ending with a line saying whose move it is.
#[must_use]
pub fn diagram(pos: &Position, side: Color) -> String {
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
                Some(sq) => match pos.piece_at(sq) {
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
    let who = match pos.turn() {
        Color::White => "White to move",
        Color::Black => "Black to move",
    };
    out.push_str(who);
    out.push('\n');
    out
}
