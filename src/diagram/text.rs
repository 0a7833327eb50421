//! Plain-text board diagrams (ASCII), drawn from either side.
//!
//! Draughts legend: `w` white man, `W` white king, `b` black man, `B` black
//! king, `.` an empty playing square, a blank for a light square. Chess legend
//! ([`chess_diagram`]): `K Q R B N P` white pieces, `k q r b n p` black, `.` an
//! empty square. Files on the bottom edge, ranks on the left edge.

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

/// The diagram of a chess board seen from `side` (that side at the bottom), in
/// the same layout as [`diagram`]: ranks on the left, files below, then whose
/// move it is. White pieces in capitals `K Q R B N P`, Black's in small letters
/// (seed 003 art. 2-3: the board and the pieces).
#[must_use]
pub fn chess_diagram(board: &shakmaty::Board, side: Color, turn: Color) -> String {
    let ranks: Vec<u32> = match side {
        Color::White => (0..8).rev().collect(),
        Color::Black => (0..8).collect(),
    };
    let files: Vec<u32> = match side {
        Color::White => (0..8).collect(),
        Color::Black => (0..8).rev().collect(),
    };
    let mut out = String::new();
    for &r in &ranks {
        out.push_str(&format!("{:>2} ", r + 1));
        for &f in &files {
            let sq = shakmaty::Square::from_coords(shakmaty::File::new(f), shakmaty::Rank::new(r));
            let c = board.piece_at(sq).map_or('.', |p| p.char());
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for &f in &files {
        out.push(' ');
        out.push(char::from(b'a' + f as u8));
    }
    out.push('\n');
    out.push_str(match turn {
        Color::White => "White to move",
        Color::Black => "Black to move",
    });
    out.push('\n');
    out
}
